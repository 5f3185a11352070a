// UTF-8 as Godot reads it: decoding stops at the first NUL byte, a leading BOM (EF BB BF) is
// dropped, and invalid sequences are an error (the engine returns ERR_INVALID_DATA).

// fatal: invalid input throws instead of producing U+FFFD; ignoreBOM false strips a leading BOM.
const decoder = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });
const encoder = /* @__PURE__ */ new TextEncoder();

/**
 * SHORT: ASCII strings (no NUL) up to this many bytes are built in JS straight from the bytes; anything
 * longer, and any short string with a byte of 0x80 or above, goes to TextDecoder, whose fixed
 * cost per call (~1,500 instructions) the JS path beats on short strings. Measured with
 * valgrind instruction counts by `bench/micro/utf8-icount.sh` (bench/README.md, "string-heavy
 * array"): the limit was picked from 16, 24 and 64 bytes; at 24 ASCII bytes TextDecoder wins.
 * An earlier JS decoder of all of UTF-8 for short strings was dropped for bundle size
 * (bench/README.md, "Bundle size"): short non-ASCII strings are rare in game data.
 * Members of an enum, as SHORT_ENCODE: the bundler writes their values at each use.
 */
enum Decode {
  SHORT = 16,
  /**
   * Strings up to this many bytes that asciiShort does not take (longer than 16 bytes, or not
   * ASCII) are decoded by decodeMid in JS rather than by TextDecoder, whose fixed cost per call
   * outweighs a JS loop on them: as msgpackr's `readStringJS` does below 64 bytes. Measured with
   * bench/scripts/js-ab.mjs on the string-array workload (strings of 3-100 bytes).
   */
  MID = 64,
}

/**
 * Strings up to this many UTF-16 units are encoded in JS; longer ones by `encodeInto`.
 * Instruction counts of one encode of the string-array workload (bench/scripts/icount.sh):
 * 14.8-16.5 million with 32, 17.1 with 24, 17.6 with 16, 17.3 with 64; the previous ASCII-only
 * loop up to 32 units, with encodeInto for anything else, 17.5.
 * An enum member because the bundler writes its value at each use (see `Tag`).
 */
export enum Utf8 {
  SHORT_ENCODE = 32,
}
export const SHORT_ENCODE = Utf8.SHORT_ENCODE;

const fromCharCode = String.fromCharCode;

// Bit 7 of each byte of `w` that is NUL or 0x80 and above (a NUL borrows in `w - 0x01010101`;
// the borrow goes on only through NULs and ones above it, so no other byte is marked).
const nonAscii = (w: number): number => (w | (w - 0x01010101)) & 0x80808080;

// ASCII without NUL, the common case, read four bytes to a word (a DataView load each, where a
// byte at a time cost two bounds-checked loads a byte, one to check it and one for the call),
// then one fixed-arity fromCharCode call, which V8 builds directly into a new string (`apply`
// over an array or per-character concatenation cost more). `view` has the bytes up to the next
// multiple of 4 past the string (a Variant String's padding): the words read them, and the
// checks read the string's last 4 bytes as a word of their own, or, under 4 bytes, its first
// word with 0x01 ORed into the bytes past it (a padding byte of 0x80 or above then sends the
// string to decodeMid, which reads it the same). `n` is 1 to 16.
/** @internal Exported for its tests. */
export function asciiShort(view: DataView, s: number, n: number): string | undefined {
  const w0 = view.getInt32(s, true);
  const w1 = n > 4 ? view.getInt32(s + 4, true) : 0;
  const w2 = n > 8 ? view.getInt32(s + 8, true) : 0;
  const w3 = n > 12 ? view.getInt32(s + 12, true) : 0;
  const t = n < 4 ? w0 | (0x01010101 << (n << 3)) : view.getInt32(s + n - 4, true);
  if (nonAscii(t) | nonAscii(n > 3 ? w0 : t) | nonAscii(n > 8 ? w1 : t) | nonAscii(n > 12 ? w2 : t)) {
    return undefined;
  }
  switch (n) {
    case 1:
      return fromCharCode(w0 & 255);
    case 2:
      return fromCharCode(w0 & 255, (w0 >> 8) & 255);
    case 3:
      return fromCharCode(w0 & 255, (w0 >> 8) & 255, (w0 >> 16) & 255);
    case 4:
      return fromCharCode(w0 & 255, (w0 >> 8) & 255, (w0 >> 16) & 255, w0 >>> 24);
    case 5:
      return fromCharCode(w0 & 255, (w0 >> 8) & 255, (w0 >> 16) & 255, w0 >>> 24, w1 & 255);
    case 6:
      return fromCharCode(w0 & 255, (w0 >> 8) & 255, (w0 >> 16) & 255, w0 >>> 24, w1 & 255, (w1 >> 8) & 255);
    case 7:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
      );
    case 8:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
      );
    case 9:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
      );
    case 10:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
      );
    case 11:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
        (w2 >> 16) & 255,
      );
    case 12:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
        (w2 >> 16) & 255,
        w2 >>> 24,
      );
    case 13:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
        (w2 >> 16) & 255,
        w2 >>> 24,
        w3 & 255,
      );
    case 14:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
        (w2 >> 16) & 255,
        w2 >>> 24,
        w3 & 255,
        (w3 >> 8) & 255,
      );
    case 15:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
        (w2 >> 16) & 255,
        w2 >>> 24,
        w3 & 255,
        (w3 >> 8) & 255,
        (w3 >> 16) & 255,
      );
    default:
      return fromCharCode(
        w0 & 255,
        (w0 >> 8) & 255,
        (w0 >> 16) & 255,
        w0 >>> 24,
        w1 & 255,
        (w1 >> 8) & 255,
        (w1 >> 16) & 255,
        w1 >>> 24,
        w2 & 255,
        (w2 >> 8) & 255,
        (w2 >> 16) & 255,
        w2 >>> 24,
        w3 & 255,
        (w3 >> 8) & 255,
        (w3 >> 16) & 255,
        w3 >>> 24,
      );
  }
}

/**
 * Decodes `length` bytes of `bytes` from `start`. Returns `undefined` for invalid UTF-8.
 * Stops at the first NUL byte.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, length: number): string | undefined {
  return utf8At(
    bytes,
    length <= Decode.SHORT && start + ((length + 3) & ~3) <= bytes.length
      ? new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : undefined,
    start,
    length,
  );
}

/**
 * {@link decodeUtf8} with `view`, a DataView of `bytes` (ByteReader's) with the bytes up to the
 * next multiple of 4 past the string, for asciiShort; without one, a short string is read byte
 * by byte (decodeMid).
 * @internal
 */
export function utf8At(
  bytes: Uint8Array,
  view: DataView | undefined,
  start: number,
  length: number,
): string | undefined {
  if (view !== undefined && length > 0 && length <= Decode.SHORT) {
    const s = asciiShort(view, start, length);
    if (s !== undefined) return s;
  }
  return length <= Decode.MID ? decodeMid(bytes, start, length) : decodeLong(bytes, start, length);
}

// UTF-8 to UTF-16 code units in JS, exactly as `new TextDecoder("utf-8", { fatal: true })` on
// the bytes before the first NUL: a leading BOM dropped, and undefined (invalid) for an
// overlong form, a surrogate, a code point above U+10FFFF, a stray continuation byte or a
// sequence cut short (core/test/fuzz-utf8.test.ts compares the two on random bytes).
function decodeMid(b: Uint8Array, start: number, length: number): string | undefined {
  const end = start + length;
  let i = start;
  if (length >= 3 && b[i] === 0xef && b[i + 1] === 0xbb && b[i + 2] === 0xbf) i += 3;
  const units: number[] = [];
  while (i < end) {
    const c = b[i++]!;
    if (c < 0x80) {
      if (c === 0) break;
      units.push(c);
    } else if (c < 0xc2) {
      return undefined;
    } else if (c < 0xe0) {
      const c2 = i < end ? b[i]! : 0;
      if ((c2 & 0xc0) !== 0x80) return undefined;
      i++;
      units.push(((c & 0x1f) << 6) | (c2 & 0x3f));
    } else if (c < 0xf0) {
      const c2 = i < end ? b[i]! : 0;
      const c3 = i + 1 < end ? b[i + 1]! : 0;
      if (c2 < (c === 0xe0 ? 0xa0 : 0x80) || c2 > (c === 0xed ? 0x9f : 0xbf) || (c3 & 0xc0) !== 0x80) {
        return undefined;
      }
      i += 2;
      units.push(((c & 0x0f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f));
    } else if (c < 0xf5) {
      const c2 = i < end ? b[i]! : 0;
      const c3 = i + 1 < end ? b[i + 1]! : 0;
      const c4 = i + 2 < end ? b[i + 2]! : 0;
      if (
        c2 < (c === 0xf0 ? 0x90 : 0x80) ||
        c2 > (c === 0xf4 ? 0x8f : 0xbf) ||
        (c3 & 0xc0) !== 0x80 ||
        (c4 & 0xc0) !== 0x80
      ) {
        return undefined;
      }
      i += 3;
      const u = (((c & 0x07) << 18) | ((c2 & 0x3f) << 12) | ((c3 & 0x3f) << 6) | (c4 & 0x3f)) - 0x10000;
      units.push(0xd800 | (u >> 10), 0xdc00 | (u & 0x3ff));
    } else return undefined;
  }
  return fromCharCode.apply(null, units);
}

function decodeLong(bytes: Uint8Array, start: number, length: number): string | undefined {
  const end = start + length;
  let stop = bytes.indexOf(0, start);
  if (stop < 0 || stop > end) stop = end;
  try {
    return decoder.decode(bytes.subarray(start, stop));
  } catch {
    return undefined;
  }
}

/**
 * Writes the UTF-8 form of `s`, at most SHORT_ENCODE units, into `target` at `offset`, for a
 * Variant String's bytes followed by zero padding (`target` has room for `s.length * 3 + 3`
 * bytes); returns the bytes written. Lone surrogates become U+FFFD (EF BF BD), as with
 * TextEncoder. ASCII four characters to a word, one DataView store each (a store per
 * byte was most of a dictionary key's cost), the last word's missing characters written as zeros,
 * so up to 3 zero bytes past the string's end, where the padding goes: the caller has room for
 * them and writes the padding after. Other characters continue in encodeFrom. `view` views
 * `target`.
 */
export function encodeShortInto(s: string, view: DataView, target: Uint8Array, offset: number): number {
  const n = s.length;
  // One loop for the whole words and the last (a small function: V8 inlines it into the writer).
  for (let i = 0; i < n; i += 4) {
    const a = s.charCodeAt(i);
    const b = i + 1 < n ? s.charCodeAt(i + 1) : 0;
    const c = i + 2 < n ? s.charCodeAt(i + 2) : 0;
    const d = i + 3 < n ? s.charCodeAt(i + 3) : 0;
    if ((a | b | c | d) >= 0x80) return encodeFrom(s, i, target, offset + i) - offset;
    view.setUint32(offset + i, a | (b << 8) | (c << 16) | (d << 24), true);
  }
  return n;
}

/**
 * Writes the UTF-8 form of `s` at the start of `target` by TextEncoder (the caller has made
 * `target` a view where the bytes go, with room for `s.length * 3`); returns the bytes written.
 */
export function encodeLongInto(s: string, target: Uint8Array): number {
  return encoder.encodeInto(s, target).written;
}

// The rest of a short string from its first character past ASCII, in JS as TextEncoder writes
// it (a lone surrogate as U+FFFD): its fixed cost per call is more than these strings' loop
// (a tenth of the string-array workload's strings are short and not ASCII). Returns where the
// bytes end.
export function encodeFrom(s: string, i: number, b: Uint8Array, at: number): number {
  for (const n = s.length; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) b[at++] = c;
    else if (c < 0x800) {
      b[at++] = 0xc0 | (c >> 6);
      b[at++] = 0x80 | (c & 0x3f);
    } else {
      if ((c & 0xf800) === 0xd800) {
        // A surrogate: a pair is one code point of four bytes; a lone one is U+FFFD.
        const d = s.charCodeAt(i + 1);
        if (c < 0xdc00 && (d & 0xfc00) === 0xdc00) {
          c = 0x10000 + ((c & 0x3ff) << 10) + (d & 0x3ff);
          i++;
          b[at++] = 0xf0 | (c >> 18);
          b[at++] = 0x80 | ((c >> 12) & 0x3f);
          b[at++] = 0x80 | ((c >> 6) & 0x3f);
          b[at++] = 0x80 | (c & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      b[at++] = 0xe0 | (c >> 12);
      b[at++] = 0x80 | ((c >> 6) & 0x3f);
      b[at++] = 0x80 | (c & 0x3f);
    }
  }
  return at;
}

/** The UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
export function encodeUtf8(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Bytes in the UTF-8 form of `s` (lone surrogates count as U+FFFD's three). */
export function utf8Length(s: string): number {
  const n = s.length;
  let bytes = n;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) bytes += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a pair: 2 units, 4 bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

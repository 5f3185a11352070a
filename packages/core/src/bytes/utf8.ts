// UTF-8 as Godot reads it: decoding stops at the first NUL byte, a leading BOM (EF BB BF) is
// dropped, and invalid sequences are an error (the engine returns ERR_INVALID_DATA).

// fatal: invalid input throws instead of producing U+FFFD; ignoreBOM false strips a leading BOM.
const decoder = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/**
 * Strings up to this many bytes are decoded in JS (all of UTF-8, validated as TextDecoder's
 * fatal mode does); longer ones go to TextDecoder, whose fixed cost per call (~1,500
 * instructions) the JS loop only beats on short strings. Measured with valgrind instruction
 * counts by `bench/micro/utf8-icount.sh` (bench/README.md, "string-heavy array"): on the
 * string-array workload (16,000 strings, 11.8 bytes on average) this function costs 969
 * instructions per string, the previous ASCII-only concatenation loop 1,541, TextDecoder alone
 * 1,513; the JS decoder's limit was picked from 16 (840), 24 (859) and 64 (896) bytes, and at
 * 24 ASCII bytes TextDecoder wins (1,468 against 1,856).
 */
const SHORT_DECODE = 16;

/**
 * Strings up to this many UTF-16 units are encoded in JS; longer ones by `encodeInto`.
 * Instruction counts of one encode of the string-array workload (bench/scripts/icount.sh):
 * 14.8-16.5 million with 32, 17.1 with 24, 17.6 with 16, 17.3 with 64; the previous ASCII-only
 * loop up to 32 units, with encodeInto for anything else, 17.5.
 */
const SHORT_ENCODE = 32;

// UTF-16 units of the string being decoded (at most one unit per byte).
const units = new Uint16Array(SHORT_DECODE);
const fromCharCode = String.fromCharCode;

// The string of units[0..n), n <= 16: one fixed-arity fromCharCode call, which V8 builds
// directly into a new string; `apply` over an array, per-character concatenation, or two calls
// and a concatenation all cost more (bench/micro/utf8-icount.mjs: 765 instructions per string
// on the dictionary keys of the string-int-dict workload, 841 with two 8-unit calls).
function fromUnits(u: Uint16Array, n: number): string {
  switch (n) {
    case 1:
      return fromCharCode(u[0]!);
    case 2:
      return fromCharCode(u[0]!, u[1]!);
    case 3:
      return fromCharCode(u[0]!, u[1]!, u[2]!);
    case 4:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!);
    case 5:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!);
    case 6:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!);
    case 7:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!);
    case 8:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!);
    case 9:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!);
    case 10:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!);
    case 11:
      return fromCharCode(u[0]!, u[1]!, u[2]!, u[3]!, u[4]!, u[5]!, u[6]!, u[7]!, u[8]!, u[9]!, u[10]!);
    case 12:
      return fromCharCode(
        u[0]!,
        u[1]!,
        u[2]!,
        u[3]!,
        u[4]!,
        u[5]!,
        u[6]!,
        u[7]!,
        u[8]!,
        u[9]!,
        u[10]!,
        u[11]!,
      );
    case 13:
      return fromCharCode(
        u[0]!,
        u[1]!,
        u[2]!,
        u[3]!,
        u[4]!,
        u[5]!,
        u[6]!,
        u[7]!,
        u[8]!,
        u[9]!,
        u[10]!,
        u[11]!,
        u[12]!,
      );
    case 14:
      return fromCharCode(
        u[0]!,
        u[1]!,
        u[2]!,
        u[3]!,
        u[4]!,
        u[5]!,
        u[6]!,
        u[7]!,
        u[8]!,
        u[9]!,
        u[10]!,
        u[11]!,
        u[12]!,
        u[13]!,
      );
    case 15:
      return fromCharCode(
        u[0]!,
        u[1]!,
        u[2]!,
        u[3]!,
        u[4]!,
        u[5]!,
        u[6]!,
        u[7]!,
        u[8]!,
        u[9]!,
        u[10]!,
        u[11]!,
        u[12]!,
        u[13]!,
        u[14]!,
      );
    case 16:
      return fromCharCode(
        u[0]!,
        u[1]!,
        u[2]!,
        u[3]!,
        u[4]!,
        u[5]!,
        u[6]!,
        u[7]!,
        u[8]!,
        u[9]!,
        u[10]!,
        u[11]!,
        u[12]!,
        u[13]!,
        u[14]!,
        u[15]!,
      );
    default:
      return "";
  }
}

// ASCII without NUL, the common case: one fromCharCode call straight from the input bytes,
// without the detour through `units`. `c | (c - 1)` has bit 7 set for 0 (-1) and for 0x80-0xFF.
function asciiShort(b: Uint8Array, s: number, n: number): string | undefined {
  let bad = 0;
  for (let i = s, end = s + n; i < end; i++) {
    const c = b[i]!;
    bad |= c | (c - 1);
  }
  if (bad & 0x80) return undefined;
  switch (n) {
    case 1:
      return fromCharCode(b[s]!);
    case 2:
      return fromCharCode(b[s]!, b[s + 1]!);
    case 3:
      return fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!);
    case 4:
      return fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!);
    case 5:
      return fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!);
    case 6:
      return fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!);
    case 7:
      return fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!);
    case 8:
      return fromCharCode(b[s]!, b[s + 1]!, b[s + 2]!, b[s + 3]!, b[s + 4]!, b[s + 5]!, b[s + 6]!, b[s + 7]!);
    case 9:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
      );
    case 10:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
      );
    case 11:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
        b[s + 10]!,
      );
    case 12:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
        b[s + 10]!,
        b[s + 11]!,
      );
    case 13:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
        b[s + 10]!,
        b[s + 11]!,
        b[s + 12]!,
      );
    case 14:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
        b[s + 10]!,
        b[s + 11]!,
        b[s + 12]!,
        b[s + 13]!,
      );
    case 15:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
        b[s + 10]!,
        b[s + 11]!,
        b[s + 12]!,
        b[s + 13]!,
        b[s + 14]!,
      );
    case 16:
      return fromCharCode(
        b[s]!,
        b[s + 1]!,
        b[s + 2]!,
        b[s + 3]!,
        b[s + 4]!,
        b[s + 5]!,
        b[s + 6]!,
        b[s + 7]!,
        b[s + 8]!,
        b[s + 9]!,
        b[s + 10]!,
        b[s + 11]!,
        b[s + 12]!,
        b[s + 13]!,
        b[s + 14]!,
        b[s + 15]!,
      );
    default:
      return "";
  }
}

// Decodes a short run in JS, with TextDecoder's fatal-mode rules: no overlong forms, no
// surrogate code points, nothing above U+10FFFF, no stray or missing continuation bytes. Stops
// at a NUL (what follows it is never looked at) and drops a BOM at the very start.
function decodeShort(bytes: Uint8Array, start: number, end: number): string | undefined {
  const u = units;
  let k = 0;
  let i = start;
  while (i < end) {
    const c = bytes[i++]!;
    if (c < 0x80) {
      if (c === 0) break;
      u[k++] = c;
      continue;
    }
    if (c < 0xc2) return undefined; // continuation byte or overlong 2-byte lead (C0, C1)
    if (c < 0xe0) {
      // 110xxxxx 10xxxxxx
      if (i >= end) return undefined;
      const c1 = bytes[i++]!;
      if ((c1 & 0xc0) !== 0x80) return undefined;
      u[k++] = ((c & 0x1f) << 6) | (c1 & 0x3f);
      continue;
    }
    if (c < 0xf0) {
      // 1110xxxx 10xxxxxx 10xxxxxx: U+0800-U+FFFF without the surrogates D800-DFFF
      if (i + 1 >= end) return undefined;
      const c1 = bytes[i]!;
      const c2 = bytes[i + 1]!;
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80) return undefined;
      const cp = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
      i += 2;
      if (cp === 0xfeff && k === 0 && i === start + 3) continue; // leading BOM
      u[k++] = cp;
      continue;
    }
    if (c < 0xf5) {
      // 11110xxx 10xxxxxx 10xxxxxx 10xxxxxx: U+10000-U+10FFFF, as a surrogate pair
      if (i + 2 >= end) return undefined;
      const c1 = bytes[i]!;
      const c2 = bytes[i + 1]!;
      const c3 = bytes[i + 2]!;
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80 || (c3 & 0xc0) !== 0x80) return undefined;
      const cp = ((c & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f);
      if (cp < 0x10000 || cp > 0x10ffff) return undefined;
      i += 3;
      u[k++] = 0xd800 + ((cp - 0x10000) >> 10);
      u[k++] = 0xdc00 + ((cp - 0x10000) & 0x3ff);
      continue;
    }
    return undefined; // F5-FF never appear in UTF-8
  }
  return fromUnits(u, k);
}

/**
 * Decodes `length` bytes of `bytes` from `start`. Returns `undefined` for invalid UTF-8.
 * Stops at the first NUL byte.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, length: number): string | undefined {
  if (length <= SHORT_DECODE) {
    return asciiShort(bytes, start, length) ?? decodeShort(bytes, start, start + length);
  }
  return decodeLong(bytes, start, length);
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
 * Writes the UTF-8 form of `s` into `target` at `offset`; `target` must have room for
 * `s.length * 3` bytes. Returns the number of bytes written. Lone surrogates become U+FFFD
 * (EF BF BD), as with TextEncoder.
 */
export function encodeUtf8Into(s: string, target: Uint8Array, offset: number): number {
  const n = s.length;
  if (n > SHORT_ENCODE) return encoder.encodeInto(s, target.subarray(offset)).written;
  // The ASCII loop stays small (it is inlined into the writer); other characters continue in
  // encodeFrom.
  let i = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return encodeFrom(s, i, target, offset);
    target[offset + i] = c;
  }
  return n;
}

// UTF-8 of s[i..] after i ASCII characters already written at target[offset..offset + i).
function encodeFrom(s: string, i: number, target: Uint8Array, offset: number): number {
  const n = s.length;
  let p = offset + i;
  for (; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      target[p++] = c;
    } else if (c < 0x800) {
      target[p++] = 0xc0 | (c >> 6);
      target[p++] = 0x80 | (c & 0x3f);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          target[p++] = 0xf0 | (cp >> 18);
          target[p++] = 0x80 | ((cp >> 12) & 0x3f);
          target[p++] = 0x80 | ((cp >> 6) & 0x3f);
          target[p++] = 0x80 | (cp & 0x3f);
          continue;
        }
        c = 0xfffd;
      }
      target[p++] = 0xe0 | (c >> 12);
      target[p++] = 0x80 | ((c >> 6) & 0x3f);
      target[p++] = 0x80 | (c & 0x3f);
    }
  }
  return p - offset;
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

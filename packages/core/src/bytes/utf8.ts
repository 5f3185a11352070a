// UTF-8 as Godot reads it: decoding stops at the first NUL byte, a leading BOM (EF BB BF) is
// dropped, and invalid sequences are an error (the engine returns ERR_INVALID_DATA).

// fatal: invalid input throws instead of producing U+FFFD; ignoreBOM false strips a leading BOM.
const decoder = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

/** Strings up to this many bytes are decoded by a JS loop when they are pure ASCII: for short
 * strings the loop beats a TextDecoder call (bench/README.md, "string-heavy array"). */
const SHORT_ASCII = 32;

/**
 * Decodes `length` bytes of `bytes` from `start`. Returns `undefined` for invalid UTF-8.
 * Stops at the first NUL byte.
 */
export function decodeUtf8(bytes: Uint8Array, start: number, length: number): string | undefined {
  const end = start + length;
  if (length <= SHORT_ASCII) {
    let s = "";
    let i = start;
    for (; i < end; i++) {
      const c = bytes[i]!;
      if (c === 0) return s;
      if (c >= 0x80) break;
      s += String.fromCharCode(c);
    }
    if (i === end) return s;
  }
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
 * `s.length * 3` bytes. Returns the number of bytes written.
 */
export function encodeUtf8Into(s: string, target: Uint8Array, offset: number): number {
  const n = s.length;
  if (n <= SHORT_ASCII) {
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) break;
      target[offset + i] = c;
    }
    if (i === n) return n;
  }
  return encoder.encodeInto(s, target.subarray(offset)).written;
}

/** The UTF-8 bytes of a string (lone surrogates become U+FFFD, as TextEncoder does). */
export function encodeUtf8(s: string): Uint8Array {
  return encoder.encode(s);
}

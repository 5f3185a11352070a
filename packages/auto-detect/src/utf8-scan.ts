// UTF-8 checked the way the decoders read it (core's decodeUtf8: TextDecoder with fatal: true),
// without building a string: validation stops at the first NUL byte, as the engine's parser does.

/** `scanUtf8` result bits, besides -1 for invalid UTF-8. */
export const SCAN = {
  /** A NUL byte before the end of the string. */
  NUL: 1,
  /** Bytes at or above 0x80. */
  NON_ASCII: 2,
  /** C0 control characters other than tab, line feed and carriage return, or DEL. */
  CONTROL: 4,
} as const;

/**
 * Checks `length` bytes from `start`. Returns -1 when the bytes before the first NUL are not
 * valid UTF-8 (what the engine refuses), otherwise a mask of {@link SCAN} bits.
 */
export function scanUtf8(b: Uint8Array, start: number, length: number): number {
  const end = start + length;
  let flags = 0;
  let i = start;
  while (i < end) {
    const c = b[i]!;
    if (c < 0x80) {
      if (c < 0x20 || c === 0x7f) {
        if (c === 0) return flags | SCAN.NUL;
        if (c !== 9 && c !== 10 && c !== 13) flags |= SCAN.CONTROL;
      }
      i++;
      continue;
    }
    flags |= SCAN.NON_ASCII;
    // Lead byte ranges and the allowed range of the first continuation byte (RFC 3629 table 3-7):
    // no overlong forms, no surrogates, nothing above U+10FFFF.
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return -1;
    // The sequence must end inside the string.
    if (i + need >= end) return -1;
    const c1 = b[i + 1]!;
    if (c1 < lo || c1 > hi) return -1;
    for (let k = 2; k <= need; k++) {
      const ck = b[i + k]!;
      if (ck < 0x80 || ck > 0xbf) return -1;
    }
    i += need + 1;
  }
  return flags;
}

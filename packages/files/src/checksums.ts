// The checksums zlib verifies at the end of a stream: Adler-32 (zlib wrapper, RFC 1950) and
// CRC-32 (gzip member, RFC 1952).

/** Adler-32 of `b[from, to)`. */
export function adler32(b: Uint8Array, from: number, to: number): number {
  let s1 = 1;
  let s2 = 0;
  let i = from;
  while (i < to) {
    // 3800 bytes keep s2 under 2^31 (small integers for the JIT; zlib's NMAX, 5552, is for 2^32).
    const end = Math.min(to, i + 3800);
    for (; i < end; i++) {
      s1 += b[i]!;
      s2 += s1;
    }
    s1 %= 65521;
    s2 %= 65521;
  }
  return ((s2 << 16) | s1) >>> 0;
}

// Int32 entries: the loop stays in 32-bit integers (a Uint32Array's values above 2^31 are not).
function crcTable(): Int32Array {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
}

/** The CRC-32 table (read only after it is made). */
const CRC_TABLE = /* @__PURE__ */ crcTable();

/** CRC-32 (the gzip polynomial) of `b[from, to)`. */
export function crc32(b: Uint8Array, from: number, to: number): number {
  let c = -1;
  for (let i = from; i < to; i++) c = CRC_TABLE[(c ^ b[i]!) & 255]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}

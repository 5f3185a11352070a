// XXH64 (seed 0), whose low 32 bits are a Zstd frame's content checksum (RFC 8878 §3.1.1).
// 64-bit words are kept as two unsigned 32-bit halves in a small Uint32Array, one pair per
// lane (BigInt would allocate on every step and be tens of times slower).

const P1H = 0x9e3779b1;
const P1L = 0x85ebca87;
const P2H = 0xc2b2ae3d;
const P2L = 0x27d4eb4f;
const P3H = 0x165667b1;
const P3L = 0x9e3779f9;
const P4H = 0x85ebca77;
const P4L = 0xc2b2ae63;
const P5H = 0x27d4eb2f;
const P5L = 0x165667c5;

/** The high 32 bits of the 64-bit product of two unsigned 32-bit numbers. */
function mulHi(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const t = a0 * b0;
  const m1 = a1 * b0 + (t >>> 16);
  const m2 = a0 * b1 + (m1 & 0xffff);
  return a1 * b1 + (m1 >>> 16) + (m2 >>> 16);
}

/** s[i, i+1] = s[i, i+1] * (h, l) mod 2^64. */
function mul(s: Uint32Array, i: number, h: number, l: number): void {
  const ah = s[i]!;
  const al = s[i + 1]!;
  s[i] = mulHi(al, l) + Math.imul(ah, l) + Math.imul(al, h);
  s[i + 1] = Math.imul(al, l);
}

/** s[i, i+1] += (h, l) mod 2^64. */
function add(s: Uint32Array, i: number, h: number, l: number): void {
  const lo = s[i + 1]! + l;
  s[i] = s[i]! + h + (lo > 0xffffffff ? 1 : 0);
  s[i + 1] = lo;
}

/** s[i, i+1] rotated left by 0 < r < 32. */
function rotl(s: Uint32Array, i: number, r: number): void {
  const h = s[i]!;
  const l = s[i + 1]!;
  s[i] = (h << r) | (l >>> (32 - r));
  s[i + 1] = (l << r) | (h >>> (32 - r));
}

function xor(s: Uint32Array, i: number, h: number, l: number): void {
  s[i] = s[i]! ^ h;
  s[i + 1] = s[i + 1]! ^ l;
}

/** s[i, i+1] = rotl(s[i, i+1] + (h, l) * P2, 31) * P1, the XXH64 round (s[8, 9] is scratch). */
function round(s: Uint32Array, i: number, h: number, l: number): void {
  s[8] = h;
  s[9] = l;
  mul(s, 8, P2H, P2L);
  add(s, i, s[8]!, s[9]!);
  rotl(s, i, 31);
  mul(s, i, P1H, P1L);
}

function le32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

/** The low 32 bits of XXH64(b[from, to), seed 0). */
export function xxh64Low32(b: Uint8Array, from: number, to: number): number {
  const len = to - from;
  // Lanes v1..v4 at 0, 2, 4, 6; scratch at 8; the accumulator at 10; a lane's round at 12.
  const s = new Uint32Array(14);
  let p = from;
  if (len >= 32) {
    s.set([P1H, P1L], 0);
    add(s, 0, P2H, P2L);
    s.set([P2H, P2L, 0, 0, ~P1H, ~P1L], 2);
    add(s, 6, 0, 1); // v4 = -P1
    for (const limit = to - 32; p <= limit; p += 32) {
      round(s, 0, le32(b, p + 4), le32(b, p));
      round(s, 2, le32(b, p + 12), le32(b, p + 8));
      round(s, 4, le32(b, p + 20), le32(b, p + 16));
      round(s, 6, le32(b, p + 28), le32(b, p + 24));
    }
    // acc = rotl(v1, 1) + rotl(v2, 7) + rotl(v3, 12) + rotl(v4, 18), then each lane merged.
    const rots = [1, 7, 12, 18];
    for (let k = 0; k < 4; k++) {
      s[12] = s[2 * k]!;
      s[13] = s[2 * k + 1]!;
      rotl(s, 12, rots[k]!);
      add(s, 10, s[12]!, s[13]!);
    }
    for (let k = 0; k < 4; k++) {
      s[12] = 0;
      s[13] = 0;
      round(s, 12, s[2 * k]!, s[2 * k + 1]!);
      xor(s, 10, s[12]!, s[13]!);
      mul(s, 10, P1H, P1L);
      add(s, 10, P4H, P4L);
    }
  } else {
    s[10] = P5H;
    s[11] = P5L;
  }
  add(s, 10, Math.floor(len / 4294967296), len >>> 0);
  for (; p + 8 <= to; p += 8) {
    s[12] = 0;
    s[13] = 0;
    round(s, 12, le32(b, p + 4), le32(b, p));
    xor(s, 10, s[12]!, s[13]!);
    rotl(s, 10, 27);
    mul(s, 10, P1H, P1L);
    add(s, 10, P4H, P4L);
  }
  if (p + 4 <= to) {
    s[12] = 0;
    s[13] = le32(b, p);
    mul(s, 12, P1H, P1L);
    xor(s, 10, s[12]!, s[13]!);
    rotl(s, 10, 23);
    mul(s, 10, P2H, P2L);
    add(s, 10, P3H, P3L);
    p += 4;
  }
  for (; p < to; p++) {
    s[12] = 0;
    s[13] = b[p]!;
    mul(s, 12, P5H, P5L);
    xor(s, 10, s[12]!, s[13]!);
    rotl(s, 10, 11);
    mul(s, 10, P1H, P1L);
  }
  // Avalanche: h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32.
  xor(s, 10, 0, s[10]! >>> 1);
  mul(s, 10, P2H, P2L);
  xor(s, 10, s[10]! >>> 29, (s[11]! >>> 29) | (s[10]! << 3));
  mul(s, 10, P3H, P3L);
  xor(s, 10, 0, s[10]!);
  return s[11]!;
}

// XXH64 (seed 0), whose low 32 bits are a Zstd frame's content checksum (RFC 8878 §3.1.1).
// 64-bit words are kept as two unsigned 32-bit halves (BigInt would be ~50x slower).

/** A 64-bit word as high and low unsigned halves; updated in place. */
class U64 {
  constructor(
    public h: number,
    public l: number,
  ) {}

  add(h: number, l: number): this {
    const lo = this.l + l;
    this.h = (this.h + h + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.l = lo >>> 0;
    return this;
  }

  /** this = this * (h, l) mod 2^64. */
  mul(h: number, l: number): this {
    const al = this.l;
    const a0 = al & 0xffff;
    const a1 = al >>> 16;
    const b0 = l & 0xffff;
    const b1 = l >>> 16;
    const mid = a1 * b0 + a0 * b1;
    const low = a0 * b0 + (mid % 65536) * 65536;
    const high = a1 * b1 + Math.floor(mid / 65536) + Math.floor(low / 4294967296);
    this.h = (high + Math.imul(this.h, l) + Math.imul(al, h)) >>> 0;
    this.l = low >>> 0;
    return this;
  }

  /** Rotate left by 0 < r < 32. */
  rotl(r: number): this {
    const h = this.h;
    this.h = ((h << r) | (this.l >>> (32 - r))) >>> 0;
    this.l = ((this.l << r) | (h >>> (32 - r))) >>> 0;
    return this;
  }

  xor(h: number, l: number): this {
    this.h = (this.h ^ h) >>> 0;
    this.l = (this.l ^ l) >>> 0;
    return this;
  }
}

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

function le32(b: Uint8Array, at: number): number {
  return (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

/** acc = rotl(acc + input * P2, 31) * P1 (`tmp` is scratch). */
function round(acc: U64, tmp: U64, h: number, l: number): U64 {
  tmp.h = h;
  tmp.l = l;
  tmp.mul(P2H, P2L);
  return acc.add(tmp.h, tmp.l).rotl(31).mul(P1H, P1L);
}

function merge(acc: U64, v: U64, tmp: U64): void {
  const r = round(new U64(0, 0), tmp, v.h, v.l);
  acc.xor(r.h, r.l).mul(P1H, P1L).add(P4H, P4L);
}

/** The low 32 bits of XXH64(b[from, to), seed 0). */
export function xxh64Low32(b: Uint8Array, from: number, to: number): number {
  const len = to - from;
  const tmp = new U64(0, 0);
  let p = from;
  let acc: U64;
  if (len >= 32) {
    const v1 = new U64(P1H, P1L).add(P2H, P2L);
    const v2 = new U64(P2H, P2L);
    const v3 = new U64(0, 0);
    const v4 = new U64(0, 0).add(~P1H >>> 0, ~P1L >>> 0).add(0, 1); // -P1
    for (const limit = to - 32; p <= limit; p += 32) {
      round(v1, tmp, le32(b, p + 4), le32(b, p));
      round(v2, tmp, le32(b, p + 12), le32(b, p + 8));
      round(v3, tmp, le32(b, p + 20), le32(b, p + 16));
      round(v4, tmp, le32(b, p + 28), le32(b, p + 24));
    }
    acc = new U64(v1.h, v1.l).rotl(1);
    const r2 = new U64(v2.h, v2.l).rotl(7);
    const r3 = new U64(v3.h, v3.l).rotl(12);
    const r4 = new U64(v4.h, v4.l).rotl(18);
    acc.add(r2.h, r2.l).add(r3.h, r3.l).add(r4.h, r4.l);
    merge(acc, v1, tmp);
    merge(acc, v2, tmp);
    merge(acc, v3, tmp);
    merge(acc, v4, tmp);
  } else {
    acc = new U64(P5H, P5L);
  }
  acc.add(Math.floor(len / 4294967296), len >>> 0);
  for (; p + 8 <= to; p += 8) {
    const k = round(new U64(0, 0), tmp, le32(b, p + 4), le32(b, p));
    acc.xor(k.h, k.l).rotl(27).mul(P1H, P1L).add(P4H, P4L);
  }
  if (p + 4 <= to) {
    tmp.h = 0;
    tmp.l = le32(b, p);
    tmp.mul(P1H, P1L);
    acc.xor(tmp.h, tmp.l).rotl(23).mul(P2H, P2L).add(P3H, P3L);
    p += 4;
  }
  for (; p < to; p++) {
    tmp.h = 0;
    tmp.l = b[p]!;
    tmp.mul(P5H, P5L);
    acc.xor(tmp.h, tmp.l).rotl(11).mul(P1H, P1L);
  }
  // Avalanche: h ^= h >> 33; h *= P2; h ^= h >> 29; h *= P3; h ^= h >> 32.
  acc.xor(0, acc.h >>> 1).mul(P2H, P2L);
  acc.xor(acc.h >>> 29, ((acc.l >>> 29) | (acc.h << 3)) >>> 0).mul(P3H, P3L);
  acc.xor(0, acc.h);
  return acc.l;
}

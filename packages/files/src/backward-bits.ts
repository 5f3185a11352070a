import { CodecError } from "./codec-error.js";

/**
 * A Zstd bitstream, read backward (RFC 8878 §4.1): the last byte holds a 1 bit above the
 * data, and fields are read from there towards the first byte. Reading past the first byte
 * gives zeros and leaves `pos` negative, which the caller checks where the format says a
 * stream must end exactly.
 */
export class BackwardBits {
  /** Bits left to read (negative once reads went past the start). */
  pos: number;

  constructor(
    private readonly b: Uint8Array,
    private readonly from: number,
    end: number,
  ) {
    const last = end > from ? b[end - 1]! : 0;
    if (last === 0) throw new CodecError("a bitstream must end in a nonzero byte", end - 1);
    this.pos = (end - 1 - from) * 8 + (31 - Math.clz32(last));
  }

  /** The next `n` bits (0 <= n <= 24) as a number, consumed. */
  read(n: number): number {
    const v = this.peek(n);
    this.pos -= n;
    return v;
  }

  /** The next `n` bits (0 <= n <= 24), not consumed. */
  peek(n: number): number {
    const p = this.pos - n;
    const b = this.b;
    if (p >= 0) {
      const i = this.from + (p >> 3);
      // Bytes past the stream's end only give bits above the ones masked in.
      const w = (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> (p & 7);
      return w & ((1 << n) - 1);
    }
    // Partly before the first byte: the missing low bits are zeros.
    const have = this.pos;
    if (have <= 0) return 0;
    const i = this.from;
    const w = (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)) & ((1 << have) - 1);
    return w << (n - have);
  }
}

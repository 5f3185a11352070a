import { CodecError } from "./codec-error.js";

/**
 * The plaintext of a compressed file as its blocks inflate into it: one buffer that grows by
 * doubling, never past `max` (the length the header declared, already checked against
 * `maxBytes`), and only as bytes really come out, so a header that claims much and holds little
 * costs what it holds. Peak memory is at most twice the output. Decoders write at `pos` up to
 * `limit` (the end of the current block's share) and ask {@link reserve} for room first.
 */
export class Output {
  buf: Uint8Array;
  pos = 0;
  /** Where the current block started. */
  start = 0;
  /** The current block may write up to here (exclusive). */
  limit = 0;

  constructor(
    private readonly max: number,
    initial = 1 << 16,
  ) {
    this.buf = new Uint8Array(Math.min(max, initial));
  }

  /**
   * Room for `n` bytes at `at`: the buffer (a new one when it had to grow; earlier bytes are
   * kept). @throws {CodecError} `overflow` when the block would pass `limit` (`where`: the
   * offset in the block's input to report).
   */
  reserve(at: number, n: number, where = 0): Uint8Array {
    if (at + n > this.limit)
      throw new CodecError(`output passes ${this.limit - this.start} bytes`, where, true);
    if (at + n > this.buf.length) {
      const grown = new Uint8Array(Math.min(this.max, Math.max(at + n, this.buf.length * 2)));
      grown.set(this.buf.subarray(0, at));
      this.buf = grown;
    }
    return this.buf;
  }

  /** Starts a block of at most `size` bytes at `pos`. */
  begin(size: number): void {
    this.start = this.pos;
    this.limit = this.pos + size;
  }

  /** The bytes written so far (no copy when the buffer is exactly full). */
  bytes(): Uint8Array {
    return this.pos === this.buf.length ? this.buf : this.buf.subarray(0, this.pos);
  }
}

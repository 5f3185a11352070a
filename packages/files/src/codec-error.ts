/**
 * What went wrong inside one compressed block (FastLZ, Deflate, GZip, Zstd), with the offset
 * inside the block. `overflow` says the block inflates past what it may hold (its declared
 * share of the plaintext), which the caller reports as such. Turned into a FileError by the
 * caller, never seen by users.
 */
export class CodecError extends Error {
  constructor(
    message: string,
    readonly at: number,
    readonly overflow = false,
  ) {
    super(message);
  }
}

import { type CodecOptions, createCodecWith, type VariantCodec } from "@gdvariant/core";
import { legacy2Dialect } from "./dialect.js";
import type { Legacy2DialectOptions } from "./options.js";

/** Options of {@link createCodec}: those of `decode`, `decodeJS` and `encode`, and `chunkSize`. */
export type Legacy2CodecOptions = CodecOptions & Legacy2DialectOptions;

/**
 * A codec object for one connection or stream: `decode`, `decodeJS`, `encode` and `encodeInto`
 * with `options` fixed, giving exactly what the functions of the same names give with them, and
 * keeping between calls the dictionary key strings last read (up to 256 of at most 16 bytes) and
 * an output chunk (`chunkSize`, default 8 KiB) that `encode` results are views into. Bytes once
 * returned are never written again. Use one for many small messages of a few shapes; the
 * functions for one-off values. Codecs share nothing: make one per connection.
 *
 * @example
 * ```ts
 * const codec = createCodec();
 * codec.decodeJS(codec.encode({ hp: 3 })); // { hp: 3 }
 * ```
 * @throws {EncodeError} `invalid-value` for malformed limits or a `chunkSize` under 256.
 */
export function createCodec(options: Legacy2CodecOptions = {}): VariantCodec {
  const dialect = legacy2Dialect(options);
  return createCodecWith(dialect, dialect, options, options);
}

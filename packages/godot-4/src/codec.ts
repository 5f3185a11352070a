import { type CodecOptions, createCodecWith, type VariantCodec } from "@gdvariant/core";
import { godot4Dialect } from "./dialect.js";
import type { Godot4Options } from "./options.js";

/** Options of {@link createCodec}: those of `decode`, `decodeJS` and `encode`, and `chunkSize`. */
export type Godot4CodecOptions = CodecOptions & Godot4Options;

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
 * const bytes = codec.encode({ hp: 3, name: "Ada" });
 * codec.decodeJS(bytes); // { hp: 3, name: "Ada" }
 * ```
 * @throws {EncodeError} `invalid-value` for an unknown version or precision, malformed limits
 *   or a `chunkSize` under 256.
 */
export function createCodec(options: Godot4CodecOptions = {}): VariantCodec {
  // Every option set decodes the same way (as decode does); the target options select the writer.
  return createCodecWith(godot4Dialect(), godot4Dialect(options), options, options);
}

import {
  decodeWithLength as coreDecodeWithLength,
  type DecodeResult,
  decodeJSWith,
  decodeWith,
  forDecode,
  type ToJSOptions,
  type Value,
} from "@gdvariant/core";
import { legacy2Dialect } from "./dialect.js";
import type { Legacy2DecodeOptions } from "./options.js";

/** The dialect of a decode call's options; a bad option value is the call's DecodeError. */
const reader = (options: Legacy2DecodeOptions) => forDecode("legacy-2", () => legacy2Dialect(options));

/**
 * Decodes one Godot 2.x Variant (`var2bytes`, or the payload of `store_var`/`put_var`).
 * Trailing bytes are ignored (as the engine does) unless `exact` is set.
 * Limits default to core's: depth 1024, 16,777,216 elements per collection, 1 GiB of input.
 * @throws {DecodeError} on malformed input (`truncated`, `unknown-type` for ids >= 29,
 * `bad-flags`, `invalid-data`, `invalid-utf8`, `limit-exceeded`, `depth-exceeded`,
 * `trailing-bytes`), with the byte offset and the path; never anything else.
 */
export function decode(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: Legacy2DecodeOptions = {},
): Value {
  return decodeWith(reader(options), input as Uint8Array, options);
}

/**
 * Like {@link decode}, and also reports the bytes the value took (padding included), for
 * reading several values one after the other.
 * @throws {DecodeError} as {@link decode}.
 */
export function decodeWithLength(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: Legacy2DecodeOptions = {},
): DecodeResult {
  return coreDecodeWithLength(reader(options), input as Uint8Array, options);
}

/**
 * Decodes one Godot 2.x Variant straight to plain JavaScript, in one pass: exactly
 * `toJS(decode(input, options), options)` without the model in between. Options as
 * {@link decode} (`onSpan` aside) plus `dictionaries` (default `"auto"`: objects when every key
 * is a String or int, else `Map`).
 * @throws {DecodeError} as {@link decode}, with the same code, offset and path.
 */
export function decodeJS(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: Legacy2DecodeOptions & ToJSOptions = {},
): unknown {
  return decodeJSWith(reader(options), input as Uint8Array, options);
}

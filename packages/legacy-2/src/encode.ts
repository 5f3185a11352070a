import { encodeIntoWith, encodeWith } from "@gdvariant/core";
import { legacy2Dialect } from "./dialect.js";
import type { Legacy2EncodeOptions } from "./options.js";

/**
 * Encodes a value as a Godot 2.x Variant, as `var2bytes` does. Takes a value of the model
 * (`@gdvariant/core` constructors) or a plain JS value (whole numbers within int64 become int,
 * other numbers real, strings, booleans, null, arrays, plain objects and Maps become Dictionary, typed arrays
 * the matching 2.x array). Ints must fit 32 bits; 2.x has no 64-bit ints. Padding is zeros.
 * Options default to `reals: "exact"`, `nodePathSubnames: "correct"`, depth 1024, 1 GiB output.
 * @throws {EncodeError} `unsupported-kind` for kinds 2.x cannot carry (StringName, Vector2i,
 * typed containers, full objects, 64-bit packed arrays...), `out-of-range` for ints beyond
 * 32 bits and inexact reals, `invalid-value`, `depth-exceeded`, `limit-exceeded`.
 */
export function encode(value: unknown, options: Legacy2EncodeOptions = {}): Uint8Array {
  return encodeWith(encodeDialect(options), value, options);
}

/**
 * {@link encode} into a buffer the caller owns: writes the same bytes into `target` from
 * `offset` (default 0) and returns how many it wrote, without allocating the output.
 *
 * @example
 * ```ts
 * const packet = new Uint8Array(64 * 1024); // reused for every message
 * const n = encodeInto(value, packet);
 * ```
 * @throws {EncodeError} `target-too-small` when the value does not fit from `offset` (bytes
 *   from `offset` on may have been written), or as {@link encode}.
 * @throws {EncodeError} `out-of-range` when `offset` is not an integer within `target`.
 */
export function encodeInto(
  value: unknown,
  target: Uint8Array,
  offset = 0,
  options: Legacy2EncodeOptions = {},
): number {
  return encodeIntoWith(encodeDialect(options), value, target, offset, options);
}

// The dialect encode and encodeInto write with.
function encodeDialect(options: Legacy2EncodeOptions) {
  return legacy2Dialect(options);
}

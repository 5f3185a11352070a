import { encodeIntoWith, encodeWith } from "@gdvariant/core";
import { godot3Dialect } from "./dialect.js";
import { type Godot3EncodeOptions, inDialect } from "./options.js";

/**
 * Encodes a value as Godot 3.x `var2bytes` would. Accepts a {@link Value} or a plain JS value
 * (inferred by core's `fromJS`: whole number within int64 to int, other number to float,
 * string, boolean, null, arrays, plain objects and Maps to Dictionary, typed arrays to pool
 * arrays, bigint to int). NodePath padding is written as zeros (the engine leaves it unwritten).
 *
 * @param options `version` (default `"3.6"`; `"3.0"` writes every int as 64-bit), `maxDepth`
 *   (default 1024), `maxTotalBytes` (default 1 GiB).
 * @throws {EncodeError} `unsupported-kind` for kinds 3.x does not have (Vector2i,
 *   StringName, typed containers, ... convert them first with core's `convertValue`),
 *   `out-of-range`, `invalid-value`, `depth-exceeded`, `limit-exceeded`; nothing else.
 */
export function encode(value: unknown, options: Godot3EncodeOptions = {}): Uint8Array {
  return encodeWith(
    inDialect(() => godot3Dialect(options), "encode"),
    value,
    options,
  );
}

/**
 * {@link encode} into a buffer the caller owns: writes the same bytes into `target` from
 * `offset` (default 0) and returns how many it wrote, without allocating the output. For a
 * packed array this is one header and one bulk copy, as fast as copying the data itself.
 *
 * @example
 * ```ts
 * const packet = new Uint8Array(64 * 1024); // reused for every message
 * const n = encodeInto(value, packet);
 * socket.write(packet.subarray(0, n));
 * ```
 * @throws {EncodeError} `target-too-small` when the value does not fit from `offset` (bytes
 *   from `offset` on may have been written), or as {@link encode}.
 * @throws {EncodeError} `out-of-range` when `offset` is not an integer within `target`.
 */
export function encodeInto(
  value: unknown,
  target: Uint8Array,
  offset = 0,
  options: Godot3EncodeOptions = {},
): number {
  return encodeIntoWith(
    inDialect(() => godot3Dialect(options), "encode"),
    value,
    target,
    offset,
    options,
  );
}

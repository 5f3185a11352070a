import { type EncodeOptions, encodeIntoWith, encodeWith } from "@gdvariant/core";
import { godot4Dialect } from "./dialect.js";
import type { Godot4Options } from "./options.js";

/** Options of {@link encode}: the target (version, precision, downgrade) and core's limits. */
export type Godot4EncodeOptions = EncodeOptions & Godot4Options;

/**
 * Encodes a value as the Godot 4.x engine's `var_to_bytes` (or `var_to_bytes_with_objects` for
 * full objects) would, byte for byte: ints and floats 32-bit unless the value needs 64 bits,
 * null objects as a bare NIL header, zero padding. Plain JS values are accepted (see core's
 * `fromJS`: whole numbers within int64 become int, other numbers float, objects and Maps Dictionary).
 *
 * Options: `version` (default `"4.6"`), `precision` (default `"single"`), `downgrade`
 * (default false), `maxDepth` (default 1024), `maxTotalBytes` (default 1 GiB).
 *
 * @throws {EncodeError} `unsupported-kind` for what the target cannot read (a typed array for
 *   4.0-4.2 without `downgrade`, a 2.x-only kind...), `out-of-range` / `invalid-value` for
 *   malformed values, `depth-exceeded`, `limit-exceeded`; never anything else.
 */
export function encode(value: unknown, options?: Godot4EncodeOptions): Uint8Array {
  return encodeWith(godot4Dialect(options), value, options);
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
  options?: Godot4EncodeOptions,
): number {
  return encodeIntoWith(godot4Dialect(options), value, target, offset, options);
}

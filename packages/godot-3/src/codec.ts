import {
  decodeWithLength as coreDecodeWithLength,
  DecodeError,
  type DecodeResult,
  decodeJSWith,
  EncodeError,
  encodeIntoWith,
  encodeWith,
  GdVariantError,
  type ToJSOptions,
  type Value,
} from "@gdvariant/core";
import { godot3Dialect, resolveVersion } from "./dialect.js";
import type { Godot3DecodeOptions, Godot3EncodeOptions, Godot3Version } from "./options.js";

// 3.0 and 3.1.0 decoded full objects whatever the caller asked for (godot#27395); 3.1.1 made
// refusing them the default (godot#27485).
const DECODES_OBJECTS_BY_DEFAULT: ReadonlySet<Godot3Version> = new Set(["3.0", "3.1.0"]);

function versionFor(
  options: { version?: Godot3Version } | undefined,
  what: "decode" | "encode",
): Godot3Version {
  try {
    return resolveVersion(options);
  } catch (e) {
    const message = GdVariantError.is(e) ? e.message : String(e);
    throw what === "decode"
      ? new DecodeError(message, { code: "invalid-data", offset: 0, dialect: "godot-3" })
      : new EncodeError(message, { code: "invalid-value", dialect: "godot-3" });
  }
}

/**
 * Decodes one Godot 3.x Variant (`var2bytes`, `PacketPeer.put_var`, or one `store_var` record
 * without its length word) and reports how many bytes it took. Trailing bytes are ignored, as
 * the engine does, unless `exact` is set.
 *
 * @param options `version` (default `"3.6"`), `allowObjects` (default `false`; `true` for
 *   `"3.0"` and `"3.1.0"`, which decoded full objects unconditionally), `copy` (default
 *   `false`: packed arrays may view `bytes`), `offset` (default 0), `exact` (default `false`),
 *   limits `maxDepth` (default 1024), `maxCollectionLength` (default 2^24), `maxTotalBytes`
 *   (default 1 GiB), `onSpan`.
 * @throws {DecodeError} for malformed input (`truncated`, `unknown-type` for ids 27 and up,
 *   `invalid-utf8`, `invalid-data`, `objects-not-allowed`, ...), a broken limit or an unknown
 *   `version`; nothing else.
 */
export function decodeWithLength(bytes: Uint8Array, options: Godot3DecodeOptions = {}): DecodeResult {
  const version = versionFor(options, "decode");
  const allowObjects = options.allowObjects ?? DECODES_OBJECTS_BY_DEFAULT.has(version);
  return coreDecodeWithLength(godot3Dialect({ version }), bytes, { ...options, allowObjects });
}

/**
 * Decodes one Godot 3.x Variant. See {@link decodeWithLength} for the options.
 *
 * @example
 * ```ts
 * decode(new Uint8Array([2, 0, 0, 0, 42, 0, 0, 0])); // { kind: "int", value: 42 }
 * ```
 * @throws {DecodeError} for malformed input or a broken limit; nothing else.
 */
export function decode(bytes: Uint8Array, options: Godot3DecodeOptions = {}): Value {
  return decodeWithLength(bytes, options).value;
}

/**
 * Decodes one Godot 3.x Variant straight to plain JavaScript, in one pass: exactly
 * `toJS(decode(bytes, options), options)` without the model in between. Options as
 * {@link decodeWithLength} (`onSpan` aside) plus `dictionaries` (default `"auto"`: objects when
 * every key is a String or int, else `Map`).
 * @throws {DecodeError} as {@link decode}, with the same code, offset and path.
 */
export function decodeJS(bytes: Uint8Array, options: Godot3DecodeOptions & ToJSOptions = {}): unknown {
  const version = versionFor(options, "decode");
  const allowObjects = options.allowObjects ?? DECODES_OBJECTS_BY_DEFAULT.has(version);
  return decodeJSWith(godot3Dialect({ version }), bytes, { ...options, allowObjects });
}

/**
 * Encodes a value as Godot 3.x `var2bytes` would. Accepts a {@link Value} or a plain JS value
 * (inferred by core's `fromJS`: integer number to int, other number to float, string, boolean,
 * null, arrays, plain objects and Maps to Dictionary, typed arrays to pool arrays, bigint to
 * int). NodePath padding is written as zeros (the engine leaves it unwritten).
 *
 * @param options `version` (default `"3.6"`; `"3.0"` writes every int as 64-bit), `maxDepth`
 *   (default 1024), `maxTotalBytes` (default 1 GiB).
 * @throws {EncodeError} `unsupported-kind` for kinds 3.x does not have (Vector2i,
 *   StringName, typed containers, ... convert them first with core's `convertValue`),
 *   `out-of-range`, `invalid-value`, `depth-exceeded`, `limit-exceeded`; nothing else.
 */
export function encode(value: unknown, options: Godot3EncodeOptions = {}): Uint8Array {
  const version = versionFor(options, "encode");
  return encodeWith(godot3Dialect({ version }), value, options);
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
 * @throws {RangeError} when `offset` is not an integer within `target`.
 */
export function encodeInto(
  value: unknown,
  target: Uint8Array,
  offset = 0,
  options: Godot3EncodeOptions = {},
): number {
  const version = versionFor(options, "encode");
  return encodeIntoWith(godot3Dialect({ version }), value, target, offset, options);
}

import {
  decodeWithLength as coreDecodeWithLength,
  type DecodeResult,
  type Dialect,
  decodeJSWith,
  type ToJSOptions,
  type Value,
} from "@gdvariant/core";
import { godot3Dialect } from "./dialect.js";
import {
  DEFAULT_GODOT3_VERSION,
  type Godot3DecodeOptions,
  type Godot3Version,
  inDialect,
} from "./options.js";

// 3.0 and 3.1.0 decoded full objects whatever the caller asked for (godot#27395); 3.1.1 made
// refusing them the default (godot#27485).
const DECODES_OBJECTS_BY_DEFAULT: ReadonlySet<Godot3Version> = new Set(["3.0", "3.1.0"]);

// The dialect of the options and the options core reads (allowObjects defaulted per release);
// also the codec object's reading (codec.ts).
export function reading<O extends Godot3DecodeOptions>(options: O): [Dialect, O] {
  const dialect = inDialect(() => godot3Dialect(options), "decode");
  const version = options.version ?? DEFAULT_GODOT3_VERSION;
  if (options.allowObjects === undefined && DECODES_OBJECTS_BY_DEFAULT.has(version)) {
    return [dialect, { ...options, allowObjects: true }];
  }
  return [dialect, options];
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
  const [dialect, o] = reading(options);
  return coreDecodeWithLength(dialect, bytes, o);
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
  const [dialect, o] = reading(options);
  return decodeJSWith(dialect, bytes, o);
}

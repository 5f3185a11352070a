import {
  decodeWithLength as coreDecodeWithLength,
  type DecodeOptions,
  type DecodeResult,
  decodeJSWith,
  decodeWith,
  forDecode,
  type ToJSOptions,
  type Value,
} from "@gdvariant/core";
import { godot4Dialect } from "./dialect.js";
import type { Godot4Options } from "./options.js";

/** Options of {@link decode}: core's decode options; the target options are checked and unused. */
export type Godot4DecodeOptions = DecodeOptions & Godot4Options;

// Every option set decodes the same way, so decoding always goes through the default dialect;
// the target options are still checked, as every dialect package checks them.
const defaultReader = /* @__PURE__ */ godot4Dialect();
const reader = (options: Godot4Options | undefined) => {
  if (options?.version !== undefined || options?.precision !== undefined)
    forDecode("godot-4", () => godot4Dialect(options));
  return defaultReader;
};

/**
 * Decodes one Godot 4.x Variant (`var_to_bytes`, `bytes_to_var`, a `store_var` payload without its
 * length word, a `put_var` packet). Reads every 4.0-4.6 form: typed containers, FLAG_64 math of
 * double builds, all three object spellings. Trailing bytes are ignored, as the engine does,
 * unless `exact` is set.
 *
 * Options (all optional): `allowObjects` (default false: full objects fail with
 * `objects-not-allowed`, as without the engine's `allow_objects`), `copy` (default false:
 * packed arrays may view the input), `offset` (default 0), `exact` (default false),
 * `maxDepth` (default 1024), `maxCollectionLength` (default 16,777,216), `maxTotalBytes`
 * (default 1 GiB), `onSpan`.
 *
 * @throws {DecodeError} for malformed or truncated input (`truncated` when bytes run out,
 *   `unknown-type` for type ids >= 39) or a broken limit; never anything else.
 */
export function decode(bytes: Uint8Array, options?: Godot4DecodeOptions): Value {
  return decodeWith(reader(options), bytes, options);
}

/**
 * {@link decode}, also reporting how many bytes the value took (padding included), for reading
 * values back to back.
 * @throws {DecodeError} as {@link decode}.
 */
export function decodeWithLength(bytes: Uint8Array, options?: Godot4DecodeOptions): DecodeResult {
  return coreDecodeWithLength(reader(options), bytes, options);
}

/**
 * Decodes one Godot 4.x Variant straight to plain JavaScript, in one pass: exactly
 * `toJS(decode(bytes, options), options)` without the model in between (nil to null, int and
 * float to number, bigint beyond 2^53, String and StringName to string, Vector2 to `{ x, y }`,
 * packed arrays to typed arrays, dictionaries to objects when every key is a String, StringName
 * or int, else `Map`; `dictionaries: "map"` makes every one a Map). Options as {@link decode}
 * (`onSpan` aside) plus `dictionaries` (default `"auto"`).
 *
 * @example
 * ```ts
 * decodeJS(encode({ hp: 3, name: "Ada" })); // { hp: 3, name: "Ada" }
 * ```
 * @throws {DecodeError} as {@link decode}, with the same code, offset and path.
 */
export function decodeJS(bytes: Uint8Array, options?: Godot4DecodeOptions & ToJSOptions): unknown {
  return decodeJSWith(reader(options), bytes, options);
}

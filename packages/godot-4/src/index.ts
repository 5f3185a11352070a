/**
 * `@gdvariant/godot-4`: Godot 4.x's binary Variant format (`var_to_bytes`, `bytes_to_var`,
 * `store_var`, `put_var`), byte-exact with the engine, with version targeting (4.0-4.6) and
 * double-precision builds. The text form (`var_to_str`) is in `@gdvariant/godot-4/text`.
 * @packageDocumentation
 */
import { godot4Dialect } from "./dialect.js";

export { createCodec, type Godot4CodecOptions } from "./codec.js";
export { decode, decodeJS, decodeWithLength, type Godot4DecodeOptions } from "./decode.js";
export { godot4Dialect } from "./dialect.js";
export { encode, encodeInto, type Godot4EncodeOptions } from "./encode.js";
export {
  type Godot4JsonRules,
  godot4JsonRules,
  type JsonNativeLoss,
  type JsonNativeReadOptions,
  type JsonNativeWriteOptions,
  type JsonStringifyOptions,
  jsonNativeLosses,
  readJsonNative,
  writeJsonNative,
  writeJsonStringify,
} from "./json-native/index.js";
export { type Godot4Options, type ResolvedGodot4Options, resolveGodot4Options } from "./options.js";
export { type ParseTextOptions, parseText } from "./text/parse.js";
export { type ToTextOptions, toText } from "./text/to-text.js";
export { TYPE_COUNT, TYPE_ID } from "./type-ids.js";
export {
  featuresOf,
  GODOT4_VERSIONS,
  type Godot4Precision,
  type Godot4Version,
  type VersionFeatures,
} from "./versions.js";

/** The Godot 4.x dialect for the default target (4.6, single precision), for core's contract. */
export const dialect = /* @__PURE__ */ godot4Dialect();

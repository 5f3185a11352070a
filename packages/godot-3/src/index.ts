/**
 * @gdvariant/godot-3: Godot 3.x's binary Variant format (`var2bytes`/`bytes2var`,
 * `File.store_var`/`get_var`, `PacketPeer.put_var`): decode, encode, and the exact `var2str`
 * text of each release, checked against Godot 3.2.3 and 3.6.
 * @packageDocumentation
 */
export { createCodec, type Godot3CodecOptions } from "./codec.js";
export { decode, decodeJS, decodeWithLength } from "./decode.js";
export { dialect, godot3Dialect } from "./dialect.js";
export { encode, encodeInto } from "./encode.js";
export {
  DEFAULT_GODOT3_VERSION,
  GODOT3_VERSIONS,
  type Godot3DecodeOptions,
  type Godot3DialectOptions,
  type Godot3EncodeOptions,
  type Godot3Version,
} from "./options.js";
export { type ParseTextOptions, parseText } from "./text/parse.js";
export { type Godot3TextRules, godot3TextRules } from "./text/rules.js";
export { type ToTextOptions, toText } from "./text/to-text.js";
export { TYPE_COUNT, TYPE_ID } from "./type-ids.js";

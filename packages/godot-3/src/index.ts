/**
 * @gdvariant/godot-3: Godot 3.x's binary Variant format (`var2bytes`/`bytes2var`,
 * `File.store_var`/`get_var`, `PacketPeer.put_var`): decode, encode, and the exact `var2str`
 * text, checked byte for byte against Godot 3.2.3.
 * @packageDocumentation
 */
export { decode, decodeWithLength, encode } from "./codec.js";
export { dialect, godot3Dialect, GODOT3_TYPE_COUNT } from "./dialect.js";
export {
  GODOT3_VERSIONS,
  DEFAULT_GODOT3_VERSION,
  type Godot3Version,
  type Godot3DialectOptions,
  type Godot3DecodeOptions,
  type Godot3EncodeOptions,
} from "./options.js";
export { toText, type ToTextOptions } from "./text/to-text.js";

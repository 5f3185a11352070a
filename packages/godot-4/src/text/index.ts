/**
 * `@gdvariant/godot-4/text`: the engine's `var_to_str` text form of Godot 4.x values. A separate
 * entry point so that decoding and encoding do not carry the text code.
 * @packageDocumentation
 */

export { floatText, rtosFix } from "./real.js";
export { toText } from "./to-text.js";

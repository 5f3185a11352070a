/**
 * `@gdvariant/godot-4/text`: the engine's `var_to_str` text form of Godot 4.x values, per
 * release (4.0-4.6; 4.6 checked against Godot 4.6.3, the others from the engine source), and
 * the `str_to_var` reader. A separate entry point so that decoding and encoding do not carry
 * the text code.
 * @packageDocumentation
 */

export { type ParseTextOptions, parseText } from "./parse.js";
export { floatText, rtosFix } from "./real.js";
export { type Godot4TextOptions, type Godot4TextRules, godot4TextRules } from "./rules.js";
export { type ToTextOptions, toText } from "./to-text.js";

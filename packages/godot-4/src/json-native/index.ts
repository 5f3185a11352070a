/**
 * `@gdvariant/godot-4/json`: Godot 4's JSON forms, `JSON.stringify(JSON.from_native(v))` /
 * `JSON.to_native(JSON.parse_string(text))` and the plain `JSON.stringify(v)`, per release.
 * A separate entry point so that decoding and encoding do not carry them.
 * @packageDocumentation
 */

export { type JsonNativeWriteOptions, writeJsonNative } from "./from-native.js";
export { type JsonNativeLoss, jsonNativeLosses } from "./losses.js";
export { type JsonStringifyOptions, writeJsonStringify } from "./plain-stringify.js";
export { type Godot4JsonRules, godot4JsonRules } from "./rules.js";
export { type JsonNativeReadOptions, readJsonNative } from "./to-native.js";

/**
 * `@gdvariant/legacy-2/text`: Godot 2.1's `var2str` text form (and reading it back), on its own
 * entry point so the binary codec can be bundled without it.
 * @packageDocumentation
 */

export { cEscape, cEscapeMultiline } from "./c-escape.js";
export { type FromTextOptions, fromText, type ParseTextOptions, parseText } from "./parse.js";
export { nodePathString, realText, toText } from "./to-text.js";
export { variantLess } from "./variant-less.js";

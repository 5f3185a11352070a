/**
 * `@gdvariant/legacy-2/text`: Godot 2.1's `var2str` text form, on its own entry point so the
 * binary codec does not pull it in.
 * @packageDocumentation
 */
export { toText, realText, nodePathString } from "./to-text.js";
export { cEscape, cEscapeMultiline } from "./c-escape.js";
export { variantLess } from "./variant-less.js";

/**
 * Godot 3.x text form (`var2str`), on its own entry point so that it stays out of bundles that
 * only decode and encode.
 * @packageDocumentation
 */
export { toText, nodePathString, type ToTextOptions } from "./to-text.js";
export { cEscape, cEscapeMultiline } from "./escape.js";
export { formatReal, formatStandaloneReal } from "./real.js";

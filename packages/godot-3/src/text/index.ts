/**
 * Godot 3.x text form (`var2str`), on its own entry point so that it stays out of bundles that
 * only decode and encode.
 * @packageDocumentation
 */

export { cEscape, cEscapeMultiline } from "./escape.js";
export { formatReal, formatStandaloneReal } from "./real.js";
export { nodePathString, type ToTextOptions, toText } from "./to-text.js";

/**
 * Godot 3.x text form (`var2str`, `str2var`, ConfigFile entries), per engine release, on its own
 * entry point so that it stays out of bundles that only decode and encode.
 * @packageDocumentation
 */

export { configKeyText, configSectionText, configValueText } from "./config.js";
export { cEscape, cEscapeMultiline } from "./escape.js";
export { type ParseTextOptions, parseText } from "./parse.js";
export { formatReal, formatStandaloneReal } from "./real.js";
export { type Godot3TextRules, godot3TextRules } from "./rules.js";
export { nodePathString, type ToTextOptions, toText } from "./to-text.js";

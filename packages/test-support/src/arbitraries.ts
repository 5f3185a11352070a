// Value arbitraries for the property tests of every package, in one place. Sections:
// - primitives shared by every dialect;
// - `leafOf` / `valueArb`: every kind of every generation, nested from a chosen set of leaves
//   (core's codec tests, the text parser's round trips);
// - 4.x: `leaves4`, `value4` (anything the wire carries), `engineValue4` (what the engine holds
//   exactly as given);
// - 3.x: `leaf3`, `value3`, `engineValue3`;
// - 2.x: `value2x`, `KINDS_2X`;
// - text forms: the leaf lists and 2.x leaves that `toText` / `parseVariantText` round trips use;
// - `commonValue34`: what both the 3.x and 4.x dialects write (framing tests).
// Each section is a module of its own under arbitraries/; this module re-exports their public
// names, as before.
export {
  ALL_LEAVES,
  LEGACY_LEAVES,
  type LeafName,
  leafOf,
  MODERN_LEAVES,
  textValueArb,
  type ValueArbOptions,
  valueArb,
} from "./arbitraries/generic.js";
export { engineValue3, LEAVES_3, type Leaf3, leaf3, value3 } from "./arbitraries/godot-3.js";
export {
  BUILTIN_ELEMENT_KINDS,
  engineValue4,
  type LeafKind4,
  leaves4,
  value4,
} from "./arbitraries/godot-4.js";
export { KINDS_2X, value2x } from "./arbitraries/legacy-2.js";
export { commonValue34, GODOT3_TEXT_LEAVES, textImage2, textInputEvent2 } from "./arbitraries/text.js";

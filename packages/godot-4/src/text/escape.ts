// Godot 4.x's string escapers (core/string/ustring.cpp), shared with the other generations in
// core. Godot 4.6's c_escape leaves `?` alone (older versions wrote `\?`); engine output
// confirms it.
import { cEscape as engineCEscape } from "@gdvariant/core";

export { cEscapeMultiline } from "@gdvariant/core";

/** `String::c_escape` of Godot 4.6: StringName, NodePath and PackedStringArray text. */
export function cEscape(s: string): string {
  return engineCEscape(s, { escapeQuestionMark: false });
}

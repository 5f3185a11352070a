// The two string escapes of Godot 3.x `core/ustring.cpp`, used by var2str; the rules are shared
// with the other generations in core, and 3.x escapes `?`.
import { cEscape as engineCEscape } from "@gdvariant/core";

export { cEscapeMultiline } from "@gdvariant/core";

/**
 * `String::c_escape()` of Godot 3.x: backslash first, then `\a \b \f \n \r \t \v`, the single
 * quote, `?` and the double quote, each as a backslash sequence. var2str uses it for NodePaths
 * and PoolStringArray elements.
 */
export function cEscape(s: string): string {
  return engineCEscape(s, { escapeQuestionMark: true });
}

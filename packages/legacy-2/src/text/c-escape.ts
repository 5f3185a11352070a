// String escaping of the 2.1 engine (core/ustring.cpp); the rules are shared with the other
// generations in core, and 2.1 escapes `?`.
import { cEscape as engineCEscape } from "@gdvariant/core";

export { cEscapeMultiline } from "@gdvariant/core";

/** `String::c_escape()`: backslash, \a \b \f \n \r \t \v, ' ? and " escaped. */
export function cEscape(s: string): string {
  return engineCEscape(s, { escapeQuestionMark: true });
}

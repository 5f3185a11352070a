// The engine's two string escapers (`String::c_escape` and `String::c_escape_multiline` in
// core/ustring.cpp, core/string/ustring.cpp in 4.x). The engine chains single-character
// `replace()` calls starting with the backslash, so one pass over the characters gives the same
// result. The generations differ in one character only: 2.x and 3.x escape `?` as `\?`, the
// 4.x output this library matches (4.6) leaves it alone; the dialects say which they need.

/** Options of {@link cEscape}. */
export interface CEscapeOptions {
  /** Write `?` as `\?`, as Godot 2.x and 3.x do (Godot 4.6 does not). */
  readonly escapeQuestionMark: boolean;
}

const C_ESCAPES: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "\x07": "\\a",
  "\b": "\\b",
  "\f": "\\f",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
  "\v": "\\v",
  "'": "\\'",
  "?": "\\?",
  '"': '\\"',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: BEL is one of the escaped characters.
const C_ESCAPE_RE = /[\\\x07\b\f\n\r\t\v'"]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: BEL is one of the escaped characters.
const C_ESCAPE_QUESTION_RE = /[\\\x07\b\f\n\r\t\v'?"]/g;
const MULTILINE_RE = /[\\"]/g;

/**
 * `String::c_escape`: the backslash, `\a \b \f \n \r \t \v`, the single and double quote (and
 * `?` when `options.escapeQuestionMark`) each become a backslash sequence. `var2str` and
 * `var_to_str` use it for NodePaths, StringNames and string array elements.
 * @param options which generation's rule for `?` applies; there is no default on purpose.
 */
export function cEscape(s: string, options: CEscapeOptions): string {
  return s.replace(options.escapeQuestionMark ? C_ESCAPE_QUESTION_RE : C_ESCAPE_RE, (c) => C_ESCAPES[c]!);
}

/**
 * `String::c_escape_multiline`: only the backslash and the double quote are escaped, so newlines
 * and tabs stay as they are. Every generation's `var2str`/`var_to_str` uses it for a String.
 */
export function cEscapeMultiline(s: string): string {
  return s.replace(MULTILINE_RE, (c) => `\\${c}`);
}

// String escaping of the 2.1 engine (core/ustring.cpp). Both functions are chains of
// `replace()` calls starting with the backslash, which a single pass reproduces exactly.

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

/** `String::c_escape()`: backslash, \a \b \f \n \r \t \v, ' ? and " escaped. */
export function cEscape(s: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the engine escapes BEL (\a) too.
  return s.replace(/[\\\x07\b\f\n\r\t\v'?"]/g, (c) => C_ESCAPES[c]!);
}

/** `String::c_escape_multiline()`: only backslash and double quote (what `var2str` uses for String). */
export function cEscapeMultiline(s: string): string {
  return s.replace(/[\\"]/g, (c) => (c === "\\" ? "\\\\" : '\\"'));
}

// The engine's two string escapers (core/string/ustring.cpp). Each replaces single characters
// (backslash first), so one pass over the characters gives the same result. Godot 4.6's
// c_escape leaves `?` alone (older versions wrote `\?`); engine output confirms it.

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
  '"': '\\"',
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: BEL is one of the escaped characters.
const C_ESCAPE_RE = /[\\\x07\b\f\n\r\t\v'"]/g;
const MULTILINE_RE = /[\\"]/g;

/** `String::c_escape`: StringName, NodePath and PackedStringArray text. */
export function cEscape(s: string): string {
  return s.replace(C_ESCAPE_RE, (c) => C_ESCAPES[c]!);
}

/** `String::c_escape_multiline`: String text; only `\` and `"` are escaped. */
export function cEscapeMultiline(s: string): string {
  return s.replace(MULTILINE_RE, (c) => `\\${c}`);
}

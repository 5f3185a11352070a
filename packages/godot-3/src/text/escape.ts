// The two string escapes of Godot 3.x `core/ustring.cpp`, used by var2str.

/**
 * `String::c_escape()` of Godot 3.x: backslash first, then `\a \b \f \n \r \t \v`, the single
 * quote, `?` and the double quote, each as a backslash sequence. var2str uses it for NodePaths
 * and PoolStringArray elements.
 */
export function cEscape(s: string): string {
  let out = "";
  for (const ch of s) {
    switch (ch) {
      case "\\":
        out += "\\\\";
        break;
      case "\x07":
        out += "\\a";
        break;
      case "\b":
        out += "\\b";
        break;
      case "\f":
        out += "\\f";
        break;
      case "\n":
        out += "\\n";
        break;
      case "\r":
        out += "\\r";
        break;
      case "\t":
        out += "\\t";
        break;
      case "\v":
        out += "\\v";
        break;
      case "'":
        out += "\\'";
        break;
      case "?":
        out += "\\?";
        break;
      case '"':
        out += '\\"';
        break;
      default:
        out += ch;
    }
  }
  return out;
}

/**
 * `String::c_escape_multiline()` of Godot 3.x: only the backslash and the double quote are
 * escaped, so newlines and tabs stay as they are. var2str uses it for a String value.
 */
export function cEscapeMultiline(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
}

import { cEscapeMultiline, parseVariantTextAt, TextParseError, type Value } from "@gdvariant/core";
import { FileError } from "./errors.js";

// ConfigFile's text (core/io/config_file.cpp `_internal_save` and `_parse`, with
// VariantParser::parse_tag_assign_eof and get_token in variant_parser.cpp):
//
//   [section]            sections in insertion order, a blank line after each header and one
//                        between sections; 3.x writes every header, the "" section as "[]";
//                        4.x writes the "" section first, without a header, and "]" as "\]"
//   key=<value text>     VariantWriter (var2str / var_to_str), over several lines for
//                        dictionaries and for strings holding line breaks (raw inside the
//                        quotes); a key outside [A-Za-z0-9...] is quoted (property_name_encode)
//
// The engine does not read lines: it reads characters. Whitespace (anything up to ' ', so CR
// too) separates entries, ';' starts a comment up to '\n', '[' a section name up to its ']',
// anything else a key up to '='; the value is then one token stream, and whatever follows it
// starts the next entry. This reader does the same in one pass over the text (the value through
// core's parser from where it starts), so a value over many lines costs its length once.

/** A ConfigFile: sections in order, each an ordered map of key to value. */
export type ConfigSections = Map<string, Map<string, Value>>;

/** Which engine's ConfigFile.save text to write. */
export type ConfigDialect = "godot-3" | "godot-4";

const SEMICOLON = 0x3b;
const QUOTE = 0x22;
const EQUALS = 0x3d;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const BACKSLASH = 0x5c;

function corrupt(detail: string, offset: number, cause?: unknown): FileError {
  return new FileError(detail, { code: "corrupt", offset, layer: "config", cause });
}

function unsupported(detail: string, offset: number): FileError {
  return new FileError(detail, { code: "unsupported", offset, layer: "config" });
}

function checkDialect(dialect: unknown): asserts dialect is ConfigDialect {
  if (dialect !== "godot-3" && dialect !== "godot-4")
    throw new TypeError(`unknown ConfigFile dialect ${JSON.stringify(dialect)}: use godot-3 or godot-4`);
}

// Whitespace (every character up to ' ') and ';' comments, as parse_tag_assign_eof skips them.
function skipBlank(text: string, at: number): number {
  let i = at;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c <= 32) i++;
    else if (c === SEMICOLON) {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
    } else return i; // NaN past the end compares false with everything
  }
}

// String::strip_edges: every character up to ' ' off both ends.
function stripEdges(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) <= 32) a++;
  while (b > a && s.charCodeAt(b - 1) <= 32) b--;
  return s.slice(a, b);
}

// One value of Godot text from `at`, and where the text after it starts.
function readValue(
  text: string,
  at: number,
  dialect: ConfigDialect,
  what: string,
): { value: Value; end: number } {
  try {
    return parseVariantTextAt(text, at, { dialect });
  } catch (e) {
    if (TextParseError.is(e)) throw corrupt(`${what} does not parse: ${e.message}`, e.offset, e);
    throw e;
  }
}

// A simple tag (`_parse_tag` with p_simple_tag): everything up to the first ']' (in 4.x, up to
// the first ']' not after a '\'), edges stripped; ConfigFile 4.x then reads "\]" as "]".
function readSection(text: string, at: number, dialect: ConfigDialect): { name: string; end: number } {
  let i = at + 1;
  if (dialect === "godot-3") i = text.indexOf("]", i);
  else {
    let escaping = false;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === CLOSE && !escaping) break;
      escaping = c === BACKSLASH;
    }
  }
  if (i < 0 || i >= text.length) throw corrupt("a section name has no closing ']'", at);
  const name = stripEdges(text.slice(at + 1, i));
  return { name: dialect === "godot-3" ? name : name.replaceAll("\\]", "]"), end: i + 1 };
}

// What ConfigFile::set_value does with what _parse read: an empty key is never set, null erases
// the key (and the section, left empty), anything else sets it, a key keeping its first place.
function setValue(sections: ConfigSections, section: string, key: string, value: Value): void {
  if (key === "") return;
  let keys = sections.get(section);
  if (value.kind === "nil") {
    if (keys?.delete(key) && keys.size === 0) sections.delete(section);
    return;
  }
  if (keys === undefined) {
    keys = new Map();
    sections.set(section, keys);
  }
  keys.set(key, value);
}

/**
 * Parses ConfigFile text (what `ConfigFile.save` writes, or the plaintext of
 * `save_encrypted_pass`) into sections of model values, as the engine's `ConfigFile.load` reads
 * it: values may run over several lines (dictionaries one entry a line, strings with raw line
 * breaks inside the quotes, which stay in the string: a CRLF file's strings hold "\r\n"), lines
 * may end in LF, CRLF or CR, several entries may share a line, `;` comments are dropped. As in
 * the engine, a key set to `null` is removed (with its section when that leaves it empty), a
 * section with no keys does not exist, an empty key is skipped, and a key seen again keeps its
 * place and takes the later value. `[]` (3.x's header of the `""` section) is read as the `""`
 * section, which is what 3.x wrote it for. 4.x puts the `""` section first, as it does.
 *
 * Where the engine would quietly run text together, this reader refuses: a bare key with
 * whitespace inside (`a b=1`, which the engine reads as `ab`), a key followed by anything but
 * `=`, a key with no value at the end of the text. Work is linear in the length of the text.
 *
 * @param options `dialect` (default `godot-4`): how names that differ between generations read,
 *   and whether `\]` in a section name is a `]` (4.x) or not (3.x).
 * @throws {FileError} `corrupt` (layer `config`) with the character offset of a section name with
 *   no `]`, of a key with no `=` after it, or of where a value (or a quoted key) stops parsing.
 * @throws {TypeError} for a dialect other than `godot-3` and `godot-4`.
 */
export function parseConfigFile(
  text: string,
  options: { readonly dialect?: ConfigDialect } = {},
): ConfigSections {
  const dialect = options?.dialect ?? "godot-4";
  checkDialect(dialect);
  if (typeof text !== "string") throw corrupt(`expected the text as a string, got ${typeof text}`, 0);
  const sections: ConfigSections = new Map();
  let section = "";
  let i = skipBlank(text, 0);
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === OPEN) {
      const s = readSection(text, i, dialect);
      section = s.name;
      i = skipBlank(text, s.end);
      continue;
    }
    const keyAt = i;
    let key = "";
    if (c === QUOTE) {
      const k = readValue(text, i, dialect, "a quoted key");
      key = (k.value as { value: string }).value;
      i = k.end;
    } else {
      while (i < text.length) {
        const d = text.charCodeAt(i);
        if (d <= 32 || d === QUOTE || d === EQUALS || d === SEMICOLON) break;
        i++;
      }
      key = text.slice(keyAt, i);
    }
    i = skipBlank(text, i);
    if (text.charCodeAt(i) !== EQUALS) {
      throw corrupt(
        i >= text.length
          ? `the key ${JSON.stringify(key)} has no '=' and value`
          : `expected '=' after the key ${JSON.stringify(key)}`,
        keyAt,
      );
    }
    const v = readValue(text, i + 1, dialect, `the value of ${JSON.stringify(key)}`);
    setValue(sections, section, key, v.value);
    i = skipBlank(text, v.end);
  }
  // ConfigFile 4.x inserts the "" section at the front whenever it makes it.
  const top = sections.get("");
  if (dialect === "godot-4" && top !== undefined && sections.keys().next().value !== "")
    return new Map([["", top], ...[...sections].filter(([name]) => name !== "")]);
  return sections;
}

// A lone surrogate has no UTF-8; NUL ends the engine's strings.
const UNWRITABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

// String::property_name_encode: a key with '=', '"', ';', '[', ']' or anything outside '!'..'~'
// is quoted, with c_escape_multiline inside (both 3.6 and 4.x; 3.2.3 wrote every key bare, and
// could not read most such keys back).
const NEEDS_QUOTES = /[=";[\]\0-\x20\x7f-\uffff]/;

function keyText(key: unknown, section: string, at: number): string {
  const where = `in section ${JSON.stringify(section)}`;
  if (typeof key !== "string") throw unsupported(`a key ${where} is a ${typeof key}, not a string`, at);
  if (key === "")
    throw unsupported(`an empty key ${where}: the engine writes "=value" and skips it when loading`, at);
  if (UNWRITABLE.test(key))
    throw unsupported(`the key ${JSON.stringify(key)} ${where} holds a NUL or a lone surrogate`, at);
  return NEEDS_QUOTES.test(key) ? `"${cEscapeMultiline(key)}"` : key;
}

// What the engine's reader gives back the name from: 3.x reads up to the first ']' and 4.x up to
// the first ']' not after a '\' (its writer writes ']' as '\]'), both strip the edges.
function sectionText(name: unknown, dialect: ConfigDialect, at: number): string {
  if (typeof name !== "string") throw unsupported(`a section name is a ${typeof name}, not a string`, at);
  const q = JSON.stringify(name);
  const refuse = (why: string) => unsupported(`the section name ${q} ${why}`, at);
  if (UNWRITABLE.test(name)) throw refuse("holds a NUL or a lone surrogate");
  if (stripEdges(name) !== name) throw refuse("starts or ends with whitespace, which the engine strips");
  if (dialect === "godot-3") {
    if (name.includes("]")) throw refuse("holds a ']', which ends it for Godot 3");
    return name;
  }
  if (name.charCodeAt(name.length - 1) === BACKSLASH)
    throw refuse("ends with '\\', which Godot 4 reads as escaping the closing ']'");
  return name.replaceAll("]", "\\]");
}

/**
 * Writes ConfigFile text as `ConfigFile.save` of the engine of `dialect` writes it, with the
 * dialect's text form for values (pass `toText` of `@gdvariant/godot-3` or `@gdvariant/godot-4`).
 * Keys are written bare or quoted as the engine does (3.6 and 4.x); 4.x writes `]` in a section
 * name as `\]`. What is written reads back with {@link parseConfigFile} (and loads in the
 * engine) as the same sections, keys and values; what the engine cannot hold or read back is
 * refused rather than written.
 *
 * @param options `dialect` (required): `godot-3` or `godot-4`.
 * @throws {FileError} `unsupported` (layer `config`, offset: where in the text it would go) for
 *   an empty key, a key or section name with a NUL or a lone surrogate, a section name with
 *   whitespace at either end, a `]` in a 3.x section name, a `\` ending a 4.x one, a `null` value
 *   (the engine's `set_value` erases the key) and a section without keys (the engine has none).
 * @throws {TypeError} for a dialect other than `godot-3` and `godot-4`.
 * @throws whatever `toText` throws for a value it cannot write.
 */
export function writeConfigFile(
  sections: ConfigSections,
  toText: (value: Value) => string,
  options: { readonly dialect: ConfigDialect },
): string {
  const dialect = options?.dialect;
  checkDialect(dialect);
  if (!(sections instanceof Map)) throw unsupported("expected the sections as a Map", 0);
  const order = [...sections.keys()];
  if (dialect === "godot-4" && sections.has("")) order.sort((a, b) => (a === "" ? -1 : b === "" ? 1 : 0));
  let out = "";
  order.forEach((name, i) => {
    const keys = sections.get(name);
    if (i > 0) out += "\n";
    if (name !== "" || dialect === "godot-3") out += `[${sectionText(name, dialect, out.length)}]\n\n`;
    if (!(keys instanceof Map) || keys.size === 0)
      throw unsupported(
        `the section ${JSON.stringify(name)} holds no Map of keys: the engine has no empty section`,
        out.length,
      );
    for (const [key, value] of keys) {
      const k = keyText(key, name, out.length);
      if (value?.kind === "nil")
        throw unsupported(
          `the value of ${JSON.stringify(key)} is null, which makes the engine erase the key`,
          out.length,
        );
      out += `${k}=${toText(value)}\n`;
    }
  });
  return out;
}

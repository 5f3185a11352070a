import { parseVariantText, TextParseError, type Value } from "@gdvariant/core";
import { FileError } from "./errors.js";

// ConfigFile's text (core/io/config_file.cpp, _internal_save and _parse):
//
//   [section]            sections in insertion order, a blank line after each header and
//                        one between sections
//   key=<value text>     VariantWriter (var2str / var_to_str), possibly over several lines
//
// 3.x writes every section's header, the "" section as "[]"; 4.x writes the "" section first,
// without a header. Comments (";" lines) are dropped when read, as the engine does.

/** A ConfigFile: sections in order, each an ordered map of key to value. */
export type ConfigSections = Map<string, Map<string, Value>>;

/** Which engine's ConfigFile.save text to write. */
export type ConfigDialect = "godot-3" | "godot-4";

function configError(detail: string, offset: number, cause?: unknown): FileError {
  return new FileError(detail, { code: "corrupt", offset, layer: "config", cause });
}

/**
 * Parses ConfigFile text (what `ConfigFile.save` writes, or the plaintext of
 * `save_encrypted_pass`) into sections of model values, with core's text parser.
 *
 * @param options `dialect` (default `godot-4`): how names that differ between generations read.
 * @throws {FileError} `corrupt` (layer `config`) with the character offset of a line that is
 *   neither a section, a key=value pair nor a comment, or of a value that does not parse.
 */
export function parseConfigFile(
  text: string,
  options: { readonly dialect?: ConfigDialect } = {},
): ConfigSections {
  const sections: ConfigSections = new Map();
  let current = "";
  const lines = text.split("\n");
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    const start = at;
    at += lines[i]!.length + 1;
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith(";")) continue;
    if (trimmed.startsWith("[") && trimmed.endsWith("]")) {
      current = trimmed.slice(1, -1);
      if (!sections.has(current)) sections.set(current, new Map());
      continue;
    }
    const eq = line.indexOf("=");
    if (eq <= 0) throw configError(`line ${i + 1} is neither [section] nor key=value`, start);
    let key = line.slice(0, eq).trim();
    if (key.startsWith('"') && key.endsWith('"') && key.length >= 2) key = JSON.parse(key) as string;
    // A value may run over several lines (dictionaries, arrays, multi-line strings): add lines
    // while the parser stops at the end of the text.
    let valueText = line.slice(eq + 1);
    let value: Value | undefined;
    for (;;) {
      try {
        value = parseVariantText(valueText, { dialect: options.dialect ?? "godot-4" });
        break;
      } catch (e) {
        const atEnd = TextParseError.is(e) && e.offset >= valueText.trimEnd().length;
        if (!atEnd || i + 1 >= lines.length)
          throw configError(
            `the value of '${key}' does not parse: ${(e as Error).message}`,
            start + eq + 1,
            e,
          );
        i++;
        valueText += `\n${lines[i]!}`;
        at += lines[i]!.length + 1;
      }
    }
    if (!sections.has(current)) sections.set(current, new Map());
    sections.get(current)!.set(key, value);
  }
  return sections;
}

// String::property_name_encode: a key of only these characters is written bare, else quoted.
function encodeKey(key: string): string {
  if (/^[A-Za-z0-9_/.\-+]+$/.test(key)) return key;
  return `"${key.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/**
 * Writes ConfigFile text as `ConfigFile.save` of the engine of `dialect` writes it, with the
 * dialect's text form for values (pass `toText` of `@gdvariant/godot-3` or `@gdvariant/godot-4`).
 */
export function writeConfigFile(
  sections: ConfigSections,
  toText: (value: Value) => string,
  options: { readonly dialect: ConfigDialect },
): string {
  const order = [...sections.keys()];
  if (options.dialect === "godot-4" && sections.has(""))
    order.sort((a, b) => (a === "" ? -1 : b === "" ? 1 : 0));
  let out = "";
  order.forEach((name, i) => {
    if (i > 0) out += "\n";
    if (name !== "" || options.dialect === "godot-3") out += `[${name}]\n\n`;
    for (const [key, value] of sections.get(name)!) out += `${encodeKey(key)}=${toText(value)}\n`;
  });
  return out;
}

// Per-release pieces of a Godot 3.x ConfigFile (`ConfigFile.save` / `load`), for a ConfigFile
// reader and writer to call: the file is "[section]\n\n" then "key=value\n" per key, with "\n"
// before each later section, in insertion order; the value is var2str text.
import type { Value } from "@gdvariant/core";
import type { Godot3DialectOptions } from "../options.js";
import { cEscapeMultiline } from "./escape.js";
import { godot3TextRules } from "./rules.js";
import { toText } from "./to-text.js";

// String::property_name_encode() of 3.x: quote when a character is '=', '"', ';', '[', ']',
// a control character or space (< 33), or anything past '~' (> 126). Checked on Godot 3.6.
function needsQuotes(key: string): boolean {
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c < 33 || c > 126 || c === 0x3d || c === 0x22 || c === 0x3b || c === 0x5b || c === 0x5d) return true;
  }
  return false;
}

/**
 * A ConfigFile key as that release's `ConfigFile.save` writes it. From 3.4 (godot#52180; 3.6
 * measured, the 3.x release of the change assumed), a key
 * holding `=`, `"`, `;`, `[`, `]`, a space, a control character or non-ASCII text is quoted and
 * escaped (`"key with spaces"`, `"q\"uote"`); others stay bare. Up to 3.3 every key is written
 * as it is (and such keys do not load back intact; see `configKeys` in `godot3TextRules`).
 *
 * @param options `version` (default `"3.6"`).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function configKeyText(key: string, options?: Godot3DialectOptions): string {
  if (godot3TextRules(options).configKeys === "raw" || !needsQuotes(key)) return key;
  return `"${cEscapeMultiline(key)}"`;
}

/**
 * A ConfigFile section header as every 3.x release writes it: `[name]`, the name as it is (UTF-8
 * in the file). Reading differs: see `configSectionsUtf8` in `godot3TextRules`.
 */
export function configSectionText(name: string): string {
  return `[${name}]`;
}

/**
 * A ConfigFile value as that release writes it: its `var2str` text (`toText` with the same
 * `version`), so `{\n}` or `{\n\n}` for an empty Dictionary and `inf_neg` or `-inf`. Up to 3.3,
 * a value holding negative infinity does not load back (`-inf` is not read; the engine's load
 * fails with ERR_PARSE_ERROR).
 *
 * @param options `version` (default `"3.6"`).
 * @throws {EncodeError} as `toText`.
 */
export function configValueText(value: Value, options?: Godot3DialectOptions): string {
  return toText(value, options ?? {});
}

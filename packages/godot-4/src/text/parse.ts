import { parseVariantText, type Value } from "@gdvariant/core";
import type { Godot4Precision } from "../versions.js";
import { type Godot4TextOptions, godot4TextRules } from "./rules.js";

/** Options of {@link parseText}: the engine release, the build's precision and a depth limit. */
export interface ParseTextOptions extends Godot4TextOptions {
  /**
   * `"single"` (default): math-type components are rounded to 32-bit floats, as a
   * single-precision engine holds them. `"double"`: kept as written (`precision=double` builds).
   */
  precision?: Godot4Precision;
  /** Deepest nesting accepted (root = 0). Default 1024, as the engine. */
  maxDepth?: number;
}

/**
 * Reads what `str_to_var` of that Godot 4.x release reads: core's `parseVariantText` with 4.x's
 * names, refusing the constructors the release does not have (`PackedVector4Array` before 4.3,
 * `Dictionary[K, V]({...})` before 4.4). Numbers read the same in every 4.x release: text
 * written with 4.0-4.4's six digits reads as the value those digits name, not as the value
 * that was written.
 *
 * @param options `version` (default `"4.6"`), `precision` (default `"single"`), `maxDepth`
 *   (default 1024).
 * @throws {TextParseError} for text that release does not read as a value (`unknown-identifier`
 *   for a constructor it does not have).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function parseText(text: string, options: ParseTextOptions = {}): Value {
  return parseVariantText(text, {
    dialect: "godot-4",
    unknownNames: godot4TextRules(options).unknownNames,
    ...(options.precision !== undefined ? { precision: options.precision } : {}),
    ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}),
  });
}

import { parseVariantText, type Value } from "@gdvariant/core";
import type { Godot3DialectOptions } from "../options.js";
import { godot3TextRules } from "./rules.js";

/** Options of {@link parseText}: the engine release (default `"3.6"`) and a depth limit. */
export interface ParseTextOptions extends Godot3DialectOptions {
  /** Deepest nesting accepted (root = 0). Default 1024, as the engine. */
  maxDepth?: number;
}

/**
 * Reads what `str2var` of that Godot 3.x release reads: core's `parseVariantText` with 3.x's
 * names, single-precision math types, and the release's infinity and NaN spellings (`inf`,
 * `nan` and `inf_neg` anywhere from 3.4; only `inf` and `nan` alone up to 3.3). Both spellings
 * of an empty Dictionary read in every release. `-inf` is refused, as the engines read it as the
 * int 0; core's `parseVariantText` without `nonFinite` reads every spelling.
 *
 * @param options `version` (default `"3.6"`), `maxDepth` (default 1024).
 * @throws {TextParseError} for text that release does not read as a value (`unsupported` for a
 *   non-finite spelling it does not know).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function parseText(text: string, options: ParseTextOptions = {}): Value {
  options ??= {}; // null from an untyped caller is no options
  const rules = godot3TextRules(options);
  return parseVariantText(text, {
    dialect: "godot-3",
    nonFinite: rules.nonFinite,
    ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}),
  });
}

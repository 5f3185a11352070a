import { parseVariantText, type Value } from "@gdvariant/core";

/** Options of {@link parseText}. */
export interface ParseTextOptions {
  /** Deepest nesting accepted (root = 0). Default 1024. */
  maxDepth?: number;
}

/**
 * Reads Godot 2.x text (`var2str` output, engine.cfg values) into a value, with 2.x meanings:
 * `Matrix32`/`Matrix3` give `matrix32`/`matrix3`, a NodePath's last `:` part is its `property`,
 * containers are shared as 2.1 makes them, reals inside math types are 32-bit. Text prints reals
 * with 6 significant digits, so a real read back is the printed number, not the original bits;
 * encode it with `reals: "round"`. Core's `parseVariantText` does the parsing.
 * @throws {TextParseError} (a `GdVariantError`) with `code`, `offset`, `line` and `column` for
 * text that is not one value.
 */
export function parseText(text: string, options: ParseTextOptions = {}): Value {
  options ??= {}; // null from an untyped caller is no options
  return parseVariantText(text, {
    dialect: "legacy-2",
    ...(options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth }),
  });
}

/** @deprecated The same as {@link parseText} (the name godot-3 and godot-4 use). */
export const fromText: (text: string, options?: ParseTextOptions) => Value = parseText;

/** @deprecated {@link ParseTextOptions}. */
export type FromTextOptions = ParseTextOptions;

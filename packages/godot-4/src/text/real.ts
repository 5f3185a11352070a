import { formatPrintfG } from "@gdvariant/core";
import { numScientific } from "./grisu2.js";
import { type Godot4TextOptions, type Godot4TextRules, godot4TextRules } from "./rules.js";

type Reals = Godot4TextRules["reals"];

/**
 * `rtos_fix` of core/variant/variant_parser.cpp as `var_to_str` calls it, for one release's
 * rule: ±0 → `0`, -inf → `inf_neg`, NaN → `nan`; otherwise `%lg` (4.0-4.4) or, from 4.5, the
 * float's shortest digits when a 32-bit float holds the value exactly and the double's
 * otherwise. `double` marks a PackedFloat64Array element, which 4.5 printed with the double's
 * digits whatever its value.
 */
export function realText(v: number, reals: Reals, double = false): string {
  if (v === 0) return "0";
  if (v === Number.NEGATIVE_INFINITY) return "inf_neg";
  if (reals === "printf-g") return formatPrintfG(v, 6);
  return numScientific(v, !(double && reals === "shortest-float") && Math.fround(v) === v);
}

/** A standalone `float` under one release's rule: {@link realText}, `.0` added to whole-looking text. */
export function standaloneFloatText(v: number, reals: Reals): string {
  const s = realText(v, reals);
  // `inf_neg` needs no test of its own: it holds an `e`, as the engine's check also finds.
  if (s === "inf" || s === "nan" || s.includes(".") || s.includes("e") || s.includes("E")) return s;
  return `${s}.0`;
}

/**
 * How `var_to_str` prints one real of a math type (Vector2, Color, Transform3D...) or packed
 * float array element: `rtos_fix` of core/variant/variant_parser.cpp. ±0 → `0`, -inf →
 * `inf_neg`, NaN → `nan`; then per release:
 * - 4.0-4.4: `%lg`, six significant digits (`0.333333`, `1.23457e+08`);
 * - 4.5-4.6: the shortest digits that read back (Grisu2), a 32-bit float's digits when a float
 *   holds the value exactly (so a Vector2 component 0.1f prints `0.1`).
 *
 * @param options `version` (default `"4.6"`).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function rtosFix(v: number, options?: Godot4TextOptions): string {
  return realText(v, godot4TextRules(options).reals);
}

/**
 * How `var_to_str` prints a standalone `float`: {@link rtosFix}, with `.0` appended when the
 * text reads like an int (`1.0`, `1e+06` stays as it is, `inf`, `inf_neg`, `nan` too).
 *
 * @param options `version` (default `"4.6"`).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function floatText(v: number, options?: Godot4TextOptions): string {
  return standaloneFloatText(v, godot4TextRules(options).reals);
}

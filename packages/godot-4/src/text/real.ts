import { numScientific } from "./grisu2.js";

/**
 * `rtos_fix` of core/variant/variant_parser.cpp in the compat mode `var_to_str` uses:
 * ±0 → `0`, -inf → `inf_neg`, a value a float can hold exactly → the float's Grisu2 digits
 * (so a Vector2 component 0.1f prints `0.1`), anything else → the double's Grisu2 digits.
 */
export function rtosFix(v: number): string {
  if (v === 0) return "0";
  if (v === Number.NEGATIVE_INFINITY) return "inf_neg";
  return numScientific(v, Math.fround(v) === v);
}

/** A standalone `float`: {@link rtosFix}, with `.0` appended when it reads like an int. */
export function floatText(v: number): string {
  const s = rtosFix(v);
  if (s === "inf" || s === "-inf" || s === "nan") return s;
  if (s.includes(".") || s.includes("e") || s.includes("E")) return s;
  return `${s}.0`;
}

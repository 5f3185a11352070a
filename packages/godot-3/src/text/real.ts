import { formatPrintfG } from "@gdvariant/core";
import type { Godot3DialectOptions } from "../options.js";
import { type Godot3TextRules, godot3TextRules } from "./rules.js";

type NegativeInfinity = Godot3TextRules["negativeInfinity"];

/** {@link formatReal} with the rule already resolved (the writer's hot path). */
export function realText(v: number, negativeInfinity: NegativeInfinity): string {
  if (v === 0) return "0";
  if (v === -Infinity && negativeInfinity === "inf_neg") return "inf_neg";
  return formatPrintfG(v, 6);
}

/** {@link formatStandaloneReal} with the rule already resolved. */
export function standaloneRealText(v: number, negativeInfinity: NegativeInfinity): string {
  const s = realText(Math.fround(v), negativeInfinity);
  if (s === "inf" || s === "nan" || s === "inf_neg") return s;
  return s.includes(".") || s.includes("e") ? s : `${s}.0`;
}

/**
 * `rtosfix()` of Godot 3.x `variant_parser.cpp`: `%lg` (six significant digits, as glibc
 * prints it), except that both zeros print as `0` ("avoid negative zero being written").
 * Non-finite values print as `nan`, `inf`, and negative infinity as `inf_neg` from 3.4
 * (godot#47500), `-inf` before.
 *
 * @param options `version` (default `"3.6"`).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function formatReal(v: number, options?: Godot3DialectOptions): string {
  return realText(v, godot3TextRules(options).negativeInfinity);
}

/**
 * A standalone REAL in var2str: the double is first narrowed to `real_t` (a 32-bit float in
 * every official 3.x build, so 1e300 prints `inf` and 1e-50 prints `0.0`), printed with
 * {@link formatReal}, and `.0` is appended when the text has neither `.` nor `e`, except for
 * exactly `inf`, `inf_neg` and `nan`. So up to 3.3, `-inf` prints `-inf.0`, as those engines do.
 *
 * @param options `version` (default `"3.6"`).
 * @throws {GdVariantError} for an unknown `version`.
 */
export function formatStandaloneReal(v: number, options?: Godot3DialectOptions): string {
  return standaloneRealText(v, godot3TextRules(options).negativeInfinity);
}

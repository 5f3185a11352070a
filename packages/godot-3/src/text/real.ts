import { formatPrintfG } from "@gdvariant/core";

/**
 * `rtosfix()` of Godot 3.x `variant_parser.cpp`: `%lg` (six significant digits, as glibc
 * prints it), except that both zeros print as `0` ("avoid negative zero being written").
 * Non-finite values print as `nan`, `inf`, `-inf` (`String::num_scientific`).
 */
export function formatReal(v: number): string {
  if (v === 0) return "0";
  return formatPrintfG(v, 6);
}

/**
 * A standalone REAL in var2str: the double is first narrowed to `real_t` (a 32-bit float in
 * every official 3.x build, so 1e300 prints `inf` and 1e-50 prints `0.0`), printed with
 * {@link formatReal}, and `.0` is appended when the text has neither `.` nor `e`, except for
 * exactly `inf` and `nan`. So `-inf` prints `-inf.0`, as the engine does.
 */
export function formatStandaloneReal(v: number): string {
  const s = formatReal(Math.fround(v));
  if (s === "inf" || s === "nan") return s;
  return s.includes(".") || s.includes("e") ? s : `${s}.0`;
}

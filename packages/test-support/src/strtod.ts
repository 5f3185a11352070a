// What the engine's strtod moves. Godot reads a number's text with built_in_strtod (core's
// `builtInStrtod` is a port), which is not correctly rounded: it keeps 18 digits, leading zeros
// included, so the shortest text of a double can read back some ulps away (Godot 3.2.3, 3.6 and
// 4.6.3 read "-0.0017461578051249187" 22 ulps away), and far below 1e-290 it reads as zero
// ("-7.571204057907632e-300" reads as -0). Tests that compare a value with what text of it
// reads back as, where no engine recorded that reading, allow this much; where the engine's
// reading is recorded, compare with it exactly instead (core's text-parse test).

/** The relative distance the engine's strtod moves a double it reads, at most. */
export const STRTOD_RELATIVE = 2 ** -40;
/** Numbers this small may read as zero. */
export const STRTOD_ZERO_BELOW = 1e-290;

/**
 * True when `a` and `b` are one number up to what the engine's strtod moves: the same (NaN and
 * NaN, -0 and 0 too), or both finite and within {@link STRTOD_RELATIVE} of the larger, or both
 * under {@link STRTOD_ZERO_BELOW} in size.
 */
export function sameUpToStrtod(a: number, b: number): boolean {
  if (Object.is(a, b) || a === b) return true;
  if (!Number.isFinite(a) || !Number.isFinite(b)) return false;
  const scale = Math.max(Math.abs(a), Math.abs(b));
  return scale < STRTOD_ZERO_BELOW || Math.abs(a - b) <= scale * STRTOD_RELATIVE;
}

// The engine's text-to-number readers (core/string/ustring.cpp, Godot 4.x): `built_in_strtod`
// (a Tcl-derived strtod that keeps 18 mantissa digits and scales by a product of powers of ten,
// so it is not correctly rounded: "1e23" reads as 9.999999999999999e+22) and `String::to_int`.
// Both are linear in the text and allocate nothing in proportion to it.

const POWERS_OF_10 = [10, 100, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256] as const;
const MAX_EXPONENT = 511;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Where `built_in_strtod` stopped reading and what it read. */
export interface StrtodResult {
  readonly value: number;
  /** Index just after the last character used; `start` when nothing was read. */
  readonly end: number;
}

/**
 * `built_in_strtod(s + start)`: leading blanks (space, tab, newline), a sign, digits with one
 * optional point, an optional exponent. Reads at most to `limit`.
 */
export function builtInStrtod(s: string, start = 0, limit = s.length): StrtodResult {
  let p = start;
  const at = (i: number) => (i < limit ? s.charCodeAt(i) : 0);
  while (at(p) === 32 || at(p) === 9 || at(p) === 10) p++;
  let negative = false;
  if (at(p) === 45) {
    negative = true;
    p++;
  } else if (at(p) === 43) p++;

  let decPt = -1;
  let mantSize = 0;
  for (; ; mantSize++) {
    const c = at(p);
    if (!isDigit(c)) {
      if (c !== 46 || decPt >= 0) break;
      decPt = mantSize;
    }
    p++;
  }
  const pExp = p;
  p -= mantSize;
  if (decPt < 0) decPt = mantSize;
  else mantSize -= 1;
  let fracExp: number;
  if (mantSize > 18) {
    fracExp = decPt - 18;
    mantSize = 18;
  } else fracExp = decPt - mantSize;
  if (mantSize === 0) return { value: negative ? -0 : 0, end: start };

  let frac1 = 0;
  for (; mantSize > 9; mantSize--) {
    let c = at(p++);
    if (c === 46) c = at(p++);
    frac1 = 10 * frac1 + (c - 48);
  }
  let frac2 = 0;
  for (; mantSize > 0; mantSize--) {
    let c = at(p++);
    if (c === 46) c = at(p++);
    frac2 = 10 * frac2 + (c - 48);
  }
  let fraction = 1.0e9 * frac1 + frac2;

  p = pExp;
  let exp = 0;
  let expNegative = false;
  const e = at(p);
  if (e === 69 || e === 101) {
    let q = p + 1;
    if (at(q) === 45) {
      expNegative = true;
      q++;
    } else if (at(q) === 43) q++;
    // An 'e' without digits ends the number before it, and the engine then skips the scaling
    // by the point's position too ("goto done"): "1.5e" reads as 15.
    if (!isDigit(at(q))) return { value: negative ? -fraction : fraction, end: pExp };
    // `int exp` accumulates with 32-bit wraparound, as the engine's build does.
    while (isDigit(at(q))) {
      exp = (Math.imul(exp, 10) + (at(q) - 48)) | 0;
      q++;
    }
    p = q;
  }
  exp = expNegative ? (fracExp - exp) | 0 : (fracExp + exp) | 0;
  // The engine then negates in a wider register: -INT32_MIN stays positive (measured: 1e2147483648
  // reads as 0 with "Exponent too high", 1e-2147483649 as inf).
  let scaleNegative = false;
  let mag = exp;
  if (mag < 0) {
    scaleNegative = true;
    mag = -mag;
  }
  if (mag > MAX_EXPONENT) mag = MAX_EXPONENT;
  let dblExp = 1.0;
  for (let i = 0; mag !== 0; mag >>>= 1, i++) if (mag & 1) dblExp *= POWERS_OF_10[i]!;
  fraction = scaleNegative ? fraction / dblExp : fraction * dblExp;
  return { value: negative ? -fraction : fraction, end: p };
}

/** `String::to_float()` of a whole string. */
export function stringToFloat(s: string): number {
  return s.length === 0 ? 0 : builtInStrtod(s).value;
}

const INT64_MAX = 9223372036854775807n;

/**
 * `String::to_int()`: digits up to the first '.', every other character skipped, each '-' met
 * before the first non-zero digit flips the sign; past 19 digits an overflow gives INT64_MAX /
 * INT64_MIN (the 19th digit itself wraps, as the engine's unsigned accumulator does).
 */
export function stringToInt(s: string): bigint {
  if (s.length === 0) return 0n;
  const dot = s.indexOf(".");
  const to = dot >= 0 ? dot : s.length;
  let integer = 0n;
  let digits = 0;
  let positive = true;
  for (let i = 0; i < to; i++) {
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      if (digits > 18) {
        const overflow =
          integer > INT64_MAX / 10n ||
          (integer === INT64_MAX / 10n && ((positive && c > 55) || (!positive && c > 56)));
        if (overflow) return positive ? INT64_MAX : -INT64_MAX - 1n;
      }
      integer = BigInt.asUintN(64, integer * 10n + BigInt(c - 48));
      digits++;
    } else if (integer === 0n && c === 45) positive = !positive;
  }
  return positive ? BigInt.asIntN(64, integer) : BigInt.asIntN(64, BigInt.asUintN(64, -integer));
}

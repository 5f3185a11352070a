// The engine's text-to-number readers (core/string/ustring.cpp, Godot 4.x): `built_in_strtod`
// (a Tcl-derived strtod that keeps 18 mantissa digits and scales by a product of powers of ten,
// so it is not correctly rounded: "1e23" reads as 9.999999999999999e+22) and `String::to_int`.
// Both are linear in the text and allocate nothing in proportion to it.

const POWERS_OF_10 = [10, 100, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256] as const;
const MAX_EXPONENT = 511;
// 10^0 .. 10^9, exact.
const POWERS_OF_TEN_INT = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9] as const;

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
  // The engine's steps, on char codes read in place (a position at or past `limit` reads as the
  // C string's terminating NUL: it is no digit, point, sign or blank).
  const end = Math.min(limit, s.length);
  let p = start;
  let c = p < end ? s.charCodeAt(p) : 0;
  while (c === 32 || c === 9 || c === 10) c = ++p < end ? s.charCodeAt(p) : 0;
  let negative = false;
  if (c === 45) {
    negative = true;
    p++;
  } else if (c === 43) p++;

  // The mantissa: digits with at most one point. The engine keeps the first 18 digits (leading
  // zeros included), frac1 the ones before the last 9 of them and frac2 those 9. Read here in one
  // pass: the first 9 digits and the next 9, split the engine's way at the end (all integers
  // under 1e9, exact).
  let decPt = -1;
  let mantSize = 0;
  let head = 0;
  let tail = 0;
  for (; p < end; p++) {
    c = s.charCodeAt(p);
    if (c >= 48 && c <= 57) {
      if (mantSize < 9) head = 10 * head + (c - 48);
      else if (mantSize < 18) tail = 10 * tail + (c - 48);
      mantSize++;
    } else if (c === 46 && decPt < 0) decPt = mantSize;
    else break;
  }
  const pExp = p;
  if (decPt < 0) decPt = mantSize;
  let fracExp: number;
  let kept = mantSize;
  if (kept > 18) {
    fracExp = decPt - 18;
    kept = 18;
  } else fracExp = decPt - kept;
  if (kept === 0) return { value: negative ? -0 : 0, end: start };

  let frac1 = 0;
  let frac2 = head;
  if (kept > 9) {
    // head holds digits 1-9, tail digits 10-kept: frac1 is the first kept - 9 of them.
    const cut = POWERS_OF_TEN_INT[18 - kept]!;
    const rest = head % cut;
    frac1 = (head - rest) / cut;
    frac2 = rest * POWERS_OF_TEN_INT[kept - 9]! + tail;
  }
  let fraction = 1.0e9 * frac1 + frac2;

  p = pExp;
  let exp = 0;
  let expNegative = false;
  c = p < end ? s.charCodeAt(p) : 0;
  if (c === 69 || c === 101) {
    let q = p + 1;
    c = q < end ? s.charCodeAt(q) : 0;
    if (c === 45) {
      expNegative = true;
      q++;
    } else if (c === 43) q++;
    c = q < end ? s.charCodeAt(q) : 0;
    // An 'e' without digits ends the number before it, and the engine then skips the scaling
    // by the point's position too ("goto done"): "1.5e" reads as 15.
    if (!(c >= 48 && c <= 57)) return { value: negative ? -fraction : fraction, end: pExp };
    // `int exp` accumulates with 32-bit wraparound, as the engine's build does.
    while (c >= 48 && c <= 57) {
      exp = (Math.imul(exp, 10) + (c - 48)) | 0;
      c = ++q < end ? s.charCodeAt(q) : 0;
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

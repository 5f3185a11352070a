// The engine's number-to-text primitives of core/string/ustring.cpp (Godot 4.x): `String::num`
// (printf "%.Nlf" with trailing zeros trimmed to one), `String::num_real` for doubles and floats,
// and `itos`. printf rounds the exact binary value half-to-even; `toFixed` rounds ties up, so
// ties (only possible when the value has few fractional bits) take an exact BigInt path.

const MAX_DECIMALS = 32;

// C's `(int)` of a double on x86-64 (cvttsd2si): truncation, and INT32_MIN for NaN, infinities
// and anything out of range. Godot relies on it in `(int)floor(log10(x))` for x = 0 or x < 0.
export function cInt32(x: number): number {
  if (Number.isNaN(x) || x >= 2147483648 || x < -2147483648) return -2147483648;
  return Math.trunc(x) | 0;
}

/** Two's-complement 32-bit `a - b` as C computes it when it wraps. */
export function wrapSub32(a: number, b: number): number {
  return (a - b) | 0;
}

// Exact decimal of a double: [sign, integer digits, fraction digits] using BigInt.
function exactFixed(x: number, decimals: number): string {
  const neg = x < 0 || Object.is(x, -0);
  const a = Math.abs(x);
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, a);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (biased === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = biased - 1075;
  }
  // value * 10^decimals = mant * 2^e * 10^decimals
  const scale = 10n ** BigInt(decimals);
  let q: bigint;
  if (e >= 0) q = (mant << BigInt(e)) * scale;
  else {
    const num = mant * scale;
    const den = 1n << BigInt(-e);
    q = num / den;
    const r = num - q * den;
    const twice = r * 2n;
    if (twice > den || (twice === den && (q & 1n) === 1n)) q += 1n;
  }
  let digits = q.toString();
  if (decimals > 0) {
    if (digits.length <= decimals) digits = "0".repeat(decimals - digits.length + 1) + digits;
    digits = `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
  }
  return (neg ? "-" : "") + digits;
}

/** printf("%.{decimals}f", x) for a finite double (glibc: exact value, ties to even). */
export function printfFixed(x: number, decimals: number): string {
  if (x === 0) return (Object.is(x, -0) ? "-0" : "0") + (decimals > 0 ? `.${"0".repeat(decimals)}` : "");
  // Below 1e21 toFixed is exact: it picks the nearest decimal, and differs from printf only on a
  // tie, which it rounds away from zero. A double m * 2^-k (m odd) has exactly k fractional
  // decimal digits, so a tie is k = decimals + 1 exactly: x * 2^decimals not an integer but
  // x * 2^(decimals + 1) one (scaling by a power of two is exact here, |x| < 1e21 and
  // decimals <= 32). Fewer digits print exactly, more cannot tie.
  if (Math.abs(x) < 1e21) {
    const scaled = x * 2 ** decimals;
    if (Number.isInteger(scaled) || !Number.isInteger(scaled * 2)) return x.toFixed(decimals);
    return tieToEven(x.toFixed(decimals + 1), decimals);
  }
  return exactFixed(x, decimals);
}

// A tie printed exactly with one more digit (its last a 5) rounded to `decimals` digits, half to
// even: the digit before the 5 stays when even, else goes up by one (carrying).
function tieToEven(exact: string, decimals: number): string {
  let kept = exact.slice(0, decimals === 0 ? -2 : -1);
  if ((kept.charCodeAt(kept.length - 1) - 48) % 2 === 0) return kept;
  let i = kept.length - 1;
  let carried = "";
  for (; i >= 0; i--) {
    const c = kept.charCodeAt(i);
    if (c === 46) {
      carried = `.${carried}`;
      continue;
    }
    if (c === 57) {
      carried = `0${carried}`;
      continue;
    }
    if (c === 45) break;
    return kept.slice(0, i) + String.fromCharCode(c + 1) + carried;
  }
  // Every digit was 9: one more digit in front (after the sign).
  kept = kept.slice(0, i + 1);
  return `${kept}1${carried}`;
}

function trimZeros(buf: string): string {
  if (!buf.includes(".")) return buf;
  let end = buf.length;
  while (end > 1 && buf.charCodeAt(end - 1) === 48) end--;
  if (buf.charCodeAt(end - 1) === 46) return `${buf.slice(0, end)}0`;
  return buf.slice(0, end);
}

/**
 * `String::num(p_num, p_decimals)`: "nan"/"inf"/"-inf"; a negative count means 14 significant
 * digits for |x| > 10 (and 14 decimals below); a count still negative prints "%lf" (6 decimals);
 * at most 32 decimals; trailing zeros trimmed to one after the point.
 */
export function cNum(x: number, decimals: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x < 0 ? "-inf" : "inf";
  let d = decimals;
  if (d < 0) {
    d = 14;
    const abs = Math.abs(x);
    if (abs > 10) d -= cInt32(Math.floor(Math.log10(abs)));
  }
  if (d > MAX_DECIMALS) d = MAX_DECIMALS;
  return trimZeros(printfFixed(x, d < 0 ? 6 : d));
}

// (double)(int64_t)x == x on x86-64: out-of-range and NaN convert to INT64_MIN.
function isInt64Exact(x: number): boolean {
  if (Number.isNaN(x)) return false;
  if (x >= 2 ** 63 || x < -(2 ** 63)) return x === -(2 ** 63);
  return Number.isInteger(x);
}

function int64Text(x: number): string {
  // |x| < 2^63 and integral: exact through BigInt; -0 prints "0".
  return Number.isSafeInteger(x) ? String(x === 0 ? 0 : x) : BigInt(x).toString();
}

/** `String::num_real(double, trailing)`: the engine's `String(float)` with `trailing`. */
export function numReal(x: number, trailing: boolean): string {
  if (Number.isNaN(x) || !Number.isFinite(x)) return cNum(x, 0);
  if (isInt64Exact(x)) return trailing ? `${int64Text(x)}.0` : int64Text(x);
  let decimals = 14;
  const abs = Math.abs(x);
  if (abs > 10) decimals -= cInt32(Math.floor(Math.log10(abs)));
  return cNum(x, decimals);
}

/** `String::num_real(float, trailing)`: 6 significant digits of a float (vector components). */
export function numRealFloat(x: number, trailing: boolean): string {
  const f = Math.fround(x);
  if (Number.isNaN(f) || !Number.isFinite(f)) return cNum(f, 0);
  if (isInt64Exact(f)) return trailing ? `${int64Text(f)}.0` : int64Text(f);
  let decimals = 6;
  const abs = Math.abs(f);
  // log10 of the float, computed in float by the engine (log10f rounds to a float first).
  if (abs > 10) decimals -= cInt32(Math.floor(Math.fround(Math.log10(abs))));
  return cNum(f, decimals);
}

// 10^0 .. 10^18, each exact in a double.
const EXACT_POWERS_OF_10 = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
];
const TWO_53 = 9007199254740992;

/** Where {@link shortDecimal} puts what it read. */
export interface NumberOut {
  num: number;
  numEnd: number;
}

/**
 * `built_in_strtod(s + start)` (core's `builtInStrtod`) for its common case, without its general
 * steps: an optional `-`, then 1 to 18 digits (leading zeros counted) with at most one point that
 * spell an integer M below 2^53 (the point aside), and no exponent. Puts the double and the end in
 * `out` and returns true; returns false, `out` untouched, for anything else (a sign `+`, blanks,
 * no digits, more digits, an `e`, a second point), which the full port then reads.
 *
 * The same double, bit for bit, not merely a close one. The engine keeps up to 18 digits, so all
 * of these; its mantissa `1e9 * frac1 + frac2` (frac1 the digits before the last 9, frac2 those
 * 9) is M: `1e9 * frac1` is exact (frac1 < 10^9, so 5^9 * frac1 < 2^53) and so is the sum, M being
 * below 2^53. Here M is summed digit by digit, exact while below 2^53, and a sum that reached 2^53
 * is declined. With k digits after the point the engine's scale is the product of its powers 10,
 * 100, 1e4, 1e8, 1e16 whose bits make k <= 18, each partial product an exact power of ten, so
 * exactly 10^k. It then computes M / 10^k (M * 1 for k = 0) and negates: the same operation on
 * the same operands as here.
 */
export function shortDecimal(s: string, start: number, limit: number, out: NumberOut): boolean {
  let p = start;
  let c = p < limit ? s.charCodeAt(p) : 0;
  const negative = c === 45;
  if (negative) c = ++p < limit ? s.charCodeAt(p) : 0;
  // The digits before the point, then (after one point) those after it: counted by where they end.
  const first = p;
  let m = 0;
  while (c >= 48 && c <= 57) {
    m = m * 10 + (c - 48);
    c = ++p < limit ? s.charCodeAt(p) : 0;
  }
  let digits = p - first;
  let fraction = 0;
  if (c === 46) {
    const point = p;
    c = ++p < limit ? s.charCodeAt(p) : 0;
    while (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      c = ++p < limit ? s.charCodeAt(p) : 0;
    }
    fraction = p - point - 1;
    digits += fraction;
  }
  if (digits === 0 || digits > 18 || m >= TWO_53 || c === 101 || c === 69 || c === 46) return false;
  const x = fraction === 0 ? m : m / EXACT_POWERS_OF_10[fraction]!;
  out.num = negative ? -x : x;
  out.numEnd = p;
  return true;
}

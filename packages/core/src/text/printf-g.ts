/**
 * C's `printf("%.<precision>g", v)` for a double, as glibc prints it: round half to even on
 * the exact binary value, exponent with at least two digits, trailing zeros removed.
 * Godot 2.x/3.x print reals with `%lg` (precision 6) in `var2str`.
 * Non-finite values print as `nan`, `inf`, `-inf`.
 */
export function formatPrintfG(v: number, precision = 6): string {
  if (Number.isNaN(v)) return "nan";
  if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
  if (v === 0) return Object.is(v, -0) ? "-0" : "0";
  const p = Math.max(1, precision);
  const neg = v < 0;
  const a = Math.abs(v);
  let kept: string;
  let exp: number;
  // `toExponential` rounds the exact binary value to the nearest, as glibc does; the two differ
  // only on an exact tie (digit p+1 a 5 with nothing after it), where JS rounds up and glibc to
  // even. A tie gives p+1 digits ending in 5 (about one value in ten does), and p+10 digits
  // ending in 5000000000 (almost none does): only those take the exact path, whose
  // `toPrecision(100)` costs several times what the two `toExponential` calls do.
  if (
    p < 91 &&
    (digitsFrom(a.toExponential(p), p) !== "5" || !/^50*$/.test(digitsFrom(a.toExponential(p + 9), p)))
  ) {
    const s = a.toExponential(p - 1);
    kept = s[0] + digitsFrom(s, 1);
    exp = Number(s.slice(s.indexOf("e") + 1));
  } else [kept, exp] = exactDigits(a, p);
  return layout(neg, kept, exp, p);
}

/**
 * The mantissa digits of a `toExponential` text from digit index `i` (0: the first; `i` >= 1,
 * which is also right for a one-digit mantissa, written without a point) on.
 */
function digitsFrom(s: string, i: number): string {
  return s.slice(i + 1, s.indexOf("e"));
}

/**
 * {@link formatPrintfG} by the exact path alone, for every value.
 * @internal for the tests, which hold the fast path to it.
 */
export function formatPrintfGExact(v: number, precision = 6): string {
  if (Number.isNaN(v) || !Number.isFinite(v) || v === 0) return formatPrintfG(v, precision);
  const p = Math.max(1, precision);
  const [kept, exp] = exactDigits(Math.abs(v), p);
  return layout(v < 0, kept, exp, p);
}

/**
 * The `p` significant digits of `a` (> 0, finite) rounded half to even on its exact binary
 * value, and the decimal exponent of the first.
 */
function exactDigits(a: number, p: number): [digits: string, exponent: number] {
  // Exact decimal digits (a double's value is exact well within 100 significant digits for
  // deciding a tie at digit p+1), then round half to even ourselves.
  const exact = a.toPrecision(100);
  const [mant = "", expPart = "0"] = exact.split("e");
  let exp = Number(expPart);
  let digits = mant.replace(".", "");
  if (!exact.includes("e")) {
    // toPrecision wrote fixed notation: derive the exponent from the digits.
    const [int = "", frac = ""] = mant.split(".");
    if (/^0*$/.test(int)) {
      const lead = frac.search(/[1-9]/);
      exp = -(lead + 1);
      digits = frac.slice(lead);
    } else {
      const trimmed = int.replace(/^0+/, "");
      exp = trimmed.length - 1;
      digits = trimmed + frac;
    }
  }
  digits = digits.padEnd(p + 1, "0");
  let kept = digits.slice(0, p);
  const rest = digits.slice(p);
  const first = rest.charCodeAt(0) - 48;
  const tail = /[1-9]/.test(rest.slice(1));
  const roundUp = first > 5 || (first === 5 && (tail || (kept.charCodeAt(p - 1) - 48) % 2 === 1));
  if (roundUp) {
    const n = (BigInt(kept) + 1n).toString();
    if (n.length > p) {
      exp += 1;
      kept = n.slice(0, p);
    } else kept = n.padStart(p, "0");
  }
  return [kept, exp];
}

/** `%g`'s text for digits `kept` (p of them) and exponent `exp`: trailing zeros removed. */
function layout(neg: boolean, kept: string, exp: number, p: number): string {
  let out: string;
  if (exp < -4 || exp >= p) {
    const frac = kept.slice(1).replace(/0+$/, "");
    const e = Math.abs(exp);
    out = `${kept[0]}${frac ? `.${frac}` : ""}e${exp < 0 ? "-" : "+"}${e < 10 ? `0${e}` : e}`;
  } else if (exp >= 0) {
    const int = kept.slice(0, exp + 1);
    const frac = kept.slice(exp + 1).replace(/0+$/, "");
    out = frac ? `${int}.${frac}` : int;
  } else {
    const frac = ("0".repeat(-exp - 1) + kept).replace(/0+$/, "");
    out = `0.${frac}`;
  }
  return neg ? `-${out}` : out;
}

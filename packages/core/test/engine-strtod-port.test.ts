// builtInStrtod is the engine's built_in_strtod step for step; its reading of the text in place
// (no closure, one pass over the digits) must give what the first transcription gave (kept here
// as the reference, which the engine fixtures of text-parse-strtod.test.ts and the live tests
// checked) for every text, start and limit.
import { builtInStrtod } from "@gdvariant/core";
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, it } from "vitest";

const POWERS_OF_10 = [10, 100, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256] as const;
const MAX_EXPONENT = 511;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Where `built_in_strtod` stopped reading and what it read. */
interface StrtodResult {
  readonly value: number;
  /** Index just after the last character used; `start` when nothing was read. */
  readonly end: number;
}

/**
 * `built_in_strtod(s + start)`: leading blanks (space, tab, newline), a sign, digits with one
 * optional point, an optional exponent. Reads at most to `limit`.
 */
function referenceStrtod(s: string, start = 0, limit = s.length): StrtodResult {
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

describe("builtInStrtod against its first transcription", () => {
  it("reads every text, start and limit the same", () => {
    const next = xorshift32(3641);
    const pick = (s: string) => s[(next() % s.length) >>> 0]!;
    const bits = new DataView(new ArrayBuffer(8));
    const texts: string[] = [
      "",
      "-",
      "+",
      ".",
      "-.",
      "1e",
      "1.5e",
      "1e+",
      "e5",
      " \t\n-0.0",
      "1e2147483648",
      "1e-2147483649",
    ];
    const f32 = new Float32Array(1);
    const u32 = new Uint32Array(f32.buffer);
    const digits = (n: number) => {
      let t = "";
      for (let k = 0; k < n; k++) t += String.fromCharCode(48 + (next() % 10));
      return t;
    };
    for (let i = 0; i < 60_000; i++) {
      bits.setUint32(0, next() >>> 0);
      bits.setUint32(4, next() >>> 0);
      const x = bits.getFloat64(0);
      u32[0] = next();
      const f = f32[0]!;
      const kind = i % 6;
      if (kind === 0) texts.push(String(x));
      else if (kind === 1) texts.push(f.toExponential(next() % 21));
      else if (kind === 2)
        texts.push(Math.abs(f) < 1e21 ? f.toFixed(next() % 40) : f.toPrecision(1 + (next() % 21)));
      else if (kind === 3) {
        // Long mantissas (over the 18 digits kept), leading zeros, a point anywhere, an exponent.
        const m = digits(1 + (next() % 40));
        const at = next() % (m.length + 1);
        const point = next() % 3 === 0 ? m : `${m.slice(0, at)}.${m.slice(at)}`;
        const zeros = "0".repeat(next() % 4 === 0 ? next() % 25 : 0);
        const e = next() % 2 === 0 ? "" : `e${["", "-", "+"][next() % 3]}${next() % 400}`;
        texts.push(`${next() % 2 === 0 ? "-" : ""}${zeros}${point}${e}`);
      } else {
        let t = "";
        const n = next() % 30;
        for (let k = 0; k < n; k++) t += pick(kind === 4 ? "0123456789.e-+ " : "000123456789999.eE-+\t\nx,]");
        texts.push(t);
      }
    }
    for (const t of texts) {
      const start = t.length > 0 && next() % 4 === 0 ? next() % t.length : 0;
      const limit = next() % 3 === 0 ? start + (next() % (t.length + 2)) : t.length;
      const want = referenceStrtod(t, start, limit);
      const got = builtInStrtod(t, start, limit);
      if (!Object.is(got.value, want.value) || got.end !== want.end)
        throw new Error(
          `${JSON.stringify(t)} from ${start} to ${limit}: ${got.value}@${got.end}, want ${want.value}@${want.end}`,
        );
    }
  });
});

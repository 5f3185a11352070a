import { rtosFix } from "@gdvariant/godot-4/text";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// The reference: grisu2.h transcribed with BigInt for the engine's uint64_t (how
// src/text/grisu2.ts was first written). The fast port keeps 64-bit values as hi:lo pairs of
// plain numbers; it must give this code's digits for every input.

const MASK64 = (1n << 64n) - 1n;
const K_ALPHA = -60;

interface DiyFp {
  f: bigint;
  e: number;
}

// x * y rounded to the upper 64 bits (ties up), as diyfp::mul.
function mul(x: DiyFp, y: DiyFp): DiyFp {
  const p = x.f * y.f;
  return { f: (p + (1n << 63n)) >> 64n, e: x.e + y.e + 64 };
}

// Shifts f left until bit 63 is set (f != 0), in one step.
function normalize(x: DiyFp): DiyFp {
  const hi = Number(x.f >> 32n);
  const bits = hi !== 0 ? 64 - Math.clz32(hi) : 32 - Math.clz32(Number(x.f & 0xffffffffn));
  const shift = 64 - bits;
  return { f: x.f << BigInt(shift), e: x.e - shift };
}

const scratch = new DataView(new ArrayBuffer(8));

// value = f * 2^e and the boundaries m-, m+ halfway to its neighbours (value finite, > 0).
function boundaries(value: number, single: boolean): { w: DiyFp; minus: DiyFp; plus: DiyFp } {
  let bits: bigint;
  let precision: number;
  let bias: number;
  if (single) {
    scratch.setFloat32(0, value);
    bits = BigInt(scratch.getUint32(0));
    precision = 24;
    bias = 127 + 23;
  } else {
    scratch.setFloat64(0, value);
    bits = scratch.getBigUint64(0);
    precision = 53;
    bias = 1023 + 52;
  }
  const hidden = 1n << BigInt(precision - 1);
  const E = Number(bits >> BigInt(precision - 1));
  const F = bits & (hidden - 1n);
  const v: DiyFp = E === 0 ? { f: F, e: 1 - bias } : { f: F + hidden, e: E - bias };
  const lowerCloser = F === 0n && E > 1;
  const mPlus: DiyFp = { f: 2n * v.f + 1n, e: v.e - 1 };
  const mMinus: DiyFp = lowerCloser ? { f: 4n * v.f - 1n, e: v.e - 2 } : { f: 2n * v.f - 1n, e: v.e - 1 };
  const plus = normalize(mPlus);
  const minus: DiyFp = { f: (mMinus.f << BigInt(mMinus.e - plus.e)) & MASK64, e: plus.e };
  return { w: normalize(v), minus, plus };
}

// The cached power 10^k as f * 2^e with f in [2^63, 2^64), rounded to nearest, computed here
// with BigInt (src has it as a table: this checks the table as well).
function cachedPower(e: number): { c: DiyFp; k: number } {
  const f = K_ALPHA - e - 1;
  // C++ integer division truncates toward zero.
  const kk = Math.trunc((f * 78913) / (1 << 18)) + (f > 0 ? 1 : 0);
  const index = Math.trunc((300 + kk + 7) / 8);
  const k = -300 + index * 8;
  let num = k >= 0 ? 10n ** BigInt(k) : 1n;
  let den = k >= 0 ? 1n : 10n ** BigInt(-k);
  let ex = 0;
  while (num / den >= 1n << 64n) {
    den <<= 1n;
    ex++;
  }
  while (num / den < 1n << 63n) {
    num <<= 1n;
    ex--;
  }
  let q = num / den;
  if (2n * (num - q * den) >= den) q++;
  return { c: { f: q, e: ex }, k };
}

function round(digits: number[], dist: bigint, delta: bigint, rest: bigint, tenK: bigint): void {
  while (rest < dist && delta - rest >= tenK && (rest + tenK < dist || dist - rest > rest + tenK - dist)) {
    digits[digits.length - 1]!--;
    rest += tenK;
  }
}

/** Grisu2 digits and decimal exponent: value = digits * 10^exponent. */
function grisu2(value: number, single: boolean): { digits: number[]; exponent: number } {
  const b = boundaries(value, single);
  const { c, k } = cachedPower(b.plus.e);
  const w = mul(b.w, c);
  const wMinus = mul(b.minus, c);
  const wPlus = mul(b.plus, c);
  const mMinus = wMinus.f + 1n;
  const mPlus = wPlus.f - 1n;
  const e = wPlus.e; // the same for w, w- and w+
  let exponent = -k;
  const digits: number[] = [];

  let delta = mPlus - mMinus;
  let dist = mPlus - w.f;
  const shift = BigInt(-e);
  const one = 1n << shift;
  let p1 = Number(mPlus >> shift);
  let p2 = mPlus & (one - 1n);

  let pow10 = 1;
  let kk = 1;
  while (pow10 * 10 <= p1 && kk < 10) {
    pow10 *= 10;
    kk++;
  }
  let n = kk;
  while (n > 0) {
    const d = Math.floor(p1 / pow10);
    const r = p1 % pow10;
    digits.push(d);
    p1 = r;
    n--;
    const rest = (BigInt(p1) << shift) + p2;
    if (rest <= delta) {
      exponent += n;
      round(digits, dist, delta, rest, BigInt(pow10) << shift);
      return { digits, exponent };
    }
    pow10 = Math.floor(pow10 / 10);
  }
  let m = 0;
  for (;;) {
    p2 = (p2 * 10n) & MASK64;
    const d = p2 >> shift;
    p2 &= one - 1n;
    digits.push(Number(d));
    m++;
    delta = (delta * 10n) & MASK64;
    dist = (dist * 10n) & MASK64;
    if (p2 <= delta) break;
  }
  exponent -= m;
  round(digits, dist, delta, p2, one);
  return { digits, exponent };
}

/**
 * Godot's `String::num_scientific` for a finite non-zero value, `single` selecting the float
 * overload: Grisu2 digits, fixed notation when the decimal point falls within
 * (10^-4 .. 10^15], else `d.ddde+XX` (at least two exponent digits), no trailing `.0`.
 */
function referenceNumScientific(value: number, single: boolean): string {
  if (Number.isNaN(value)) return "nan";
  if (!Number.isFinite(value)) return value < 0 ? "-inf" : "inf";
  const negative = value < 0 || Object.is(value, -0);
  const sign = negative ? "-" : "";
  const a = Math.abs(value);
  if (a === 0) return `${sign}0`;
  let s: string;
  let n: number;
  if (Number.isInteger(a) && a < (single ? 2 ** 24 : 2 ** 53)) {
    // Whole values whose ulp is at most 1 (below 2^24 for a float, 2^53 for a double): no
    // shorter decimal lies within half an ulp, so the digits are the integer's own (trailing
    // zeros move to the exponent), without the 64-bit arithmetic.
    const all = String(a);
    s = all.replace(/0+$/, "");
    n = all.length;
  } else {
    const { digits, exponent } = grisu2(a, single);
    s = digits.join("");
    n = s.length + exponent;
  }
  const k = s.length;
  if (k <= n && n <= 15) return sign + s + "0".repeat(n - k);
  if (0 < n && n <= 15) return `${sign}${s.slice(0, n)}.${s.slice(n)}`;
  if (-4 < n && n <= 0) return `${sign}0.${"0".repeat(-n)}${s}`;
  const mantissa = k === 1 ? s : `${s[0]}.${s.slice(1)}`;
  const x = n - 1;
  const ax = Math.abs(x);
  return `${sign}${mantissa}e${x < 0 ? "-" : "+"}${ax < 10 ? "0" : ""}${ax}`;
}

function reference(v: number): string {
  if (v === 0) return "0";
  if (v === Number.NEGATIVE_INFINITY) return "inf_neg";
  return referenceNumScientific(v, Math.fround(v) === v);
}

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);
const f32 = new Float32Array(1);
const b32 = new Uint32Array(f32.buffer);

/** The double with these raw bits (hi, lo), or the float with bits `b`. */
function double(hi: number, lo: number): number {
  u32[0] = lo;
  u32[1] = hi;
  return f64[0]!;
}
function float(b: number): number {
  b32[0] = b;
  return f32[0]!;
}

describe("Grisu2 (num_scientific) without BigInt", () => {
  it("gives the BigInt port's text for any double", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: 0, max: 0xffffffff }),
        (hi, lo) => {
          const v = double(hi, lo);
          expect(rtosFix(v)).toBe(reference(v));
        },
      ),
      { numRuns: 40000 },
    );
  });

  it("gives the BigInt port's text for any float (the single-precision boundaries)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (b) => {
        const v = float(b);
        expect(rtosFix(v)).toBe(reference(v));
      }),
      { numRuns: 40000 },
    );
  });

  it("gives it at every binary exponent, both ends of each binade and the denormals", () => {
    const values: number[] = [];
    for (let e = 0; e < 2047; e++) {
      for (const lo of [0, 1, 0xffffffff])
        for (const top of [0, 1, 0xfffff]) values.push(double((e << 20) | top, lo));
      values.push(double((e << 20) | 0x80000, 0), double(e << 20, 0x80000000));
    }
    for (let e = 0; e < 255; e++)
      for (const m of [0, 1, 2, 0x400000, 0x7ffffe, 0x7fffff, 0x3fffff]) values.push(float((e << 23) | m));
    for (let i = 1; i < 5000; i++)
      values.push(i, i / 10, i / 100, i * 1e-7, 1 / i, i * 1e15, Math.fround(i / 10));
    values.push(Number.MAX_VALUE, Number.MIN_VALUE, 2 ** 53, 2 ** 53 + 2, 2 ** 24 + 2, 1e21, 1e-300, 5e-324);
    let checked = 0;
    for (const v of values) {
      for (const x of [v, -v]) {
        expect(rtosFix(x), `${x}`).toBe(reference(x));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40000);
  });
});

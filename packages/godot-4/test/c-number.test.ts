// printf("%.Nf") as the engine's String::num uses it: the fast path (toFixed, ties to even on
// toFixed's exact digits) against printf's definition, the exact binary value rounded half to
// even, computed with BigInt.
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, expect, it } from "vitest";
import { printfFixed } from "../src/json-native/c-number.js";

function referenceFixed(x: number, decimals: number): string {
  if (x === 0) return (Object.is(x, -0) ? "-0" : "0") + (decimals > 0 ? `.${"0".repeat(decimals)}` : "");
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(view.getUint32(4));
  let e = -1074;
  if (biased !== 0) {
    mant |= 1n << 52n;
    e = biased - 1075;
  }
  const scale = 10n ** BigInt(decimals);
  let q: bigint;
  if (e >= 0) q = (mant << BigInt(e)) * scale;
  else {
    const num = mant * scale;
    const den = 1n << BigInt(-e);
    q = num / den;
    const twice = (num - q * den) * 2n;
    if (twice > den || (twice === den && (q & 1n) === 1n)) q += 1n;
  }
  let digits = q.toString();
  if (decimals > 0) {
    digits = digits.padStart(decimals + 1, "0");
    digits = `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  }
  return (x < 0 ? "-" : "") + digits;
}

describe("printfFixed (String::num's printf)", () => {
  it("gives printf's digits for random doubles at every precision", () => {
    const next = xorshift32(3632);
    const bits = new DataView(new ArrayBuffer(8));
    for (let i = 0; i < 20_000; i++) {
      bits.setUint32(0, next() >>> 0);
      bits.setUint32(4, next() >>> 0);
      // Most doubles near 1 (where a count of decimals matters), some anywhere.
      if (i % 4 !== 0) bits.setUint16(0, (0x3c00 + (next() % 0x0800)) | (bits.getUint16(0) & 0x8000));
      const x = bits.getFloat64(0);
      if (!Number.isFinite(x)) continue;
      const d = (next() % 33) >>> 0;
      expect(printfFixed(x, d), `${x} to ${d}`).toBe(referenceFixed(x, d));
    }
  });

  it("gives printf's digits for floats at the decimals String::num picks (many are ties)", () => {
    const next = xorshift32(3633);
    const f = new Float32Array(1);
    const u = new Uint32Array(f.buffer);
    let ties = 0;
    for (let i = 0; i < 50_000; i++) {
      u[0] = (next() >>> 0) & (i % 2 === 0 ? 0xc7ffffff : 0xffffffff);
      const x = f[0]!;
      if (!Number.isFinite(x) || x === 0) continue;
      const d = Math.min(32, Math.max(1, 14 - Math.floor(Math.log10(Math.abs(x)))));
      const want = referenceFixed(x, d);
      if (want !== x.toFixed(d)) ties++;
      expect(printfFixed(x, d), `${x} to ${d}`).toBe(want);
    }
    // The test meets ties that toFixed alone gets wrong.
    expect(ties).toBeGreaterThan(100);
  });

  it("rounds ties half to even, carrying through nines", () => {
    const cases: [number, number][] = [
      [0.5, 0],
      [1.5, 0],
      [2.5, 0],
      [9.5, 0],
      [19.5, 0],
      [99.5, 0],
      [-99.5, 0],
      [-2.5, 0],
      [0.125, 2],
      [0.375, 2],
      [-0.375, 2],
      [9.875, 2],
      [99.9375, 3],
      [0.96875, 4],
      [9.96875, 4],
      [999.9990234375, 9],
      [-0.0009765625, 9],
    ];
    for (const [x, d] of cases) expect(printfFixed(x, d), `${x} to ${d}`).toBe(referenceFixed(x, d));
    // Ties built at every precision: odd multiples of 2^-(d+1).
    const next = xorshift32(3634);
    for (let d = 0; d <= 32; d++)
      for (let k = 0; k < 200; k++) {
        const m = (next() >>> 0) | 1;
        const x = (m / 2 ** (d + 1)) * (k % 2 === 0 ? 1 : -1);
        expect(printfFixed(x, d), `${x} to ${d}`).toBe(referenceFixed(x, d));
      }
  });
});

// formatPrintfG reads digits from `toExponential` and takes the exact path (`toPrecision(100)`,
// rounded half to even by hand) only where a tie is possible. These tests hold it to the exact
// path on every kind of value, the ties above all; the engines' own `%lg` output is checked
// through the godot-3 and legacy-2 text fixtures.

import { formatPrintfG } from "@gdvariant/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// The exact reference path is internal (not exported): imported from source.
import { formatPrintfGExact } from "../src/text/printf-g.js";

/** The values among `values` (with precision `p`) where the two paths disagree. */
function mismatches(values: Iterable<number>, p: number): string[] {
  const out: string[] = [];
  for (const v of values) {
    const fast = formatPrintfG(v, p);
    const exact = formatPrintfGExact(v, p);
    if (fast !== exact) out.push(`${v} %.${p}g: ${fast} != ${exact}`);
  }
  return out;
}

/** `n` scaled by 2^k and by 10^k: where exact ties at digit p+1 live. */
function* scaled(n: number): Generator<number> {
  for (let k = -6; k <= 6; k++) {
    yield n * 2 ** k;
    yield n * 10 ** k;
    yield -n * 2 ** k;
  }
}

describe("formatPrintfG", () => {
  it("prints what the exact path prints for any double and precision", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 1, max: 21 }), (v, p) => {
        expect(formatPrintfG(v, p)).toBe(formatPrintfGExact(v, p));
      }),
      { numRuns: 20000 },
    );
  });

  it("prints what the exact path prints for any f32 (the reals of 2.x and 3.x), with %lg", () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true }), (v) => {
        expect(formatPrintfG(v, 6)).toBe(formatPrintfGExact(v, 6));
      }),
      { numRuns: 20000 },
    );
  });

  it("rounds exact ties to even, as glibc does, where JS rounds them up", () => {
    // 1234565 has digit 7 = 5 and nothing after: %.6g keeps 123456 (even).
    expect(formatPrintfG(1234565, 6)).toBe("1.23456e+06");
    expect((1234565).toExponential(5)).toBe("1.23457e+6");
    expect(formatPrintfG(1234575, 6)).toBe("1.23458e+06");
    expect(formatPrintfG(123456.5, 6)).toBe("123456");
    expect(formatPrintfG(0.125, 2)).toBe("0.12");
    expect(formatPrintfG(2.5, 1)).toBe("2");
    expect(formatPrintfG(-3.5, 1)).toBe("-4");
  });

  it("prints what the exact path prints around every tie of 7 and 8 digits", () => {
    const values: number[] = [];
    for (let n = 1_000_000; n < 1_000_400; n++) values.push(...scaled(n));
    for (let n = 9_999_900; n < 10_000_100; n++) values.push(...scaled(n));
    for (let n = 12_345_600; n < 12_345_700; n++) values.push(...scaled(n));
    for (const p of [5, 6, 7]) expect(mismatches(values, p)).toEqual([]);
    const small: number[] = [];
    for (let n = 1; n < 2000; n++) small.push(...scaled(n));
    for (const p of [1, 2, 3, 4]) expect(mismatches(small, p)).toEqual([]);
  });

  it("prints what the exact path prints at the ends of the range", () => {
    const values = [
      Number.MIN_VALUE,
      2 * Number.MIN_VALUE,
      2 ** -1022,
      2 ** -126,
      2 ** -149,
      Number.MAX_VALUE,
      3.4028234663852886e38,
      1e21,
      1e-7,
      9.999995,
      9.9999949999,
      0.000099999995,
    ];
    for (let p = 1; p <= 20; p++) expect(mismatches(values, p)).toEqual([]);
    expect(formatPrintfG(2 ** -149, 6)).toBe("1.4013e-45");
    expect(formatPrintfG(1e21, 6)).toBe("1e+21");
    expect(formatPrintfG(0.0001, 6)).toBe("0.0001");
    expect(formatPrintfG(0.00001, 6)).toBe("1e-05");
  });
});

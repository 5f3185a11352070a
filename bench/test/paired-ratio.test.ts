// The auto-detect ÷ decode ratio is a median of per-round ratios (measure.mjs, pairedRatio): a
// slowdown of the machine that hits one round hits both of its samples and cancels out.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without types
import { median, pairedRatio, summary } from "../src/measure.mjs";

describe("pairedRatio", () => {
  it("is the median of the per-round ratios", () => {
    expect(pairedRatio([3, 8, 5], [2, 4, 5])).toBe(1.5);
    expect(pairedRatio([1, 2, 3, 4], [1, 1, 1, 1])).toBe(2.5);
  });

  it("cancels a change of machine speed that falls on whole rounds, where the ratio of medians does not", () => {
    // True ratio 1.4. The machine is twice as slow in rounds 7-14, and in round 7 the slowdown
    // began between b's sample and a's: a has 8 slow samples of 15, b 7.
    const slowA = (k: number) => (k >= 7 ? 2 : 1);
    const slowB = (k: number) => (k >= 8 ? 2 : 1);
    const rounds = Array.from({ length: 15 }, (_, k) => k);
    const a = rounds.map((k) => 140 * slowA(k));
    const b = rounds.map((k) => 100 * slowB(k));
    expect(pairedRatio(a, b)).toBeCloseTo(1.4, 10);
    // The medians fall on either side of the change: 280 / 100.
    expect(median(a) / median(b)).toBeCloseTo(2.8, 10);
  });

  it("summary gives the median, minimum and maximum of samples in any order (one process or pooled)", () => {
    expect(summary([5, 1, 4, 2, 3])).toEqual({ msPerOp: 3, min: 1, max: 5 });
    expect(summary([4, 1, 3, 2])).toEqual({ msPerOp: 2.5, min: 1, max: 4 });
  });
});

// Runs scripts/evaluate.mjs (engine fixtures of all three generations plus each dialect's own
// encoder output) and holds the targets, so a change in scoring that breaks them fails CI.
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script without types, run against the built package.
import { evaluate } from "../scripts/evaluate.mjs";

interface Metrics {
  total: number;
  unambiguous: number;
  top1Correct: number;
  ambiguous: number;
  ambiguousWithoutTruth: number;
  none: number;
  confidentWrong: number;
  framingChecked: number;
  framingCorrect: number;
  failures: string[];
}

describe("evaluation", () => {
  const { engine, encoder } = evaluate({ fill: "random", encoded: 200 }) as {
    engine: Metrics;
    encoder: Metrics;
  };
  const zero = (evaluate({ fill: "zero", encoded: 0 }) as { engine: Metrics }).engine;

  it("covers the engine fixtures", () => {
    expect(engine.total).toBeGreaterThan(3500);
    expect(encoder.total).toBeGreaterThan(600);
  });

  for (const [name, m] of [
    ["engine dumps, ?? random", engine],
    ["engine dumps, ?? zero", zero],
    ["encoder dumps", encoder],
  ] as const) {
    it(`${name}: 100% top-1 on unambiguous dumps`, () => {
      expect(m.failures.filter((f) => / WRONG /.test(f))).toEqual([]);
      expect(m.top1Correct).toBe(m.unambiguous);
      expect(m.unambiguous).toBeGreaterThan(m.total / 3);
    });

    it(`${name}: no confident wrong answer, no ambiguity without the truth, always an answer`, () => {
      expect(m.confidentWrong).toBe(0);
      expect(m.ambiguousWithoutTruth).toBe(0);
      expect(m.none).toBe(0);
    });

    it(`${name}: the framing is right`, () => {
      expect(m.framingCorrect).toBe(m.framingChecked);
    });
  }
});

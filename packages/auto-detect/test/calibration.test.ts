// Holds the confidence to its calibration (scripts/calibrate.mjs): the tables in src/detector.ts
// are the ones the encoder corpus fits, the README's reliability table is the engine corpora's,
// and the targets of a confidence users can read as a probability hold.
import { readFileSync } from "node:fs";
import { detect } from "@gdvariant/auto-detect";
import { CALIBRATION, calibrated, leadOf } from "@gdvariant/auto-detect/detector";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain .mjs scripts without types, run against the built package.
import { fit, reliability, rows, table } from "../scripts/calibrate.mjs";
// @ts-expect-error: as above.
import { encodedCases, engineCases } from "../scripts/evaluate.mjs";
import { lines, unhex } from "./support/fixtures.js";

interface Row {
  lead: number;
  confidence: number;
  right: boolean;
  ambiguous: boolean;
  leading: number;
}

describe("confidence calibration", () => {
  const engine = rows(engineCases("random")) as Row[];

  it("uses the tables the encoder corpus fits", () => {
    const fitted = fit(rows(encodedCases(300)));
    expect(fitted).toEqual({ ambiguous: CALIBRATION.ambiguous, clear: CALIBRATION.clear });
  });

  it("never lowers the confidence as the lead grows, and keeps ambiguous answers below clear ones and 0.9", () => {
    for (const p of [CALIBRATION.ambiguous, CALIBRATION.clear]) {
      for (let i = 1; i < p.length; i++) {
        expect(p[i]![0]).toBeGreaterThan(p[i - 1]![0]);
        expect(p[i]![1]).toBeGreaterThanOrEqual(p[i - 1]![1]);
      }
    }
    // Each table is flat beyond its ends: its last point is its most confident.
    const ambiguousMost = CALIBRATION.ambiguous.at(-1)![1];
    expect(ambiguousMost).toBeLessThan(0.9);
    expect(ambiguousMost).toBeLessThan(CALIBRATION.clear[0]![1]);
    for (let d = -3; d <= CALIBRATION.cap + 1; d += 0.05) {
      expect(calibrated(d + 0.05, true)).toBeGreaterThanOrEqual(calibrated(d, true));
      expect(calibrated(d + 0.05, false)).toBeGreaterThanOrEqual(calibrated(d, false));
      expect(calibrated(d, true)).toBeLessThanOrEqual(ambiguousMost);
    }
    expect(calibrated(CALIBRATION.cap, false)).toBe(CALIBRATION.clear.at(-1)![1]);
  });

  it("reads the lead against the readings an ambiguous answer cannot tell apart", () => {
    // Three tied readings: each of the two others has even odds against the best.
    expect(leadOf([{ score: 4 }, { score: 4 }, { score: 4 }])).toEqual({
      lead: -Math.log(2),
      ambiguous: true,
    });
    // The others are more than ln 9 (2.197) behind: a clear answer, its lead over the second.
    expect(leadOf([{ score: 4 }, { score: 1 }, { score: 0 }])).toEqual({ lead: 3, ambiguous: false });
    expect(leadOf([{ score: 4 }])).toEqual({ lead: CALIBRATION.cap, ambiguous: false });
    expect(leadOf([{ score: 20 }, { score: 1 }])).toEqual({ lead: CALIBRATION.cap, ambiguous: false });
  });

  it("publishes the engine corpora's reliability table in the README", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(table(reliability(engine)));
  });

  it("is right as often as it says, bin by bin, within 8 points where a bin has 20 answers", () => {
    const bins = (reliability(engine) as { answers: number; mean: number; right: number }[]).filter(
      (b) => b.answers >= 20,
    );
    expect(bins.length).toBeGreaterThanOrEqual(3);
    for (const b of bins) expect(Math.abs(b.right / b.answers - b.mean)).toBeLessThan(0.08);
  });

  it("is right as often as it says for ambiguous answers of 2 and of 3 tied readings alike, within 8 points", () => {
    for (const k of [2, 3]) {
      const tied = engine.filter((r) => r.leading === k);
      expect(tied.length).toBeGreaterThanOrEqual(100);
      const mean = tied.reduce((s, r) => s + r.confidence, 0) / tied.length;
      const right = tied.filter((r) => r.right).length / tied.length;
      expect(Math.abs(right - mean), `${k} tied readings`).toBeLessThan(0.08);
    }
  });

  it("gives at least 95% of unambiguous answers 0.9 or more, and no wrong best reading 0.9", () => {
    const clear = engine.filter((r) => !r.ambiguous);
    expect(clear.filter((r) => r.confidence >= 0.9).length).toBeGreaterThanOrEqual(0.95 * clear.length);
    expect(engine.filter((r) => !r.right && r.confidence >= 0.9)).toEqual([]);
  });

  it("is at least 0.95 for real store_var saves of 300 records that one dialect reads", () => {
    let checked = 0;
    for (const file of ["godot-3.2.3", "godot-4.6.3"]) {
      for (const [label, hex] of lines(`engine-saves/${file}.txt`)) {
        const r = detect(unhex(hex));
        expect(r.best?.framing).toMatchObject({ kind: "length-prefixed", records: 300 });
        if (r.ambiguous) continue;
        checked++;
        expect(r.best?.dialect, label).toBe(file === "godot-4.6.3" ? "godot-4" : "godot-3");
        expect(r.best!.confidence, label).toBeGreaterThanOrEqual(0.95);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
  });
});

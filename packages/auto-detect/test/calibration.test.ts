// Holds the confidence to its calibration (scripts/calibrate.mjs): the table in src/detector.ts
// is the one the encoder corpus fits, the README's reliability table is the engine corpora's,
// and the targets of a confidence users can read as a probability hold.
import { readFileSync } from "node:fs";
import { detect } from "@gdvariant/auto-detect";
import { CALIBRATION, calibrated } from "@gdvariant/auto-detect/detector";
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
}

describe("confidence calibration", () => {
  const engine = rows(engineCases("random")) as Row[];

  it("uses the table the encoder corpus fits", () => {
    expect(fit(rows(encodedCases(300)))).toEqual(CALIBRATION.points);
  });

  it("never lowers the confidence as the lead grows, and keeps ambiguous answers below 0.9", () => {
    const p = CALIBRATION.points;
    for (let i = 1; i < p.length; i++) {
      expect(p[i]![0]).toBeGreaterThan(p[i - 1]![0]);
      expect(p[i]![1]).toBeGreaterThanOrEqual(p[i - 1]![1]);
    }
    for (let d = 0; d <= CALIBRATION.cap + 1; d += 0.05)
      expect(calibrated(d + 0.05)).toBeGreaterThanOrEqual(calibrated(d));
    // A reading leads the second by less than ln 9 in an ambiguous answer (detector.ts, LEADING).
    expect(calibrated(Math.log(9))).toBeLessThan(0.9);
    expect(calibrated(CALIBRATION.cap)).toBe(p.at(-1)![1]);
  });

  it("publishes the engine corpora's reliability table in the README", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    expect(readme).toContain(table(reliability(engine)));
  });

  it("is right as often as it says, bin by bin, within 6 points where a bin has 20 answers", () => {
    const bins = (reliability(engine) as { answers: number; mean: number; right: number }[]).filter(
      (b) => b.answers >= 20,
    );
    expect(bins.length).toBeGreaterThanOrEqual(3);
    for (const b of bins) expect(Math.abs(b.right / b.answers - b.mean)).toBeLessThan(0.06);
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

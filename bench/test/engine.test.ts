// The native engine as a subject in measureAll's rounds (src/engine.mjs, native/serve-*.gd):
// a self-timed batch is calibrated and sampled like a JS function, and the engine servers answer
// the protocol with their own timings. The live part needs the engines (CI installs them).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM script without types
import { engineBins, engineVersion, startEngine } from "../src/engine.mjs";
// @ts-expect-error: plain ESM script without types
import { measureAll, pairedRatio } from "../src/measure.mjs";

describe("measureAll with a subject that times its own batches", () => {
  it("calibrates the batch to sampleMs and takes one sample per round, in turns with the JS subjects", () => {
    const calls: string[] = [];
    // A pretend engine: n calls take 0.25 ms each by its own clock, whatever the wall clock says.
    const batch = (n: number) => {
      calls.push(`engine ${n}`);
      return n * 0.25;
    };
    let js = 0;
    const fn = () => {
      js++;
      return js;
    };
    const m = measureAll(
      [
        { name: "js", fn },
        { name: "engine", batch },
      ],
      { warmupMs: 5, sampleMs: 4, samples: 7 },
    );
    const engine = m.get("engine");
    expect(engine.perSample).toEqual(Array(7).fill(0.25));
    expect(engine.msPerOp).toBe(0.25);
    // Calibrated: the smallest batch the doubling search reached that takes sampleMs.
    expect(engine.batch * 0.25).toBeGreaterThanOrEqual(4);
    expect(calls.slice(-7)).toEqual(Array(7).fill(`engine ${engine.batch}`));
    expect(m.get("js").perSample).toHaveLength(7);
    // Paired with the JS subject's samples of the same rounds.
    expect(pairedRatio(engine.perSample, engine.perSample)).toBe(1);
  });
});

const formats = ["godot-3", "godot-4"] as const;
const installed = formats.filter((f) => existsSync(engineBins()[f]));
if (process.env.CI && installed.length < formats.length)
  throw new Error(`CI: engines missing (${formats.filter((f) => !installed.includes(f)).join(", ")})`);

describe.skipIf(installed.length === 0)("the engine servers", () => {
  for (const format of installed) {
    it(`${format}: loads a workload, times batches with its own clock, reports errors`, () => {
      expect(engineVersion(format)).toMatch(format === "godot-3" ? /^3\.2\.3\./ : /^4\.6\.3\./);
      const path = fileURLToPath(new URL(`../workloads/${format}/nested-mix.bin`, import.meta.url));
      const engine = startEngine(format, { timeoutMs: 60_000 });
      try {
        expect(engine.load(path)).toBe(readFileSync(path).length);
        const one = engine.time("decode", 1);
        const many = engine.time("decode", 40);
        expect(one).toBeGreaterThan(0);
        // 40 decodes of 100 KB take longer than one, by the engine's clock.
        expect(many).toBeGreaterThan(one);
        expect(engine.time("encode", 2)).toBeGreaterThan(0);
        expect(() => engine.load(`${path}.missing`)).toThrow(/cannot read/);
        expect(() => engine.time("transcode" as "decode", 1)).toThrow(/bad command/);
      } finally {
        engine.close();
      }
    });
  }
});

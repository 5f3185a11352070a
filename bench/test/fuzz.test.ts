// A short, seeded run of the fuzz campaign (bench/fuzz/campaign.mjs) in CI. The long run is
// `node bench/fuzz/run.mjs --seed N --iterations M`. GDVARIANT_FUZZ_SEED and
// GDVARIANT_FUZZ_ITERATIONS change the seed (default 1) and the length (default 4,000 inputs,
// about 10-20 s on 2 cores).
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM module without type declarations
import { runCampaign } from "../fuzz/campaign.mjs";

const seed = Number(process.env.GDVARIANT_FUZZ_SEED ?? 1);
const iterations = Number(process.env.GDVARIANT_FUZZ_ITERATIONS ?? 4000);

describe(`fuzz campaign, seed ${seed}, ${iterations} inputs`, () => {
  let summary: any;
  beforeAll(() => {
    summary = runCampaign({ seed, iterations, slowMs: 100 });
  }, 180_000);

  it("ran every kind of input through every target", () => {
    expect(summary.targets).toEqual([
      "godot-4.decode",
      "godot-4.decode(allowObjects)",
      "godot-3.decode",
      "godot-3.decode(allowObjects)",
      "legacy-2.decode",
      "legacy-2.decode(allowObjects)",
      "auto-detect.detect",
      "auto-detect.decodeAny",
    ]);
    expect(summary.targetCalls).toBe(iterations * summary.targets.length);
    for (const kind of [
      "bitflip",
      "truncate",
      "splice",
      "inflate",
      "retype",
      "deep",
      "wide",
      "hostile",
      "random",
    ]) {
      expect(summary.inputsByKind[kind], kind).toBeGreaterThan(0);
    }
    // Mutated engine data still decodes often enough for toJS, toText and encode to be exercised.
    expect(summary.decodesThatSucceeded).toBeGreaterThan(iterations);
  });

  it("lets nothing but the project's own errors escape", () => {
    expect(summary.escapes).toEqual([]);
    expect(summary.protoIntact).toBe(true);
  });

  it("takes under 100 ms for every input under 64 KB (slow ones are re-timed twice)", () => {
    expect(summary.slow).toEqual([]);
    expect(summary.slowest.ms).toBeLessThan(100);
  });

  it("keeps memory bounded", () => {
    // Heap + ArrayBuffers grown by one call (the decoded value and garbage not yet collected):
    // inputs are at most ~70 KB, so a few MB is normal and 256 MB would be an amplification.
    expect(summary.largestHeapGrowth.bytes).toBeLessThan(256 * 1024 * 1024);
    expect(summary.peakHeapBytes).toBeLessThan(1024 * 1024 * 1024);
  });
});

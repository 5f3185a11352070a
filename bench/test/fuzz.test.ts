// A short, seeded run of the fuzz campaign (bench/fuzz/campaign.mjs) in CI. The long run is
// `node bench/fuzz/run.mjs --seed N --iterations M`. GDVARIANT_FUZZ_SEED and
// GDVARIANT_FUZZ_ITERATIONS change the seed (default 1) and the length (default 4,000 inputs,
// about 30-50 s on 2 cores).
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM module without type declarations
import { runCampaign } from "../fuzz/campaign.mjs";

const seed = Number(process.env.GDVARIANT_FUZZ_SEED ?? 1);
const iterations = Number(process.env.GDVARIANT_FUZZ_ITERATIONS ?? 4000);

describe(`fuzz campaign, seed ${seed}, ${iterations} inputs`, () => {
  let summary: any;
  beforeAll(() => {
    summary = runCampaign({ seed, iterations, slowMs: 100, textSlowMs: 500 });
  }, 180_000);

  it("ran every kind of input through every target", () => {
    const decodes = ["godot-4", "godot-3", "legacy-2"].flatMap((id) =>
      ["decode", "decode(allowObjects)"].flatMap((d) => [
        `${id}.${d}`,
        `${id}.${d}.decodeJS`,
        `${id}.${d}.codec`,
        `${id}.${d}.after.toJS`,
        `${id}.${d}.after.toText`,
        `${id}.${d}.after.toJSON`,
        `${id}.${d}.after.parseText`,
        `${id}.${d}.after.convert`,
        `${id}.${d}.after.encode`,
      ]),
    );
    expect(summary.targets).toEqual([
      ...decodes,
      "auto-detect.detect",
      "auto-detect.decodeAny",
      "files.configFile",
    ]);
    expect(summary.sealedTargets).toEqual([
      "files.detectLayer",
      "files.readCompressedInfo",
      "files.decompressFile",
      "files.decryptFile",
      "files.openFile",
      "files.reseal",
    ]);
    // A tenth of the inputs are sealed files, run through the file readers instead.
    expect(summary.sealedInputs).toBeGreaterThan(iterations * 0.05);
    expect(summary.targetCalls).toBe(
      (iterations - summary.sealedInputs) * summary.targets.length +
        summary.sealedInputs * summary.sealedTargets.length,
    );
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
      "big",
      "dictionary",
      "config",
      "sealed-seed",
      "sealed-bitflip",
      "sealed-window",
      "sealed-bomb",
      "sealed-many-blocks",
      "sealed-random",
    ]) {
      expect(summary.inputsByKind[kind], kind).toBeGreaterThan(0);
    }
    // Mutated engine data still decodes often enough for toJS, toText and encode to be exercised.
    expect(summary.callsThatProducedAValue).toBeGreaterThan(iterations * 2);
  });

  it("lets nothing but the project's own errors escape", () => {
    expect(summary.escapes).toEqual([]);
    expect(summary.protoIntact).toBe(true);
  });

  it("takes under 100 ms per input under 64 KB to decode, detect, toJS, toJSON, convert, encode (500 ms for the text form, its parse and ConfigFile text, 250 ms for a sealed file)", () => {
    // Slow calls are re-timed twice and count only when slow every time.
    expect(summary.slow).toEqual([]);
    for (const stage of ["decode", "auto-detect", "toJS", "toJSON", "convert", "encode"]) {
      expect(summary.slowest[stage].ms, stage).toBeLessThan(100);
    }
    expect(summary.slowest.toText.ms).toBeLessThan(500);
    expect(summary.slowest.parseText.ms).toBeLessThan(500);
    expect(summary.slowest.config.ms).toBeLessThan(500);
    expect(summary.slowest.sealed.ms).toBeLessThan(250);
  });

  it("keeps memory bounded", () => {
    // Heap + ArrayBuffers grown by one call (the decoded value and garbage not yet collected):
    // inputs are at most ~70 KB, so a few MB is normal and 256 MB would be an amplification.
    expect(summary.largestHeapGrowth.bytes).toBeLessThan(256 * 1024 * 1024);
    expect(summary.peakHeapBytes).toBeLessThan(1024 * 1024 * 1024);
  });
});

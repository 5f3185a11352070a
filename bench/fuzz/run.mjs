#!/usr/bin/env node
// The fuzz campaign, on demand:
//   node bench/fuzz/run.mjs --seed 42 --iterations 200000 [--slow-ms 100] [--text-slow-ms 500]
//                           [--sealed-share 0.1] [--hostile-js 0.05] [--out summary.json]
//   node bench/fuzz/run.mjs --replay input.hex      (one input, hex, through every target)
// Prints progress, then a JSON summary (inputs tried, escapes with their bytes in hex, slow
// inputs, the slowest input under 64 KB, the largest heap growth of one call). Exits 1 when
// anything escaped or an input under 64 KB was slow.
import { readFileSync, writeFileSync } from "node:fs";
import { runCampaign, targets } from "./campaign.mjs";
import { sealedTargets } from "./sealed.mjs";

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};

if (opt("replay")) {
  const h = readFileSync(opt("replay"), "utf8").trim();
  const bytes = Uint8Array.from(h.match(/../g) ?? [], (x) => Number.parseInt(x, 16));
  for (const [name, fn] of [...targets(), ...sealedTargets()]) {
    const t = performance.now();
    try {
      const r = fn(bytes);
      console.log(`${name}: ok${r === true ? " (decoded)" : ""} in ${(performance.now() - t).toFixed(1)} ms`);
    } catch (e) {
      console.log(`${name}: ESCAPE ${e?.stack ?? e}`);
    }
  }
  process.exit(0);
}

const summary = runCampaign({
  seed: Number(opt("seed", "1")),
  iterations: Number(opt("iterations", "10000")),
  slowMs: Number(opt("slow-ms", "100")),
  textSlowMs: Number(opt("text-slow-ms", "500")),
  sealedShare: Number(opt("sealed-share", "0.1")),
  // The share of inputs that are hostile JS values instead of bytes (fuzz/hostile-js.mjs).
  hostileJS: Number(opt("hostile-js", "0.05")),
  progressEvery: 2000,
  onProgress: (p) =>
    process.stderr.write(
      `${p.done} inputs, ${p.escapes} escapes, ${p.slow} slow, ${p.seconds.toFixed(0)} s\n`,
    ),
});
const text = JSON.stringify(summary, null, 2);
if (opt("out")) writeFileSync(opt("out"), `${text}\n`);
console.log(text);
process.exit(summary.escapes.length > 0 || summary.slow.length > 0 || !summary.protoIntact ? 1 : 0);

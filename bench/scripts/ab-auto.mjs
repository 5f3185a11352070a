#!/usr/bin/env node
// Before/after comparison of two builds of @gdvariant/auto-detect: decodeAny against the
// dialect's plain decode, in fresh processes that alternate between the builds (one process
// per build and round, so neither build inherits the other's JIT state):
//   mkdir -p packages/auto-detect/node_modules/.ab
//   cp -r packages/auto-detect/dist packages/auto-detect/node_modules/.ab/before   # before a change
//   (change auto-detect, npx tsup)
//   node bench/scripts/ab-auto.mjs packages/auto-detect/node_modules/.ab/before packages/auto-detect/dist godot-4 vector3-array [rounds=3]
// A build's folder must sit where it resolves @gdvariant/core (inside packages/auto-detect).
// Each process takes the fastest of 21 samples of ≥40 ms per subject (bench/src/measure.mjs);
// the table shows the best and the median over the rounds, decodeAny minus plain decode, and the
// median over the rounds of each process's decodeAny ÷ plain. AB_FRAMING=record frames the
// workload as one store_var record for decodeAny.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measure } from "../src/measure.mjs";

const [a, b, format, name, roundsArg, child] = process.argv.slice(2);
if (!a || !b || !format || !name) {
  console.error(
    "usage: node bench/scripts/ab-auto.mjs <build-a> <build-b> <godot-3|godot-4> <workload> [rounds]",
  );
  process.exit(2);
}

if (child === "--child") {
  // a is the build to time here.
  const { decodeAny } = await import(pathToFileURL(resolve(a, "index.js")).href);
  const dialect = await import(`@gdvariant/${format}`);
  const bytes = new Uint8Array(
    readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
  );
  // The fastest sample of measure(): on a shared, loaded machine the least disturbed figure.
  const best = (fn) => measure(fn, { warmupMs: 300, sampleMs: 40, samples: 21 }).min * 1e6;
  // AB_FRAMING=record: decodeAny reads the workload as one store_var record (a u32 length, then
  // the value); the plain decode reads the value.
  let input = bytes;
  if (process.env.AB_FRAMING === "record") {
    input = new Uint8Array(bytes.length + 4);
    new DataView(input.buffer).setUint32(0, bytes.length, true);
    input.set(bytes, 4);
  }
  const plain = best(() => dialect.decode(bytes));
  const auto = best(() => decodeAny(input));
  console.log(JSON.stringify({ plain, auto }));
  process.exit(0);
}

const rounds = Number(roundsArg ?? 3);
const runs = { A: [], B: [] };
for (let r = 0; r < rounds; r++) {
  for (const [label, dir] of [
    ["A", a],
    ["B", b],
  ]) {
    const out = execFileSync(
      process.execPath,
      [fileURLToPath(import.meta.url), dir, b, format, name, "1", "--child"],
      {
        encoding: "utf8",
      },
    );
    runs[label].push(JSON.parse(out));
  }
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
const ns = (x) => (Math.abs(x) >= 1e4 ? `${(x / 1e3).toFixed(1)} µs` : `${x.toFixed(0)} ns`);
const framing = process.env.AB_FRAMING === "record" ? " (decodeAny of one store_var record)" : "";
console.log(`${format}/${name}${framing}, ${rounds} rounds; per call, best / median of the rounds`);
console.log(
  "| build | decodeAny | plain decode | decodeAny − plain (best) | decodeAny ÷ plain (median of the rounds) |",
);
console.log("|---|--:|--:|--:|--:|");
for (const label of ["A", "B"]) {
  const auto = runs[label].map((x) => x.auto);
  const plain = runs[label].map((x) => x.plain);
  const bestAuto = Math.min(...auto);
  const bestPlain = Math.min(...plain);
  console.log(
    `| ${label} | ${ns(bestAuto)} / ${ns(median(auto))} | ${ns(bestPlain)} / ${ns(median(plain))} | ${ns(bestAuto - bestPlain)} | ${median(runs[label].map((x) => x.auto / x.plain)).toFixed(2)} |`,
  );
}

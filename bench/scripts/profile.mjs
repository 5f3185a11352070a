#!/usr/bin/env node
// Runs one workload through one operation in a loop, for CPU profiles of the hot paths:
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/scripts/profile.mjs godot-3 string-int-dict decode [seconds]
// then `node bench/scripts/prof-top.mjs /tmp/prof/*.cpuprofile` for the top self-time functions.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dialects } from "../src/subjects.mjs";

const [format = "godot-3", name = "string-int-dict", op = "decode", seconds = "5"] = process.argv.slice(2);
const bytes = new Uint8Array(
  readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
);
const g = dialects[format];
const value = g.decode(bytes);
const fn = op === "encode" ? () => g.encode(value) : () => g.decode(bytes);
const end = performance.now() + Number(seconds) * 1000;
let calls = 0;
while (performance.now() < end) {
  for (let i = 0; i < 10; i++) fn();
  calls += 10;
}
const ms = (Number(seconds) * 1000) / calls;
console.log(
  `${format} ${name} ${op}: ${calls} calls, ${ms.toFixed(3)} ms/call, ${(bytes.length / 1e3 / ms).toFixed(1)} MB/s`,
);

#!/usr/bin/env node
// Work counter for auto-detect (see icount.mjs): runs `iterations` calls of `decodeAny` or
// `detect` on one workload with one build of @gdvariant/auto-detect (an ES module bundle or the
// package's dist/index.js), for valgrind to count instructions:
//   node bench/scripts/icount-auto.mjs <auto-detect.js> <godot-3|godot-4> <workload> <decodeAny|detect> <iterations>
// `nil-records` (workload name) is a store_var file of 4,096 NIL records (issue 36, finding 11).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [path, format, name, op, iterations] = process.argv.slice(2);
const a = await import(pathToFileURL(resolve(path)).href);
let bytes;
if (name === "nil-records") {
  // Each record: u32 length 4, then a NIL header (type 0).
  bytes = new Uint8Array(4096 * 8);
  for (let i = 0; i < 4096; i++) bytes[i * 8] = 4;
} else {
  bytes = new Uint8Array(
    readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
  );
}
const fn = op === "detect" ? () => a.detect(bytes) : () => a.decodeAny(bytes);
for (let i = 0; i < 30; i++) fn();
let x = 0;
for (let i = 0; i < Number(iterations); i++) x += fn() ? 1 : 0;
if (x < 0) console.log(x);

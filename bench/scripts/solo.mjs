#!/usr/bin/env node
// One core build, one operation, in a process of its own: prints the fastest and the median
// MB/s. For A/B runs that must not share a heap or JIT feedback:
//   node bench/scripts/solo.mjs <core/index.js> <godot-3|godot-4> <workload> <decode|encode>
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measure } from "../src/measure.mjs";
import { tables } from "./tables.mjs";

const [corePath, format, name, op] = process.argv.slice(2);
const c = await import(pathToFileURL(resolve(corePath)).href);
const d = tables(c)[format];
const bytes = new Uint8Array(
  readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
);
const value = c.decodeWith(d, bytes);
const fn = op === "encode" ? () => c.encodeWith(d, value) : () => c.decodeWith(d, bytes);
const m = measure(fn, { warmupMs: 500, sampleMs: 40, samples: 21 });
const mb = (ms) => (bytes.length / 1e3 / ms).toFixed(1);
console.log(`${corePath} ${format}/${name} ${op}: best ${mb(m.min)} MB/s, median ${mb(m.msPerOp)} MB/s`);

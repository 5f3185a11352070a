#!/usr/bin/env node
// Work counter for Godot 4's JSON.from_native text (readJsonNative / writeJsonNative), for
// before/after decisions on a loaded machine: runs `iterations` calls with one godot-4 build, for
// valgrind to count instructions (bench/scripts/icount-json-native.sh takes the difference of two
// iteration counts):
//   node --single-threaded bench/scripts/icount-json-native.mjs <godot-4/dist/index.js> <workload> <read|write|json|decode> <iterations> [elements=4096]
// "json" and "decode" count the read's yardstick: JSON.parse of the same text, and binary decode of
// the same value's bytes (cut as the text is).
// The workload's packed array is cut to its first `elements` numbers so that a call under valgrind
// takes well under a second.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [entry, name, op, iterations, elements = "4096"] = process.argv.slice(2);
const g = await import(pathToFileURL(resolve(entry)).href);
const bytes = new Uint8Array(
  readFileSync(fileURLToPath(new URL(`../workloads/godot-4/${name}.bin`, import.meta.url))),
);
const whole = g.decode(bytes);
const n = Number(elements) - (Number(elements) % 12);
const value = ArrayBuffer.isView(whole.data) ? { ...whole, data: whole.data.subarray(0, n) } : whole;
const text = g.writeJsonNative(value);
const cut = value === whole ? bytes : g.encode(value);
const run = {
  read: () => g.readJsonNative(text),
  write: () => g.writeJsonNative(value),
  json: () => JSON.parse(text),
  decode: () => g.decode(cut),
}[op];
for (let i = 0; i < Number(iterations); i++) run();

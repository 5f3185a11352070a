#!/usr/bin/env node
// Godot 4's JSON.from_native text against JSON.parse / JSON.stringify of the same text and our
// binary decode / encode of the same value, paired per round in one process (measureAll), on the
// godot-4 workloads. "parse+decode" is the goal's yardstick: JSON.parse of the text plus our own
// model construction (decode of the engine's bytes of the same value), summed per round.
//
//   node bench/scripts/json-native-ab.mjs [workload ...] [--quick] [--before=path/to/other/godot-4/dist/index.js]
//
// --before runs that build's readJsonNative as one more subject of the same rounds and prints
// after ÷ before (the paired ratio) and its parse+decode ratio.
const { readFileSync } = await import("node:fs");
const { resolve } = await import("node:path");
const { pathToFileURL } = await import("node:url");
const { decode, encode, readJsonNative, writeJsonNative } = await import("@gdvariant/godot-4");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const quick = process.argv.includes("--quick");
const beforeArg = process.argv.find((a) => a.startsWith("--before="));
const before = beforeArg ? await import(pathToFileURL(resolve(beforeArg.slice(9))).href) : undefined;
const picked = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const names = picked.length
  ? picked
  : [
      "float32-array",
      "string-int-dict",
      "nested-mix",
      "string-array",
      "vector3-array",
      "small-message",
      "typed-int-array",
      "typed-vector3-array",
    ];

for (const name of names) {
  const bytes = new Uint8Array(readFileSync(new URL(`../workloads/godot-4/${name}.bin`, import.meta.url)));
  const value = decode(bytes);
  const text = writeJsonNative(value);
  const tree = JSON.parse(text);
  const subjects = [
    { name: "readJsonNative", fn: () => readJsonNative(text) },
    { name: "JSON.parse", fn: () => JSON.parse(text) },
    { name: "decode", fn: () => decode(bytes) },
    { name: "writeJsonNative", fn: () => writeJsonNative(value) },
    { name: "JSON.stringify", fn: () => JSON.stringify(tree) },
    { name: "encode", fn: () => encode(value) },
  ];
  if (before) subjects.push({ name: "before", fn: () => before.readJsonNative(text) });
  const m = measureAll(subjects, quick ? { warmupMs: 100, sampleMs: 30, samples: 7 } : {});
  const t = (n) => m.get(n);
  const r = (a, b) => pairedRatio(t(a).perSample, t(b).perSample);
  // Per round: readJsonNative over (JSON.parse + decode) of the same round.
  const pa = t("readJsonNative").perSample;
  const pj = t("JSON.parse").perSample;
  const pd = t("decode").perSample;
  const yardstick = (p) => p.map((x, i) => x / (pj[i] + pd[i])).sort((a, b) => a - b)[p.length >> 1];
  const goal = yardstick(pa);
  const us = (n) => (t(n).msPerOp * 1000).toFixed(name === "small-message" ? 2 : 0);
  console.log(
    `${name} (${bytes.length} B binary, ${text.length} B text): ${before ? `before ${us("before")} µs = ${yardstick(t("before").perSample).toFixed(2)}x parse+decode, after ÷ before ${r("readJsonNative", "before").toFixed(2)} | ` : ""}read ${us("readJsonNative")} µs = ${r("readJsonNative", "JSON.parse").toFixed(2)}x JSON.parse (${us("JSON.parse")}), ${goal.toFixed(2)}x parse+decode, ${r("readJsonNative", "decode").toFixed(2)}x decode (${us("decode")}) | write ${us("writeJsonNative")} µs = ${r("writeJsonNative", "JSON.stringify").toFixed(2)}x JSON.stringify (${us("JSON.stringify")}), ${r("writeJsonNative", "encode").toFixed(2)}x encode (${us("encode")})`,
  );
}

#!/usr/bin/env node
// Codec objects (createCodec) against msgpackr's kept Packr, paired in one process (issue 33):
// the 148-byte small message decoded and encoded again and again, and over 64 distinct messages
// (each key suffixed by the message's number), and the dictionary and string-array workloads;
// the stateless functions beside them. Times are medians over 15 interleaved batches; ratios are
// paired per batch (src/measure.mjs).
//   node bench/scripts/codec.mjs [godot-4|godot-3] [--only=small,dict,strings]
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { readFileSync } = await import("node:fs");
const format = process.argv.find((a) => a.startsWith("godot-")) ?? "godot-4";
const only = (process.argv.find((a) => a.startsWith("--only=")) ?? "--only=small,dict,strings")
  .slice(7)
  .split(",");
const g = await import(`@gdvariant/${format}`);
const { Packr } = await import("msgpackr");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const load = (name) =>
  new Uint8Array(readFileSync(new URL(`../workloads/${format}/${name}.bin`, import.meta.url)));

function run(label, messages, opts) {
  const n = messages.length;
  const ours = messages.map((m) => g.encode(m));
  const packr = new Packr({ useRecords: false });
  const theirs = messages.map((m) => packr.pack(m));
  const codec = g.createCodec();
  let i = 0;
  const next = () => (n === 1 ? 0 : i++ % n);
  const m = measureAll(
    [
      { name: "decodeJS", fn: () => g.decodeJS(ours[next()]) },
      { name: "codec.decodeJS", fn: () => codec.decodeJS(ours[next()]) },
      { name: "unpack", fn: () => packr.unpack(theirs[next()]) },
      { name: "encode", fn: () => g.encode(messages[next()]) },
      { name: "codec.encode", fn: () => codec.encode(messages[next()]) },
      { name: "pack", fn: () => packr.pack(messages[next()]) },
    ],
    opts,
  );
  const us = (k) => (m.get(k).msPerOp * 1000).toFixed(2);
  const r = (a, b) => pairedRatio(m.get(a).perSample, m.get(b).perSample).toFixed(2);
  console.log(
    `${format} ${label}: µs decodeJS ${us("decodeJS")} codec ${us("codec.decodeJS")} unpack ${us("unpack")} | ` +
      `encode ${us("encode")} codec ${us("codec.encode")} pack ${us("pack")} | ` +
      `÷ msgpackr: codec.decodeJS ${r("codec.decodeJS", "unpack")}x, decodeJS ${r("decodeJS", "unpack")}x, ` +
      `codec.encode ${r("codec.encode", "pack")}x, encode ${r("encode", "pack")}x`,
  );
}

const small = { warmupMs: 200, sampleMs: 40, samples: 15 };
if (only.includes("small")) {
  const base = g.decodeJS(load("small-message"));
  run("small-message, one message", [base], small);
  run(
    "small-message, 64 distinct",
    Array.from({ length: 64 }, (_, i) =>
      Object.fromEntries(Object.entries(base).map(([k, v]) => [`${k}${i}`, v])),
    ),
    small,
  );
}
const big = { warmupMs: 300, sampleMs: 60, samples: 9 };
if (only.includes("dict")) run("string-int-dict", [g.decodeJS(load("string-int-dict"))], big);
if (only.includes("strings")) run("string-array", [g.decodeJS(load("string-array"))], big);

#!/usr/bin/env node
// Plain JavaScript against msgpackr and JSON on the same data, paired per round (measureAll):
// decodeJS (one pass) and toJS(decode) against msgpackr's unpack and JSON.parse, encode of the
// plain value against msgpackr's pack and JSON.stringify. msgpackr is in its pure-JS mode unless
// MSGPACKR_NATIVE_ACCELERATION_DISABLED is unset (run with MSGPACK_NATIVE=1 to see that).
//
//   node bench/scripts/js-ab.mjs [format/workload ...] [--quick]
if (!process.env.MSGPACK_NATIVE) process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { readFileSync } = await import("node:fs");
const { toJS } = await import("@gdvariant/core");
const godot3 = await import("@gdvariant/godot-3");
const godot4 = await import("@gdvariant/godot-4");
const { Packr, unpack } = await import("msgpackr");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const dialects = { "godot-3": godot3, "godot-4": godot4 };
const quick = process.argv.includes("--quick");
const picked = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const names = picked.length
  ? picked
  : ["string-int-dict", "nested-mix", "string-array", "small-message"].flatMap((n) => [
      `godot-3/${n}`,
      `godot-4/${n}`,
    ]);
const packr = new Packr({ useRecords: false });

for (const id of names) {
  const [format, name] = id.split("/");
  const g = dialects[format];
  const bytes = new Uint8Array(readFileSync(new URL(`../workloads/${format}/${name}.bin`, import.meta.url)));
  const plain = g.decodeJS(bytes);
  const mp = packr.pack(plain);
  const json = JSON.stringify(plain);
  const target = new Uint8Array(bytes.length * 2 + 64);
  const subjects = [
    { name: "decodeJS", fn: () => g.decodeJS(bytes) },
    { name: "toJS(decode)", fn: () => toJS(g.decode(bytes)) },
    { name: "decode", fn: () => g.decode(bytes) },
    { name: "unpack", fn: () => unpack(mp) },
    { name: "JSON.parse", fn: () => JSON.parse(json) },
    { name: "encode(js)", fn: () => g.encode(plain) },
    { name: "pack", fn: () => packr.pack(plain) },
    { name: "encodeInto(js)", fn: () => g.encodeInto(plain, target) },
    { name: "JSON.stringify", fn: () => JSON.stringify(plain) },
  ];
  const m = measureAll(subjects, quick ? { warmupMs: 100, sampleMs: 30, samples: 7 } : {});
  const t = (n) => m.get(n);
  const r = (a, b) => pairedRatio(t(a).perSample, t(b).perSample).toFixed(2);
  const us = (n) => (t(n).msPerOp * 1000).toFixed(name === "small-message" ? 3 : 0);
  console.log(
    `${id} (${bytes.length} B; msgpack ${mp.length} B): decodeJS ${us("decodeJS")} µs = ${r("decodeJS", "unpack")}x unpack (${us("unpack")}), toJS(decode) ${r("toJS(decode)", "unpack")}x, decode ${r("decode", "unpack")}x, JSON.parse ${r("JSON.parse", "unpack")}x | encode ${us("encode(js)")} µs = ${r("encode(js)", "pack")}x pack (${us("pack")}), encodeInto ${r("encodeInto(js)", "pack")}x, JSON.stringify ${r("JSON.stringify", "pack")}x`,
  );
}

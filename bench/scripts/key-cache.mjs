#!/usr/bin/env node
// Why decodeJS of a small message trails msgpackr's unpack when the same message is decoded
// again and again: msgpackr keeps the key strings it made between calls (a cache of up to 4,096
// keys in module state), so its keys are old, interned strings; gdvariant keeps no state between
// calls and makes its keys anew. This script decodes N different small messages in turn (the
// bench's small message with each key suffixed by the message's number), so that with N keys
// beyond msgpackr's cache both make their keys anew, next to the same message over and over.
//   node bench/scripts/key-cache.mjs [godot-3|godot-4]
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { readFileSync } = await import("node:fs");
const format = process.argv[2] ?? "godot-4";
const g = await import(`@gdvariant/${format}`);
const { Packr, unpack } = await import("msgpackr");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const base = g.decodeJS(
  new Uint8Array(readFileSync(new URL(`../workloads/${format}/small-message.bin`, import.meta.url))),
);
const packr = new Packr({ useRecords: false });
for (const n of [1, 64, 4096]) {
  const messages = Array.from({ length: n }, (_, i) =>
    Object.fromEntries(Object.entries(base).map(([k, v]) => [n === 1 ? k : `${k}${i}`, v])),
  );
  const ours = messages.map((m) => g.encode(m));
  const theirs = messages.map((m) => packr.pack(m));
  let a = 0;
  let b = 0;
  const m = measureAll(
    [
      { name: "decodeJS", fn: () => g.decodeJS(ours[a++ % n]) },
      { name: "unpack", fn: () => unpack(theirs[b++ % n]) },
    ],
    { warmupMs: 200, sampleMs: 40, samples: 15 },
  );
  const us = (k) => (m.get(k).msPerOp * 1000).toFixed(3);
  console.log(
    `${format}, ${n} different message${n === 1 ? "" : "s"} (${n * 6} keys): decodeJS ${us("decodeJS")} µs, unpack ${us("unpack")} µs, decodeJS ÷ unpack ${pairedRatio(m.get("decodeJS").perSample, m.get("unpack").perSample).toFixed(2)}x`,
  );
}

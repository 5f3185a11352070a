#!/usr/bin/env node
// Work counter for before/after decisions on a loaded machine, where wall and CPU times are too
// noisy: runs `iterations` calls of one operation with one core build, for valgrind to count
// instructions:
//   valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
//     node --single-threaded bench/scripts/icount.mjs <core/index.js> <godot-3|godot-4> <workload> <decode|encode|encode-into|codec-decode-js|codec-encode|codec-encode-64|codec-decode-js-64|decode-js|encode-js|unpack|unpack-64|pack|pack-64> <iterations>
// Run it with two iteration counts and take the difference over the difference in iterations:
// that is the instructions per call, start-up and JIT warm-up cancelled out
// (bench/scripts/icount.sh does this), or count the calls between the two in one run
// (bench/scripts/icount-once.sh: one Node start-up under valgrind instead of two).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tables } from "./tables.mjs";

const [corePath, format, name, op, iterations] = process.argv.slice(2);
const c = await import(pathToFileURL(resolve(corePath)).href);
const d = tables(c)[format];
const file = new Uint8Array(
  readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
);
// ICOUNT_REENCODE=1: the bytes `encode` writes for the workload's plain JS value (what
// scripts/codec.mjs decodes: the small message's Vector2 becomes a Dictionary {x, y} of floats).
const bytes = process.env.ICOUNT_REENCODE ? c.encodeWith(d, c.decodeJSWith(d, file)) : file;
const value = c.decodeWith(d, bytes);
// encode-into writes into one preallocated buffer: no allocation per call, so no collections
// whose timing moves the count between runs.
const target = new Uint8Array(bytes.length);
// The codec object (createCodecWith) and msgpackr's kept Packr on the plain value, for issue 33's
// paired counts: codec-decode-js, codec-encode, decode-js, encode-js, unpack, pack.
const codec = c.createCodecWith?.(d, d);
const plain = c.decodeJSWith(d, bytes);
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const packr =
  op === "pack" || op === "unpack" || op === "pack-64" || op === "unpack-64"
    ? new (await import("msgpackr")).Packr({ useRecords: false })
    : undefined;
const packed = packr?.pack(plain);
// codec-encode-64 and pack-64: 64 distinct messages in turn, each key suffixed by the
// message's number (as codec.mjs's "64 distinct"), for the plain objects of small-message.
const distinct = Array.from({ length: 64 }, (_, i) =>
  Object.fromEntries(Object.entries(plain).map(([k, v]) => [`${k}${i}`, v])),
);
// codec-decode-js-64 and unpack-64: those 64 messages' bytes decoded in turn: the engine's form
// (the model's keys suffixed, a Vector2 kept), or with ICOUNT_REENCODE=1 what `encode` writes for
// each plain message.
const model = c.decodeWith(d, file);
const distinctBytes =
  op !== "codec-decode-js-64"
    ? []
    : process.env.ICOUNT_REENCODE
      ? distinct.map((m) => c.encodeWith(d, m))
      : Array.from({ length: 64 }, (_, i) =>
          c.encodeWith(d, {
            ...model,
            entries: model.entries.map(([k, v]) => [{ kind: "string", value: `${k.value}${i}` }, v]),
          }),
        );
const distinctPacked = op === "unpack-64" ? distinct.map((m) => packr.pack(m)) : [];
let turn = 0;
const more = {
  "codec-decode-js-64": () => codec.decodeJS(distinctBytes[turn++ & 63]),
  "unpack-64": () => packr.unpack(distinctPacked[turn++ & 63]),
  "codec-decode-js": () => codec.decodeJS(bytes),
  "codec-encode": () => codec.encode(plain),
  "codec-encode-64": () => codec.encode(distinct[turn++ & 63]),
  "pack-64": () => packr.pack(distinct[turn++ & 63]),
  "decode-js": () => c.decodeJSWith(d, bytes),
  "encode-js": () => c.encodeWith(d, plain),
  unpack: () => packr.unpack(packed),
  pack: () => packr.pack(plain),
};
const fn =
  more[op] ??
  (op === "encode"
    ? () => c.encodeWith(d, value)
    : op === "encode-into"
      ? () => c.encodeIntoWith(d, value, target)
      : () => c.decodeWith(d, bytes));
// Warm-up to optimized code, the same for every run, then (under --expose-gc) a full collection,
// so that runs of every length start the counted calls from the same heap, then the counted calls.
// On the large values, ICOUNT_NODE_FLAGS="--expose-gc --random-seed=1 --hash-seed=1" (as
// floor-table.mjs runs): without them a window of 10 calls moved a count by up to 2x.
for (let i = 0; i < 30; i++) fn();
if (typeof globalThis.gc === "function") globalThis.gc();
let x = 0;
// With a sixth argument (icount-once.sh): the first `iterations` calls, then os.getPriority()
// (a libc call Node never makes itself, where callgrind dumps its counts) around the next
// `until - iterations` calls, so that one run counts them.
const until = process.argv[7];
for (let i = 0; i < Number(iterations); i++) x += fn() ? 1 : 0;
if (until !== undefined) {
  const { getPriority } = await import("node:os");
  getPriority();
  for (let i = Number(iterations); i < Number(until); i++) x += fn() ? 1 : 0;
  getPriority();
}
if (x < 0) console.log(x);

#!/usr/bin/env node
// The 4.x `Array[int]` workload decoded by a loop that does nothing but read it and make the
// same values, reading a DataView and reading an Int32Array, against the decoder: whether the
// kind of view is why decodeAny's walk (Int32Array words) builds it faster than a decode.
//   node bench/scripts/int-floor.mjs
import { dialects } from "../src/subjects.mjs";
import { workload } from "./floor-lib.mjs";
import { rounds } from "./rounds.mjs";

const g = dialects["godot-4"];
const bytes = workload("godot-4", "typed-int-array");
const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const words = new Int32Array(bytes.buffer, bytes.byteOffset, bytes.length >> 2);
// Header (typed ARRAY), element type, count; then the ints, FLAG_64 ones in 12 bytes.
const count = view.getUint32(8, true);

// As the decoder's i64n: a number below 2^53, else a bigint.
const int64 = (lo, hi) =>
  hi >= -0x200000 && hi < 0x200000 && hi * 4294967296 + lo !== -9007199254740992
    ? hi * 4294967296 + lo
    : (BigInt(hi) << 32n) | BigInt(lo);

function viaView() {
  const items = new Array(count);
  let p = 12;
  for (let i = 0; i < count; i++) {
    if ((view.getUint32(p, true) & 0x10000) === 0) {
      items[i] = { kind: "int", value: view.getInt32(p + 4, true) };
      p += 8;
    } else {
      items[i] = { kind: "int", value: int64(view.getUint32(p + 4, true), view.getInt32(p + 8, true)) };
      p += 12;
    }
  }
  return { kind: "array", items, elementType: { kind: "builtin", type: "int" } };
}

function viaWords() {
  const items = new Array(count);
  let k = 3;
  for (let i = 0; i < count; i++) {
    if ((words[k] & 0x10000) === 0) {
      items[i] = { kind: "int", value: words[k + 1] };
      k += 2;
    } else {
      items[i] = { kind: "int", value: int64(words[k + 1] >>> 0, words[k + 2]) };
      k += 3;
    }
  }
  return { kind: "array", items, elementType: { kind: "builtin", type: "int" } };
}

// Both loops must make the decoder's values.
const want = g.decode(bytes);
for (const [name, f] of [
  ["viaView", viaView],
  ["viaWords", viaWords],
]) {
  const got = f();
  if (got.items.length !== want.items.length || got.items.some((x, i) => x.value !== want.items[i].value)) {
    console.error(`${name} does not make the decoder's values`);
    process.exit(1);
  }
}

const subjects = { decode: () => g.decode(bytes), viaView, viaWords };
const times = rounds(subjects, { count: 10, ms: 200 });
console.log(
  Object.entries(times)
    .map(([k, t]) => `${k} ${t[0].toFixed(0)} µs`)
    .join(" | "),
);

#!/usr/bin/env node
// What making the string-array workload's short ASCII strings costs alone, by each way a JS
// decoder can make a string from bytes: the floor under any decode of that workload that returns
// JS strings.
//   node bench/scripts/string-floor.mjs [godot-3|godot-4]
import { asciiString, workload } from "./floor-lib.mjs";
import { rounds } from "./rounds.mjs";

const format = process.argv[2] ?? "godot-3";
const bytes = workload(format, "string-array");
const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// The ASCII strings of at most 16 bytes (what core's asciiShort makes), as offsets and lengths.
const count = view.getUint32(4, true);
const starts = [];
const lengths = [];
let p = 8;
for (let i = 0; i < count; i++) {
  const n = view.getUint32(p + 4, true);
  const s = p + 8;
  let ascii = true;
  for (let j = 0; j < n; j++) if (bytes[s + j] >= 0x80) ascii = false;
  if (ascii && n <= 16) {
    starts.push(s);
    lengths.push(n);
  }
  p = s + ((n + 3) & ~3);
}

const fcc = String.fromCharCode;
// One fixed-arity call per 16 bytes (as core's asciiShort).
const fixed = asciiString;
const ONE = Array.from({ length: 256 }, (_, i) => fcc(i));
const concat = (b, s, n) => {
  let r = "";
  for (let i = 0; i < n; i++) r += ONE[b[s + i]];
  return r;
};
const applyArray = (b, s, n) => {
  const a = [];
  for (let i = 0; i < n; i++) a.push(b[s + i]);
  return fcc.apply(null, a);
};
const applyView = (b, s, n) => fcc.apply(null, b.subarray(s, s + n));
const latin1 = new TextDecoder("latin1");
const textDecoder = (b, s, n) => latin1.decode(b.subarray(s, s + n));

// What a Node-only adapter could use instead (library code has no Buffer).
const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const bufferLatin1 = (_b, s, n) => buffer.latin1Slice(s, s + n);
const bufferUtf8 = (_b, s, n) => buffer.utf8Slice(s, s + n);

const ways = { fixed, concat, applyArray, applyView, textDecoder, bufferLatin1, bufferUtf8 };
const m = starts.length;
const out = new Array(m);
// Five rounds of 300 ms each after one of warm-up; the best. Per call: all m strings.
const times = rounds(
  Object.fromEntries(
    Object.entries(ways).map(([name, f]) => [
      name,
      () => {
        for (let i = 0; i < m; i++) out[i] = f(bytes, starts[i], lengths[i]);
      },
    ]),
  ),
  { count: 5, ms: 300, warmup: 1 },
);
const best = Object.fromEntries(Object.entries(times).map(([name, t]) => [name, (t[0] * 1000) / m]));
console.log(`${format}/string-array: ${m} of ${count} strings are ASCII of at most 16 bytes`);
for (const [name, ns] of Object.entries(best)) {
  console.log(`${name}: ${ns.toFixed(1)} ns per string, ${((ns * m) / 1e6).toFixed(2)} ms for all ${m}`);
}

#!/usr/bin/env node
// How close gdvariant's encode is to the least a JS encoder of the same value model must do: a
// "floor" encoder with no checks, no limits, no error paths, no growth (one preallocated buffer)
// and no key reuse, for the kinds of the nested-mix and dictionary workloads only. It must write
// the workload's exact bytes (checked first), so both do the same work.
//   node bench/scripts/encode-floor.mjs godot-4 nested-mix             # wall clock, interleaved
//   valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
//     node --single-threaded bench/scripts/encode-floor.mjs godot-4 nested-mix floor 40
// (with two iteration counts, as icount.sh: the difference is the instructions per call).
import { dialects } from "../src/subjects.mjs";
import { countedCalls, workload } from "./floor-lib.mjs";
import { rounds } from "./rounds.mjs";

const [format = "godot-4", name = "nested-mix", only, iterations] = process.argv.slice(2);
const g = dialects[format];
const bytes = workload(format, name);
const value = g.decode(bytes);

// Wire ids of the kinds the floor writes, from the dialect.
const KINDS = ["nil", "bool", "int", "float", "string", "vector2", "vector3", "color", "dictionary", "array"];
const IDS = Object.fromEntries(KINDS.map((k) => [k, g.dialect.wireIdOfKind(k)]));

const buf = new Uint8Array(bytes.length + 64);
const dv = new DataView(buf.buffer);
let pos = 0;

// ASCII only (the floor refuses anything else through the byte check).
function str(s) {
  const n = s.length;
  const start = pos + 4;
  for (let i = 0; i < n; i++) buf[start + i] = s.charCodeAt(i);
  dv.setUint32(pos, n, true);
  pos = start + n;
  while (pos & 3) buf[pos++] = 0;
}

function enc(x) {
  switch (x.kind) {
    case "nil":
      dv.setUint32(pos, IDS.nil, true);
      pos += 4;
      return;
    case "bool":
      dv.setUint32(pos, IDS.bool, true);
      dv.setUint32(pos + 4, x.value ? 1 : 0, true);
      pos += 8;
      return;
    case "int":
      dv.setUint32(pos, IDS.int, true);
      dv.setInt32(pos + 4, x.value, true);
      pos += 8;
      return;
    case "float":
      dv.setUint32(pos, IDS.float, true);
      dv.setFloat32(pos + 4, x.value, true);
      pos += 8;
      return;
    case "string":
      dv.setUint32(pos, IDS.string, true);
      pos += 4;
      str(x.value);
      return;
    case "vector2":
      dv.setUint32(pos, IDS.vector2, true);
      dv.setFloat32(pos + 4, x.x, true);
      dv.setFloat32(pos + 8, x.y, true);
      pos += 12;
      return;
    case "vector3":
      dv.setUint32(pos, IDS.vector3, true);
      dv.setFloat32(pos + 4, x.x, true);
      dv.setFloat32(pos + 8, x.y, true);
      dv.setFloat32(pos + 12, x.z, true);
      pos += 16;
      return;
    case "color":
      dv.setUint32(pos, IDS.color, true);
      dv.setFloat32(pos + 4, x.r, true);
      dv.setFloat32(pos + 8, x.g, true);
      dv.setFloat32(pos + 12, x.b, true);
      dv.setFloat32(pos + 16, x.a, true);
      pos += 20;
      return;
    case "array": {
      const items = x.items;
      dv.setUint32(pos, IDS.array, true);
      dv.setUint32(pos + 4, items.length, true);
      pos += 8;
      for (let i = 0; i < items.length; i++) enc(items[i]);
      return;
    }
    case "dictionary": {
      const entries = x.entries;
      dv.setUint32(pos, IDS.dictionary, true);
      dv.setUint32(pos + 4, entries.length, true);
      pos += 8;
      for (let i = 0; i < entries.length; i++) {
        enc(entries[i][0]);
        enc(entries[i][1]);
      }
      return;
    }
  }
  throw new Error(`the floor encoder does not write ${x.kind}`);
}

// Like gdvariant's encode, it returns bytes of their own (a copy out of the reused buffer).
const floor = () => {
  pos = 0;
  enc(value);
  return buf.slice(0, pos);
};
const subjects = { floor, gdvariant: () => g.encode(value) };

const out = floor();
if (out.length !== bytes.length || out.some((b, i) => b !== bytes[i])) {
  console.error(`the floor encoder does not write the ${format}/${name} bytes`);
  process.exit(1);
}

if (only !== undefined) {
  countedCalls(subjects[only], Number(iterations ?? 20));
} else {
  // Rounds of 300 ms per subject, taking turns; the best and the median per subject.
  const times = rounds(subjects, { count: 12, ms: 300 });
  for (const [k, t] of Object.entries(times)) {
    console.log(
      `${format}/${name} ${k}: best ${t[0].toFixed(1)} µs, median ${t[t.length >> 1].toFixed(1)} µs per call`,
    );
  }
}

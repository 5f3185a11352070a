#!/usr/bin/env node
// How close gdvariant's encode is to the least a JS encoder of the same value model must do: the
// "floor" encoder of floor-lib.mjs (no checks, no limits, no error paths, no growth: one
// preallocated buffer, and no key reuse), writing the tagged value decode gives. It must write
// the workload's exact bytes (checked first), so both do the same work.
//   node bench/scripts/encode-floor.mjs godot-4 nested-mix             # wall clock, interleaved
//   valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
//     node --single-threaded bench/scripts/encode-floor.mjs godot-4 nested-mix floor 40
// (with two iteration counts, as icount.sh: the difference is the instructions per call).
import { dialects } from "../src/subjects.mjs";
import { countedCalls, floors, workload } from "./floor-lib.mjs";
import { rounds } from "./rounds.mjs";

const [format = "godot-4", name = "nested-mix", only, iterations] = process.argv.slice(2);
const g = dialects[format];
const bytes = workload(format, name);
const value = g.decode(bytes);
const f = floors(g, bytes);

// Like gdvariant's encode, it returns bytes of their own (a copy out of the reused buffer).
const floor = () => f.written(f.encodeTaggedFloor(value)).slice();
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

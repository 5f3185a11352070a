#!/usr/bin/env node
// One js-floor.mjs subject's counted window for callgrind, split by function: warm-up calls,
// gc(), then os.getPriority() (callgrind --dump-before=getpriority: a dump), `n` calls, and
// getPriority() again, so the dump after the second call holds only the `n` calls (as
// icount-once.sh). callgrind_annotate --inclusive=yes on that dump then gives the collector's
// share (v8::internal::Heap::CollectGarbage and the concurrent/parallel tasks run inline under
// --single-threaded) beside the total.
//   valgrind --tool=callgrind --smc-check=all-non-file --dump-instr=no --collect-jumps=no \
//     --dump-before=getpriority --callgrind-out-file=OUT node --single-threaded --expose-gc \
//     --random-seed=1 --hash-seed=1 [--trace-gc] bench/scripts/gc-window.mjs godot-4 string-int-dict decode 30 [warm-up=5]
import { getPriority } from "node:os";

process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { dialects } = await import("../src/subjects.mjs");
const { floors, workload } = await import("./floor-lib.mjs");

const [format, name, subject, n = "30", warm = "5"] = process.argv.slice(2);
const g = dialects[format];
const bytes = workload(format, name);
const f = floors(g, bytes);
const fn = {
  decode: () => g.decode(bytes),
  "tagged-floor": () => f.taggedFloor(bytes),
  "decode-js": () => g.decodeJS(bytes),
  "decode-floor": () => f.decodeFloor(bytes),
}[subject];
for (let i = 0; i < Number(warm); i++) fn();
globalThis.gc?.();
let x = 0;
getPriority();
for (let i = 0; i < Number(n); i++) x += fn() ? 1 : 0;
getPriority();
if (x < 0) console.log(x);

#!/usr/bin/env node
// Where one workload's CPU time goes between the JS code and the collector: per subject of
// js-floor.mjs (decode, tagged-floor, decode-js, decode-floor by default), in one process, in
// rounds (each subject once per round), this process's CPU time per call (process.cpuUsage, every
// thread: concurrent and parallel GC helpers included) beside the main thread's GC pauses per call
// (PerformanceObserver "gc" entries: their count by kind and their summed duration). CPU minus
// the pauses is about what the code itself costs (helper threads' marking stays in the CPU figure).
// With --allow-natives-syntax it also says whether decodeJS's result keeps fast properties.
//   node [--single-threaded] [--predictable-gc-schedule] [--allow-natives-syntax] \
//     bench/scripts/gc-split.mjs [godot-4] [string-int-dict] [subjects=decode,tagged-floor,decode-js,decode-floor] [rounds=7] [calls=40]
import { PerformanceObserver } from "node:perf_hooks";

process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { dialects } = await import("../src/subjects.mjs");
const { floors, workload } = await import("./floor-lib.mjs");

const [format = "godot-4", name = "string-int-dict", list, roundsArg, callsArg] = process.argv.slice(2);
const g = dialects[format];
const bytes = workload(format, name);
const f = floors(g, bytes);
f.check();
const all = {
  decode: () => g.decode(bytes),
  "tagged-floor": () => f.taggedFloor(bytes),
  "decode-js": () => g.decodeJS(bytes),
  "decode-floor": () => f.decodeFloor(bytes),
  "decode-floor-keys": () => f.decodeFloorKeys(bytes),
};
const names = (list ?? "decode,tagged-floor,decode-js,decode-floor").split(",");
const rounds = Number(roundsArg ?? 7);
const calls = Number(callsArg ?? 40);

// GC entries arrive asynchronously (after a timer, not after setImmediate): a round waits 5 ms.
let gcs = [];
const obs = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push(e);
});
obs.observe({ entryTypes: ["gc"] });
const tick = () => new Promise((r) => setTimeout(r, 5));
const KIND = { 1: "minor", 2: "major", 4: "incremental", 8: "weak", 16: "minor" };

const res = Object.fromEntries(names.map((n) => [n, []]));
for (const n of names) for (let i = 0; i < 10; i++) all[n]();
let sink = 0;
for (let r = 0; r < rounds; r++) {
  for (const n of names) {
    const fn = all[n];
    await tick();
    gcs = [];
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < calls; i++) sink += fn() ? 1 : 0;
    const c = process.cpuUsage(c0);
    const wall = performance.now() - t0;
    await tick();
    const byKind = {};
    let pause = 0;
    for (const e of gcs) {
      if (e.startTime < t0 || e.startTime > t0 + wall) continue;
      const k = KIND[e.detail?.kind ?? e.kind] ?? "other";
      byKind[k] = (byKind[k] ?? 0) + 1;
      pause += e.duration;
    }
    res[n].push({
      cpu: (c.user + c.system) / 1000 / calls,
      wall: wall / calls,
      pause: pause / calls,
      byKind,
    });
  }
}
if (sink < 0) console.log(sink);

const med = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];
const us = (ms) => (ms * 1000).toFixed(0);
console.log(
  `${format}/${name}, ${rounds} rounds × ${calls} calls, µs per call (median, min-max over rounds); flags: ${process.execArgv.join(" ") || "none"}`,
);
console.log("| subject | CPU | wall | GC pauses | CPU − pauses | GCs per call (kinds, all rounds) |");
console.log("| --- | --: | --: | --: | --: | --- |");
for (const n of names) {
  const rs = res[n];
  const col = (k) =>
    `${us(med(rs.map((r) => r[k])))} (${us(Math.min(...rs.map((r) => r[k])))}-${us(Math.max(...rs.map((r) => r[k])))})`;
  const kinds = {};
  for (const r of rs) for (const [k, v] of Object.entries(r.byKind)) kinds[k] = (kinds[k] ?? 0) + v;
  const per = Object.entries(kinds)
    .map(([k, v]) => `${k} ${(v / (rounds * calls)).toFixed(2)}`)
    .join(", ");
  console.log(
    `| ${n} | ${col("cpu")} | ${col("wall")} | ${col("pause")} | ${us(med(rs.map((r) => r.cpu - r.pause)))} | ${per || "none"} |`,
  );
}
try {
  const hasFast = new Function("o", "return %HasFastProperties(o)");
  const v = g.decodeJS(bytes);
  const fl = f.decodeFloor(bytes);
  console.log(
    `decodeJS result: ${Object.keys(v).length} keys, fast properties: ${hasFast(v)}; floor's: ${hasFast(fl)}`,
  );
} catch {
  // without --allow-natives-syntax
}

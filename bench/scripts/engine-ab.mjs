#!/usr/bin/env node
// gdvariant against the native engine (Godot 4.6.3 by default), paired: per workload, fresh Node
// processes in turns (round 1: every workload, round 2: every workload, ...), each with the
// engine as a server beside it (src/engine.mjs), our subjects and the engine's timed in turns in
// the same rounds (src/measure.mjs measureAll). Per round, the engine's time over ours; then the
// median and the range over all rounds of all processes, and the load average (os.loadavg, as
// `uptime`) at the start and end of each process.
//   node bench/scripts/engine-ab.mjs [--format=godot-4] [--processes=5] [--samples=15] [--sample-ms=60]
//     [--workloads=string-int-dict,nested-mix,typed-int-array] [--clock=cpu]
// --clock=cpu: each sample is CPU time, not wall: ours this process's (process.cpuUsage, every
// thread), the engine's the sum of its threads' (/proc/PID/task/*/schedstat, ns) over the batch
// (its command and answer included, well under 1% of a sample). On a loaded host wall time is
// mostly waiting for a core (at load 15 on 2 cores, 12 ms a call against 1.1 ms of CPU).
// Ours: decode (tagged), decodeJS, encode (tagged, byte-exact) and encode of the plain value when
// it writes the same bytes. The engine: bytes_to_var / var_to_bytes in GDScript (serve-4.gd).
// Beside them the floors (floor-lib.mjs, as js-floor.mjs): decode's tagged objects, decodeJS's
// strings and objects (keys made once per call) and encode's bytes written unchecked from the
// tagged value (and from the plain one where encode writes the same bytes from it), in the same
// rounds: the engine's time over a floor's is the most any JS codec could be faster in this V8.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { cliArgs } from "../src/args.mjs";
import { sameBytes } from "../src/compare.mjs";
import { engineVersion, startEngine } from "../src/engine.mjs";
import { measureAll, median, useClock } from "../src/measure.mjs";
import { dialects } from "../src/subjects.mjs";
import { floors } from "./floor-lib.mjs";

const args = cliArgs();
const format = args.format ?? "godot-4";
const samples = Number(args.samples ?? 15);
const sampleMs = Number(args["sample-ms"] ?? 60);
const clock = args.clock === "cpu" ? "cpu" : "wall";
/** CPU ms of every thread of process `pid` so far (the first field of schedstat: ns on a core). */
function cpuOf(pid) {
  let ns = 0;
  for (const t of readdirSync(`/proc/${pid}/task`))
    ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
  return ns / 1e6;
}
const load = () => loadavg().map((x) => x.toFixed(2));

if (typeof args.child === "string") {
  const name = args.child;
  const g = dialects[format];
  const path = fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url));
  const bytes = new Uint8Array(readFileSync(path));
  const loadStart = load();
  const value = g.decode(bytes);
  const plain = g.decodeJS(bytes);
  if (!sameBytes(g.encode(value), bytes)) throw new Error(`${name}: encode is not byte-exact`);
  const subjects = [
    { name: "decode", fn: () => g.decode(bytes) },
    { name: "decodeJS", fn: () => g.decodeJS(bytes) },
    { name: "encode", fn: () => g.encode(value) },
  ];
  const floor = floors(g, bytes);
  floor.check();
  subjects.push({ name: "floor-decode", fn: () => floor.taggedFloor(bytes) });
  subjects.push({ name: "floor-decodeJS", fn: () => floor.decodeFloor(bytes) });
  subjects.push({ name: "floor-encode", fn: () => floor.encodeTaggedFloor(value) });
  if (sameBytes(g.encode(plain), bytes)) {
    subjects.push({ name: "encodeJS", fn: () => g.encode(plain) });
    subjects.push({ name: "floor-encodeJS", fn: () => floor.encodeFloor(plain) });
  }
  const engine = startEngine(format);
  try {
    if (engine.load(path) !== bytes.length) throw new Error(`engine: ${name} has another size`);
    const timed = (op) =>
      clock === "cpu"
        ? (n) => {
            const c = cpuOf(engine.pid);
            engine.time(op, n);
            return cpuOf(engine.pid) - c;
          }
        : (n) => engine.time(op, n);
    if (clock === "cpu") useClock("cpu");
    subjects.push({ name: "engine-decode", batch: timed("decode") });
    subjects.push({ name: "engine-encode", batch: timed("encode") });
    const m = measureAll(subjects, { warmupMs: 300, sampleMs, samples });
    const per = Object.fromEntries([...m].map(([k, v]) => [k, v.perSample]));
    process.stdout.write(JSON.stringify({ name, per, load: [loadStart, load()] }));
  } finally {
    engine.close();
  }
  process.exit(0);
}

const names = (args.workloads ?? "string-int-dict,nested-mix,typed-int-array").split(",");
const processes = Number(args.processes ?? 5);
const version = engineVersion(format);
if (!version) throw new Error(`${format}: engine not installed`);
const runs = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < processes; r++) {
  for (const name of names) {
    const out = execFileSync(
      process.execPath,
      [
        fileURLToPath(import.meta.url),
        `--child=${name}`,
        `--format=${format}`,
        `--samples=${samples}`,
        `--sample-ms=${sampleMs}`,
        `--clock=${clock}`,
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    runs[name].push(JSON.parse(out));
    process.stderr.write(
      `round ${r + 1}/${processes} ${name}: load ${runs[name].at(-1).load[1].join(" ")}\n`,
    );
  }
}

// Per round: the engine's time over ours (how many times faster we are), pooled over processes.
const PAIRS = [
  ["decode", "engine-decode"],
  ["decodeJS", "engine-decode"],
  ["encode", "engine-encode"],
  ["encodeJS", "engine-encode"],
  ["floor-decode", "engine-decode"],
  ["floor-decodeJS", "engine-decode"],
  ["floor-encode", "engine-encode"],
  ["floor-encodeJS", "engine-encode"],
];
const f = (x) => x.toFixed(2);
const q = (xs, p) => [...xs].sort((a, b) => a - b)[Math.round(p * (xs.length - 1))];
const us = (ms) => (ms * 1000 >= 100 ? (ms * 1000).toFixed(0) : (ms * 1000).toFixed(2));
console.log(
  `${format} (${version}) against gdvariant: engine ${clock} time ÷ ours per round, ${processes} processes × ` +
    `${samples} rounds of ≥${sampleMs} ms per subject and workload\n`,
);
console.log(
  "| workload | ours | ours µs | engine µs | × engine: median | quartiles | min-max | per-process medians |",
);
console.log("| --- | --- | --: | --: | --: | --- | --- | --- |");
for (const name of names) {
  for (const [ours, eng] of PAIRS) {
    const rs = runs[name].filter((r) => r.per[ours]);
    if (rs.length === 0) continue;
    const ratios = rs.flatMap((r) => r.per[ours].map((x, k) => r.per[eng][k] / x));
    const perProcess = rs.map((r) => median(r.per[ours].map((x, k) => r.per[eng][k] / x)));
    const ms = (k) => median(rs.flatMap((r) => r.per[k]));
    console.log(
      `| ${name} | ${ours} | ${us(ms(ours))} | ${us(ms(eng))} | ${f(median(ratios))}× | ${f(q(ratios, 0.25))}-${f(q(ratios, 0.75))} | ${f(Math.min(...ratios))}-${f(Math.max(...ratios))} | ${perProcess.map(f).join(", ")} |`,
    );
  }
}
const loads = names.flatMap((n) => runs[n].flatMap((r) => r.load.map((l) => Number(l[0]))));
console.log(
  `\n1-minute load average during the run: ${Math.min(...loads).toFixed(2)}-${Math.max(...loads).toFixed(2)} (2 cores)`,
);

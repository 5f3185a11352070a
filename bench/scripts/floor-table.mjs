#!/usr/bin/env node
// One table of instruction counts: per workload, the floor (js-floor.mjs: making decodeJS's
// strings, objects and views alone, a key that comes again made once per call, or with "keys
// kept" every key made once for all calls, as msgpackr's key cache and a codec object keep them;
// writing encode's bytes with no checks into a kept buffer),
// gdvariant's decodeJS and encode of the plain value, and msgpackr's unpack and pack (pure JS, a
// kept Packr) of the same plain value. Each count is instructions per call under cachegrind: the
// difference of two runs of js-floor.mjs with `lo` and `hi` calls, over `hi - lo` (as icount.sh).
//   node bench/scripts/floor-table.mjs [--format=godot-4] [--jobs=1] [--workloads=a,b] [--json=out.json]
//   node bench/scripts/floor-table.mjs --from=a.json,b.json   # the table of earlier runs' counts
//   node bench/scripts/floor-table.mjs --from=a.json --subjects=decode-floor --workloads=nested-mix  # redo some
// (--calls=lo,hi for other call counts: on the large values one major collection more or less in
// the counted calls moves a count by millions, so more calls give steadier counts)
// Counts do not depend on the machine's load; wall time does (about 15-40 s per valgrind run).
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cliArgs } from "../src/args.mjs";

const args = cliArgs();
const format = args.format ?? "godot-4";
const jobs = Number(args.jobs ?? 1);
const names = (
  args.workloads ??
  "small-message,string-int-dict,string-array,nested-mix,typed-int-array,typed-vector3-array,float32-array,vector3-array"
).split(",");
const script = fileURLToPath(new URL("./js-floor.mjs", import.meta.url));

// Calls per run, lo and hi, and warm-up calls before them: enough that the difference is well
// above the run-to-run noise on the small message; on the large values one major collection more
// or less among the counted calls moves a count by millions (repeat counts there differ by up to
// ~30%; --calls=lo,hi for more). --node-flags=a,b adds Node flags (a 128 MB young generation, no
// collection in the counted calls, doubled every count of the small message: not used).
const FLAGS = typeof args["node-flags"] === "string" ? args["node-flags"].split(",") : [];
function calls(name, subject) {
  if (typeof args.calls === "string") return [...args.calls.split(",").map(Number), 30].slice(0, 3);
  if (name === "small-message") return [20000, 60000, 30];
  if (name.endsWith("float32-array") || name === "vector3-array")
    return /decode|unpack/.test(subject) ? [2000, 6000, 30] : [20, 60, 30];
  if (name === "nested-mix") return [20, 60, 30];
  return [5, 15, 30];
}
const SUBJECTS = ["decode-floor", "decode-js", "unpack", "encode-floor", "encode-js", "pack"];
// Where there are dictionaries: the floor with keys kept; and decode (tagged) beside its floor.
const EXTRA = {
  "small-message": ["decode-floor-keys", "codec-decode-js", "codec-encode"],
  "string-int-dict": ["decode-floor-keys", "tagged-floor", "decode"],
  "nested-mix": ["decode-floor-keys", "tagged-floor", "decode"],
};

function count(name, subject, n, warmup) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "valgrind",
      [
        "--tool=cachegrind",
        "--cache-sim=no",
        "--smc-check=all-non-file",
        "--cachegrind-out-file=/dev/null",
        process.execPath,
        "--single-threaded",
        ...FLAGS,
        script,
        format,
        name,
        subject,
        String(n),
      ],
      { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, FLOOR_WARMUP: String(warmup) } },
    );
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", () => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (m) resolve(Number(m[1].replaceAll(",", "")));
      else reject(new Error(`${name} ${subject} ${n}: ${err.slice(-1500)}`));
    });
  });
}

// --subjects=a,b: count only these (to redo some), the others from --from.
const only = typeof args.subjects === "string" ? args.subjects.split(",") : undefined;
const tasks = names.flatMap((name) =>
  (only ?? [...SUBJECTS, ...(EXTRA[name] ?? [])]).map((subject) => ({ name, subject })),
);
const results = {};
if (typeof args.from === "string") {
  for (const f of args.from.split(","))
    for (const [k, v] of Object.entries(JSON.parse(readFileSync(f, "utf8"))))
      results[k] = { ...results[k], ...v };
  if (!only) tasks.length = 0;
}
let next = 0;
async function worker() {
  while (next < tasks.length) {
    const { name, subject } = tasks[next++];
    const [lo, hi, warmup] = calls(name, subject);
    const a = await count(name, subject, lo, warmup);
    const b = await count(name, subject, hi, warmup);
    results[name] ??= {};
    results[name][subject] = Math.round((b - a) / (hi - lo));
    process.stderr.write(`${name} ${subject}: ${results[name][subject]} instructions per call\n`);
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
if (typeof args.json === "string") writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);

const n = (x) => (x === undefined ? "–" : x.toLocaleString("en-US"));
const r = (a, b) => (a === undefined || b === undefined ? "–" : `${(a / b).toFixed(2)}×`);
console.log(
  `${format}: instructions per call (cachegrind), floor and gdvariant's functions and msgpackr's kept Packr\n`,
);
console.log(
  "| workload | decode floor (keys kept) | decodeJS | unpack | decodeJS ÷ floor | decodeJS ÷ unpack | encode floor | encode | pack | encode ÷ floor | encode ÷ pack |",
);
console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |");
for (const name of names) {
  const x = results[name];
  if (!x) continue;
  console.log(
    `| ${name} | ${n(x["decode-floor"])} (${n(x["decode-floor-keys"])}) | ${n(x["decode-js"])} | ${n(x.unpack)} | ${r(x["decode-js"], x["decode-floor"])} | ${r(x["decode-js"], x.unpack)} | ${n(x["encode-floor"])} | ${n(x["encode-js"])} | ${n(x.pack)} | ${r(x["encode-js"], x["encode-floor"])} | ${r(x["encode-js"], x.pack)} |`,
  );
}
for (const [name, extra] of Object.entries(EXTRA)) {
  const x = results[name];
  if (!x) continue;
  console.log(`\n${name}: ${extra.map((k) => `${k} ${n(x[k])}`).join(", ")}`);
  if (x["tagged-floor"]) console.log(`  decode ÷ tagged-floor ${r(x.decode, x["tagged-floor"])}`);
}

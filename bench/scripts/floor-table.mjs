#!/usr/bin/env node
// One table of instruction counts: per workload, the floor (js-floor.mjs: making decodeJS's
// strings, objects and views alone, a key that comes again made once per call, or with "keys
// kept" every key made once for all calls, as msgpackr's key cache and a codec object keep them;
// writing encode's bytes with no checks into a kept buffer), gdvariant's decode, decodeJS and
// encode of the plain value, and msgpackr's unpack and pack (pure JS, a kept Packr) of the same
// plain value. Each count is instructions per call under cachegrind: the difference of two runs of
// js-floor.mjs with `lo` and `hi` calls, over `hi - lo` (as icount.sh).
//   node bench/scripts/floor-table.mjs [--format=godot-4] [--jobs=1] [--workloads=a,b] [--json=out.json]
//   node bench/scripts/floor-table.mjs --seeds=1,2,3 --workloads=string-array  # repeats: median and range
//   node bench/scripts/floor-table.mjs --from=a.json,b.json   # the table of earlier runs' counts
//   node bench/scripts/floor-table.mjs --from=a.json --subjects=decode-floor --workloads=nested-mix  # redo some
// Steady counts: every run is `node --single-threaded --expose-gc --random-seed=S --hash-seed=S`
// (S from --seeds, default 1), and js-floor.mjs collects all garbage after the warm-up, so that the
// runs with `lo` and `hi` calls start the counted calls from the same heap and differ only by the
// calls and the collections these calls cause (a window of 10 calls from whatever heap the
// warm-up left, as before, gave the string array's floor 7.5 M or 15.5 M per call by the window).
// Windows span at least ~0.3 G instructions (--calls=lo,hi[,warm-up] for others). Each workload's
// floors are checked once against gdvariant's value and bytes, in a run of their own (not counted).
// Counts do not depend on the machine's load; wall time does (about 15-90 s per valgrind run).
import { execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { cliArgs } from "../src/args.mjs";

const args = cliArgs();
const format = args.format ?? "godot-4";
const jobs = Number(args.jobs ?? 1);
const seeds = String(args.seeds ?? "1")
  .split(",")
  .map(Number);
const names = (
  args.workloads ??
  "small-message,string-int-dict,string-array,nested-mix,typed-int-array,typed-vector3-array,float32-array,vector3-array"
).split(",");
const script = fileURLToPath(new URL("./js-floor.mjs", import.meta.url));

// Calls per run, lo and hi, and warm-up calls before them. --node-flags=a,b adds Node flags (a
// 128 MB young generation, no collection in the counted calls, doubled every count of the small
// message: not used).
const FLAGS = typeof args["node-flags"] === "string" ? args["node-flags"].split(",") : [];
const PACKED = new Set(["float32-array", "vector3-array"]);
function calls(name, subject) {
  if (typeof args.calls === "string") return [...args.calls.split(",").map(Number), 30].slice(0, 3);
  if (name === "small-message") return [20000, 60000, 30];
  // A packed array decodes to a view (unpack too: 1,300-10,000 instructions); encode and pack
  // copy its megabyte: each call's buffer is external memory, whose growth starts collections.
  if (PACKED.has(name)) return /^decode|unpack/.test(subject) ? [2000, 22000, 30] : [20, 220, 10];
  if (name === "nested-mix") return [10, 90, 10];
  return [5, 35, 5];
}
const SUBJECTS = ["decode-floor", "decode", "decode-js", "unpack", "encode-floor", "encode-js", "pack"];
// Where there are dictionaries: the floor with keys kept, and decode's own floor (tagged objects).
const EXTRA = {
  "small-message": ["decode-floor-keys", "codec-decode-js", "codec-encode"],
  "string-int-dict": ["decode-floor-keys", "tagged-floor"],
  "nested-mix": ["decode-floor-keys", "tagged-floor"],
};

function count(name, subject, n, warmup, seed) {
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
        "--expose-gc",
        `--random-seed=${seed}`,
        `--hash-seed=${seed}`,
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
  (only ?? [...SUBJECTS, ...(EXTRA[name] ?? [])]).flatMap((subject) =>
    seeds.map((seed) => ({ name, subject, seed })),
  ),
);
const results = {};
if (typeof args.from === "string") {
  for (const f of args.from.split(","))
    for (const [k, v] of Object.entries(JSON.parse(readFileSync(f, "utf8"))))
      results[k] = { ...results[k], ...v };
  if (!only) tasks.length = 0;
}
if (tasks.length > 0)
  for (const name of new Set(tasks.map((t) => t.name)))
    execFileSync(process.execPath, [script, format, name, "check"], { stdio: "inherit" });
// Per workload and subject, the count of every seed; the table gives their median and range.
const repeats = {};
let next = 0;
async function worker() {
  while (next < tasks.length) {
    const { name, subject, seed } = tasks[next++];
    const [lo, hi, warmup] = calls(name, subject);
    const a = await count(name, subject, lo, warmup, seed);
    const b = await count(name, subject, hi, warmup, seed);
    const per = Math.round((b - a) / (hi - lo));
    repeats[name] ??= {};
    repeats[name][subject] ??= [];
    repeats[name][subject].push(per);
    const all = repeats[name][subject].sort((x, y) => x - y);
    results[name] ??= {};
    results[name][subject] = all.length === 1 ? all[0] : all;
    process.stderr.write(`${name} ${subject} seed ${seed} (${lo}, ${hi}): ${per} instructions per call\n`);
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
if (typeof args.json === "string") writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);

// A count is one number or the sorted counts of several seeds: the median, and the range when
// they differ by more than 2%.
const mid = (x) => (Array.isArray(x) ? x[x.length >> 1] : x);
const M = (x) => (Math.abs(x) >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x.toLocaleString("en-US"));
const n = (x) => {
  if (x === undefined) return "–";
  if (!Array.isArray(x)) return M(x);
  const [lo, hi] = [x[0], x.at(-1)];
  return hi - lo > 0.02 * Math.abs(mid(x)) ? `${M(mid(x))} (${M(lo)}-${M(hi)})` : M(mid(x));
};
const r = (a, b) => (a === undefined || b === undefined ? "–" : `${(mid(a) / mid(b)).toFixed(2)}×`);
console.log(
  `${format}: instructions per call (cachegrind), floor and gdvariant's functions and msgpackr's kept Packr\n`,
);
console.log(
  "| workload | decode floor (keys kept) | decode | decodeJS | unpack | decodeJS ÷ floor | decodeJS ÷ unpack | encode floor | encode | pack | encode ÷ floor | encode ÷ pack |",
);
console.log("| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |");
for (const name of names) {
  const x = results[name];
  if (!x) continue;
  console.log(
    `| ${name} | ${n(x["decode-floor"])}${x["decode-floor-keys"] ? ` (${n(x["decode-floor-keys"])})` : ""} | ${n(x.decode)} | ${n(x["decode-js"])} | ${n(x.unpack)} | ${r(x["decode-js"], x["decode-floor"])} | ${r(x["decode-js"], x.unpack)} | ${n(x["encode-floor"])} | ${n(x["encode-js"])} | ${n(x.pack)} | ${r(x["encode-js"], x["encode-floor"])} | ${r(x["encode-js"], x.pack)} |`,
  );
}
for (const [name, extra] of Object.entries(EXTRA)) {
  const x = results[name];
  if (!x) continue;
  console.log(`\n${name}: ${extra.map((k) => `${k} ${n(x[k])}`).join(", ")}`);
  if (x["tagged-floor"]) console.log(`  decode ÷ tagged-floor ${r(x.decode, x["tagged-floor"])}`);
}

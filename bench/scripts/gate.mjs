#!/usr/bin/env node
// Issue 34's gate, "no path gets slower": instructions per call of every workload in
// bench/workloads/manifest.json x its dialects x {decode, encode}, for two or more core builds,
// each counted with the same V8 seeds (--random-seed/--hash-seed; one seed gives the same count on
// every run of one build, different seeds move it by a few %), median over the seeds.
//   node bench/scripts/gate.mjs [--seeds 1,2,3] [--jobs 2] [--only REGEX] [--cache FILE] [--span 4,16] <base dist/index.js> <dist/index.js>...
// --cache keeps every count in FILE (one JSON line each) and reuses them: a count of one build,
// path and seed is the same on every run, so a later run adds builds or paths without recounting.
// Prints one row per path: each build's median, the last build against the first, and the seed
// spread ((max - min) / median over the seeds, the largest of the builds). A path is slower only
// when the ratio is past 1 by more than the spread. Counting uses bench/scripts/icount.sh
// (valgrind --tool=cachegrind, the difference between two iteration counts).
import { execFile } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
let seeds = [1, 2, 3];
let jobs = 2;
let only;
let cache;
// Iterations of a large workload (two counts): 4,16 is quick, but one collection more or less
// between the two runs moves a count by up to a third; 10,40 moves it less.
let large = [4, 16];
const dists = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--seeds") seeds = args[++i].split(",").map(Number);
  else if (a === "--jobs") jobs = Number(args[++i]);
  else if (a === "--only") only = new RegExp(args[++i]);
  else if (a === "--cache") cache = resolve(args[++i]);
  else if (a === "--span") large = args[++i].split(",").map(Number);
  else dists.push(resolve(a));
}
if (dists.length < 1) {
  console.error("usage: gate.mjs [--seeds 1,2,3] [--jobs 2] [--only REGEX] <base index.js> <index.js>...");
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(resolve(here, "../workloads/manifest.json"), "utf8"));
const paths = [];
for (const [format, engine] of Object.entries(manifest.engines)) {
  for (const name of Object.keys(engine.workloads)) {
    for (const op of ["decode", "encode"]) {
      const id = `${format} ${name} ${op}`;
      if (!only || only.test(id)) paths.push({ format, name, op, id });
    }
  }
}
// Iteration counts: the small message runs many calls, the large workloads a few.
const span = (format, name) => {
  const bytes = manifest.engines[format].workloads[name].bytes;
  return bytes < 4096 ? [20000, 60000] : large;
};
const keyOf = (p, dist, seed) => `${p.id}|${dist}|${seed}|${span(p.format, p.name).join(",")}`;
const count = (dist, p, seed) =>
  new Promise((ok, fail) => {
    const [lo, hi] = span(p.format, p.name);
    execFile(
      "sh",
      [resolve(here, "icount.sh"), dist, p.format, p.name, p.op, String(lo), String(hi)],
      { env: { ...process.env, ICOUNT_NODE_FLAGS: `--random-seed=${seed} --hash-seed=${seed}` } },
      (err, stdout) => {
        const m = /: (-?\d+) instructions per call/.exec(stdout);
        if (err || !m) fail(err ?? new Error(`no count: ${stdout}`));
        else ok(Number(m[1]));
      },
    );
  });

// Paired: for each path and seed, every build one after the other.
const tasks = [];
for (const p of paths) for (const seed of seeds) for (const dist of dists) tasks.push({ p, seed, dist });
const results = new Map();
if (cache && existsSync(cache)) {
  for (const line of readFileSync(cache, "utf8").split("\n")) {
    if (line) {
      const r = JSON.parse(line);
      results.set(r.key, r.count);
    }
  }
}
let next = 0;
const worker = async () => {
  while (next < tasks.length) {
    const t = tasks[next++];
    const key = keyOf(t.p, t.dist, t.seed);
    if (results.has(key)) continue;
    const n = await count(t.dist, t.p, t.seed);
    console.error(`seed ${t.seed} ${t.dist} ${t.p.id}: ${n}`);
    results.set(key, n);
    if (cache) appendFileSync(cache, `${JSON.stringify({ key, count: n })}\n`);
  }
};
await Promise.all(Array.from({ length: jobs }, worker));

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const fmt = (n) => Math.round(n).toLocaleString("en-US");
console.log(
  `seeds ${seeds.join(",")}; builds: ${dists.map((d, i) => `${String.fromCharCode(65 + i)}=${d}`).join(" ")}`,
);
console.log(
  [
    "path",
    ...dists.map((_, i) => String.fromCharCode(65 + i)),
    `${String.fromCharCode(64 + dists.length)}/A`,
    "spread",
  ].join(" | "),
);
for (const p of paths) {
  const per = dists.map((d) => seeds.map((s) => results.get(keyOf(p, d, s))));
  const meds = per.map(median);
  const spread = Math.max(...per.map((xs, i) => (Math.max(...xs) - Math.min(...xs)) / meds[i]));
  const ratio = meds[meds.length - 1] / meds[0];
  const flag = ratio - 1 > spread ? " SLOWER" : "";
  console.log(
    [p.id, ...meds.map(fmt), `${ratio.toFixed(3)}${flag}`, `${(spread * 100).toFixed(1)}%`].join(" | "),
  );
}

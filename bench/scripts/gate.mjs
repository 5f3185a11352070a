#!/usr/bin/env node
// Issue 34's gate, "no path gets slower": instructions per call of every workload in
// bench/workloads/manifest.json x its dialects x {decode, encode}, for two or more core builds,
// each counted with the same V8 seeds (--random-seed/--hash-seed; one seed gives the same count on
// every run of one build, different seeds move it by a few %), median over the seeds.
//   node bench/scripts/gate.mjs [--seeds 1,2,3] [--jobs 2] [--only REGEX] [--cache FILE] [--span 10,40]
//     [--repeats N] [--per-seed] [--cached-only] [--counter once|diff] [--predictable-gc]
//     <base dist/index.js> <dist/index.js>...
// --cache keeps every count in FILE (one JSON line each) and reuses them: a count of one build,
// path and seed is the same on every run, so a later run adds builds or paths without recounting.
// Prints one row per path: each build's median, every later build against the first, and the
// seed spread ((max - min) / median over the seeds, the largest of the builds). A build is SLOWER
// on a path only when its ratio is past 1 by more than the spread. --per-seed adds each build's
// count per seed. --repeats N counts each build, path and seed N times (the repeats after the
// first are cached under their own keys) and adds the repeat column: the largest (max - min) /
// median over the repeats of one build and seed, i.e. how far one count is from repeating.
// --cached-only prints what the cache holds and counts nothing (a missing count prints as "-").
// --counter once (default) counts with bench/scripts/icount-once.sh: one valgrind run per count,
// callgrind's count of the calls from low to high (cached under keys ending "|once"); diff with
// bench/scripts/icount.sh, the difference of two cachegrind runs of low and high calls (twice the
// valgrind time: a Node start-up under valgrind costs more than most workloads' calls). The two
// agree within 0.1% where collections do not move the counts.
// Collections do move the decodes of the large workloads: at 10,40 one build, path and seed
// repeated 14.63 M and 19.63 M (godot-4 string-int-dict decode, e2c259a, seed 1). With
// --predictable-gc (V8's --predictable-gc-schedule: fixed heap growth; keys end "|pgs") the
// same count repeated within 0.2% over two runs and two seeds (30.20 M, 30.15 M, 30.21 M): twice
// the work, as the fixed schedule collects more often, but a count that repeats.
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
// Iterations of a large workload (two counts): at 4,16 one collection more or less between the
// two runs moved a count by up to 73% (seeds 1-3); 10,40 is the default.
let large = [10, 40];
let repeats = 1;
let perSeed = false;
let cachedOnly = false;
let counter = "once";
let predictableGc = false;
const dists = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--seeds") seeds = args[++i].split(",").map(Number);
  else if (a === "--jobs") jobs = Number(args[++i]);
  else if (a === "--only") only = new RegExp(args[++i]);
  else if (a === "--cache") cache = resolve(args[++i]);
  else if (a === "--span") large = args[++i].split(",").map(Number);
  else if (a === "--repeats") repeats = Number(args[++i]);
  else if (a === "--per-seed") perSeed = true;
  else if (a === "--cached-only") cachedOnly = true;
  else if (a === "--counter") counter = args[++i];
  else if (a === "--predictable-gc") predictableGc = true;
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
// A decode of a 1 MiB float32 or vector3 array makes a view: a fraction of a microsecond once
// optimized, so 30 calls of it count V8 still compiling (21,513 and 95,736 instructions per call
// at 10,40 for e14fabe and e2c259a, both 0.26 us a call in time after 20,000 calls): many calls.
const VIEWS = new Set(["float32-array", "vector3-array"]);
const span = (format, name, op) => {
  const bytes = manifest.engines[format].workloads[name].bytes;
  return bytes < 4096 || (op === "decode" && VIEWS.has(name)) ? [20000, 60000] : large;
};
// The first repeat's key is the one every earlier run cached.
const keyOf = (p, dist, seed, r = 0) =>
  `${p.id}|${dist}|${seed}|${span(p.format, p.name, p.op).join(",")}${counter === "once" ? "|once" : ""}${predictableGc ? "|pgs" : ""}${r ? `|r${r}` : ""}`;
const count = (dist, p, seed) =>
  new Promise((ok, fail) => {
    const [lo, hi] = span(p.format, p.name, p.op);
    execFile(
      "sh",
      [
        resolve(here, counter === "once" ? "icount-once.sh" : "icount.sh"),
        dist,
        p.format,
        p.name,
        p.op,
        String(lo),
        String(hi),
      ],
      {
        env: {
          ...process.env,
          ICOUNT_NODE_FLAGS: `--random-seed=${seed} --hash-seed=${seed}${predictableGc ? " --predictable-gc-schedule" : ""}`,
        },
      },
      (err, stdout) => {
        const m = /: (-?\d+) instructions per call/.exec(stdout);
        if (err || !m) fail(err ?? new Error(`no count: ${stdout}`));
        else ok(Number(m[1]));
      },
    );
  });

// Paired: for each path and seed, every build one after the other.
const tasks = [];
// Seed by seed over all paths, so that a run cut short has every path counted with the first seeds.
for (let r = 0; r < repeats; r++)
  for (const seed of seeds) for (const p of paths) for (const dist of dists) tasks.push({ p, seed, dist, r });
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
    const key = keyOf(t.p, t.dist, t.seed, t.r);
    if (results.has(key) || cachedOnly) continue;
    const n = await count(t.dist, t.p, t.seed);
    console.error(`seed ${t.seed}${t.r ? ` repeat ${t.r + 1}` : ""} ${t.dist} ${t.p.id}: ${n}`);
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
const fmt = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "-");
const letter = (i) => String.fromCharCode(65 + i);
const rel = (xs, m) => (xs.length > 1 ? (Math.max(...xs) - Math.min(...xs)) / m : 0);
console.log(
  `seeds ${seeds.join(",")}; span ${large.join(",")}; counter ${counter}${predictableGc ? " --predictable-gc" : ""}; builds: ${dists.map((d, i) => `${letter(i)}=${d}`).join(" ")}`,
);
console.log(
  [
    "path",
    ...dists.map((_, i) => letter(i)),
    ...dists.slice(1).map((_, i) => `${letter(i + 1)}/A`),
    "spread",
    ...(repeats > 1 ? ["repeat"] : []),
    ...(perSeed ? dists.map((_, i) => `${letter(i)} per seed`) : []),
  ].join(" | "),
);
for (const p of paths) {
  // Per build, per seed: the first repeat's count (the one the median is of), and all repeats.
  const per = dists.map((d) => seeds.map((s) => results.get(keyOf(p, d, s))).filter((n) => n !== undefined));
  const meds = per.map((xs) => (xs.length ? median(xs) : Number.NaN));
  // No spread (and no SLOWER) until every build has two seeds counted.
  const spread = per.every((xs) => xs.length > 1)
    ? Math.max(...per.map((xs, i) => rel(xs, meds[i])))
    : Number.NaN;
  let repeat = 0;
  for (const d of dists) {
    for (const s of seeds) {
      const xs = [];
      for (let r = 0; r < repeats; r++) {
        const n = results.get(keyOf(p, d, s, r));
        if (n !== undefined) xs.push(n);
      }
      if (xs.length > 1) repeat = Math.max(repeat, rel(xs, median(xs)));
    }
  }
  const ratios = meds.slice(1).map((m) => {
    const ratio = m / meds[0];
    if (!Number.isFinite(ratio)) return "-";
    return `${ratio.toFixed(3)}${ratio - 1 > spread ? " SLOWER" : ""}`;
  });
  console.log(
    [
      p.id,
      ...meds.map(fmt),
      ...ratios,
      Number.isNaN(spread) ? "-" : `${(spread * 100).toFixed(1)}%`,
      ...(repeats > 1 ? [`${(repeat * 100).toFixed(1)}%`] : []),
      ...(perSeed ? per.map((xs) => xs.map(fmt).join(" ")) : []),
    ].join(" | "),
  );
}

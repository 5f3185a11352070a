#!/usr/bin/env node
// Regenerates the benchmark workloads with the real engines (GDScript generators make-3.gd and
// make-4.gd beside this script):
//   node tools/bench/make-workloads.mjs
// Engines: GODOT3_BIN (default /usr/bin/godot3-server), GODOT4_BIN (default
// ~/.cache/godot4-sid/godot4); install them with tools/engines/godot3.sh and godot4.sh.
// Output: bench/workloads/godot-3/<name>.bin, bench/workloads/godot-4/<name>.bin and
// bench/workloads/manifest.json (engine versions, sizes, sha256). The .bin files are committed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wl = join(here, "..", "..", "bench", "workloads");

function run(bin, args, cwd) {
  const r = spawnSync(bin, args, { cwd, encoding: "utf8", timeout: 300_000, maxBuffer: 64 << 20 });
  if (r.error) throw new Error(`${bin} failed: ${r.error.message}`);
  return r.stdout;
}

function collect(stdout, engine) {
  const lines = stdout
    .split("\n")
    .filter((l) => l.startsWith("WL "))
    .map((l) => l.slice(3).trim());
  const bad = lines.find((l) => l.startsWith("error"));
  if (bad) throw new Error(`${engine}: ${bad}`);
  if (!lines.includes("done ok")) throw new Error(`${engine}: workload script did not finish`);
  return lines.filter((l) => l !== "done ok").map((l) => l.split(" ")[0]);
}

function describe(dir, names) {
  const out = {};
  for (const name of names) {
    const bytes = readFileSync(join(dir, `${name}.bin`));
    out[name] = { bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
  }
  return out;
}

const manifest = { generatedBy: "tools/bench/make-workloads.mjs", engines: {} };

const g3 = process.env.GODOT3_BIN || "/usr/bin/godot3-server";
const out3 = join(wl, "godot-3");
mkdirSync(out3, { recursive: true });
const v3 = run(g3, ["--version"]).trim();
// Godot 3 writes a logs/ folder into its working directory: give it a scratch one.
const scratch = mkdtempSync(join(tmpdir(), "gdv-wl3-"));
let names3;
try {
  names3 = collect(
    run(g3, ["--no-window", "-s", join(here, "make-3.gd"), `--out=${out3}`], scratch),
    "godot 3",
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
manifest.engines["godot-3"] = {
  version: v3,
  script: "tools/bench/make-3.gd",
  workloads: describe(out3, names3),
};

const g4 = process.env.GODOT4_BIN || join(homedir(), ".cache", "godot4-sid", "godot4");
const out4 = join(wl, "godot-4");
mkdirSync(out4, { recursive: true });
const v4 = run(g4, ["--version"]).trim();
const project = mkdtempSync(join(tmpdir(), "gdv-wl4-"));
try {
  writeFileSync(join(project, "project.godot"), "config_version=5\n");
  copyFileSync(join(here, "make-4.gd"), join(project, "make-4.gd"));
  const names4 = collect(
    run(g4, ["--headless", "--path", project, "-s", "make-4.gd", "--", `--out=${out4}`], project),
    "godot 4",
  );
  manifest.engines["godot-4"] = {
    version: v4,
    script: "tools/bench/make-4.gd",
    workloads: describe(out4, names4),
  };
} finally {
  rmSync(project, { recursive: true, force: true });
}

writeFileSync(join(wl, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
for (const [id, e] of Object.entries(manifest.engines)) {
  for (const [name, w] of Object.entries(e.workloads))
    console.log(`${id} ${e.version} ${name} ${w.bytes} bytes`);
}

#!/usr/bin/env node
// Regenerates @gdvariant/godot-3's engine fixtures with a real Godot 3 engine:
//   node tools/godot-3/generate.mjs [--engine=BIN] [--out=DIR] [--seed=N] [--count=N]
// The engine comes from --engine, else GODOT3_BIN, else `godot3-server` on PATH
// (tools/engines/godot3.sh installs Debian's 3.2.3, tools/engines/godot36.sh Debian's 3.6). Its
// release (e.g. 3.2.3, 3.6) names the files written to --out (default
// packages/godot-3/test/fixtures/):
//   godot-<release>-cases.tsv   every type, edge cases, hand-made bytes, random values
//   save-<release>.bin/.tsv     a store_var file of 16 records (a game save) and each record
//   versions-<release>.tsv      what changed between 3.x releases: empty dictionaries,
//                               non-finite reals, vector key order, str2var, ConfigFile
// 3.2.3 used seed 20240 and 300 random values; 3.6 seed 3606 and 150 (--seed, --count).
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: {
    engine: { type: "string" },
    out: { type: "string" },
    seed: { type: "string" },
    count: { type: "string" },
  },
});
const out = resolve(opts.out ?? resolve(here, "../../packages/godot-3/test/fixtures"));
const bin = opts.engine || process.env.GODOT3_BIN || "godot3-server";
const script = join(here, "engine.gd");

// "3.6.stable.debian3.6+ds-2" -> "3.6"; "3.2.3.stable.custom_build" -> "3.2.3" (3.2.3 exits
// with 255 after printing it)
const release = spawnSync(bin, ["--version"], { encoding: "utf8" })
  .stdout.trim()
  .split("\n")
  .pop()
  .match(/^(\d+\.\d+(?:\.\d+)?)\./)?.[1];
if (release === undefined || !release.startsWith("3.")) throw new Error(`${bin} is not a Godot 3 engine`);
const seed = opts.seed ?? (release === "3.2.3" ? "20240" : "3606");
const count = opts.count ?? (release === "3.2.3" ? "300" : "150");

// Run inside the temporary folder: without a project, 3.x resolves user:// (engine.gd's
// ConfigFile round trips) to the working folder, which must never be the repository.
function run(args) {
  execFileSync(bin, ["--no-window", "-s", script, ...args], {
    cwd: tmp,
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 120_000,
  });
}

function finished(file) {
  const text = readFileSync(file, "utf8");
  if (!text.includes("# done")) throw new Error(`the engine stopped before the end of ${file}`);
  return text;
}

const tmp = mkdtempSync(join(tmpdir(), "gdvariant-g3-"));
try {
  const cases = join(tmp, "cases.tsv");
  run(["--mode=fixtures", `--seed=${seed}`, `--count=${count}`, `--out=${cases}`]);
  const text = finished(cases);
  writeFileSync(join(out, `godot-${release}-cases.tsv`), text);

  const saveTsv = join(tmp, "save.tsv");
  const saveBin = join(tmp, "save.bin");
  run(["--mode=save", `--save=${saveBin}`, `--out=${saveTsv}`]);
  copyFileSync(saveBin, join(out, `save-${release}.bin`));
  writeFileSync(join(out, `save-${release}.tsv`), finished(saveTsv));

  const versions = join(tmp, "versions.tsv");
  run(["--mode=versions", `--seed=${seed}`, "--count=60", `--out=${versions}`]);
  writeFileSync(join(out, `versions-${release}.tsv`), finished(versions));
  console.log(
    `Godot ${release}: wrote ${text.split("\n").filter((l) => l && !l.startsWith("#")).length} cases, a save and the release differences to ${out}`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

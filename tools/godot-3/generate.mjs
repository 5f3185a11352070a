#!/usr/bin/env node
// Regenerates @gdvariant/godot-3's engine fixtures with a real Godot 3 engine:
//   node tools/godot-3/generate.mjs
// The engine comes from GODOT3_BIN, else `godot3-server` on PATH (tools/engines/godot3.sh installs
// Debian's 3.2.3 build). Writes packages/godot-3/test/fixtures/:
//   godot-3.2.3-cases.tsv   every type, edge cases, hand-made bytes, 300 random values (seed 20240)
//   save-3.2.3.bin          a store_var file of 16 records (a game save)
//   save-3.2.3.tsv          each record of that save: var2bytes hex and var2str text
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, "../../packages/godot-3/test/fixtures");
const bin = process.env.GODOT3_BIN || "godot3-server";
const script = join(here, "engine.gd");

function run(args) {
  execFileSync(bin, ["--no-window", "-s", script, ...args], {
    stdio: ["ignore", "ignore", "inherit"],
    timeout: 120_000,
  });
}

const tmp = mkdtempSync(join(tmpdir(), "gdvariant-g3-"));
try {
  const cases = join(tmp, "cases.tsv");
  run(["--mode=fixtures", "--seed=20240", "--count=300", `--out=${cases}`]);
  const text = readFileSync(cases, "utf8");
  if (!text.includes("# done")) throw new Error("the engine stopped before the end of the fixtures");
  writeFileSync(join(out, "godot-3.2.3-cases.tsv"), text);

  const saveTsv = join(tmp, "save.tsv");
  const saveBin = join(tmp, "save.bin");
  run(["--mode=save", `--save=${saveBin}`, `--out=${saveTsv}`]);
  copyFileSync(saveBin, join(out, "save-3.2.3.bin"));
  writeFileSync(join(out, "save-3.2.3.tsv"), readFileSync(saveTsv, "utf8"));
  console.log(
    `wrote ${text.split("\n").filter((l) => l && !l.startsWith("#")).length} cases and a save to ${out}`,
  );
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

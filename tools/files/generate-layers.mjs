#!/usr/bin/env node
// Regenerates @gdvariant/files' layered-file fixtures with the real engines:
//   node tools/files/generate-layers.mjs
// Runs layers-3.gd (Godot 3.2.3) and layers-4.gd (Godot 4.6.3) in scratch projects and copies
// what they write (PackedByteArray.compress envelopes, project.binary with its project.godot
// twin, sealed saves with no records) and their facts.txt to
// packages/files/test/fixtures/layers-godot-3.2.3/ and layers-godot-4.6.3/.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { godot3, godot4 } from "./generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const outRoot = join(here, "..", "..", "packages", "files", "test", "fixtures");

function generate(generation, name) {
  const tmp = mkdtempSync(join(tmpdir(), `gdvariant-layers-${generation}-`));
  try {
    const dir = join(tmp, "out");
    mkdirSync(dir);
    const facts = join(tmp, "facts.txt");
    const args = [`--dir=${dir}`, `--out=${facts}`];
    let r;
    if (generation === 3) {
      r = spawnSync(godot3(), ["--no-window", "-s", join(here, "layers-3.gd"), ...args], {
        cwd: tmp,
        encoding: "utf8",
        timeout: 120_000,
      });
    } else {
      writeFileSync(join(tmp, "project.godot"), "config_version=5\n");
      r = spawnSync(godot4(), ["--headless", "--path", tmp, "-s", join(here, "layers-4.gd"), "--", ...args], {
        cwd: tmp,
        encoding: "utf8",
        timeout: 120_000,
      });
    }
    if (r.error) throw new Error(`engine ${generation} failed: ${r.error.message}`);
    const text = readFileSync(facts, "utf8");
    if (!text.includes("# done")) throw new Error(`engine ${generation} stopped early:\n${r.stderr}`);
    const out = join(outRoot, name);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    for (const f of readdirSync(dir)) cpSync(join(dir, f), join(out, f));
    writeFileSync(join(out, "facts.txt"), text.replace("# done\n", ""));
    console.log(`wrote ${readdirSync(out).length} files to ${out}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  generate(3, "layers-godot-3.2.3");
  generate(4, "layers-godot-4.6.3");
}

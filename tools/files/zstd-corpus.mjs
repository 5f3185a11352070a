#!/usr/bin/env node
// Regenerates @gdvariant/files' Zstd corpus with the real engines:
//   node tools/files/zstd-corpus.mjs
// Each engine compresses the same shapes of input (zstd-corpus-3.gd, zstd-corpus-4.gd) at
// several of its project settings (compression level, long distance matching): frames made by
// the engine's own libzstd (1.4.x in 3.2.3, 1.5.x in 4.6.3), with the size and SHA-256 of each
// input as the engine computed them. Writes packages/files/test/fixtures/zstd/<engine>-<config>/
// (<input>.zst and manifest.tsv).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { godot3, godot4 } from "./generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const outRoot = join(here, "..", "..", "packages", "files", "test", "fixtures", "zstd");

const CONFIGS = {
  "godot-4.6.3": ["L1", "L3", "L19", "L22", "L3-ldm"],
  "godot-3.2.3": ["L3", "L19", "L3-ldm"],
};

function projectFile(generation, config) {
  const level = Number(config.slice(1).split("-")[0]);
  const ldm = config.endsWith("-ldm");
  return `config_version=${generation === 4 ? 5 : 4}\n\n[compression]\n\nformats/zstd/compression_level=${level}\nformats/zstd/long_distance_matching=${ldm}\nformats/zstd/window_log_size=27\n`;
}

function run(engine, config) {
  const generation = engine.startsWith("godot-4") ? 4 : 3;
  const tmp = mkdtempSync(join(tmpdir(), "gdvariant-zstd-"));
  try {
    const project = join(tmp, "project");
    const dir = join(tmp, "out");
    mkdirSync(project);
    mkdirSync(dir);
    writeFileSync(join(project, "project.godot"), projectFile(generation, config));
    const out = join(tmp, "manifest.tsv");
    const script = join(here, `zstd-corpus-${generation}.gd`);
    const r =
      generation === 4
        ? spawnSync(
            godot4(),
            ["--headless", "--path", project, "-s", script, "--", `--dir=${dir}`, `--out=${out}`],
            {
              encoding: "utf8",
              timeout: 120_000,
            },
          )
        : spawnSync(
            godot3(),
            ["--no-window", "--path", project, "-s", script, `--dir=${dir}`, `--out=${out}`],
            {
              encoding: "utf8",
              timeout: 120_000,
            },
          );
    const text = readFileSync(out, "utf8");
    if (!text.includes("# done") || text.includes("# mismatch"))
      throw new Error(
        `${engine} ${config}: the engine stopped or misread its own frames:\n${text}\n${r.stderr}`,
      );
    const level = Number(config.slice(1).split("-")[0]);
    if (!text.includes(`# level\t${level}\n`))
      throw new Error(`${engine} ${config}: the level was not applied:\n${text}`);
    const target = join(outRoot, `${engine}-${config}`);
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    for (const f of readdirSync(dir)) cpSync(join(dir, f), join(target, f));
    writeFileSync(join(target, "manifest.tsv"), text);
    console.log(`wrote ${target}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

for (const [engine, configs] of Object.entries(CONFIGS)) for (const c of configs) run(engine, c);

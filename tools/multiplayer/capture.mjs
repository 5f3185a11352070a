#!/usr/bin/env node
// Runs the real Godot 4 engine on project/capture.gd and writes the packet fixture of
// @gdvariant/multiplayer: packages/multiplayer/test/fixtures/engine-capture.json.
// The project is copied to a temp folder first (the engine writes player.tscn and .godot/ there).
// The fixture holds one step per line: the action, every packet the engine sent during the step
// (from, to, channel, transfer mode, hex) and what every SceneMultiplayer saw (calls with
// var_to_str text and var_to_bytes hex of the arguments, auth, peer signals, replicated state).
// Engine: $GODOT4_BIN, else tools/engines/godot4.sh (installs it if needed).
// Usage: node tools/multiplayer/capture.mjs [--seed=37]
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const out = join(root, "packages", "multiplayer", "test", "fixtures", "engine-capture.json");
const seed = process.argv.find((a) => a.startsWith("--seed="))?.slice(7) ?? "37";

const bin =
  process.env.GODOT4_BIN ||
  execFileSync("sh", [join(root, "tools", "engines", "godot4.sh")], { encoding: "utf8" }).trim();
const dir = mkdtempSync(join(tmpdir(), "gdv-mp-capture-"));
try {
  cpSync(join(here, "project"), dir, { recursive: true });
  // The random value generator the live clients share.
  cpSync(join(root, "tools", "live", "values-4.gd"), join(dir, "values-4.gd"));
  const file = join(dir, "capture.json");
  const run = spawnSync(
    bin,
    ["--headless", "--path", dir, "-s", "capture.gd", "--", `--out=${file}`, `--seed=${seed}`],
    {
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  if (run.status !== 0) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`engine exited with ${run.status}`);
  }
  const data = JSON.parse(readFileSync(file, "utf8"));
  const lines = data.steps.map((s) => JSON.stringify(s));
  writeFileSync(
    out,
    `{"engine":${JSON.stringify(data.engine)},"seed":${data.seed},"steps":[\n${lines.join(",\n")}\n]}\n`,
  );
  process.stdout.write(`${data.steps.length} steps from ${data.engine} -> ${out}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

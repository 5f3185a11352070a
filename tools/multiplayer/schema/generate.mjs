#!/usr/bin/env node
// Runs the real Godot 4 engine on project/generate.gd and writes the RPC-schema fixture of
// @gdvariant/multiplayer: packages/multiplayer/test/fixtures/engine-rpc-schema.json, holding the
// scripts' sources, the engine's get_rpc_config() of each, the .tscn files the engine wrote and
// every node's script in them. The project is copied to a temp folder and imported first (the
// engine needs its class_name cache for `extends BaseActor`).
// Engine: $GODOT4_BIN, else tools/engines/godot4.sh (installs it if needed).
// Usage: node tools/multiplayer/schema/generate.mjs
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const out = join(root, "packages", "multiplayer", "test", "fixtures", "engine-rpc-schema.json");
const bin =
  process.env.GODOT4_BIN ||
  execFileSync("sh", [join(root, "tools", "engines", "godot4.sh")], { encoding: "utf8" }).trim();
const dir = mkdtempSync(join(tmpdir(), "gdv-mp-schema-"));
try {
  cpSync(join(here, "project"), dir, { recursive: true });
  spawnSync(bin, ["--headless", "--path", dir, "--import"], { encoding: "utf8", timeout: 120_000 });
  const run = spawnSync(bin, ["--headless", "--path", dir, "-s", "generate.gd"], {
    encoding: "utf8",
    timeout: 120_000,
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith("@@ "));
  if (run.status !== 0 || line === undefined) {
    process.stderr.write(run.stdout + run.stderr);
    throw new Error(`engine exited with ${run.status}`);
  }
  const data = JSON.parse(line.slice(3));
  writeFileSync(out, `${JSON.stringify(data, null, 1)}\n`);
  process.stdout.write(
    `${Object.keys(data.scripts).length} scripts, ${Object.keys(data.scenes).length} scenes from ${data.engine} -> ${out}\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}

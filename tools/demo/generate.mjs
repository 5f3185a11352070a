#!/usr/bin/env node
// Regenerates the demo's size fixtures with Godot 4.6.3:
//   node tools/demo/generate.mjs
// Runs dumps-4.gd in a scratch project and writes apps/demo/test/fixtures/dump-17k.bin and
// dump-800k.bin.gz (the engine's var_to_bytes, gzipped only to keep the repository small; the
// test unzips it to the engine's bytes).
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { godot4 } from "../files/generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "..", "..", "apps", "demo", "test", "fixtures");
const tmp = mkdtempSync(join(tmpdir(), "gdvariant-demo-"));
try {
  const dir = join(tmp, "out");
  mkdirSync(dir);
  writeFileSync(join(tmp, "project.godot"), "config_version=5\n");
  const r = spawnSync(
    godot4(),
    ["--headless", "--path", tmp, "-s", join(here, "dumps-4.gd"), "--", `--dir=${dir}`],
    {
      encoding: "utf8",
      timeout: 120_000,
    },
  );
  if (r.error) throw r.error;
  writeFileSync(join(out, "dump-17k.bin"), readFileSync(join(dir, "dump-17k.bin")));
  writeFileSync(
    join(out, "dump-800k.bin.gz"),
    gzipSync(readFileSync(join(dir, "dump-800k.bin")), { level: 9 }),
  );
  console.log(`wrote dump-17k.bin and dump-800k.bin.gz to ${out}`);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// Running the real Godot 3 / 4 engines from tests. Binary from GODOT3_BIN / GODOT4_BIN, else the
// default paths of this project's setup. Missing engine: the test is skipped locally and fails
// when process.env.CI is set.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type EngineMajor = 3 | 4;

export function engineBinary(major: EngineMajor): string | undefined {
  const bin =
    major === 3
      ? (process.env.GODOT3_BIN ?? "/usr/bin/godot3-server")
      : (process.env.GODOT4_BIN ??
        `${process.env.GODOT4_HOME ?? `${process.env.HOME ?? "/root"}/.cache/godot4-sid`}/godot4`);
  return existsSync(bin) ? bin : undefined;
}

/** Whether a test needing this engine runs; throws under CI when the engine is missing. */
export function engineAvailable(major: EngineMajor): boolean {
  if (engineBinary(major) !== undefined) return true;
  if (process.env.CI) throw new Error(`Godot ${major} is required under CI (set GODOT${major}_BIN)`);
  return false;
}

/** Runs a GDScript (extends SceneTree) with `files` next to it; returns stdout. */
export function runEngineScript(
  major: EngineMajor,
  script: string,
  files: Record<string, string> = {},
): string {
  const bin = engineBinary(major)!;
  const dir = mkdtempSync(join(tmpdir(), `gdvariant-l2-${major}-`));
  try {
    writeFileSync(join(dir, "main.gd"), script);
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    if (major === 4) writeFileSync(join(dir, "project.godot"), "config_version=5\n");
    const args =
      major === 3
        ? ["--no-window", "-s", join(dir, "main.gd")]
        : ["--headless", "--path", dir, "-s", "main.gd"];
    const r = spawnSync(bin, args, {
      cwd: dir,
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, L2_DIR: dir, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    });
    if (r.error) throw r.error;
    return r.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `@@ label a b c` lines of an engine's output, as label -> fields. */
export function taggedLines(stdout: string, tag = "@@"): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of stdout.split("\n")) {
    if (!line.startsWith(`${tag} `)) continue;
    const [, label = "", ...rest] = line.split(" ");
    out.set(label, rest);
  }
  return out;
}

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ENGINE_SCRIPT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../../../tools/godot-3/engine.gd",
);

/**
 * The Godot 3 binary: GODOT3_BIN, else Debian's `godot3-server`. Undefined when neither
 * exists: tests skip then, except under CI (`CI` set), where a missing engine is a failure.
 */
export function godot3Binary(): string | undefined {
  const env = process.env.GODOT3_BIN;
  if (env && existsSync(env)) return env;
  for (const p of ["/usr/bin/godot3-server", "/usr/local/bin/godot3-server"]) if (existsSync(p)) return p;
  return undefined;
}

/**
 * The Godot 3.6 binary: GODOT36_BIN, else the launcher tools/engines/godot36.sh makes
 * (`$GODOT36_HOME` or `~/.cache/godot36-trixie`, `godot36`). Undefined when neither exists.
 */
export function godot36Binary(): string | undefined {
  const env = process.env.GODOT36_BIN;
  if (env && existsSync(env)) return env;
  const home = process.env.GODOT36_HOME ?? join(homedir(), ".cache", "godot36-trixie");
  const launcher = join(home, "godot36");
  return existsSync(launcher) ? launcher : undefined;
}

/** The engines the live tests run against, with the `version` whose text each prints. */
export const LIVE_ENGINES = [
  {
    release: "3.2.3",
    version: "3.2",
    bin: godot3Binary(),
    how: "set GODOT3_BIN or run tools/engines/godot3.sh",
  },
  {
    release: "3.6",
    version: "3.6",
    bin: godot36Binary(),
    how: "set GODOT36_BIN or run tools/engines/godot36.sh",
  },
] as const;

/** Runs engine.gd with `args`; resolves when the engine exits, rejects on error or timeout. */
export function runEngine(bin: string, args: string[], timeoutMs = 60_000): Promise<void> {
  return new Promise((ok, fail) => {
    execFile(
      bin,
      ["--no-window", "-s", ENGINE_SCRIPT, ...args],
      { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 64 << 20 },
      (err, _stdout, stderr) => (err ? fail(new Error(`${String(err)}\n${stderr}`)) : ok()),
    );
  });
}

export { join };

// Finding and running the real engines for the live tests (shared by every package's live tests). Convention of the repository: the
// binary comes from GODOT3_BIN / GODOT4_BIN, else the default install path; a test skips when
// it is missing locally and fails under CI (`CI` set).
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export function godot3Binary(): string | undefined {
  const env = process.env.GODOT3_BIN;
  if (env && existsSync(env)) return env;
  return existsSync("/usr/bin/godot3-server") ? "/usr/bin/godot3-server" : undefined;
}

/** Godot 3.6: GODOT36_BIN, else the launcher tools/engines/godot36.sh makes. */
export function godot36Binary(): string | undefined {
  const env = process.env.GODOT36_BIN;
  if (env && existsSync(env)) return env;
  const home = process.env.GODOT36_HOME ?? join(homedir(), ".cache", "godot36-trixie");
  const p = join(home, "godot36");
  return existsSync(p) ? p : undefined;
}

export function godot4Binary(): string | undefined {
  const env = process.env.GODOT4_BIN;
  if (env && existsSync(env)) return env;
  const home = process.env.GODOT4_HOME ?? join(homedir(), ".cache", "godot4-sid");
  const p = join(home, "godot4");
  return existsSync(p) ? p : undefined;
}

/** A running engine: its output so far, a promise of its exit code, and a kill switch. */
export interface EngineRun {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
  kill(): void;
}

/**
 * Starts an engine (or any) process that is SIGKILLed after `timeoutMs` at the latest (and by `kill`).
 * stdout and stderr are kept for failure messages.
 */
export function startEngine(
  bin: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
): EngineRun {
  const child = spawn(bin, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString("utf8")));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString("utf8")));
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const timer = setTimeout(kill, timeoutMs);
  const exited = new Promise<number | null>((r) => {
    child.on("exit", (code) => {
      clearTimeout(timer);
      r(code);
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      out += `\nspawn error: ${err.message}`;
      r(null);
    });
  });
  return { child, output: () => out, exited, kill };
}

/** Rejects after `ms` with `what` in the message: every wait on the engine is bounded. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
    }),
  ]);
}

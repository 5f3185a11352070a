// Finding and running Godot 4 for the live tests (the repository's convention: GODOT4_BIN, else
// the default install path; a test skips when it is missing locally and fails under CI).
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** tools/multiplayer in the repository. */
export const TOOLS = resolve(dirname(fileURLToPath(import.meta.url)), "../../../tools/multiplayer");

export function godot4Binary(): string | undefined {
  const env = process.env.GODOT4_BIN;
  if (env && existsSync(env)) return env;
  const p = join(process.env.GODOT4_HOME ?? join(homedir(), ".cache", "godot4-sid"), "godot4");
  return existsSync(p) ? p : undefined;
}

/** A throw-away copy of the capture project plus `script` from tools/multiplayer/live. */
export function projectWith(script: string): string {
  const dir = mkdtempSync(join(tmpdir(), "gdv-mp-live-"));
  cpSync(join(TOOLS, "project"), dir, { recursive: true });
  cpSync(join(TOOLS, "live", script), join(dir, script));
  return dir;
}

export interface EngineRun {
  readonly child: ChildProcess;
  output(): string;
  readonly exited: Promise<number | null>;
  kill(): void;
}

/** Starts the engine; it is SIGKILLed after `timeoutMs` at the latest (and by `kill`). */
export function startEngine(bin: string, args: string[], timeoutMs: number): EngineRun {
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
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

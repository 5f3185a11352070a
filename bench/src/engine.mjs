// The native engine as a subject that takes turns with the JS subjects in measureAll's rounds,
// so that its ratio to gdvariant is paired like the others (pairedRatio): the engine runs
// bench/native/serve-3.gd or serve-4.gd in a process of its own for as long as one measuring
// process lives, and answers one timed batch per call, synchronously.
//
// Synchronous on purpose: measureAll's loop is synchronous, and an asynchronous pipe would not
// be read while it runs. Godot 3.2 cannot read stdin or a pipe from GDScript, so commands and
// answers go through files in a scratch folder: this process writes `cmd` (through a rename)
// and polls for `ans`, pausing 0.2 ms between polls with Atomics.wait; the engine polls for
// `cmd` the same way. The time of a batch is the engine's own clock (OS.get_ticks_usec /
// Time.get_ticks_usec), so the round trip is not in it.
import { spawn, spawnSync } from "node:child_process";
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

/** Where the engines are: GODOT3_BIN / GODOT4_BIN, or where tools/engines/*.sh install them. */
export function engineBins() {
  return {
    "godot-3": process.env.GODOT3_BIN || "/usr/bin/godot3-server",
    "godot-4": process.env.GODOT4_BIN || join(homedir(), ".cache", "godot4-sid", "godot4"),
  };
}

/** The engine's version line, or undefined when it is not installed or does not answer. */
export function engineVersion(format) {
  const bin = engineBins()[format];
  if (!bin || !existsSync(bin)) return undefined;
  const r = spawnSync(bin, ["--version"], { cwd: tmpdir(), encoding: "utf8", timeout: 60_000 });
  // Godot 3.2.3 exits with status 255 after printing its version: the line is the answer.
  if (r.error) return undefined;
  return (r.stdout ?? "").trim().split("\n").pop() || undefined;
}

const pause = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(pause, 0, 0, ms);

/**
 * Starts the engine of `format` as a server. Throws when it cannot be started or stops answering.
 * @returns {{ pid: number, load(path: string): number, time(op: "decode" | "encode", n: number): number, close(): void }}
 *   load: the workload's size in bytes (the engine checks it round-trips); time: ms for n calls;
 *   pid: the engine's process (engine-ab.mjs reads its CPU time).
 */
export function startEngine(format, { timeoutMs = 120_000 } = {}) {
  const bin = engineBins()[format];
  if (!bin || !existsSync(bin)) throw new Error(`engine not installed (${bin})`);
  const dir = mkdtempSync(join(tmpdir(), "gdv-engine-"));
  const here = new URL("../native/", import.meta.url).pathname;
  let args;
  if (format === "godot-3") args = ["--no-window", "-s", join(here, "serve-3.gd"), `--dir=${dir}`];
  else {
    writeFileSync(join(dir, "project.godot"), "config_version=5\n");
    copyFileSync(join(here, "serve-4.gd"), join(dir, "serve-4.gd"));
    args = ["--headless", "--path", dir, "-s", "serve-4.gd", "--", `--dir=${dir}`];
  }
  const log = join(dir, "engine.log");
  const logFd = openSync(log, "w");
  const child = spawn(bin, args, { cwd: dir, stdio: ["ignore", logFd, logFd] });
  closeSync(logFd);
  const cmd = join(dir, "cmd");
  const ans = join(dir, "ans");

  function ask(line) {
    writeFileSync(`${cmd}.tmp`, line);
    renameSync(`${cmd}.tmp`, cmd);
    const deadline = performance.now() + timeoutMs;
    while (!existsSync(ans)) {
      if (performance.now() > deadline) {
        const tail = existsSync(log) ? readFileSync(log, "utf8").slice(-2000) : "";
        throw new Error(`${format} engine: no answer to "${line}"; its output ends:\n${tail}`);
      }
      sleep(0.2);
    }
    const a = readFileSync(ans, "utf8");
    unlinkSync(ans);
    if (a.startsWith("error")) throw new Error(`${format} engine: ${a}`);
    return a;
  }
  let closed = false;
  return {
    pid: child.pid,
    load(path) {
      return Number(ask(`load ${path}`).replace(/^ok /, ""));
    },
    time(op, n) {
      return Number(ask(`${op} ${n}`)) / 1000;
    },
    close() {
      if (closed) return;
      closed = true;
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// The native engine as a subject: runs bench/native/time-3.gd (Godot 3) and time-4.gd
// (Godot 4) over the committed workloads and reads back their timings (see the scripts for the
// protocol). An engine that is not installed is reported as missing, never guessed.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { median } from "./measure.mjs";

export function engineBins() {
  return {
    "godot-3": process.env.GODOT3_BIN || "/usr/bin/godot3-server",
    "godot-4": process.env.GODOT4_BIN || join(homedir(), ".cache", "godot4-sid", "godot4"),
  };
}

function run(bin, args, cwd, timeout) {
  const r = spawnSync(bin, args, { cwd, encoding: "utf8", timeout, maxBuffer: 64 << 20 });
  if (r.error) return { ok: false, error: r.error.message, stdout: "" };
  return { ok: true, stdout: r.stdout ?? "" };
}

function parse(stdout) {
  const out = {};
  const errors = [];
  let done = false;
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("NT ")) continue;
    const parts = line.slice(3).trim().split(" ");
    if (parts[0] === "done") done = true;
    else if (parts[0] === "error") errors.push(parts.slice(1).join(" "));
    else {
      const [name, op, bytes, iters, list] = parts;
      const per = list.split(",").map((us) => Number(us) / 1000 / Number(iters));
      out[name] ??= {};
      out[name][op] = {
        msPerOp: median(per),
        min: Math.min(...per),
        max: Math.max(...per),
        bytes: Number(bytes),
        batch: Number(iters),
        samples: per.length,
      };
    }
  }
  return { results: out, errors, done };
}

/**
 * Times the native engine of `dialectId` over the workloads in `dir`.
 * @returns {{ available: boolean, version?: string, reason?: string, results?: object, errors?: string[] }}
 */
export function timeNative(dialectId, dir, { only, repeats = 7, minMs = 150 } = {}) {
  const bin = engineBins()[dialectId];
  if (!bin || !existsSync(bin)) return { available: false, reason: `engine not installed (${bin})` };
  const version = run(bin, ["--version"], tmpdir(), 60_000).stdout.trim().split("\n").pop();
  const user = [`--dir=${dir}`, `--repeats=${repeats}`, `--min-ms=${minMs}`];
  if (only?.length) user.push(`--only=${only.join(",")}`);
  const scratch = mkdtempSync(join(tmpdir(), "gdv-native-"));
  try {
    let r;
    const here = new URL("../native/", import.meta.url).pathname;
    if (dialectId === "godot-3") {
      r = run(bin, ["--no-window", "-s", join(here, "time-3.gd"), ...user], scratch, 900_000);
    } else {
      writeFileSync(join(scratch, "project.godot"), "config_version=5\n");
      copyFileSync(join(here, "time-4.gd"), join(scratch, "time-4.gd"));
      r = run(bin, ["--headless", "--path", scratch, "-s", "time-4.gd", "--", ...user], scratch, 900_000);
    }
    if (!r.ok) return { available: false, version, reason: r.error };
    const p = parse(r.stdout);
    if (!p.done)
      return { available: false, version, reason: "engine script did not finish", errors: p.errors };
    return { available: true, version, results: p.results, errors: p.errors };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

// Running tools/files/config-{3,4}.gd --mode=read: the engine loads ConfigFiles and prints what
// it read, then saves each again beside it (<path>.resaved).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TOOLS = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../tools/files");

/** Godot 3.6: GODOT36_BIN, else the launcher tools/engines/godot36.sh installs; undefined when neither exists. */
export function godot36Binary(): string | undefined {
  const env = process.env.GODOT36_BIN;
  if (env && existsSync(env)) return env;
  const p = join(process.env.GODOT36_HOME ?? join(homedir(), ".cache", "godot36-trixie"), "godot36");
  return existsSync(p) ? p : undefined;
}

/** What the engine read from one file: its entries in order, or the load error's code. */
export interface EngineConfig {
  /** `<section hex>/<key hex>` (UTF-8) and the value's var2bytes / var_to_bytes. */
  readonly entries: (readonly [name: string, bytes: Uint8Array])[];
  /** Godot's Error code when `load` failed (the entries are then empty). */
  readonly error?: number;
  /** The text the engine saved after loading it (absent when loading failed). */
  readonly resaved?: string;
}

/** Has the engine (`generation` 3 or 4, binary `bin`) load every file of `paths`. */
export function engineLoadConfigs(
  generation: 3 | 4,
  bin: string,
  dir: string,
  paths: readonly string[],
): Map<string, EngineConfig> {
  const jobs = join(dir, `config-jobs-${generation}.txt`);
  const out = join(dir, `config-out-${generation}.txt`);
  writeFileSync(jobs, `${paths.join("\n")}\n`);
  const args = ["--mode=read", `--jobs=${jobs}`, `--out=${out}`];
  const script = join(TOOLS, `config-${generation}.gd`);
  let r: ReturnType<typeof spawnSync>;
  if (generation === 3) {
    r = spawnSync(bin, ["--no-window", "-s", script, ...args], { cwd: dir, timeout: 120_000 });
  } else {
    writeFileSync(join(dir, "project.godot"), "config_version=5\n");
    r = spawnSync(bin, ["--headless", "--path", dir, "-s", script, "--", ...args], {
      cwd: dir,
      timeout: 120_000,
    });
  }
  if (r.error) throw r.error;
  const text = existsSync(out) ? readFileSync(out, "utf8") : "";
  if (!text.includes("# done")) throw new Error(`engine ${generation} stopped early:\n${String(r.stderr)}`);
  const result = new Map<string, EngineConfig>();
  const entries = new Map<string, [string, Uint8Array][]>(paths.map((p) => [p, []]));
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [path, what, a, b, c] = line.split("\t") as [string, string, string, string, string];
    if (what === "v") entries.get(path)!.push([`${a}/${b}`, new Uint8Array(Buffer.from(c, "hex"))]);
    else if (what === "error") result.set(path, { entries: [], error: Number(a) });
    else if (what === "saved")
      result.set(path, { entries: entries.get(path)!, resaved: readFileSync(`${path}.resaved`, "utf8") });
  }
  return result;
}

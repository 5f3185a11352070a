import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const TOOLS = resolve(dirname(fileURLToPath(import.meta.url)), "../../../../tools/files");

/** GODOT3_BIN, else Debian's godot3-server; undefined when neither exists. */
export function godot3Binary(): string | undefined {
  const env = process.env.GODOT3_BIN;
  if (env && existsSync(env)) return env;
  for (const p of ["/usr/bin/godot3-server", "/usr/local/bin/godot3-server"]) if (existsSync(p)) return p;
  return undefined;
}

/** GODOT4_BIN, else the launcher tools/engines/godot4.sh installs; undefined when neither exists. */
export function godot4Binary(): string | undefined {
  const env = process.env.GODOT4_BIN;
  if (env && existsSync(env)) return env;
  const home = process.env.HOME ?? "/root";
  const p = join(home, ".cache/godot4-sid/godot4");
  return existsSync(p) ? p : undefined;
}

/** One file for the engine to open: kind pass | key | comp | plain | cfg-pass. */
export interface Job {
  readonly file: string;
  readonly kind: "pass" | "key" | "comp" | "plain" | "cfg-pass";
  readonly secret?: Uint8Array;
  readonly mode?: number;
  /** Print the whole content ("raw\t<hex>") instead of the records. */
  readonly raw?: boolean;
}

/** One line the engine printed: the record index (or "error"/"cfg") and the rest. */
export type EngineRows = Map<string, string[]>;

/**
 * Runs tools/files/files-{3,4}.gd --mode=read on `jobs` in `dir`; returns, per file, the lines
 * the engine printed for it ("<index>\t<var2bytes hex>\t<var2str>", "error\t<code>", "cfg\t<path>").
 */
export function engineRead(generation: 3 | 4, bin: string, dir: string, jobs: readonly Job[]): EngineRows {
  const jobFile = join(dir, `jobs-${generation}.tsv`);
  const out = join(dir, `out-${generation}.tsv`);
  const hex = (b: Uint8Array | undefined) => Buffer.from(b ?? new Uint8Array()).toString("hex");
  writeFileSync(
    jobFile,
    jobs
      .map((j) => `${j.file}\t${j.kind}\t${hex(j.secret)}\t${j.mode ?? 0}\t${j.raw ? "raw" : ""}\n`)
      .join(""),
  );
  const args = ["--mode=read", `--jobs=${jobFile}`, `--out=${out}`];
  let r: ReturnType<typeof spawnSync>;
  if (generation === 3) {
    r = spawnSync(bin, ["--no-window", "-s", join(TOOLS, "files-3.gd"), ...args], {
      cwd: dir,
      timeout: 120_000,
    });
  } else {
    writeFileSync(join(dir, "project.godot"), "config_version=5\n");
    r = spawnSync(bin, ["--headless", "--path", dir, "-s", join(TOOLS, "files-4.gd"), "--", ...args], {
      cwd: dir,
      timeout: 120_000,
    });
  }
  if (r.error) throw r.error;
  const text = readFileSync(out, "utf8");
  if (!text.includes("# done")) throw new Error(`engine ${generation} stopped early:\n${String(r.stderr)}`);
  const rows: EngineRows = new Map();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const tab = line.indexOf("\t");
    const file = line.slice(0, tab);
    rows.set(file, [...(rows.get(file) ?? []), line.slice(tab + 1)]);
  }
  return rows;
}

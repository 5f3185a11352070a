import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

// The built binary, found through the package's own name as a user's tooling would find it.
const pkgJson = createRequire(import.meta.url).resolve("@gdvariant/cli/package.json");
const bin = JSON.parse(readFileSync(pkgJson, "utf8")).bin.gdvariant as string;
export const CLI = join(dirname(pkgJson), bin);

/** Repository root (for the bundled samples). */
export const ROOT = join(dirname(pkgJson), "..", "..");
export const SAMPLES = join(ROOT, "samples");

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
  out: Buffer;
}

/**
 * Runs `gdvariant ARGS` as a child process (stdin from `input`), without a terminal, from the
 * repository root (so `samples/...` paths work as in the README).
 */
export function gdvariant(args: readonly string[], input?: string | Uint8Array): Run {
  const r: SpawnSyncReturns<Buffer> = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    input: input === undefined ? "" : input,
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, NO_COLOR: "1" },
  });
  if (r.error) throw r.error;
  return {
    code: r.status ?? -1,
    stdout: r.stdout.toString("utf8"),
    stderr: r.stderr.toString("utf8"),
    out: r.stdout,
  };
}

/** A fresh temporary folder. */
export function tempDir(name: string): string {
  return mkdtempSync(join(tmpdir(), `gdvariant-cli-${name}-`));
}

/** Bytes of hex text, with the `??` the 2.x fixtures use for bytes the engine never wrote as zeros. */
export function unhex(h: string): Uint8Array {
  const clean = h.replace(/\?\?/g, "00");
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Reverses the engine's `c_escape()` that the fixture generators applied to each text. */
export function unCEscape(s: string): string {
  const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v" };
  return s.replace(/\\(.)/g, (_, c: string) => map[c] ?? c);
}

/**
 * `random-cases.tsv` of an engine: hex of the bytes, the engine's own text of the value, and
 * where recorded (a fourth column, random-cases.gd --readback) the hex of what the engine's
 * str_to_var reads that text as.
 */
export function engineCases(file: string): Array<{ hex: string; text: string; readBack?: string }> {
  return readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l.startsWith("CASE\t"))
    .map((l) => {
      const [, hex, text, readBack] = l.split("\t") as [string, string, string, string?];
      return readBack === undefined
        ? { hex, text: unCEscape(text) }
        : { hex, text: unCEscape(text), readBack };
    });
}

/** `vectors.txt` of an engine: label to hex. */
export function engineVectors(file: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const l of readFileSync(new URL(`../fixtures/${file}`, import.meta.url), "utf8").split("\n")) {
    if (l.startsWith("#") || l.trim() === "") continue;
    const [label, hex] = l.split(" ");
    if (label && hex) m.set(label, hex);
  }
  return m;
}

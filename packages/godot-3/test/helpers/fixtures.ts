import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { hexToBytes } from "./mask.js";

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

/** One line of an engine TSV: `<label>\t<hex>\t<c_escaped var2str>[\t<rehex>]`. */
export interface EngineCase {
  readonly file: string;
  readonly label: string;
  readonly hex: string;
  readonly bytes: Uint8Array;
  /** `var2str(bytes2var(bytes)).c_escape()` as the engine printed it. */
  readonly text: string;
  /** `var2bytes(bytes2var(bytes))`, when the engine wrote something else than `hex`. */
  readonly rehex: string | undefined;
  /** Written with full objects (`var2bytes(v, true)`): decode with allowObjects. */
  readonly full: boolean;
  /** Hand-made bytes that only the engine's decoder saw (not its encoder). */
  readonly decodeOnly: boolean;
}

/** Reads an engine TSV fixture (`#` lines are facts and are skipped). */
export function loadCases(file: string): EngineCase[] {
  const out: EngineCase[] = [];
  for (const line of readFileSync(join(FIXTURES, file), "utf8").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [label = "", hex = "", text = "", rehex] = line.split("\t");
    out.push({
      file,
      label,
      hex,
      bytes: hexToBytes(hex),
      text,
      rehex,
      full: label.startsWith("full_"),
      decodeOnly: label.startsWith("decode_") || label.startsWith("full_decode_"),
    });
  }
  return out;
}

/** Every 3.2.3 case of this package: our generator's and the shared 3.2.3 random corpus. */
export function allCases(): EngineCase[] {
  return [...loadCases("godot-3.2.3-cases.tsv"), ...loadCases("random-cases-3.2.3.tsv")];
}

/** The engines the fixtures come from, and the `version` option whose text rules they print. */
export const ENGINES = [
  { release: "3.2.3", version: "3.2" },
  { release: "3.6", version: "3.6" },
] as const;

/** Every value case an engine wrote: its cases file, and for 3.2.3 the shared random corpus. */
export function engineCases(release: "3.2.3" | "3.6"): EngineCase[] {
  return release === "3.2.3" ? allCases() : loadCases("godot-3.6-cases.tsv");
}

/** `str2var` of hand-written text, from a versions file: `ok` with the bytes, or an error. */
export interface ParseCase {
  readonly label: string;
  readonly input: string;
  /** var2bytes of what str2var gave, or undefined when it failed. */
  readonly bytes: Uint8Array | undefined;
}

/** ConfigFile save then load, from a versions file. */
export interface ConfigCase {
  readonly label: string;
  /** The file `ConfigFile.save` wrote. */
  readonly saved: Uint8Array;
  /** `error <code>`, or `[section] key = var2str(value)` per key joined by `|` (c_escaped). */
  readonly loaded: string;
}

/** Reads `versions-<release>.tsv`: its value cases, str2var cases and ConfigFile cases. */
export function loadVersions(release: string): {
  values: EngineCase[];
  parses: ParseCase[];
  configs: ConfigCase[];
} {
  const file = `versions-${release}.tsv`;
  const parses: ParseCase[] = [];
  const configs: ConfigCase[] = [];
  const lines = readFileSync(join(FIXTURES, file), "utf8").split("\n");
  for (const line of lines) {
    const [tag, label = "", a = "", b = ""] = line.split("\t");
    if (tag === "parse")
      parses.push({ label, input: a, bytes: b === "error" ? undefined : hexToBytes(b.slice(3)) });
    else if (tag === "config") configs.push({ label, saved: hexToBytes(a), loaded: b });
  }
  const values = loadCases(file).filter((c) => c.label !== "parse" && c.label !== "config");
  return { values, parses, configs };
}

// Reads the engine fixtures copied into this package (never /work/shared: users' clones do not
// have it). See fixtures/README.md for where each file comes from.
import { readFileSync } from "node:fs";
import { cUnescape } from "@gdvariant/test-support/c-escape";
import { bytesToHex, hexToBytes } from "@gdvariant/test-support/hex";

export interface Fixture {
  readonly file: string;
  readonly label: string;
  readonly hex: string;
  readonly bytes: Uint8Array;
  /** The engine's var_to_str text, unescaped; undefined where the file has no text column. */
  readonly text: string | undefined;
  /** Written with full objects (`full_*` labels): decode with allowObjects. */
  readonly full: boolean;
}

/** Hex helpers under the names this package's tests use. */
/** Inverse of the engine's `String::c_escape`. */
export { bytesToHex as toHex, cUnescape, hexToBytes as fromHex };

function read(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8");
}

/** `vectors.txt` from the shared ground truth: `<label> <hex>` lines (no text). */
export function vectorFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const line of read("vectors.txt").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [label, hex] = line.split(" ") as [string, string];
    out.push({
      file: "vectors.txt",
      label,
      hex,
      bytes: hexToBytes(hex),
      text: undefined,
      full: label.startsWith("full_"),
    });
  }
  return out;
}

/** The TSV files: `<label> TAB <hex> TAB <c_escape'd text>`. */
export function tsvFixtures(name: "random-cases.tsv" | "engine-cases.tsv" | "engine-random.tsv"): Fixture[] {
  const out: Fixture[] = [];
  let n = 0;
  for (const line of read(name).split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [label0, hex, text] = line.split("\t") as [string, string, string];
    const label = label0 === "CASE" ? `case_${n}` : label0;
    n++;
    out.push({
      file: name,
      label,
      hex,
      bytes: hexToBytes(hex),
      text: cUnescape(text),
      full: label.startsWith("full_"),
    });
  }
  return out;
}

/** `engine-reads.tsv`: input bytes, the engine's text, and the engine's re-encoding of its value. */
export function readFixtures(): (Fixture & { again: Uint8Array })[] {
  const out: (Fixture & { again: Uint8Array })[] = [];
  for (const line of read("engine-reads.tsv").split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const [label, hex, text, again] = line.split("\t") as [string, string, string, string];
    out.push({
      file: "engine-reads.tsv",
      label,
      hex,
      bytes: hexToBytes(hex),
      text: cUnescape(text),
      full: false,
      again: hexToBytes(again),
    });
  }
  return out;
}

/** Every fixture that holds exactly one Variant (framing fixtures excluded). */
export function allValueFixtures(): Fixture[] {
  return [
    ...vectorFixtures().filter((f) => !f.label.startsWith("filestore") && !f.label.startsWith("streampeer")),
    ...tsvFixtures("random-cases.tsv"),
    ...tsvFixtures("engine-cases.tsv"),
    ...tsvFixtures("engine-random.tsv"),
  ];
}

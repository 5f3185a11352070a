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

/** Every engine case of this package: our generator's and the shared 3.2.3 random corpus. */
export function allCases(): EngineCase[] {
  return [...loadCases("godot-3.2.3-cases.tsv"), ...loadCases("random-cases-3.2.3.tsv")];
}

// Engine fixtures copied into this package (see ../fixtures/README.md); tests never read
// /work/shared.
import { readFileSync } from "node:fs";

export { bytesToHex as hex } from "@gdvariant/test-support/hex";

const root = new URL("../../fixtures/", import.meta.url);

/** Hex to bytes; `??` (bytes Godot 2.1 left uninitialised) become `fill`. */
export function unhex(h: string, fill = 0xa5): Uint8Array {
  const out = new Uint8Array(h.length / 2);
  for (let i = 0; i < out.length; i++) {
    const pair = h.slice(i * 2, i * 2 + 2);
    out[i] = pair === "??" ? fill : Number.parseInt(pair, 16);
  }
  return out;
}

/** `label data` lines of a fixture file (comments skipped). */
export function lines(path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(new URL(path, root), "utf8").split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.indexOf(" ");
    out.set(line.slice(0, at), line.slice(at + 1).trim());
  }
  return out;
}

/** Bytes of one labelled hex line. */
export function bytesOf(path: string, label: string, fill?: number): Uint8Array {
  const h = lines(path).get(label);
  if (h === undefined) throw new Error(`${path} has no ${label}`);
  return unhex(h, fill);
}

/** Hex of the random-cases.tsv lines (`CASE<TAB>hex<TAB>text`). */
export function randomCases(folder: string): { hex: string; text: string }[] {
  return readFileSync(new URL(`${folder}/random-cases.tsv`, root), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [, hex, text] = l.split("\t");
      return { hex: hex!, text: text! };
    });
}

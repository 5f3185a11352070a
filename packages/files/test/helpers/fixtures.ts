import { readFileSync } from "node:fs";

export const GENERATIONS = ["godot-3.2.3", "godot-3.6", "godot-4.6.3"] as const;
export type Generation = (typeof GENERATIONS)[number];

export function fixture(gen: Generation, name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../fixtures/${gen}/${name}`, import.meta.url)));
}

export function fixtureText(gen: Generation, name: string): string {
  return readFileSync(new URL(`../fixtures/${gen}/${name}`, import.meta.url), "utf8");
}

/** The facts the generator wrote: "# name\tvalue" lines. */
export function facts(gen: Generation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of fixtureText(gen, "facts.txt").split("\n")) {
    const m = /^# ([^\t]+)\t(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

export function hexBytes(hex: string): Uint8Array {
  return new Uint8Array(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
}

/** The passwords the generators used (tools/files/files-*.gd), by fixture name. */
export function passwords(gen: Generation): Record<string, string> {
  return {
    "enc-pass-empty.bin": "",
    "enc-pass-ascii.bin": "hunter2",
    "enc-pass-long.bin": facts(gen)["long password"]!,
    "enc-pass-unicode.bin": "pässwörd-ключ-🔑",
  };
}

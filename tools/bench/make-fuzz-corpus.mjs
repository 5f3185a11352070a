#!/usr/bin/env node
// Builds the fuzz seed corpus from engine fixtures (bytes written by real engines):
//   node tools/bench/make-fuzz-corpus.mjs [fixtures dir, default ../shared/fixtures beside the repo]
// Writes bench/fuzz/corpus/<engine>.hex, one `<label> <hex>` line per value (2.1 bytes the engine left
// uninitialised, `??`, become 00). Inputs over 16 KB are left out: mutations of them would be
// slow to run and add nothing the small ones do not.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
const src = process.argv[2] ?? join(here, "..", "..", "..", "shared", "fixtures");

function lines(file) {
  try {
    return readFileSync(file, "utf8").split("\n");
  } catch {
    return [];
  }
}

for (const engine of ["godot-2.1.4", "godot-3.2.3", "godot-4.6.3"]) {
  const out = [];
  const seen = new Set();
  for (const line of lines(join(src, engine, "vectors.txt"))) {
    if (!line || line.startsWith("#") || line.startsWith("@@")) continue;
    const [label, hex] = line.split(" ");
    if (hex && /^[0-9a-f?]+$/i.test(hex)) out.push([label, hex]);
  }
  let i = 0;
  for (const line of lines(join(src, engine, "random-cases.tsv"))) {
    const [, hex] = line.split("\t");
    if (hex && /^[0-9a-f?]+$/i.test(hex)) out.push([`case${i++}`, hex]);
  }
  const kept = [];
  for (const [label, hex] of out) {
    const h = hex.replaceAll("??", "00").toLowerCase();
    if (h.length > 32768 || seen.has(h)) continue;
    seen.add(h);
    kept.push(`${label} ${h}`);
  }
  writeFileSync(join(here, "..", "..", "bench", "fuzz", "corpus", `${engine}.hex`), `${kept.join("\n")}\n`);
  console.log(`${engine}: ${kept.length} seeds`);
}

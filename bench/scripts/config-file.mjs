#!/usr/bin/env node
// parseConfigFile on one value written over many lines, as Godot writes dictionaries (one entry
// a line) and as arrays look one item a line, at 4, 16 and 64 KB: how the time grows with the
// text. Best of five runs after one warm-up parse of the 4 KB text (one run when a run takes
// over 2 s).
//   node bench/scripts/config-file.mjs
import { parseConfigFile } from "@gdvariant/files";

/** `[s]` with one value `v=` about `size` characters long, then one more key. */
function text(size, open, item, sep, close) {
  const parts = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    parts.push(item(i));
    length += parts[parts.length - 1].length + sep.length;
  }
  return `[s]\n\nv=${open}${parts.join(sep)}${close}\nafter=1\n`;
}

const SHAPES = {
  "dictionary, one entry a line": (size) => text(size, "{\n", (i) => `"k${i}": ${i}`, ",\n", "\n}"),
  "array, one item a line": (size) => text(size, "[\n", (i) => String(i), ",\n", "\n]"),
};

for (const [name, make] of Object.entries(SHAPES)) {
  parseConfigFile(make(4096));
  for (const kb of [4, 16, 64]) {
    const t = make(kb * 1024);
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 5 && (run === 0 || best <= 2000); run++) {
      const start = performance.now();
      parseConfigFile(t);
      best = Math.min(best, performance.now() - start);
    }
    console.log(`${name.padEnd(30)} ${String(kb).padStart(3)} KB  ${best.toFixed(2).padStart(10)} ms`);
  }
}

#!/usr/bin/env node
// Top self-time functions of a V8 .cpuprofile: node bench/scripts/prof-top.mjs file.cpuprofile [n]
import { readFileSync } from "node:fs";

const [file, n = "25"] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, "utf8"));
const self = new Map();
const byId = new Map(p.nodes.map((x) => [x.id, x]));
const dt = p.timeDeltas;
for (let i = 0; i < p.samples.length; i++) {
  const node = byId.get(p.samples[i]);
  const f = node.callFrame;
  const key = `${f.functionName || "(anon)"} ${f.url.split("/").slice(-2).join("/")}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(n))) {
  console.log(`${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`);
}

#!/usr/bin/env node
// `build` of the bench package: nothing to compile; checks that the committed workloads are the
// ones the manifest describes (size and sha256), so a benchmark never runs on altered bytes.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dir = fileURLToPath(new URL("../workloads/", import.meta.url));
const manifest = JSON.parse(readFileSync(`${dir}manifest.json`, "utf8"));
let bad = 0;
for (const [format, e] of Object.entries(manifest.engines)) {
  for (const [name, w] of Object.entries(e.workloads)) {
    const bytes = readFileSync(`${dir}${format}/${name}.bin`);
    const sha = createHash("sha256").update(bytes).digest("hex");
    if (bytes.length !== w.bytes || sha !== w.sha256) {
      console.error(`${format}/${name}.bin does not match workloads/manifest.json`);
      bad++;
    }
  }
}
if (bad) process.exit(1);
console.log("workloads match the manifest");

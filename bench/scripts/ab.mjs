#!/usr/bin/env node
// Before/after comparison of two builds of @gdvariant/core on the workloads, in one process
// with interleaved samples (so machine load hits both alike):
//   cp -r packages/core/dist /tmp/core-before    # before a change
//   (change core, npx tsup)
//   node bench/scripts/ab.mjs /tmp/core-before/index.js packages/core/dist/index.js [workload,...]
// Each build gets the 3.x and 4.x dialect tables made from its own codec factories (the tables
// of @gdvariant/godot-3 and @gdvariant/godot-4, default options). Times are CPU time of the
// process (AB_CLOCK=wall for wall time).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { measureAll, useClock } from "../src/measure.mjs";
import { tables } from "./tables.mjs";

useClock(process.env.AB_CLOCK === "wall" ? "wall" : "cpu");

const [a, b, only] = process.argv.slice(2);
if (!a || !b) {
  console.error("usage: node bench/scripts/ab.mjs <core-a/index.js> <core-b/index.js> [workload,...]");
  process.exit(2);
}

const A = await import(pathToFileURL(resolve(a)).href);
const B = await import(pathToFileURL(resolve(b)).href);
const ta = tables(A);
const tb = tables(B);
const manifest = JSON.parse(
  readFileSync(fileURLToPath(new URL("../workloads/manifest.json", import.meta.url)), "utf8"),
);
const rows = [];
for (const format of ["godot-3", "godot-4"]) {
  for (const name of Object.keys(manifest.engines[format].workloads)) {
    if (only && !only.split(",").includes(name)) continue;
    const bytes = new Uint8Array(
      readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
    );
    const va = A.decodeWith(ta[format], bytes);
    const vb = B.decodeWith(tb[format], bytes);
    const ea = A.encodeWith(ta[format], va);
    const eb = B.encodeWith(tb[format], vb);
    if (
      Buffer.compare(Buffer.from(ea), Buffer.from(eb)) !== 0 ||
      Buffer.compare(Buffer.from(ea), Buffer.from(bytes)) !== 0
    ) {
      throw new Error(`${format}/${name}: the builds disagree or do not round-trip`);
    }
    const m = measureAll(
      [
        { name: "decode A", fn: () => A.decodeWith(ta[format], bytes) },
        { name: "decode B", fn: () => B.decodeWith(tb[format], bytes) },
        { name: "encode A", fn: () => A.encodeWith(ta[format], va) },
        { name: "encode B", fn: () => B.encodeWith(tb[format], vb) },
      ],
      { warmupMs: 300, sampleMs: 40, samples: 21 },
    );
    // The fastest sample: on a shared, loaded machine the least disturbed figure (AB_STAT=median
    // for medians).
    const stat = process.env.AB_STAT === "median" ? "msPerOp" : "min";
    const s = (k) => +(bytes.length / 1e3 / m.get(k)[stat]).toFixed(1);
    rows.push({
      workload: `${format}/${name}`,
      "decode A MB/s": s("decode A"),
      "decode B MB/s": s("decode B"),
      "decode B/A": +(s("decode B") / s("decode A")).toFixed(2),
      "encode A MB/s": s("encode A"),
      "encode B MB/s": s("encode B"),
      "encode B/A": +(s("encode B") / s("encode A")).toFixed(2),
    });
  }
}
console.table(rows);

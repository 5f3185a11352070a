#!/usr/bin/env node
// Where the bytes of a dialect's decode + encode bundle come from: the same bundle as
// measure.mjs, built from the packages' TypeScript sources (so each source file is its own
// input), with the minified bytes each file contributes, largest first.
//   node bench/size/breakdown.mjs legacy-2
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bundleOptions } from "./measure.mjs";

const pkg = process.argv[2] ?? "godot-4";
const packages = new URL("../../packages/", import.meta.url).pathname;
const r = await build({
  ...bundleOptions(`@gdvariant/${pkg}`, ["decode", "encode"]),
  alias: {
    "@gdvariant/core": `${packages}core/src/index.ts`,
    [`@gdvariant/${pkg}`]: `${packages}${pkg}/src/index.ts`,
  },
  metafile: true,
});
const inputs = Object.values(r.metafile.outputs)[0].inputs;
for (const [file, v] of Object.entries(inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput)) {
  if (v.bytesInOutput > 0)
    console.log(String(v.bytesInOutput).padStart(6), file.replace(/^.*packages\//, ""));
}
const code = r.outputFiles[0].contents;
console.log(
  `${String(code.length).padStart(6)} minified, ${gzipSync(code, { level: 9 }).length} min + gzip (from sources)`,
);

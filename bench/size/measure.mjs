#!/usr/bin/env node
// Bundle size of what a user ships: a tiny entry importing some exports of a package, bundled
// and minified by esbuild (ESM, browser platform, tree-shaken), then gzip -9 (node:zlib).
//   node bench/size/measure.mjs            prints the table
// The budget (decode + encode of one dialect under 14,000 bytes gzip) is checked by
// bench/test/size.test.ts.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** What is measured: a label, the import statement's specifiers and module. */
export const ENTRIES = [
  {
    label: "godot-4: decode + encode",
    from: "@gdvariant/godot-4",
    names: ["decode", "encode"],
    budget: true,
  },
  {
    label: "godot-3: decode + encode",
    from: "@gdvariant/godot-3",
    names: ["decode", "encode"],
    budget: true,
  },
  {
    label: "legacy-2: decode + encode",
    from: "@gdvariant/legacy-2",
    names: ["decode", "encode"],
    budget: true,
  },
  { label: "godot-4: decode only", from: "@gdvariant/godot-4", names: ["decode"] },
  { label: "godot-4: toText", from: "@gdvariant/godot-4", names: ["toText"] },
  { label: "godot-3: toText", from: "@gdvariant/godot-3", names: ["toText"] },
  { label: "legacy-2: toText", from: "@gdvariant/legacy-2", names: ["toText"] },
  { label: "core/text: parseVariantText", from: "@gdvariant/core/text", names: ["parseVariantText"] },
  { label: "auto-detect: decodeAny (3 dialects)", from: "@gdvariant/auto-detect", names: ["decodeAny"] },
];

/**
 * esbuild options of the measured bundle for an entry importing `names` from `from` (also used
 * by breakdown.mjs, which adds aliases to the sources and a metafile).
 */
export function bundleOptions(from, names) {
  const contents = `import { ${names.join(", ")} } from "${from}";\nglobalThis.__keep = [${names.join(", ")}];\n`;
  return {
    stdin: { contents, resolveDir: new URL(".", import.meta.url).pathname, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  };
}

/** Minified and gzipped sizes of one entry, and the minified text (for content checks). */
export async function measureEntry(e) {
  const r = await build(bundleOptions(e.from, e.names));
  const code = r.outputFiles[0].contents;
  return {
    ...e,
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    text: new TextDecoder().decode(code),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log("| bundle | minified | min + gzip |\n|---|--:|--:|");
  for (const e of ENTRIES) {
    try {
      const m = await measureEntry(e);
      console.log(`| ${m.label} | ${m.minified} | ${m.gzip} |`);
    } catch (err) {
      console.log(`| ${e.label} | fails: ${String(err.message).split("\n")[0]} | |`);
    }
  }
}

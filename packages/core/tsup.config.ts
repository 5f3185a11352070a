import { defineConfig, type Options } from "tsup";

type Plugin = NonNullable<Options["esbuildPlugins"]>[number];

// The text entry re-exports the main entry: its import of "../index.js" stays an import of the
// built main entry (one copy of the code and of the classes) instead of being bundled again.
const mainEntryExternal: Plugin = {
  name: "main-entry-external",
  setup(build) {
    // tsup runs esbuild in ESM form for both outputs; the CJS one writes .cjs files.
    const main = build.initialOptions.outExtension?.[".js"] === ".cjs" ? "./index.cjs" : "./index.js";
    build.onResolve({ filter: /^\.\.\/index\.js$/ }, (args) =>
      /[\\/]src[\\/]text[\\/]index\.ts$/.test(args.importer) ? { path: main, external: true } : undefined,
    );
  },
};

export default defineConfig({
  entry: { index: "src/index.ts", text: "src/text/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
  esbuildPlugins: [mainEntryExternal],
});

import { defineConfig } from "tsup";

export default defineConfig([
  {
    // The library entry: the command runner, for tests and for tools that embed the CLI.
    entry: { index: "src/index.ts" },
    format: ["esm", "cjs"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "es2022",
    treeshake: true,
  },
  {
    // The `gdvariant` binary: ESM with a shebang, so `npx gdvariant` and the bin link run it.
    entry: { cli: "src/cli.ts" },
    format: ["esm"],
    sourcemap: true,
    target: "es2022",
    banner: { js: "#!/usr/bin/env node" },
  },
]);

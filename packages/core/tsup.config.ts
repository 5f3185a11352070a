import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", text: "src/text/index.ts" },
  // The text entry re-exports the main entry by the package's own name: one copy of the code.
  external: ["@gdvariant/core"],
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
});

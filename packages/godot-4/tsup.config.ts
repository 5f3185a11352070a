import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts", text: "src/text/index.ts", json: "src/json-native/index.ts" },
  format: ["esm", "cjs"],
  dts: true,
  clean: true,
  sourcemap: true,
  target: "es2022",
  treeshake: true,
});

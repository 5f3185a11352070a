import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));

export default defineConfig({
  // Relative asset paths: the built page works from any folder or static host.
  base: "./",
  build: { target: "es2022", outDir: "dist", emptyOutDir: true },
  // The worker loads the Brotli decoder on demand (a chunk of its own): ES module workers.
  worker: { format: "es" },
  // The bundled samples live in the repository's samples/ folder.
  server: { fs: { allow: [root] } },
});

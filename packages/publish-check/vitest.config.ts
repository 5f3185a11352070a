import { defineConfig } from "vitest/config";

export default defineConfig({
  // One test: packing, one npm install and the examples take a minute or two on 2 cores.
  test: { include: ["test/**/*.test.ts"], testTimeout: 600_000, hookTimeout: 600_000 },
});

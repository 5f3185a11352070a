import { defineConfig } from "vitest/config";

// Live tests start real engines: each bounds itself (timeouts, killed processes); the files run
// one at a time so two engines never compete for the 2 CI cores.
export default defineConfig({
  test: { include: ["test/**/*.test.ts"], testTimeout: 120_000, fileParallelism: false },
});

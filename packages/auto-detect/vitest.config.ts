import { defineConfig } from "vitest/config";

export default defineConfig({
  // --expose-gc: test/memory.test.ts measures what detect holds after full collections.
  test: { include: ["test/**/*.test.ts"], testTimeout: 120_000, execArgv: ["--expose-gc"] },
});

#!/usr/bin/env node
// Adds up every package's vitest JSON report (test-results.json) into one closing line,
// "tests: N passed, N failed, N skipped", so CI can tell that tests ran.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
for (const group of ["packages", "apps", "."]) {
  const dir = join(root, group);
  const names = group === "." ? ["bench", "tools"] : existsSync(dir) ? readdirSync(dir) : [];
  for (const name of names) {
    const file = join(dir, name, "test-results.json");
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, "utf8"));
    passed += r.numPassedTests ?? 0;
    const failedTests = r.numFailedTests ?? 0;
    // A file that fails to load has no failed test but is a failed suite: count it too.
    failed += failedTests > 0 ? failedTests : (r.numFailedTestSuites ?? 0);
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    rows.push(
      `  ${group === "." ? name : `${group}/${name}`}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`,
    );
  }
}
console.log("\nper package:\n" + rows.join("\n"));
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

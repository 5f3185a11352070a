#!/usr/bin/env node
// The two README commands in one place: `npm run sample` and `npm test`.
// Only Node >= 20 and npm are assumed: pnpm comes through npx (corepack's signature check fails
// against this registry), the workspace is installed when node_modules is missing or stale.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const pnpmSpec = pkg.packageManager; // "pnpm@10.x.y"

// Turbo's first run prints a telemetry notice; nothing here needs it.
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1" };

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", shell: false, env, ...opts });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

// `sample` shows its answer only: the install's and the build's output is kept back and
// printed only when one of them fails.
let quiet = false;

function pnpm(args) {
  if (!quiet) return run("npx", ["-y", pnpmSpec, ...args]);
  const r = spawnSync("npx", ["-y", pnpmSpec, ...args], { cwd: root, env, encoding: "utf8", shell: false });
  if (r.error) throw r.error;
  if (r.status !== 0) process.stderr.write(`${r.stdout}${r.stderr}`);
  return r.status ?? 1;
}

function ensureInstalled() {
  const marker = join(root, "node_modules", ".modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs);
  if (stale) {
    const args = ["install", "--prefer-offline"];
    if (process.env.CI) args.push("--frozen-lockfile");
    if (pnpm(args) !== 0) process.exit(1);
  }
}

const [task, ...rest] = process.argv.slice(2);
if (task === "sample") {
  quiet = true;
  process.stderr.write("Installing and building the workspace (a minute the first time)...\n");
}
ensureInstalled();
const turbo = ["exec", "turbo", "run"];
switch (task) {
  case "sample": {
    if (pnpm([...turbo, "build", "--output-logs=errors-only"]) !== 0) process.exit(1);
    process.exit(run(process.execPath, [join(root, "scripts", "sample.mjs"), ...rest]));
    break;
  }
  case "test": {
    // Tests, package checks (publint + attw), type checks and lint in every package.
    // --continue: one failing package must not hide the results of the others.
    const code = pnpm([
      ...turbo,
      "test",
      "check-package",
      "typecheck",
      "lint",
      "--concurrency=1",
      "--continue",
      ...rest,
    ]);
    const summary = run(process.execPath, [join(root, "scripts", "test-summary.mjs")]);
    process.exit(code || summary);
    break;
  }
  default:
    console.error("usage: node scripts/run.mjs sample|test");
    process.exit(2);
}

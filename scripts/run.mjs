#!/usr/bin/env node
// The two README commands in one place: `npm run sample` and `npm test`.
// Only Node >= 20 and npm are assumed: pnpm comes through npx (corepack's signature check fails
// against this registry), the workspace is installed when node_modules is missing or stale.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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

// The packages turbo builds (a "build" script), for counting progress while it runs.
function buildable() {
  const out = [];
  for (const group of ["packages", "apps", "bench", "examples"]) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    const dirs = existsSync(join(base, "package.json"))
      ? [base]
      : readdirSync(base).map((d) => join(base, d));
    for (const dir of dirs) {
      try {
        const p = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
        if (p.scripts?.build) out.push(dir);
      } catch {
        // Not a package.
      }
    }
  }
  return out;
}

// How often a quiet step says how far it is; the test of `npm run sample`'s progress
// (packages/cli/test/first-hour.test.ts) shortens it.
const PROGRESS_MS = Number(process.env.GDVARIANT_PROGRESS_MS) || 10_000;

/**
 * A quiet step that says what it does and, every few seconds, how far it is: `done` counts the
 * finished parts (packages built), so a first run that takes minutes is never silent.
 */
function quietStep(label, args, done) {
  const start = Date.now();
  process.stderr.write(`${label}...\n`);
  return new Promise((resolve) => {
    const child = spawn("npx", ["-y", pnpmSpec, ...args], { cwd: root, env, shell: false });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    const timer = setInterval(() => {
      const s = Math.round((Date.now() - start) / 1000);
      process.stderr.write(`  ${done ? done(start) : "still working"} (${s} s)\n`);
    }, PROGRESS_MS);
    child.on("close", (code) => {
      clearInterval(timer);
      const s = Math.round((Date.now() - start) / 1000);
      if (code !== 0) process.stderr.write(output);
      else process.stderr.write(`  done in ${s} s\n`);
      resolve(code ?? 1);
    });
  });
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
const turbo = ["exec", "turbo", "run"];
if (task === "sample") {
  // The first run installs and builds everything (several minutes on a fresh clone): each step
  // says what it does and how far it is, then only the sample's answer is printed.
  quiet = true;
  const marker = join(root, "node_modules", ".modules.yaml");
  const lock = join(root, "pnpm-lock.yaml");
  if (!existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs)) {
    const args = ["install", "--prefer-offline"];
    if (process.env.CI) args.push("--frozen-lockfile");
    if ((await quietStep("Installing the workspace's dependencies", args)) !== 0) process.exit(1);
  }
  const packages = buildable();
  const built = (start) => {
    const n = packages.filter((d) => {
      try {
        return statSync(join(d, "dist")).mtimeMs >= start;
      } catch {
        return false;
      }
    }).length;
    return `${n} of ${packages.length} packages built`;
  };
  const code = await quietStep(
    `Building ${packages.length} packages (cached after the first run)`,
    [...turbo, "build", "--output-logs=errors-only"],
    built,
  );
  if (code !== 0) process.exit(1);
  process.exit(run(process.execPath, [join(root, "scripts", "sample.mjs"), ...rest]));
}
ensureInstalled();
switch (task) {
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

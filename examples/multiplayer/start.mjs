// `npm start` from a fresh clone: installs the workspace and builds the packages this example
// uses when their dist/ folders are missing, then runs server.mjs.
// (Outside this repository you would `npm install @gdvariant/multiplayer @gdvariant/core ws`.)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const pnpm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager; // "pnpm@10.x.y"
const needed = ["core", "godot-4", "multiplayer"].map((p) => join(root, "packages", p, "dist", "index.js"));

function run(args) {
  const r = spawnSync("npx", ["-y", pnpm, ...args], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync(join(here, "node_modules", "@gdvariant", "multiplayer")))
  run(["install", "--prefer-offline"]);
if (needed.some((f) => !existsSync(f))) {
  console.error("building @gdvariant/multiplayer and what it needs (once)...");
  run(["exec", "turbo", "run", "build", "--filter=@gdvariant/multiplayer...", "--output-logs=errors-only"]);
}
await import(pathToFileURL(join(here, "server.mjs")).href);

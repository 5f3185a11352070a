// `npm start` / `npm run client` from a fresh clone: installs the workspace and builds the three
// packages this example uses when their dist/ folders are missing, then runs the script.
// (Outside this repository you would `npm install @gdvariant/node @gdvariant/godot-4` instead.)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const pnpm = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).packageManager; // "pnpm@10.x.y"
const needed = ["core", "node", "godot-3", "godot-4"].map((p) =>
  join(root, "packages", p, "dist", "index.js"),
);

function run(args) {
  const r = spawnSync("npx", ["-y", pnpm, ...args], { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (!existsSync(join(here, "node_modules", "@gdvariant", "node"))) run(["install", "--prefer-offline"]);
if (needed.some((f) => !existsSync(f))) {
  console.error("building @gdvariant/node, godot-3 and godot-4 (once)...");
  run([
    "exec",
    "turbo",
    "run",
    "build",
    "--filter=@gdvariant/node",
    "--filter=@gdvariant/godot-3",
    "--filter=@gdvariant/godot-4",
    "--output-logs=errors-only",
  ]);
}
await import(pathToFileURL(join(here, process.argv[2] ?? "server.mjs")).href);

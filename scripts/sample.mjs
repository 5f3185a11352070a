#!/usr/bin/env node
// The main job on a bundled sample: `gdvariant inspect` on a Godot 4.6.3 dump (samples/), run
// through the built binary exactly as a user runs it. `npm run sample` builds everything first.
// Other files: `npm run sample -- samples/godot-3/save.bin`; other commands:
// `npm run sample -- hexdump samples/legacy-2/image_rgba_2x2.bin`.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages", "cli", "dist", "cli.js");
if (!existsSync(cli)) {
  console.error("sample: packages/cli is not built; run `npm run sample` (it builds first)");
  process.exit(1);
}

const COMMANDS = new Set(["inspect", "decode", "encode", "convert", "hexdump", "help", "--help"]);
const args = process.argv.slice(2);
const argv =
  args.length === 0
    ? ["inspect", relative(process.cwd(), join(root, "samples", "godot-4", "nested_big.bin"))]
    : COMMANDS.has(args[0])
      ? args
      : ["inspect", ...args];

console.log(`$ npx gdvariant ${argv.join(" ")}\n`);
const r = spawnSync(process.execPath, [cli, ...argv], { stdio: "inherit" });
if (r.error) throw r.error;
if (args.length === 0 && r.status === 0) {
  console.log(
    "\nMore: npx gdvariant decode FILE --format json | npx gdvariant hexdump FILE | npx gdvariant convert FILE --to godot-4 -o OUT" +
      "\n(samples/ holds dumps from Godot 4.6.3, 3.2.3 and 2.1.4; the demo page: apps/demo)",
  );
}
process.exit(r.status ?? 1);

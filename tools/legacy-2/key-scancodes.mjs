#!/usr/bin/env node
// Scancodes of the 2.x key names (packages/core/src/text/key-names-2.ts) as Godot 3.2.3's
// OS.find_scancode_from_string gives them. 2.x and 3.x share every code and name but the main
// and keypad Enter keys ("Return"/"Enter" in 2.1, "Enter"/"Kp Enter" in 3.x), so this checks the
// table against a real engine (Godot 2.1 is not installed here).
//   node tools/legacy-2/key-scancodes.mjs   (GODOT3_BIN, default /usr/bin/godot3-server)
// Writes packages/legacy-2/test/fixtures/key-scancodes-3.2.3.txt: one "name=scancode" a line.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const table = readFileSync(join(root, "packages/core/src/text/key-names-2.ts"), "utf8");
const names = [...table.matchAll(/^\s+(\w+): /gm)].map((m) => m[1]);
const dir = mkdtempSync(join(tmpdir(), "gdvariant-keys-"));
writeFileSync(join(dir, "project.godot"), '[application]\nconfig/name="keys"\n');
writeFileSync(join(dir, "names.txt"), names.join("\n"));
writeFileSync(
  join(dir, "keys.gd"),
  `extends SceneTree
func _init():
\tvar f = File.new()
\tf.open("res://names.txt", File.READ)
\tvar out = []
\twhile not f.eof_reached():
\t\tvar n = f.get_line()
\t\tif n != "":
\t\t\tout.append(n + "=" + str(OS.find_scancode_from_string(n)))
\tprint("KEYS " + PoolStringArray(out).join(","))
\tquit()
`,
);
const bin = process.env.GODOT3_BIN ?? "/usr/bin/godot3-server";
const out = execFileSync(bin, ["--path", dir, "-s", "keys.gd"], { encoding: "utf8" });
const line = out.split("\n").find((l) => l.startsWith("KEYS "));
if (!line) throw new Error(`no KEYS line in the engine's output:\n${out}`);
const file = join(root, "packages/legacy-2/test/fixtures/key-scancodes-3.2.3.txt");
writeFileSync(file, `${line.slice(5).split(",").join("\n")}\n`);
console.log(`wrote ${names.length} names to ${file}`);

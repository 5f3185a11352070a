// Live check against the real engine: values generated here (fast-check, fixed seed) are encoded
// by this package, decoded by Godot 4 (`bytes_to_var`), re-encoded (`var_to_bytes`) and printed
// (`var_to_str`). The engine must give back our bytes (NodePath padding masked) and our text.
// Engine: $GODOT4_BIN, else the default install path; skipped locally when missing, failed in CI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { equals, type Value } from "@gdvariant/core";
import { decode, encode, toText } from "@gdvariant/godot-4";
import { engineValue4 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { cUnescape, fromHex, toHex } from "./support/fixtures.js";
import { maskedHex, nodePathPadding } from "./support/node-path-padding.js";

const bin = process.env.GODOT4_BIN || "/root/.cache/godot4-sid/godot4";
const haveEngine = existsSync(bin);
if (!haveEngine && process.env.CI) throw new Error(`Godot 4 engine not found at ${bin} (set GODOT4_BIN)`);

const SCRIPT = `extends SceneTree
func _init():
	var input := ""
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--input="): input = a.substr(8)
	var f := FileAccess.open(input, FileAccess.READ)
	while not f.eof_reached():
		var line := f.get_line()
		if line == "": continue
		var v = bytes_to_var(line.hex_decode())
		print("@@\\t", var_to_bytes(v).hex_encode(), "\\t", var_to_str(v).c_escape())
	quit()
`;

const dir = haveEngine ? mkdtempSync(join(tmpdir(), "gdvariant-godot4-")) : "";
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function runEngine(values: readonly Value[]): { hex: string; text: string }[] {
  writeFileSync(join(dir, "project.godot"), 'config_version=5\n\n[application]\nconfig/name="live"\n');
  writeFileSync(join(dir, "live.gd"), SCRIPT);
  writeFileSync(join(dir, "input.txt"), `${values.map((v) => toHex(encode(v))).join("\n")}\n`);
  const r = spawnSync(
    bin,
    ["--headless", "--path", dir, "-s", "live.gd", "--", `--input=${join(dir, "input.txt")}`],
    {
      encoding: "utf8",
      maxBuffer: 1 << 26,
      timeout: 60_000,
    },
  );
  if (r.status !== 0) throw new Error(`engine failed (${r.status}): ${r.stderr}`);
  return r.stdout
    .split("\n")
    .filter((l) => l.startsWith("@@\t"))
    .map((l) => {
      const [, hex, text] = l.split("\t") as [string, string, string];
      return { hex, text: cUnescape(text) };
    });
}

describe.skipIf(!haveEngine)("live Godot 4 engine", () => {
  it("decodes our bytes to the same value, re-encodes them identically and prints our text", () => {
    const values = fc.sample(engineValue4(), { seed: 20240611, numRuns: 400 });
    const out = runEngine(values);
    expect(out.length).toBe(values.length);
    let textChecked = 0;
    for (let i = 0; i < values.length; i++) {
      const ours = encode(values[i]!);
      const mask = nodePathPadding(ours, false);
      const engine = fromHex(out[i]!.hex);
      expect(maskedHex(engine, mask), `value ${i}: ${toText(values[i]!)}`).toBe(maskedHex(ours, mask));
      const back = decode(engine);
      expect(equals(back, values[i]!), `value ${i}`).toBe(true);
      expect(toText(decode(ours)), `value ${i}`).toBe(out[i]!.text);
      textChecked++;
    }
    expect(textChecked).toBe(values.length);
  }, 90_000);
});

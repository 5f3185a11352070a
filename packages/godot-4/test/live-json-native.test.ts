// Live check of the JSON forms against the real engine, both directions, for random values
// (fast-check, fixed seed): (1) the engine's JSON.stringify(JSON.from_native(v), indent,
// sort_keys, full_precision) of bytes_to_var(our bytes) must equal writeJsonNative(v) for each
// argument combination; (2) our text read by the engine (JSON.to_native(JSON.parse_string(t)))
// and var_to_bytes'd must be the value readJsonNative gives for it.
// Engine: $GODOT4_BIN, else the default install path; skipped locally when missing, failed in CI.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { equals, type Value } from "@gdvariant/core";
import { decode, encode, readJsonNative, writeJsonNative } from "@gdvariant/godot-4";
import { engineValue4 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { cUnescape, fromHex, toHex } from "./support/fixtures.js";

const bin = process.env.GODOT4_BIN || "/root/.cache/godot4-sid/godot4";
const haveEngine = existsSync(bin);
if (!haveEngine && process.env.CI) throw new Error(`Godot 4 engine not found at ${bin} (set GODOT4_BIN)`);

const COMBOS = ["isd", "tup", "iup", "tsd"] as const;

const SCRIPT = `extends SceneTree
func _init():
	var input := ""
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--input="): input = a.substr(8)
	var f := FileAccess.open(input, FileAccess.READ)
	while not f.eof_reached():
		var line := f.get_line()
		if line == "": continue
		var parts := line.split("\\t")
		if parts[0] == "W":
			var v = bytes_to_var(parts[1].hex_decode())
			var out := []
			for c in ["isd", "tup", "iup", "tsd"]:
				out.append(JSON.stringify(JSON.from_native(v), "\\t" if c[0] == "t" else "", c[1] == "s", c[2] == "p").c_escape())
			print("@@W\\t", "\\t".join(out))
		else:
			print("@@R\\t", var_to_bytes(JSON.to_native(JSON.parse_string(parts[1].c_unescape()))).hex_encode())
	quit()
`;

const dir = haveEngine ? mkdtempSync(join(tmpdir(), "gdvariant-json-")) : "";
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function cEscape(s: string): string {
  return s.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

function opts(c: string) {
  return { indent: c[0] === "t" ? "\t" : "", sortKeys: c[1] === "s", fullPrecision: c[2] === "p" };
}

function hasObject(v: Value): boolean {
  if (v.kind === "object") return true;
  if (v.kind === "array") return v.items.some(hasObject);
  if (v.kind === "dictionary")
    return (
      v.entries.some(([k, x]) => hasObject(k) || hasObject(x)) ||
      [v.keyType, v.valueType].some((t) => t !== undefined && t.kind !== "builtin")
    );
  return false;
}

describe.skipIf(!haveEngine)("live Godot 4 engine: JSON.from_native / JSON.to_native", () => {
  it("writes what the engine writes and reads what the engine reads, for random values", () => {
    const values = fc
      .sample(engineValue4(), { seed: 20260321, numRuns: 400 })
      .filter((v) => !hasObject(v) && !(v.kind === "array" && v.elementType?.kind === "class"));
    const texts = values.map((v) => writeJsonNative(v));
    const input = [
      ...values.map((v) => `W\t${toHex(encode(v))}`),
      ...texts.map((t) => `R\t${cEscape(t)}`),
    ].join("\n");
    writeFileSync(join(dir, "project.godot"), 'config_version=5\n\n[application]\nconfig/name="live"\n');
    writeFileSync(join(dir, "live.gd"), SCRIPT);
    writeFileSync(join(dir, "input.txt"), `${input}\n`);
    const r = spawnSync(
      bin,
      ["--headless", "--path", dir, "-s", "live.gd", "--", `--input=${join(dir, "input.txt")}`],
      {
        encoding: "utf8",
        maxBuffer: 1 << 27,
        timeout: 90_000,
      },
    );
    if (r.status !== 0) throw new Error(`engine failed (${r.status}): ${r.stderr}`);
    const lines = r.stdout.split("\n");
    const written = lines
      .filter((l) => l.startsWith("@@W\t"))
      .map((l) => l.split("\t").slice(1).map(cUnescape));
    const read = lines.filter((l) => l.startsWith("@@R\t")).map((l) => l.slice(4));
    expect(values.length).toBeGreaterThan(200);
    expect(written.length).toBe(values.length);
    expect(read.length).toBe(values.length);
    let texts_ = 0;
    for (let i = 0; i < values.length; i++) {
      const back = decode(encode(values[i]!));
      COMBOS.forEach((c, k) => {
        expect(writeJsonNative(back, opts(c)), `value ${i} ${c}`).toBe(written[i]![k]);
        texts_++;
      });
      const engine = decode(fromHex(read[i]!));
      expect(
        equals(readJsonNative(texts[i]!, { integers: "engine" }), engine),
        `value ${i}: ${texts[i]}`,
      ).toBe(true);
    }
    expect(texts_).toBe(values.length * COMBOS.length);
    console.log(
      `live JSON forms: ${values.length} values, ${texts_} engine texts compared, ${values.length} of our texts read by the engine`,
    );
  }, 120_000);
});

// A Godot 3 save converts to Godot 4: a store_var file written by Godot 3.2.3 (File.store_var,
// test/fixtures/save-3.2.3.bin, from tools/godot-3) is decoded here, converted with core's
// convertValue, encoded with @gdvariant/godot-4 into a 4.x store_var file, and the real Godot 4
// engine (4.6.3) loads it with FileAccess.get_var: every record must come back as the value we
// wrote (its var_to_bytes equal to our bytes, NodePath padding masked) and print the var_to_str
// that @gdvariant/godot-4 predicts. 100 random 3.x values (fresh seed) go the same way, and the
// file Godot 4 saves again converts back to the 3.x values (and the 3.2.3 engine's bytes).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { convertValue, equals, type Span, type Value } from "@gdvariant/core";
import {
  decode as decode3,
  dialect as dialect3,
  encode as encode3,
  toText as toText3,
} from "@gdvariant/godot-3";
import { cEscape } from "@gdvariant/godot-3/text";
import * as godot4 from "@gdvariant/godot-4";
import { engineValue3 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { FIXTURES, loadCases } from "./helpers/fixtures.js";
import { hexToBytes, maskedHex, nodePathPadding } from "./helpers/mask.js";

const bin = process.env.GODOT4_BIN || "/root/.cache/godot4-sid/godot4";
const haveEngine = existsSync(bin);
if (!haveEngine && process.env.CI) throw new Error(`Godot 4 engine not found at ${bin} (set GODOT4_BIN)`);

/** Records of a store_var file: u32 little-endian length, then that many bytes. */
function records(file: Uint8Array): Uint8Array[] {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const out: Uint8Array[] = [];
  for (let at = 0; at < file.length; ) {
    const n = view.getUint32(at, true);
    out.push(file.subarray(at + 4, at + 4 + n));
    at += 4 + n;
  }
  return out;
}

function storeVarFile(values: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(values.reduce((n, v) => n + 4 + v.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const v of values) {
    view.setUint32(at, v.length, true);
    out.set(v, at + 4);
    at += 4 + v.length;
  }
  return out;
}

const LOAD = `extends SceneTree
func _init():
	var path := ""
	var out := ""
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--save="): path = a.substr(7)
		if a.begins_with("--out="): out = a.substr(6)
	var f := FileAccess.open(path, FileAccess.READ)
	var o := FileAccess.open(out, FileAccess.WRITE)
	var again := FileAccess.open(path + ".resaved", FileAccess.WRITE)
	while f.get_position() < f.get_length():
		var v = f.get_var()
		o.store_line(var_to_bytes(v).hex_encode() + "\\t" + Marshalls.utf8_to_base64(var_to_str(v)))
		again.store_var(v)
	o.store_line("# done")
	again.close()
	quit()
`;

const dir = mkdtempSync(join(tmpdir(), "gdvariant-save34-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const save3 = new Uint8Array(readFileSync(join(FIXTURES, "save-3.2.3.bin")));
const engineText3 = loadCases("save-3.2.3.tsv");

describe("Godot 3 save to Godot 4", () => {
  const values3 = records(save3).map((r) => decode3(r, { exact: true }));
  const converted = values3.map((v) => convertValue(v, godot4.dialect));

  it("decodes the 3.x save to what Godot 3 printed", () => {
    expect(values3).toHaveLength(engineText3.length);
    values3.forEach((v, i) => {
      expect(cEscape(toText3(v))).toBe(engineText3[i]!.text);
    });
  });

  it("converts every record without loss (4.x holds every 3.x type)", () => {
    converted.forEach((r, i) => {
      expect(r.losses).toEqual([]);
      expect(equals(r.value, values3[i]!)).toBe(true);
    });
  });

  it.skipIf(!haveEngine)("loads in the real Godot 4 engine as the values we wrote, and converts back", () => {
    // The save, then random 3.x values (fresh seed) converted the same way.
    const seed = Date.now() % 2 ** 31;
    const random3 = fc.sample(engineValue3(toText3), { seed, numRuns: 100 });
    const all3 = [...values3, ...random3];
    const all4 = all3.map((v) => convertValue(v, godot4.dialect));
    for (const r of all4) expect(r.losses).toEqual([]);
    const bytes4 = all4.map((r) => godot4.encode(r.value));
    const savePath = join(dir, "save4.bin");
    const outPath = join(dir, "loaded.tsv");
    writeFileSync(savePath, storeVarFile(bytes4));
    writeFileSync(join(dir, "project.godot"), 'config_version=5\n\n[application]\nconfig/name="save34"\n');
    writeFileSync(join(dir, "load.gd"), LOAD);
    const run = spawnSync(
      bin,
      ["--headless", "--path", dir, "-s", "load.gd", "--", `--save=${savePath}`, `--out=${outPath}`],
      {
        encoding: "utf8",
        timeout: 60_000,
        killSignal: "SIGKILL",
      },
    );
    expect(run.status, run.stderr).toBe(0);
    const lines = readFileSync(outPath, "utf8")
      .split("\n")
      .filter((l) => l !== "");
    expect(lines.pop()).toBe("# done");
    expect(lines).toHaveLength(bytes4.length);
    lines.forEach((line, i) => {
      const [hex, text64] = line.split("\t") as [string, string];
      const engineBytes = hexToBytes(hex);
      const spans: Span[] = [];
      const back: Value = godot4.decode(engineBytes, { onSpan: (s) => spans.push(s) });
      const mask = nodePathPadding(engineBytes, spans);
      const where = `seed ${seed}, record ${i}: ${toText3(all3[i]!)}`;
      expect(maskedHex(engineBytes, mask), where).toBe(maskedHex(bytes4[i]!, mask));
      expect(equals(back, all4[i]!.value), where).toBe(true);
      expect(Buffer.from(text64, "base64").toString("utf8"), where).toBe(godot4.toText(all4[i]!.value));
    });

    // And back: the file Godot 4 saved again (FileAccess.store_var) converts to 3.x values equal
    // to the originals, whose bytes are the bytes Godot 3.2.3 wrote.
    const resaved = records(new Uint8Array(readFileSync(`${savePath}.resaved`)));
    expect(resaved).toHaveLength(all3.length);
    const original = records(save3);
    resaved.forEach((r, i) => {
      const down = convertValue(godot4.decode(r), dialect3);
      const where = `seed ${seed}, record ${i}`;
      expect(down.losses, where).toEqual([]);
      expect(equals(down.value, all3[i]!), where).toBe(true);
      if (i < original.length) {
        const spans: Span[] = [];
        decode3(original[i]!, { onSpan: (s) => spans.push(s) });
        const mask = nodePathPadding(original[i]!, spans);
        expect(maskedHex(encode3(down.value), mask), where).toBe(maskedHex(original[i]!, mask));
      }
    });
  });
});

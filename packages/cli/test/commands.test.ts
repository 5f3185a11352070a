import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fromJSON, type JsonValue, toJS } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { gdvariant, SAMPLES, tempDir } from "./support/cli.js";

const sample = (...p: string[]) => join(SAMPLES, ...p);

describe("inspect", () => {
  it("names the engine of a sample from each generation, with evidence and the value as a tree", () => {
    const expected: Array<[string, string, string]> = [
      ["godot-4/nested_big.bin", "godot-4", '├── "name" → string "Player"'],
      ["godot-3/save.bin", "godot-3", '│   ├── "name" → string "Hero"'],
      ["legacy-2/image_rgba_2x2.bin", "legacy-2", "image 2×2 RGBA, 0 mipmaps, 16 bytes"],
    ];
    for (const [file, dialect, line] of expected) {
      const r = gdvariant(["inspect", sample(file)]);
      expect([file, r.code, r.stderr]).toEqual([file, 0, ""]);
      expect(r.stdout).toContain(`Detected: ${dialect} (Godot `);
      expect(r.stdout).toMatch(/Evidence:\n\s+[+-]\d/);
      expect(r.stdout.split("\n")).toContain(line);
    }
  });

  it("--json gives the detection and the records for scripts, one object per file", () => {
    const r = gdvariant([
      "inspect",
      "--json",
      sample("godot-3", "save.bin"),
      sample("legacy-2", "image_rgba_2x2.bin"),
    ]);
    expect(r.code).toBe(0);
    const [a, b] = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(a.detected.dialect).toBe("godot-3");
    expect(a.framing).toBe("store-var");
    expect(a.records.length).toBe(16);
    expect(a.detected.confidence).toBeGreaterThan(0.9);
    expect(b.dialect).toBe("legacy-2");
    expect(b.records[0].value.kind).toBe("image");
  });

  it("reads a whole folder of samples from all three engines", () => {
    const r = gdvariant([
      "inspect",
      sample("godot-4"),
      sample("godot-3"),
      sample("legacy-2"),
      "--allow-objects",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const count = (dir: string) => readdirSync(sample(dir)).length;
    expect(r.stdout.match(/^== /gm)!.length).toBe(count("godot-4") + count("godot-3") + count("legacy-2"));
  });
});

describe("hexdump", () => {
  it("labels every byte range with its path and kind, and covers every byte once, in order", () => {
    const file = sample("godot-4", "nested_big.bin");
    const r = gdvariant(["hexdump", file]);
    expect(r.code).toBe(0);
    const rows = r.stdout.split("\n").filter((l) => /^[0-9a-f]{8} {2}/.test(l));
    let next = 0;
    const bytes: number[] = [];
    for (const row of rows) {
      const offset = Number.parseInt(row.slice(0, 8), 16);
      expect(offset).toBe(next);
      const hex = row
        .slice(10, 10 + 47)
        .trim()
        .split(" ");
      for (const h of hex) bytes.push(Number.parseInt(h, 16));
      next = offset + hex.length;
    }
    expect(Buffer.from(bytes).equals(readFileSync(file))).toBe(true);
    expect(r.stdout).toContain("(root)  dictionary (6 entries)  (type 27)");
    expect(r.stdout).toMatch(
      /\["inv"\]\[1\]\["qty"\] {2}packedInt32Array \(2 items\) PackedInt32Array\(1, 2\) {2}\(type 30\)/,
    );
    expect(r.stdout).toContain('{key #5}  string "sn"');
  });

  it("shows framing words of store_var records", () => {
    const r = gdvariant(["hexdump", sample("legacy-2", "filestore_42_abc_arr.bin")]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("00000000  08 00 00 00");
    expect(r.stdout).toContain("record 0: length word 8 (little-endian)");
    expect(r.stdout).toContain("record 2: (root)  array (2 items) shared  (type 21)");
  });
});

describe("convert", () => {
  it("turns a Godot 3.2.3 save into 4.x bytes holding the same data", () => {
    const dir = tempDir("convert");
    const out = join(dir, "save4.bin");
    const r = gdvariant(["convert", sample("godot-3", "save.bin"), "--to", "godot-4", "-o", out]);
    expect(r.code).toBe(0);
    const before = gdvariant(["decode", sample("godot-3", "save.bin"), "--format", "json"]);
    const after = gdvariant(["decode", out, "--dialect", "godot-4", "--format", "json"]);
    expect(after.code).toBe(0);
    const a = before.stdout
      .trimEnd()
      .split("\n")
      .map((l) => toJS(fromJSON(JSON.parse(l) as JsonValue)));
    const b = after.stdout
      .trimEnd()
      .split("\n")
      .map((l) => toJS(fromJSON(JSON.parse(l) as JsonValue)));
    expect(b.length).toBe(16);
    expect(b).toEqual(a);
    // The framing is kept: still store_var records.
    expect(gdvariant(["inspect", "--json", out]).stdout).toContain('"framing":"store-var"');
  });

  it("reports each lossy step, and --strict refuses to write", () => {
    const dir = tempDir("lossy");
    const r = gdvariant([
      "convert",
      sample("godot-4", "nested_big.bin"),
      "--to",
      "legacy-2",
      "-o",
      join(dir, "a.bin"),
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("godot-4 → legacy-2 loses 1 thing");
    expect(r.stderr).toContain('["sn"]: stringName → string');
    const strict = gdvariant([
      "convert",
      sample("godot-4", "nested_big.bin"),
      "--to",
      "legacy-2",
      "--strict",
      "-o",
      join(dir, "b.bin"),
    ]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("--strict is set; nothing written");
    const unconvertible = gdvariant([
      "convert",
      sample("godot-4", "projection.bin"),
      "--to",
      "godot-3",
      "-o",
      join(dir, "c.bin"),
    ]);
    expect(unconvertible.code).toBe(1);
    expect(unconvertible.stderr).toContain("unsupported-kind");
    const asNil = gdvariant([
      "convert",
      sample("godot-4", "projection.bin"),
      "--to",
      "godot-3",
      "--unconvertible",
      "nil",
      "-o",
      join(dir, "d.bin"),
    ]);
    expect(asNil.code).toBe(0);
    expect(gdvariant(["decode", join(dir, "d.bin"), "--dialect", "godot-3"]).stdout).toBe("null\n");
  });
});

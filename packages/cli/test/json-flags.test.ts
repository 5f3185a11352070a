// The JSON formatting flags (--indent, --sort-keys, --full-precision, --full-objects) of `convert
// --to json-native / json-stringify` and `decode --format json-native`, run as the real CLI on
// values whose texts Godot 4.6.3 wrote for every combination of JSON.stringify's indent,
// sort_keys and full_precision and JSON.from_native's full_objects
// (fixtures/godot-4-json-flags.tsv, made by tools/godot-4/generate-json-flags.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gdvariant, tempDir, unCEscape, unhex } from "./support/cli.js";

interface Row {
  form: "native" | "plain";
  label: string;
  bytes: Uint8Array;
  combo: string;
  text: string;
}

const rows: Row[] = readFileSync(new URL("./fixtures/godot-4-json-flags.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "" && !l.startsWith("#"))
  .map((l) => {
    const [form, label, hex, combo, text] = l.split("\t") as [Row["form"], string, string, string, string];
    return { form, label, bytes: unhex(hex), combo, text: unCEscape(text) };
  });

/** The flags of a combo: <indent n|t|2|4><sort s|u><precise p|d>[o]. */
function flags(combo: string): string[] {
  const indent: Record<string, string[]> = {
    n: [],
    t: ["--indent", "tab"],
    2: ["--indent", "2"],
    4: ["--indent", "    "],
  };
  return [
    ...indent[combo[0]!]!,
    ...(combo[1] === "u" ? ["--sort-keys", "false"] : []),
    ...(combo[2] === "p" ? ["--full-precision"] : []),
    ...(combo[3] === "o" ? ["--full-objects"] : []),
  ];
}

const dir = tempDir("json-flags");

/** The values of some rows as one store_var file (a length word before each var_to_bytes). */
function storeVar(name: string, values: readonly Uint8Array[]): string {
  const parts: number[] = [];
  for (const v of values) {
    parts.push(v.length & 255, (v.length >> 8) & 255, (v.length >> 16) & 255, v.length >>> 24, ...v);
  }
  const path = join(dir, name);
  writeFileSync(path, Uint8Array.from(parts));
  return path;
}

/** Per combo, the rows of a form in fixture order. */
function byCombo(form: Row["form"], objects: boolean): Map<string, Row[]> {
  const m = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.form !== form || r.label.startsWith("object") !== objects) continue;
    m.set(r.combo, [...(m.get(r.combo) ?? []), r]);
  }
  return m;
}

const READ = ["--dialect", "godot-4", "--framing", "store-var"];

// 16 runs of the CLI a test: generous time for a loaded machine (CI runs packages in parallel).
describe("JSON formatting flags, against Godot 4.6.3's JSON.stringify", { timeout: 240_000 }, () => {
  const native = byCombo("native", false);
  const plain = byCombo("plain", false);
  const values = [...native.values()][0]!.map((r) => r.bytes);
  const file = storeVar("values.bin", values);

  it("has every combination of indent, sort_keys and full_precision, on many values", () => {
    expect(native.size).toBe(16);
    expect(plain.size).toBe(16);
    expect(values.length).toBeGreaterThan(15);
    // The flags change the text: else the test below could not tell them apart.
    expect(new Set([...native.values()].map((rs) => rs.map((r) => r.text).join("\n"))).size).toBe(16);
  });

  it("convert --to json-native writes JSON.stringify(JSON.from_native(v), indent, sort_keys, full_precision)", () => {
    for (const [combo, rs] of native) {
      const r = gdvariant(["convert", file, ...READ, "--to", "json-native", ...flags(combo)]);
      expect([combo, r.code, r.stderr]).toEqual([combo, 0, ""]);
      expect(r.stdout.split("\n").length - 1).toBeGreaterThanOrEqual(rs.length);
      expect([combo, r.stdout]).toEqual([combo, rs.map((x) => `${x.text}\n`).join("")]);
    }
  });

  it("convert --to json-stringify writes JSON.stringify(v, indent, sort_keys, full_precision)", () => {
    for (const [combo, rs] of plain) {
      const r = gdvariant(["convert", file, ...READ, "--to", "json-stringify", ...flags(combo)]);
      expect([combo, r.code, r.stderr]).toEqual([combo, 0, ""]);
      expect([combo, r.stdout]).toEqual([combo, rs.map((x) => `${x.text}\n`).join("")]);
    }
  });

  it("decode --format json-native takes the same flags", () => {
    for (const combo of ["tsd", "2up", "4sp"]) {
      const rs = native.get(combo)!;
      const r = gdvariant(["decode", file, ...READ, "--format", "json-native", ...flags(combo)]);
      expect([combo, r.code, r.stderr]).toEqual([combo, 0, ""]);
      expect([combo, r.stdout]).toEqual([combo, rs.map((x) => `${x.text}\n`).join("")]);
    }
  });

  it("--full-objects writes objects as JSON.from_native(v, true) does; without it they are refused", () => {
    const objects = byCombo("native", true);
    expect(objects.size).toBe(16);
    const one = storeVar("objects.bin", [[...objects.values()][0]![0]!.bytes]);
    for (const [combo, rs] of objects) {
      const r = gdvariant([
        "convert",
        one,
        ...READ,
        "--allow-objects",
        "--to",
        "json-native",
        ...flags(combo),
      ]);
      expect([combo, r.code, r.stderr]).toEqual([combo, 0, ""]);
      expect([combo, r.stdout]).toEqual([combo, `${rs[0]!.text}\n`]);
    }
    const refused = gdvariant(["convert", one, ...READ, "--allow-objects", "--to", "json-native"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/object/i);
  });

  it("refuses the flags where no JSON form is written, and bad values", () => {
    const cases: Array<[string[], RegExp]> = [
      [
        ["convert", file, ...READ, "--to", "godot-3", "--indent", "2"],
        /--indent formats Godot 4's JSON forms/,
      ],
      [["decode", file, ...READ, "--full-precision"], /--full-precision formats Godot 4's JSON forms/],
      [
        ["convert", file, ...READ, "--to", "json-stringify", "--full-objects"],
        /--full-objects is JSON.from_native's/,
      ],
      [
        ["convert", file, ...READ, "--to", "json-native", "--sort-keys", "no"],
        /--sort-keys no is not one of true, false/,
      ],
      [["convert", file, ...READ, "--to", "json-native", "--indent", "99"], /--indent 99: at most 16 spaces/],
    ];
    for (const [args, message] of cases) {
      const r = gdvariant(args);
      expect([args.join(" "), r.code]).toEqual([args.join(" "), 2]);
      expect(r.stderr).toMatch(message);
    }
  });
});

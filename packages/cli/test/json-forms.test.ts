// `convert --to json-native / json-stringify`, `convert --from json-native`, `decode --format
// json-native` and 4.x text per --engine-version, run as the real CLI on texts and bytes that
// Godot 4.6.3 wrote (fixtures/godot-4.6.3-json-forms.tsv, copied from @gdvariant/godot-4's).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gdvariant, SAMPLES, tempDir, unCEscape, unhex } from "./support/cli.js";

const rows = readFileSync(new URL("./fixtures/godot-4.6.3-json-forms.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "" && !l.startsWith("#"))
  .map((l) => {
    const [form, label, hex, text] = l.split("\t") as [string, string, string, string];
    return { form, label, bytes: unhex(hex), text: unCEscape(text) };
  });
const of = (form: string) => rows.filter((r) => r.form === form);
const dir = tempDir("json-forms");
const file = (name: string, data: Uint8Array | string): string => {
  const p = join(dir, name);
  writeFileSync(p, data);
  return p;
};
// `gdvariant <command> <data written to a file named name> ...args`.
const run = (command: string, name: string, data: Uint8Array | string, ...args: string[]) =>
  gdvariant([command, file(name, data), ...args]);

describe("convert --to json-native / json-stringify", () => {
  it("writes the engine's JSON.stringify(JSON.from_native(v)) of a Godot 4 dump", () => {
    expect(of("native").length).toBeGreaterThan(5);
    for (const { label, bytes, text } of of("native")) {
      const r = run("convert", `${label}.bin`, bytes, "--dialect", "godot-4", "--to", "json-native");
      expect([label, r.code, r.stderr]).toEqual([label, 0, ""]);
      expect(r.stdout).toBe(`${text}\n`);
    }
  });

  it("writes the engine's plain JSON.stringify(v)", () => {
    expect(of("plain").length).toBeGreaterThan(5);
    for (const { label, bytes, text } of of("plain")) {
      const r = run("convert", `${label}.bin`, bytes, "--dialect", "godot-4", "--to", "json-stringify");
      expect([label, r.code, r.stderr]).toEqual([label, 0, ""]);
      expect(r.stdout).toBe(`${text}\n`);
    }
  });

  it("converts a Godot 3 save to Godot 4's JSON, one line a record, saying what converting loses", () => {
    const r = gdvariant(["convert", join(SAMPLES, "godot-3", "save.bin"), "--to", "json-native"]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.length).toBe(16);
    for (const l of lines) expect(() => JSON.parse(l)).not.toThrow();
  });

  it("refuses releases without the form", () => {
    const { label, bytes } = of("native")[0]!;
    const r = run(
      "convert",
      `${label}.bin`,
      bytes,
      "--dialect",
      "godot-4",
      "--to",
      "json-native",
      "--engine-version",
      "4.3",
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/4\.4/);
    const bad = run("convert", `${label}.bin`, bytes, "--to", "json-native", "--engine-version", "3.6");
    expect(bad.code).toBe(2);
  });
});

describe("convert --from json-native", () => {
  it("reads what JSON.to_native reads, and writes the engine's bytes of it", () => {
    expect(of("read").length).toBeGreaterThan(10);
    for (const { label, bytes, text } of of("read").slice(0, 12)) {
      const r = run(
        "convert",
        `${label}.json`,
        text,
        "--from",
        "json-native",
        "--to",
        "godot-4",
        "-o",
        join(dir, `${label}.out`),
      );
      expect([label, r.code, r.stderr]).toEqual([label, 0, ""]);
      expect(new Uint8Array(readFileSync(join(dir, `${label}.out`)))).toEqual(bytes);
    }
  });

  it("round-trips the engine's from_native text through json-native again (values it holds exactly)", () => {
    // random_3 holds floats that the form's 15 digits do not keep: not a round trip in the engine either.
    for (const { label, text } of of("native").filter((r) => r.label.startsWith("lit_"))) {
      const r = run("convert", `${label}.json`, text, "--from", "json-native", "--to", "json-native");
      expect([label, r.code, r.stdout]).toEqual([label, 0, `${text}\n`]);
    }
  });

  it("reports the engine's refusals as an input error with the path", () => {
    const r = run("convert", "bad.json", '["i:1", "hello"]', "--from", "json-native", "--to", "godot-4");
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/\[1\]/);
  });
});

describe("decode --format json-native, and 4.x text per --engine-version", () => {
  it("prints each record as the engine's from_native text", () => {
    for (const { label, bytes, text } of of("native")) {
      const r = run("decode", `${label}.bin`, bytes, "--dialect", "godot-4", "--format", "json-native");
      expect([label, r.code, r.stdout]).toEqual([label, 0, `${text}\n`]);
    }
  });

  it("refuses it for other generations, pointing at convert", () => {
    const r = gdvariant(["decode", join(SAMPLES, "godot-3", "save.bin"), "--format", "json-native"]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/convert --to json-native/);
  });

  it("prints var_to_str of the named 4.x release (4.0-4.4: six digits)", () => {
    // var_to_bytes(1.0 / 3.0): a 64-bit float.
    const third = new Uint8Array(12);
    new DataView(third.buffer).setUint32(0, 0x10003, true);
    new DataView(third.buffer).setFloat64(4, 1 / 3, true);
    const p = file("third.bin", third);
    const now = gdvariant(["decode", p, "--dialect", "godot-4"]);
    expect(now.stdout).toBe(`${String(1 / 3)}\n`);
    const old = gdvariant(["decode", p, "--dialect", "godot-4", "--engine-version", "4.4"]);
    expect(old.stdout).toBe("0.333333\n");
  });
});

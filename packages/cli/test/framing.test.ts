import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { engineVectors, gdvariant, SAMPLES, tempDir, unhex } from "./support/cli.js";

const v4 = engineVectors("godot-4.6.3-vectors.txt");
const v2 = engineVectors("godot-2.1.4-vectors.txt");

function file(name: string, bytes: Uint8Array | string): string {
  const dir = tempDir("framing");
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}

// The values below are the ones the engines' fixture scripts stored (vectors.gd):
// 4.x: f.store_var(Vector2(1, 2)); sp.put_var("abc"); sp.put_var({"a": 1})
// 2.x: f.store_var(42); f.store_var("abc"); f.store_var([1, "x"]); sp.put_var(42), ("abc"), ({"a": 1})
describe("decode on each framing", () => {
  it("store-var: a FileAccess.store_var file (4.6.3), detected and forced", () => {
    const p = file("vec2.bin", unhex(v4.get("filestore_vec2")!));
    for (const args of [
      [],
      ["--framing", "store-var"],
      ["--dialect", "godot-4"],
      ["--dialect", "godot-4", "--framing", "store-var"],
    ]) {
      const r = gdvariant(["decode", p, ...args]);
      expect([args, r.code, r.stdout, r.stderr]).toEqual([args, 0, "Vector2(1, 2)\n", ""]);
    }
  });

  it("stream: StreamPeerBuffer.put_var records (4.6.3), one value per record", () => {
    const p = file("sp.bin", unhex(v4.get("streampeer_abc_dict")!));
    const r = gdvariant(["decode", p, "--framing", "stream", "--format", "json"]);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toEqual([
      { kind: "string", value: "abc" },
      {
        kind: "dictionary",
        entries: [
          [
            { kind: "string", value: "a" },
            { kind: "int", value: 1 },
          ],
        ],
      },
    ]);
  });

  it("store-var and stream in 2.x files (2.1.4)", () => {
    const a = gdvariant(["decode", file("fs.bin", unhex(v2.get("filestore_42_abc_arr")!))]);
    expect(a.code).toBe(0);
    expect(a.stdout).toBe('42\n"abc"\n[ 1, "x" ]\n');
    const b = gdvariant([
      "decode",
      file("sp.bin", unhex(v2.get("streampeer_42_abc_dict")!)),
      "--dialect",
      "legacy-2",
      "--framing",
      "stream",
    ]);
    expect(b.code).toBe(0);
    expect(b.stdout).toBe('42\n"abc"\n{\n"a": 1\n}\n');
  });

  it("big-endian length words (File.endian_swap / big_endian = true)", () => {
    const le = unhex(v4.get("streampeer_abc_dict")!);
    const be = le.slice();
    // Swap each record's length word; the Variant bytes stay little-endian, as the engine writes them.
    const view = new DataView(be.buffer);
    for (let at = 0; at < be.length; ) {
      const len = view.getUint32(at, true);
      view.setUint32(at, len, false);
      at += 4 + len;
    }
    const p = file("be.bin", be);
    const forced = gdvariant(["decode", p, "--framing", "store-var", "--big-endian", "--dialect", "godot-4"]);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toBe('"abc"\n{\n"a": 1\n}\n');
    const detected = gdvariant(["decode", p]);
    expect(detected.stdout).toBe(forced.stdout);
  });

  it("raw: var_to_bytes output, with bytes after the Variant noted and ignored as the engine does", () => {
    const raw = unhex(v4.get("dict_simple")!);
    const plus = new Uint8Array(raw.length + 4);
    plus.set(raw);
    const r = gdvariant(["decode", file("raw.bin", plus), "--framing", "raw", "--dialect", "godot-4"]);
    expect(r.code).toBe(0);
    const clean = gdvariant(["decode", file("raw2.bin", raw), "--framing", "raw", "--dialect", "godot-4"]);
    expect(r.stdout).toBe(clean.stdout);
    expect(r.stderr).toContain("4 bytes after the Variant are ignored");
  });

  it("base64: Marshalls.variant_to_base64 text, one value per line, and from stdin", () => {
    const raw = readFileSync(join(SAMPLES, "godot-4", "nested_big.bin"));
    const text = `${raw.toString("base64")}\n${Buffer.from(unhex(v4.get("int_1")!)).toString("base64")}\n`;
    const viaFile = gdvariant(["decode", file("b.txt", text), "--format", "json"]);
    expect(viaFile.code).toBe(0);
    const lines = viaFile.stdout.trimEnd().split("\n");
    expect(lines.length).toBe(2);
    expect(JSON.parse(lines[1]!)).toEqual({ kind: "int", value: 1 });
    const raw1 = gdvariant(["decode", join(SAMPLES, "godot-4", "nested_big.bin"), "--format", "json"]);
    expect(lines[0]).toBe(raw1.stdout.trimEnd());
    const viaStdin = gdvariant(["decode", "-", "--framing", "base64", "--format", "json"], text);
    expect(viaStdin.stdout).toBe(viaFile.stdout);
  });

  it("encode writes each framing, and decode reads each back", () => {
    const dir = tempDir("enc-framing");
    const src = join(dir, "in.txt");
    writeFileSync(src, '42 "abc" [1, "x"]');
    const out: Record<string, Buffer> = {};
    for (const framing of ["store-var", "stream", "base64"]) {
      const o = join(dir, `out-${framing}`);
      const r = gdvariant(["encode", src, "--dialect", "legacy-2", "--framing", framing, "-o", o]);
      expect([framing, r.code, r.stderr]).toEqual([framing, 0, ""]);
      out[framing] = readFileSync(o);
      const back = gdvariant(["decode", o, "--dialect", "legacy-2"]);
      expect(back.stdout).toBe('42\n"abc"\n[ 1, "x" ]\n');
    }
    // store_var and put_var write the same bytes: the 2.1.4 engine's file, padding aside.
    expect(out["store-var"]!.equals(out.stream!)).toBe(true);
    const engine = unhex(v2.get("filestore_42_abc_arr")!);
    expect(out["store-var"]!.length).toBe(engine.length);
    // 2.x does not write string padding ("abc" pad byte 0x1b) and marks the shared bit on arrays.
    const mask = v2
      .get("filestore_42_abc_arr")!
      .match(/../g)!
      .map((b) => b !== "??");
    const differing = [...out["store-var"]!].flatMap((b, i) => (mask[i] && b !== engine[i] ? [i] : []));
    expect(differing).toEqual([]);
    const raw = gdvariant(["encode", src, "--dialect", "legacy-2", "-o", join(dir, "raw.bin")]);
    expect(raw.code).toBe(1);
    expect(raw.stderr).toContain("raw framing holds exactly one value, the input has 3");
  });
});

describe("a dump that reads as a raw value or as records", () => {
  // var_to_bytes("") (4.6.3 vectors): also one store_var record of null.
  it("decode says the framing is ambiguous once and names --framing", () => {
    const p = file("empty-string.bin", unhex(v4.get("str_empty")!));
    const r = gdvariant(["decode", p]);
    expect(r.code).toBe(0);
    expect(r.stderr.match(/note: ambiguous/g)).toHaveLength(1);
    expect(r.stderr).toMatch(/cannot tell how they are framed/);
    expect(r.stderr).toMatch(/Pass --framing \(raw or store-var\) to choose\./);
    const raw = gdvariant(["decode", p, "--framing", "raw"]);
    expect([raw.code, raw.stdout, raw.stderr]).toEqual([0, '""\n', ""]);
  });
});

// Every file a user holds, through decode / inspect / hexdump / convert: ConfigFiles (plain and
// encrypted), PackedByteArray.compress envelopes, project.binary and sealed saves with no
// records, on files Godot 3.2.3 and 4.6.3 wrote (test/fixtures/files/README.md).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encode } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { gdvariant, SAMPLES, tempDir } from "./support/cli.js";

const fx = (name: string) => join(import.meta.dirname, "fixtures", "files", name);

describe("every layer and every kind of file", () => {
  it("decodes and inspects an encrypted ConfigFile as sections of values (the issue's repro)", () => {
    const dir = tempDir("cfg");
    writeFileSync(join(dir, "c.cfg"), "[a]\n\nb=1\n");
    const gdec = join(dir, "c.gdec");
    expect(
      gdvariant(["encrypt", join(dir, "c.cfg"), "--password", "pw", "--layout", "godot-4", "-o", gdec]).code,
    ).toBe(0);
    const r = gdvariant(["decode", gdec, "--password", "pw"]);
    expect([r.code, r.stdout, r.stderr]).toEqual([0, "[a]\n\nb=1\n", ""]);
    expect(gdvariant(["decode", join(dir, "c.cfg")]).stdout).toBe("[a]\n\nb=1\n");
    const inspect = gdvariant(["inspect", gdec, "--password", "pw"]);
    expect(inspect.stdout).toContain("ConfigFile text (godot-4 syntax): 1 section, 1 key");
    expect(inspect.stdout).toContain("b = int 1");
    const json = JSON.parse(gdvariant(["inspect", "--json", gdec, "--password", "pw"]).stdout);
    expect(json).toMatchObject({
      kind: "config-file",
      layers: [{ kind: "encrypted", layout: "godot-4" }],
      sections: { a: { b: { kind: "int", value: 1 } } },
    });
  });

  it("prints an engine-written encrypted ConfigFile as the engine's own ConfigFile.save text", () => {
    const r = gdvariant(["decode", fx("config-4.6.3-enc-hunter2.cfg"), "--password", "hunter2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(readFileSync(fx("config-4.6.3.cfg"), "utf8"));
  });

  it("hexdump opens sealed files (--password / --key) and inspect --json reports the layers", () => {
    const enc = fx("save-3.2.3-enc-hunter2.bin");
    const r = gdvariant(["hexdump", enc, "--password", "hunter2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("inside encrypted (godot-3 layout)");
    expect(r.stdout).toMatch(/length word \d+ \(little-endian\)/);
    expect(gdvariant(["hexdump", enc, "--key", "00".repeat(32)]).stderr).toMatch(/wrong password or key/);
    const json = JSON.parse(gdvariant(["inspect", "--json", enc, "--password", "hunter2"]).stdout);
    expect(json.layers).toEqual([{ kind: "encrypted", layout: "godot-3" }]);
    expect(json.kind).toBe("variant");
    const plain = JSON.parse(gdvariant(["inspect", "--json", fx("save-3.2.3-plain.bin")]).stdout);
    expect(plain.layers).toEqual([]);
  });

  for (const version of ["3.2.3", "4.6.3"]) {
    it(`reads Godot ${version}'s compress() envelopes of every mode as the plain bytes`, () => {
      const plain = gdvariant(["decode", fx(`layers-${version}-env-plain.bin`)]);
      expect(plain.code).toBe(0);
      for (const mode of ["gzip", "deflate", "zstd", "fastlz"]) {
        const r = gdvariant(["decode", fx(`layers-${version}-env-${mode}.bin`)]);
        expect([mode, r.code, r.stdout]).toEqual([mode, 0, plain.stdout]);
        const json = JSON.parse(
          gdvariant(["inspect", "--json", fx(`layers-${version}-env-${mode}.bin`)]).stdout,
        );
        expect(json.layers).toEqual([{ kind: "envelope", mode }]);
      }
      // convert puts the envelope back on.
      const out = join(tempDir("env"), "x.bin");
      expect(
        gdvariant(["convert", fx(`layers-${version}-env-gzip.bin`), "--to", "godot-4", "-o", out]).code,
      ).toBe(0);
      expect(readFileSync(out).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(JSON.parse(gdvariant(["inspect", "--json", out]).stdout).layers).toEqual([
        { kind: "envelope", mode: "gzip" },
      ]);
    });

    it(`decodes Godot ${version}'s project.binary as the project.godot text it saved beside it`, () => {
      const r = gdvariant(["decode", fx(`layers-${version}-project.binary`)]);
      expect(r.code).toBe(0);
      const godot = readFileSync(fx(`layers-${version}-project.godot`), "utf8");
      // The engine's text starts with comments and config_version; the settings follow.
      expect(r.stdout).toBe(godot.slice(godot.indexOf("\n[") + 1));
      const json = JSON.parse(
        gdvariant(["inspect", "--json", fx(`layers-${version}-project.binary`)]).stdout,
      );
      expect(json).toMatchObject({
        kind: "project-binary",
        dialect: version.startsWith("3") ? "godot-3" : "godot-4",
      });
      const hex = gdvariant(["hexdump", fx(`layers-${version}-project.binary`)]);
      expect(hex.stdout).toContain("setting gdvariant/test/vector");
    });

    it(`reads Godot ${version}'s sealed saves with no records as zero records`, () => {
      const enc = gdvariant(["decode", fx(`layers-${version}-empty-enc.bin`), "--password", "hunter2"]);
      expect([enc.code, enc.stdout]).toEqual([0, ""]);
      expect(enc.stderr).toContain("no records");
      const comp = JSON.parse(
        gdvariant(["inspect", "--json", fx(`layers-${version}-empty-comp.bin`)]).stdout,
      );
      expect(comp).toMatchObject({ kind: "empty", records: [], layers: [{ kind: "compressed" }] });
      // An empty file with no layer is still no save.
      const empty = join(tempDir("empty"), "e.bin");
      writeFileSync(empty, new Uint8Array(0));
      expect(gdvariant(["decode", empty]).code).toBe(1);
    });
  }
});

describe("messages", () => {
  it("names a store_var file cut short as a truncated record, keeping the intact ones", () => {
    const save = readFileSync(join(SAMPLES, "godot-3", "save.bin"));
    const dir = tempDir("cut");
    writeFileSync(join(dir, "t.bin"), save.subarray(0, 100));
    const r = gdvariant(["decode", join(dir, "t.bin")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/truncated at byte 0, record 0: record needs 356 bytes\b.*96 left/);
    expect(r.stderr).not.toMatch(/type id 100/);
    writeFileSync(join(dir, "t5.bin"), save.subarray(0, 500));
    const r5 = gdvariant(["decode", join(dir, "t5.bin")]);
    expect(r5.stderr).toMatch(/truncated/);
    expect(r5.stdout).toContain('"Hero"');
  });

  it("decode --help prints {\\n\\n} literally", () => {
    expect(gdvariant(["decode", "--help"]).stdout).toContain("older print {\\n\\n} and -inf");
  });

  it("inspect prints one confidence figure one way (header and summary agree)", () => {
    const out = gdvariant(["inspect", join(SAMPLES, "godot-3", "save.bin")]).stdout;
    const head = /confidence (\d+\.\d+%)/.exec(out)?.[1];
    const summary = /^Summary: .*confidence (\S+?)\.?$/m.exec(out)?.[1];
    expect(head).toBeDefined();
    expect(summary).toBe(head);
  });

  it("inspect and inspect --json print each file's confidence as the same percent figure", () => {
    const files = [
      join(SAMPLES, "godot-4", "projection.bin"),
      join(SAMPLES, "godot-4", "nested_big.bin"),
      join(SAMPLES, "godot-3", "save.bin"),
      join(SAMPLES, "legacy-2", "nested_big.bin"),
    ];
    const figures = new Set<string>();
    for (const file of files) {
      const text = gdvariant(["inspect", file, "--max-items", "1"]).stdout;
      const json = JSON.parse(gdvariant(["inspect", file, "--json"]).stdout) as {
        detected: { confidence: number };
        summary: string;
      };
      const head = /^Detected: .*confidence (\d+\.\d+%)$/m.exec(text)?.[1];
      const summary = /^Summary: .*confidence (\S+?)\.?$/m.exec(text)?.[1];
      const jsonSummary = /confidence (\S+?)\.?$/.exec(json.summary)?.[1];
      // The figure is the detector's confidence in percent (one decimal, two above 99.9%).
      const c = json.detected.confidence;
      const expected = `${(c * 100).toFixed(c > 0.999 || c < 0.001 ? 2 : 1)}%`;
      expect([file, head, summary, jsonSummary]).toEqual([file, expected, expected, expected]);
      figures.add(expected);
    }
    expect(figures.size).toBeGreaterThan(0);
  });

  it("hexdump escapes tabs and control characters inside strings", () => {
    const file = join(tempDir("tab"), "tab.bin");
    writeFileSync(file, encode("a\tb\u001bc"));
    const out = gdvariant(["hexdump", file]).stdout;
    expect(out).toContain('"a\\tb\\x1bc"');
    expect(out.includes("\t") || out.includes(String.fromCharCode(27))).toBe(false);
  });
});

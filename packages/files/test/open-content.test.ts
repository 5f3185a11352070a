// openContent on files the real engines wrote (tools/files/generate-layers.mjs): compress()
// envelopes of every mode, project.binary (checked against the project.godot the same
// save_custom wrote), sealed saves with no records, encrypted ConfigFiles.
import { readFileSync } from "node:fs";
import { type Dialect, decodeWithLength, type Value } from "@gdvariant/core";
import {
  type ContentDetector,
  encryptFile,
  FileError,
  openContent,
  openContentAsync,
  parseConfigFile,
  parseProjectBinary,
  sealContent,
  settingKey,
  settingSection,
  writeProjectBinary,
} from "@gdvariant/files";
import { dialect as godot3, toText as text3 } from "@gdvariant/godot-3";
import { dialect as godot4, toText as text4 } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { fixture as fileFixture } from "./helpers/fixtures.js";

const LAYERS = [
  ["layers-godot-3.2.3", godot3, text3, "godot-3.2.3"],
  ["layers-godot-4.6.3", godot4, text4, "godot-4.6.3"],
] as const;

function fixture(dir: string, name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`./fixtures/${dir}/${name}`, import.meta.url)));
}

function facts(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of new TextDecoder().decode(fixture(dir, "facts.txt")).split("\n")) {
    const m = /^# ([^\t]+)\t(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

/** A detector of one dialect: the bytes must be exactly one raw Variant (full objects allowed). */
function rawDetector(dialect: Dialect): ContentDetector<Value> {
  return (bytes) => {
    try {
      const r = decodeWithLength(dialect, bytes, { allowObjects: true });
      return r.length === bytes.length ? r.value : undefined;
    } catch {
      return undefined;
    }
  };
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe.each(LAYERS)("%s", (dir, dialect, toText, files) => {
  const plain = fixture(dir, "env-plain.bin");
  const detect = rawDetector(dialect);

  for (const mode of ["fastlz", "deflate", "zstd", "gzip"] as const) {
    it(`opens a PackedByteArray.compress(${mode}) envelope the engine wrote`, () => {
      // The engine read its own envelope back to the same bytes (the generator's check).
      expect(facts(dir)[`env-${mode}.bin`]).toMatch(/\t(true|True)$/);
      const r = openContent(fixture(dir, `env-${mode}.bin`), { detect });
      expect(r.layers).toEqual([{ kind: "envelope", mode }]);
      expect(r.plaintext).toEqual(plain);
      expect(r.content.kind).toBe("variant");
      // Written back, it opens to the same bytes again.
      const sealed = sealContent(r.plaintext, r.layers);
      expect(openContent(sealed, { detect }).plaintext).toEqual(plain);
    });
  }

  it("opens a FastLZ envelope of a value under 16 bytes (the engine pads it to 16)", () => {
    const small = facts(dir)["env-fastlz-small.bin plaintext"]!;
    const detect8: ContentDetector<Value> = (b) => {
      try {
        return decodeWithLength(dialect, b).value;
      } catch {
        return undefined;
      }
    };
    // Not read as a Variant as it is (its first byte is a FastLZ literal run of 16).
    const r = openContent(fixture(dir, "env-fastlz-small.bin"), {
      detect: (b) => (b.length === 17 ? undefined : detect8(b, { part: "file", layers: [] })),
    });
    expect(r.layers).toEqual([{ kind: "envelope", mode: "fastlz" }]);
    expect(Buffer.from(r.plaintext.subarray(0, 8)).toString("hex")).toBe(small);
    expect(r.plaintext.subarray(8)).toEqual(new Uint8Array(8));
  });

  it("reads project.binary: the settings project.godot holds, in its order, with its values", () => {
    const bin = fixture(dir, "project.binary");
    const r = openContent(bin, { detect });
    expect(r.layers).toEqual([]);
    if (r.content.kind !== "project-binary") throw new Error(r.content.kind);
    const text = new TextDecoder().decode(fixture(dir, "project.godot"));
    const sections = parseConfigFile(text, { dialect: dir.includes("godot-3") ? "godot-3" : "godot-4" });
    const expected: Array<[string, string]> = [];
    for (const [section, keys] of sections)
      for (const [key, value] of keys)
        if (!(section === "" && key === "config_version"))
          expected.push([section === "" ? key : `${section}/${key}`, toText(value)]);
    const got = r.content.settings.map((s) => [s.key, s.reading === undefined ? "?" : toText(s.reading)]);
    expect(got).toEqual(expected);
    expect(r.content.settings.map((s) => s.section)).toContain("gdvariant");
    expect(parseProjectBinary(bin)).toHaveLength(expected.length);
  });

  it("writes a project.binary byte for byte as the engine's save_custom did", () => {
    const bin = fixture(dir, "project.binary");
    const entries = parseProjectBinary(bin);
    expect(entries.length).toBeGreaterThan(3);
    const again = writeProjectBinary(
      entries.map((e) => {
        const { section, name } = settingSection(e.key);
        return [settingKey(section, name), bin.subarray(e.offset, e.offset + e.length)] as const;
      }),
    );
    expect(Buffer.from(again).equals(Buffer.from(bin))).toBe(true);
  });

  it("refuses a cut or padded project.binary with the layer and offset", () => {
    const bin = fixture(dir, "project.binary");
    for (const cut of [6, 9, 40, bin.length - 1]) {
      const e = errorOf(() => parseProjectBinary(bin.subarray(0, cut)));
      expect(FileError.is(e) && [e.layer, e.code]).toEqual(["project-settings", "truncated"]);
    }
    const padded = new Uint8Array(bin.length + 2);
    padded.set(bin);
    const e = errorOf(() => openContent(padded, { detect }));
    expect(FileError.is(e) && [e.code, e.offset]).toEqual(["corrupt", bin.length]);
    // A count of 2^32 - 1 over a 12-byte file fails at once, without allocating for the count.
    const hostile = Uint8Array.from([0x45, 0x43, 0x46, 0x47, 255, 255, 255, 255, 1, 0, 0, 0]);
    expect(FileError.is(errorOf(() => parseProjectBinary(hostile)))).toBe(true);
  });

  it("reads a sealed save with no records as empty (the engine reads zero records)", () => {
    const f = facts(dir);
    expect([f["empty-enc.bin records"], f["empty-comp.bin records"]]).toEqual(["0", "0"]);
    const enc = fixture(dir, "empty-enc.bin");
    expect([32, 44]).toContain(enc.length);
    const r = openContent(enc, { detect, password: "hunter2" });
    expect(r.layers).toMatchObject([{ kind: "encrypted" }]);
    expect(r.content).toEqual({ kind: "empty" });
    const c = openContent(fixture(dir, "empty-comp.bin"), { detect });
    expect(c.layers).toMatchObject([{ kind: "compressed", mode: "fastlz" }]);
    expect(c.content).toEqual({ kind: "empty" });
  });

  it("reads an encrypted ConfigFile as sections of values, in its generation's syntax", () => {
    const r = openContent(fileFixture(files, "config-enc.cfg"), { detect, password: "hunter2" });
    if (r.content.kind !== "config-file") throw new Error(r.content.kind);
    expect(r.content.dialect).toBe(dir.includes("godot-3") ? "godot-3" : "godot-4");
    const plainText = new TextDecoder().decode(fileFixture(files, "config.cfg"));
    expect(r.content.sections).toEqual(parseConfigFile(plainText, { dialect: r.content.dialect }));
    expect(r.content.sections.get("player")?.get("name")).toEqual({ kind: "string", value: "Ada" });
  });
});

describe("openContent", () => {
  const detect = rawDetector(godot4);

  it("opens nested layers: an envelope inside a GDEC file, by password and by raw key", () => {
    const plain = fixture("layers-godot-4.6.3", "env-plain.bin");
    const key = new Uint8Array(32).fill(9);
    const layers = [
      { kind: "encrypted", layout: "godot-4" },
      { kind: "envelope", mode: "gzip" },
    ] as const;
    const byPassword = sealContent(plain, layers, { password: "pw" });
    const r = openContent(byPassword, { detect, password: "pw" });
    expect(r.layers).toEqual(layers);
    expect(r.plaintext).toEqual(plain);
    const byKey = sealContent(plain, layers, { key });
    expect(openContent(byKey, { detect, key }).plaintext).toEqual(plain);
    const e = errorOf(() => openContent(byKey, { detect }));
    expect(FileError.is(e) && e.code).toBe("key-needed");
    const wrong = errorOf(() => openContent(byKey, { detect, password: "pw" }));
    expect(FileError.is(wrong) && wrong.code).toBe("wrong-key");
  });

  it("says unknown for bytes nothing reads, and for text that is no ConfigFile", () => {
    const junk = Uint8Array.from({ length: 64 }, (_, i) => (i * 97 + 13) & 255);
    expect(openContent(junk, { detect }).content.kind).toBe("unknown");
    expect(openContent(new TextEncoder().encode("hello\nworld\n"), { detect }).content.kind).toBe("unknown");
  });

  it("reads ConfigFile text as it is, in 4.x syntax unless it shows 3.x", () => {
    const four = openContent(new TextEncoder().encode('[a]\n\nb=Vector2(1, 2)\nc="x"\n'), { detect });
    expect(four.content).toMatchObject({ kind: "config-file", dialect: "godot-4" });
    const three = openContent(new TextEncoder().encode("[a]\n\nb=Vector2( 1, 2 )\n"), { detect });
    expect(three.content).toMatchObject({ kind: "config-file", dialect: "godot-3" });
  });

  it("names a broken envelope as a compressed layer", () => {
    const gz = Uint8Array.from([0x1f, 0x8b, 0x08, 0, 1, 2, 3, 4, 5]);
    const e = errorOf(() => openContent(gz, { detect }));
    expect(FileError.is(e) && [e.layer, e.code]).toEqual(["compressed", "corrupt"]);
  });

  it("opens a Brotli envelope when loading the decoder (async)", async () => {
    const { brotliCompressSync } = await import("node:zlib");
    const plain = fixture("layers-godot-4.6.3", "env-plain.bin");
    const r = await openContentAsync(new Uint8Array(brotliCompressSync(plain)), { detect });
    expect(r.layers).toEqual([{ kind: "envelope", mode: "brotli" }]);
    expect(r.plaintext).toEqual(plain);
  });

  it("keeps a layered file's plaintext in a GDEC layer of either layout", () => {
    const inner = new TextEncoder().encode("[s]\n\nk=1\n");
    const file = encryptFile(inner, { password: "p", layout: "godot-3" });
    const r = openContent(file, { detect, password: "p" });
    expect(r.content).toMatchObject({ kind: "config-file", dialect: "godot-3" });
  });
});

// Files that are not Variant dumps, all written by real engines (fixtures/engine-files, made by
// tools/auto-detect/gen-engine-fixtures.mjs with Godot 3.2.3 and 4.6.3): encrypted, compressed (every
// mode), binary and compressed resources and scenes, text resources and scenes, PCK archives,
// JSON and project settings.

import { readFileSync } from "node:fs";
import { decodeAny, detect } from "@gdvariant/auto-detect";
import { DecodeError } from "@gdvariant/core";
import { cUnescape } from "@gdvariant/test-support/c-escape";
import { describe, expect, it } from "vitest";
import { lines, unhex } from "./support/fixtures.js";

function load(file: string, label: string): Uint8Array {
  const data = lines(file).get(label)!;
  return label.startsWith("text_") ? Uint8Array.from(atob(data), (c) => c.charCodeAt(0)) : unhex(data);
}

const EXPECT: Record<string, Record<string, [kind: string, versions: string | undefined]>> = {
  "engine-files/godot-3.2.3.txt": {
    file_encrypted: ["encrypted", "2.0-3.6"],
    file_compressed_0: ["compressed", undefined],
    file_compressed_1: ["compressed", undefined],
    file_compressed_2: ["compressed", undefined],
    file_compressed_3: ["compressed", undefined],
    file_resource: ["binary-resource", "3.2"],
    file_resource_compressed: ["compressed-resource", undefined],
    text_resource: ["text-resource", "3.0-3.6"],
    text_scene: ["text-resource", "3.0-3.6"],
    file_scene_binary: ["binary-resource", "3.2"],
    file_pck: ["pck", "3.2.3"],
    text_json: ["json", undefined],
    text_project: ["project-settings", "3.1-3.6"],
  },
  "engine-files/godot-4.6.3.txt": {
    file_encrypted: ["encrypted", "4.0+"],
    file_compressed_0: ["compressed", undefined],
    file_compressed_1: ["compressed", undefined],
    file_compressed_2: ["compressed", undefined],
    file_compressed_3: ["compressed", undefined],
    file_resource: ["binary-resource", "4.6"],
    file_resource_compressed: ["compressed-resource", undefined],
    text_resource: ["text-resource", "4.0+"],
    text_resource_format4: ["text-resource", "4.3+"],
    text_scene: ["text-resource", "4.0+"],
    file_scene_binary: ["binary-resource", "4.6"],
    file_pck: ["pck", "4.6.3"],
    text_json: ["json", undefined],
    text_project: ["project-settings", "4.0+"],
  },
};

describe.each(Object.keys(EXPECT))("%s", (file) => {
  it("covers every file the engine wrote", () => {
    expect(new Set(lines(file).keys())).toEqual(new Set(Object.keys(EXPECT[file]!)));
  });

  for (const [label, [kind, versions]] of Object.entries(EXPECT[file]!)) {
    it(`${label} is ${kind}${versions ? ` (${versions})` : ""}`, () => {
      const r = detect(load(file, label));
      expect(r.candidates).toEqual([]);
      expect(r.file?.kind).toBe(kind);
      expect(r.file?.versions?.text).toBe(versions);
      expect(r.summary).toMatch(/^Not a Variant dump: /);
      expect(() => decodeAny(load(file, label))).toThrow(DecodeError);
    });
  }

  it("reads text files given as strings too", () => {
    for (const label of Object.keys(EXPECT[file]!).filter((l) => l.startsWith("text_"))) {
      const text = new TextDecoder().decode(load(file, label));
      expect(detect(text).file?.kind).toBe(EXPECT[file]![label]![0]);
    }
  });
});

describe("header details", () => {
  it("reports what the headers say", () => {
    const pck = detect(load("engine-files/godot-4.6.3.txt", "file_pck")).file!;
    expect(pck.details).toMatchObject({ major: 4, minor: 6, patch: 3, packFormat: 3 });
    const res = detect(load("engine-files/godot-3.2.3.txt", "file_resource")).file!;
    expect(res.details).toMatchObject({ major: 3, minor: 2, type: "Gradient", bigEndian: false });
    const enc = detect(load("engine-files/godot-4.6.3.txt", "file_encrypted")).file!;
    // The engine's script stored {"a": 1, "b": [1, 2, 3]} with store_var: 76 bytes of plaintext.
    expect(enc.details.plaintextLength).toBe(76);
    // Which layout, and that a password or key is needed (@gdvariant/files opens it).
    expect(enc.details.layout).toBe("godot-4");
    expect(enc.description).toMatch(/password or key is needed/);
    const enc3 = detect(load("engine-files/godot-3.2.3.txt", "file_encrypted")).file!;
    expect(enc3.details.layout).toBe("godot-3");
    expect(enc3.description).toMatch(/2\.x\/3\.x header.*password or key is needed/);
    const comp = detect(load("engine-files/godot-3.2.3.txt", "file_compressed_2")).file!;
    expect(comp.details).toMatchObject({ compression: "Zstd", blockSize: 4096 });
  });

  it("finds a PCK appended to an executable (PCK, u64 size, GDPC trailer)", () => {
    const pck = load("engine-files/godot-4.6.3.txt", "file_pck");
    const stub = new TextEncoder().encode("\x7fELF not a real executable, only bytes before the archive");
    const out = new Uint8Array(stub.length + pck.length + 12);
    out.set(stub, 0);
    out.set(pck, stub.length);
    new DataView(out.buffer).setBigUint64(stub.length + pck.length, BigInt(pck.length), true);
    out.set(new TextEncoder().encode("GDPC"), out.length - 4);
    const r = detect(out);
    expect(r.file?.kind).toBe("embedded-pck");
    expect(r.file?.versions?.text).toBe("4.6.3");
  });

  it("says so for empty input and for text that is nothing it knows", () => {
    expect(detect(new Uint8Array(0)).file?.kind).toBe("empty");
    const r = detect("hello, this is a plain sentence.");
    expect(r.candidates).toEqual([]);
    expect(r.file).toBeUndefined();
    expect(r.summary).toMatch(/neither base64/);
  });
});

describe("Godot 4's JSON forms (texts written by Godot 4.6.3)", () => {
  // form TAB label TAB text, the text c_escape'd by the engine's script.
  const rows = readFileSync(
    new URL("../fixtures/engine-files/json-forms-godot-4.6.3.tsv", import.meta.url),
    "utf8",
  )
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => {
      const [form, label, text] = l.split("\t") as [string, string, string];
      return { form, label, text: cUnescape(text) };
    });
  // A from_native text that holds a prefixed scalar or a typed object; the rest (null, true,
  // [], [[null]]) is also plain JSON and stays "json".
  const marked = (t: string): boolean => /"(?:i|f|s|sn|np):|"type":/.test(t);
  // What other JSON is named: an array or object is "json", a lone scalar nothing.
  const plainKind = (t: string): string | undefined => (/^[[{]/.test(t) ? "json" : undefined);

  it("names JSON.from_native text as json-native (4.4+), whether given as text or bytes", () => {
    const native = rows.filter((r) => r.form === "native");
    expect(native.length).toBeGreaterThan(300);
    let named = 0;
    for (const { label, text } of native) {
      const want = marked(text) ? "json-native" : plainKind(text);
      const r = detect(text);
      expect(r.file?.kind, label).toBe(want);
      // As bytes, a text with raw control characters near its start is taken for binary (the
      // engine writes U+0001 raw in a string); the rest is named the same.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: those are the characters meant
      if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text))
        expect(detect(new TextEncoder().encode(text)).file?.kind, label).toBe(want);
      if (want === "json-native") {
        named++;
        expect(r.file?.versions?.text).toBe("4.4+");
        expect(r.candidates).toEqual([]);
      }
    }
    expect(named).toBeGreaterThan(250);
  });

  it("leaves plain JSON.stringify(v) text as json (a lone scalar as nothing it knows)", () => {
    const plain = rows.filter((r) => r.form === "plain");
    expect(plain.length).toBeGreaterThan(100);
    for (const { label, text } of plain) {
      expect(detect(text).file?.kind, `${label}: ${text}`).toBe(plainKind(text));
    }
  });

  it("does not take a text with an unprefixed string or a bare number outside args", () => {
    expect(detect('["i:1", "hello"]').file?.kind).toBe("json");
    expect(detect('["i:1", 2]').file?.kind).toBe("json");
    expect(detect('{"type": "Vector2", "args": [1, 2], "extra": 1}').file?.kind).toBe("json");
    expect(detect('{"type": "Vector2", "args": [1.5, 2]}').file?.kind).toBe("json-native");
    expect(detect('"sn:name"').file?.kind).toBe("json-native");
    // Godot's own `\v` escape and raw control characters still read (JSON.parse refuses them).
    expect(detect('["s:a\\vb\u0001"]').file?.kind).toBe("json-native");
    expect(detect('["s:a\\\\v"]').file?.kind).toBe("json-native");
  });
});

// decodeAny on several records, decodeAnyRecords, and readings that differ in framing.
import { decodeAny, decodeAnyJS, decodeAnyRecords, detect } from "@gdvariant/auto-detect";
import { DecodeError, decodeWith, equals, readStoreVarFile, writeStoreVarFile } from "@gdvariant/core";
import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { bytesOf, lines, unhex } from "./support/fixtures.js";

describe("many records", () => {
  for (const [file, dialect] of [
    ["godot-4.6.3", godot4Dialect()],
    ["godot-3.2.3", godot3Dialect()],
  ] as const) {
    it(`decodeAnyRecords reads every record of the ${file} saves, as the dialect's store_var reader does`, () => {
      for (const [label, hex] of lines(`engine-saves/${file}.txt`)) {
        const bytes = unhex(hex);
        const want = readStoreVarFile(dialect, bytes).map((r) => r.value);
        expect(want.length, label).toBe(300);
        const got = decodeAnyRecords(bytes, { ambiguous: "best" });
        expect(got.length, label).toBe(300);
        expect(
          got.every((v, i) => equals(v, want[i]!)),
          label,
        ).toBe(true);
      }
    });
  }

  it("decodeAny refuses several records, naming the call that reads them", () => {
    const bytes = bytesOf("engine-saves/godot-4.6.3.txt", "save_entities");
    expect(() => decodeAny(bytes)).toThrow(/300 length-prefixed records.*call decodeAnyRecords to/);
    // decodeAnyJS named decodeAnyJSRecords, which does not exist.
    expect(() => decodeAnyJS(bytes)).toThrow(/300 length-prefixed records.*call decodeAnyRecordsJS to/);
    // Null options from an untyped caller are no options (they were a raw TypeError).
    const none = null as unknown as undefined;
    expect(() => decodeAny(bytes, none)).toThrow(DecodeError);
    expect(() => decodeAnyJS(bytes, none)).toThrow(DecodeError);
    expect(decodeAnyRecords(bytes, none)).toHaveLength(300);
    expect(detect(bytes, none).best).toBeDefined();
    try {
      decodeAny(bytes);
    } catch (e) {
      expect(DecodeError.is(e) && e.code).toBe("invalid-data");
    }
  });

  it("decodeAny still reads a file of one record, and decodeAnyRecords a raw dump as one value", () => {
    // var_to_bytes({"a": 1}) from 4.6.3, and the same as one store_var record.
    const raw = unhex("1b000000010000000400000001000000610000000200000001000000");
    const one = writeStoreVarFile(godot4Dialect(), [decodeWith(godot4Dialect(), raw)]);
    expect(detect(one).best?.framing).toMatchObject({ kind: "length-prefixed", records: 1 });
    expect(decodeAny(one)).toEqual(decodeWith(godot4Dialect(), raw));
    expect(decodeAnyRecords(raw)).toEqual([decodeAny(raw)]);
  });
});

describe("ambiguous framing", () => {
  // var_to_bytes("") is also one store_var record of null: a raw String or a length word and NIL.
  const empty = unhex("0400000000000000");

  it("says the readings differ in framing, once, and decodeAny names framings", () => {
    const r = detect(empty);
    expect(r.ambiguity).toBe("different-values");
    expect(r.ambiguousIn).toEqual(["framing"]);
    expect(r.summary).toMatch(/a raw string in godot-4, godot-3, legacy-2; 1 record \(nil\) in godot-4/);
    expect(r.summary.match(/a raw string/g)).toHaveLength(1);
    expect(r.summary).toMatch(/cannot tell how they are framed/);
    expect(() => decodeAny(empty)).toThrow(/Pass framings or dialects to choose/);
    expect(decodeAny(empty, { framings: ["raw"] })).toEqual({ kind: "string", value: "" });
  });

  it("says the readings differ in dialect when only the dialect does", () => {
    const r = detect(unhex("1c00000000000000")); // var_to_bytes([]) from 4.x, an empty 2.x ColorArray
    expect(r.ambiguousIn).toEqual(["dialect"]);
  });
});

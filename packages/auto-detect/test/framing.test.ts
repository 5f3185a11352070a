// Every framing, on engine output: raw var2bytes/var_to_bytes, store_var files (little- and
// big-endian length words), StreamPeer.put_var streams, a record with trailing bytes, and
// Marshalls.variant_to_base64 text. The records' values are checked against the same engine's
// var2bytes of each value (fixtures/framing/*.txt, tools/live/framing-fixtures-*.gd).

import { detect } from "@gdvariant/auto-detect";
import { decodeWith, equals } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { bytesOf, lines, unhex } from "./support/fixtures.js";

const ENGINES = [
  ["godot-3", "framing/godot-3.2.3.txt"],
  ["godot-4", "framing/godot-4.6.3.txt"],
] as const;

function valueCount(file: string): number {
  return [...lines(file).keys()].filter((k) => k.startsWith("value_")).length;
}

describe.each(ENGINES)("%s engine framing", (dialect, file) => {
  const n = valueCount(file);

  it("reads a raw var_to_bytes dump as raw", () => {
    // The last value (a PoolColorArray / PackedColorArray) has a different type id in each generation.
    const r = detect(bytesOf(file, `value_${n - 1}`));
    expect(r.ambiguous).toBe(false);
    expect(r.best?.dialect).toBe(dialect);
    expect(r.best?.framing).toEqual({ kind: "raw" });
  });

  for (const [label, bigEndian] of [
    ["filestore_le", false],
    ["filestore_be", true],
    ["streampeer_le", false],
    ["streampeer_be", true],
  ] as const) {
    it(`reads ${label} as ${n} length-prefixed records with the engine's values`, () => {
      const r = detect(bytesOf(file, label));
      expect(r.ambiguous).toBe(false);
      const best = r.best!;
      expect(best.dialect).toBe(dialect);
      expect(best.framing).toEqual({ kind: "length-prefixed", records: n, bigEndian });
      expect(best.confidence).toBeGreaterThan(0.9);
      expect(best.values).toHaveLength(n);
      best.values!.forEach((v, i) => {
        expect(equals(v, decodeWith(best.dialectObject, bytesOf(file, `value_${i}`))), `record ${i}`).toBe(
          true,
        );
      });
    });
  }

  it("reads a stream with a 70000-byte frame", () => {
    const r = detect(bytesOf(file, "streampeer_big"));
    expect(r.best?.dialect).toBe(dialect);
    expect(r.best?.framing).toEqual({ kind: "length-prefixed", records: 2, bigEndian: false });
    const [big, after] = r.best!.values!;
    expect(big?.kind).toBe("packedByteArray");
    expect((big as { data: Uint8Array }).data.length).toBe(70000);
    expect(after).toEqual({ kind: "string", value: "after" });
  });

  it("reads a record with bytes after its Variant as get_var does, and says so", () => {
    const r = detect(bytesOf(file, "streampeer_trailing"));
    // An int and a string: 3.x and 4.x read the same values, so look at this engine's reading.
    const best = r.candidates.slice(0, r.leading).find((c) => c.dialect === dialect)!;
    expect(best.framing.kind).toBe("length-prefixed");
    // The engine's own get_var results, re-encoded by the engine as one array.
    const engine = decodeWith(best.dialectObject, bytesOf(file, "streampeer_trailing_get_var"));
    expect(engine.kind).toBe("array");
    const items = (engine as { items: readonly unknown[] }).items;
    expect(best.values!.length).toBe(items.length);
    best.values!.forEach((v, i) => {
      expect(equals(v, items[i] as typeof v)).toBe(true);
    });
    expect(best.evidence.some((e) => e.text.includes("bytes after their Variant") && e.weight < 0)).toBe(
      true,
    );
  });

  it("reads Marshalls.variant_to_base64 text, as a string and as bytes", () => {
    const text = lines(file).get(`base64_${n - 1}`)!;
    for (const input of [text, new TextEncoder().encode(text)]) {
      const r = detect(input);
      expect(r.best?.dialect).toBe(dialect);
      expect(r.best?.framing).toEqual({ kind: "base64", inner: { kind: "raw" } });
      expect(equals(r.best!.value!, decodeWith(r.best!.dialectObject, bytesOf(file, `value_${n - 1}`)))).toBe(
        true,
      );
    }
  });

  it("agrees with the engine on every base64 value (ambiguous ones included)", () => {
    for (let i = 0; i < n; i++) {
      const r = detect(lines(file).get(`base64_${i}`)!);
      const lead = r.candidates.slice(0, r.leading);
      const mine = lead.find((c) => c.dialect === dialect);
      expect(mine, `base64_${i}: ${r.summary}`).toBeDefined();
      expect(mine!.framing.kind).toBe("base64");
      expect(equals(mine!.value!, decodeWith(mine!.dialectObject, bytesOf(file, `value_${i}`)))).toBe(true);
    }
  });
});

describe("Godot 2.1.4 framing", () => {
  it("reads File.store_var records", () => {
    const r = detect(bytesOf("godot-2.1.4/vectors.txt", "filestore_42_abc_arr", 0x5c));
    expect(r.best?.dialect).toBe("legacy-2");
    expect(r.best?.framing).toEqual({ kind: "length-prefixed", records: 3, bigEndian: false });
    expect(r.best?.values?.map((v) => v.kind)).toEqual(["int", "string", "array"]);
  });

  it("reads StreamPeer.put_var records", () => {
    const r = detect(bytesOf("godot-2.1.4/vectors.txt", "streampeer_42_abc_dict", 0x5c));
    expect(r.best?.dialect).toBe("legacy-2");
    expect(r.best?.framing).toEqual({ kind: "length-prefixed", records: 3, bigEndian: false });
  });
});

describe("Godot 4.6.3 store_var and put_var of full objects", () => {
  it("needs allowObjects for the values but still detects", () => {
    const bytes = bytesOf("godot-4.6.3/vectors.txt", "streampeer_fullres");
    const plain = detect(bytes);
    expect(plain.best?.dialect).toBe("godot-4");
    expect(plain.best?.value).toBeUndefined();
    expect(plain.best?.valueError).toMatch(/allowObjects/);
    const full = detect(bytes, { allowObjects: true });
    expect(full.best?.value?.kind).toBe("object");
  });

  it("reads an object written as an id", () => {
    const r = detect(unhex(lines("godot-4.6.3/vectors.txt").get("streampeer_object_no_full")!));
    expect(r.best?.dialect).toBe("godot-4");
    expect(r.best?.value).toMatchObject({ kind: "object", form: "id" });
  });
});

// Conversion between Godot 3 and Godot 4 with the real dialects: every value Godot 3.2.3 wrote
// in the fixtures converts to a value @gdvariant/godot-4 encodes, and converts back unchanged.
import {
  convertValue,
  EncodeError,
  equals,
  stringName,
  type Value,
  vector2i,
  vector4,
} from "@gdvariant/core";
import { decode, encode as encode3, dialect as godot3, godot3Dialect } from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { allCases } from "./helpers/fixtures.js";

describe("3.x to 4.x and back", () => {
  const cases = allCases();

  it("converts every engine value to something Godot 4.6 encodes, and back to the same 3.x value", () => {
    let withLosses = 0;
    for (const c of cases) {
      const v = decode(c.bytes, { allowObjects: c.full });
      const up = convertValue(v, godot4.dialect);
      const bytes = godot4.encode(up.value);
      const read = godot4.decode(bytes, { allowObjects: true });
      expect(equals(read, up.value), c.label).toBe(true);
      if (up.losses.length > 0) {
        withLosses++;
        // Only embedded scripts: 4.3+ reads `script` as a res:// path, never as an object.
        for (const l of up.losses) expect(l.message, c.label).toMatch(/^property "script" written as null/);
        continue;
      }
      const down = convertValue(read, godot3);
      expect(down.losses, c.label).toEqual([]);
      expect(equals(down.value, v), c.label).toBe(true);
    }
    expect(withLosses).toBe(2); // full_object_scripted and full_object_scripted_exported
  });

  it("reports an embedded script for 4.6 but keeps it for 4.2 (which still embedded scripts)", () => {
    const c = cases.find((x) => x.label === "full_object_scripted_exported")!;
    const v = decode(c.bytes, { allowObjects: true });
    const to46 = convertValue(v, godot4.dialect);
    expect(to46.losses.map((l) => l.path)).toEqual([".script"]);
    expect(() => convertValue(v, godot4.dialect, { strict: true })).toThrow(EncodeError);
    const to42 = convertValue(v, godot4.godot4Dialect({ version: "4.2" }));
    expect(to42.losses).toEqual([]);
  });
});

describe("4.x to 3.x", () => {
  it("writes 4.x-only kinds as their nearest 3.x kind, or refuses them", () => {
    const v: Value = {
      kind: "dictionary",
      entries: [
        [stringName("speed"), vector2i(3, -4)],
        [
          { kind: "string", value: "ids" },
          { kind: "packedInt64Array", data: new BigInt64Array([1n, 2n ** 40n]) },
        ],
        [
          { kind: "string", value: "typed" },
          { kind: "array", items: [], elementType: { kind: "builtin", type: "int" } },
        ],
      ],
    };
    const r = convertValue(v, godot3);
    expect(r.losses.map((l) => `${l.path} ${l.message}`)).toEqual([
      "{key #0} StringName written as String",
      '[&"speed"] Vector2i written as Vector2', // paths name the source value
      '["ids"] PackedInt64Array written as an Array of ints',
      '["typed"] typed Array[int] written untyped',
    ]);
    expect(equals(decode(encode3(r.value)), r.value)).toBe(true);
    expect(() => convertValue(vector4(1, 2, 3, 4), godot3)).toThrow(/has no vector4/);
  });

  it("keeps 64-bit ints for every 3.x version (3.x ints are 64-bit)", () => {
    for (const version of ["3.0", "3.2"] as const) {
      const r = convertValue({ kind: "int", value: 2n ** 62n }, godot3Dialect({ version }));
      expect(r).toEqual({ value: { kind: "int", value: 2n ** 62n }, losses: [] });
    }
  });
});

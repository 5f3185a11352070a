// var_to_str and str_to_var per 4.x release. Only 4.6 runs here (its text is checked against
// Godot 4.6.3 by conformance.test.ts); the other releases are checked against expectations
// taken from the engine source, computed outside this package's own formatter:
// - 4.0-4.4 printed reals with String::num_scientific = snprintf("%lg") (ustring.cpp before
//   godotengine/godot#98750): fixtures/printf-lg.tsv is the C library's own "%lg" of 4,686
//   doubles (tools/godot-4/generate-printf-lg.mjs);
// - 4.5 printed the shortest round-trip digits, a float's for a value a 32-bit float holds
//   except inside PackedFloat64Array; 4.6 applied the float rule there too
//   (godotengine/godot#110616, whose description gives the Vector2(0.1, 0.2) example below);
// - Dictionary keys: Variant::operator< (type id first, so every String before every
//   StringName) until 4.3, StringLikeVariantOrder from 4.4 (godotengine/godot#97542).
import { readFileSync } from "node:fs";
import {
  array,
  builtinType,
  dictionary,
  float,
  GdVariantError,
  int,
  packedFloat32Array,
  packedFloat64Array,
  packedVector4Array,
  string,
  stringName,
  TextParseError,
  vector2,
} from "@gdvariant/core";
import { GODOT4_VERSIONS } from "@gdvariant/godot-4";
import { floatText, godot4TextRules, parseText, rtosFix, toText } from "@gdvariant/godot-4/text";
import { describe, expect, it } from "vitest";
import { refusal } from "./support/refusal.js";

const view = new DataView(new ArrayBuffer(8));
const rows = readFileSync(new URL("./fixtures/printf-lg.tsv", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l !== "" && !l.startsWith("#"))
  .map((l) => {
    const [hex, text] = l.split("\t") as [string, string];
    view.setBigUint64(0, BigInt(`0x${hex}`));
    return { d: view.getFloat64(0), text };
  });

// The FLOAT case of VariantWriter::write: `.0` unless the text has a '.' or an 'e'.
const standalone = (s: string): string => (s.includes(".") || s.includes("e") ? s : `${s}.0`);

const PRINTF_RELEASES = ["4.0", "4.1", "4.2", "4.3", "4.4"] as const;

describe("4.0-4.4: every real is %lg", () => {
  it("has the fixture it needs", () => expect(rows.length).toBeGreaterThan(4000));

  for (const version of PRINTF_RELEASES) {
    it(`${version}: standalone floats, PackedFloat64Array, and float32 components as the C library prints them`, () => {
      for (const { d, text } of rows) {
        expect(toText(float(d), { version }), `${d}`).toBe(standalone(text));
        expect(rtosFix(d, { version })).toBe(text);
        expect(floatText(d, { version })).toBe(standalone(text));
      }
      expect(toText(packedFloat64Array(rows.map((r) => r.d)), { version })).toBe(
        `PackedFloat64Array(${rows.map((r) => r.text).join(", ")})`,
      );
      const singles = rows.filter((r) => Math.fround(r.d) === r.d);
      expect(singles.length).toBeGreaterThan(1000);
      expect(toText(packedFloat32Array(singles.map((r) => r.d)), { version })).toBe(
        `PackedFloat32Array(${singles.map((r) => r.text).join(", ")})`,
      );
      for (const { d, text } of singles.slice(0, 200))
        expect(toText(vector2(d, d), { version })).toBe(`Vector2(${text}, ${text})`);
    });
  }

  it("zero, negative zero, infinities and NaN print as rtos_fix special-cases them", () => {
    for (const version of PRINTF_RELEASES) {
      expect(toText(float(0), { version })).toBe("0.0");
      expect(toText(float(-0), { version })).toBe("0.0");
      expect(toText(float(Number.POSITIVE_INFINITY), { version })).toBe("inf");
      expect(toText(float(Number.NEGATIVE_INFINITY), { version })).toBe("inf_neg");
      expect(toText(float(Number.NaN), { version })).toBe("nan");
      expect(toText(vector2(-0, Number.NEGATIVE_INFINITY), { version })).toBe("Vector2(0, inf_neg)");
    }
  });

  it("differs from 4.5+ where six digits do not hold the value", () => {
    expect(toText(float(1 / 3), { version: "4.4" })).toBe("0.333333");
    expect(toText(float(1 / 3), { version: "4.5" })).toBe(standalone(String(1 / 3)));
    expect(toText(float(123456789), { version: "4.4" })).toBe("1.23457e+08");
  });
});

describe("4.5 and 4.6: shortest round-trip digits", () => {
  const f01 = Math.fround(0.1);
  const f02 = Math.fround(0.2);

  it("4.5 prints a PackedFloat64Array element with a double's digits, 4.6 with a float's (godot#110616)", () => {
    const vec = vector2(0.1, 0.2);
    const packed = packedFloat64Array([f01, f02]);
    for (const version of ["4.5", "4.6"] as const) expect(toText(vec, { version })).toBe("Vector2(0.1, 0.2)");
    // String(x) is JS's own shortest round-trip text of the double.
    expect(toText(packed, { version: "4.5" })).toBe(`PackedFloat64Array(${String(f01)}, ${String(f02)})`);
    expect(toText(packed, { version: "4.6" })).toBe("PackedFloat64Array(0.1, 0.2)");
    // Standalone floats and PackedFloat32Array take the float rule in both (godot#98750).
    for (const version of ["4.5", "4.6"] as const) {
      expect(toText(float(f01), { version })).toBe("0.1");
      expect(toText(packedFloat32Array([f01, f02]), { version })).toBe("PackedFloat32Array(0.1, 0.2)");
      // 123456789's nearest float is 123456792: nine digits name it (the godot#98750 example).
      expect(toText(float(Math.fround(123456789)), { version })).toBe("123456790.0");
    }
  });

  it("every real reads back exactly, and a double that is no float prints alike in 4.5 and 4.6", () => {
    const doubles = rows.map((r) => r.d).filter((d) => Math.fround(d) !== d);
    expect(doubles.length).toBeGreaterThan(1000);
    const t45 = toText(packedFloat64Array(doubles), { version: "4.5" });
    expect(t45).toBe(toText(packedFloat64Array(doubles), { version: "4.6" }));
    const back = t45.slice("PackedFloat64Array(".length, -1).split(", ").map(Number);
    expect(back).toEqual(doubles);
    for (const d of doubles.slice(0, 300)) expect(Number(toText(float(d), { version: "4.5" }))).toBe(d);
  });
});

describe("dictionary key order", () => {
  const d = dictionary([
    [string("b"), int(1)],
    [stringName("a"), int(2)],
    [string("c"), int(3)],
  ]);
  it("4.0-4.3 sort every String before every StringName (Variant::operator<, by type id)", () => {
    for (const version of ["4.0", "4.3"] as const)
      expect(toText(d, { version })).toBe('{\n"b": 1,\n"c": 3,\n&"a": 2\n}');
  });
  it("4.4+ sort Strings and StringNames by content together (StringLikeVariantOrder)", () => {
    for (const version of ["4.4", "4.5", "4.6"] as const)
      expect(toText(d, { version })).toBe('{\n&"a": 2,\n"b": 1,\n"c": 3\n}');
  });
});

describe("types a release does not have", () => {
  const typed = dictionary([[string("a"), int(1)]], {
    keyType: builtinType("string"),
    valueType: builtinType("int"),
  });
  it("refuses a PackedVector4Array before 4.3 and a typed dictionary before 4.4, with the path", () => {
    const e1 = refusal(() => toText(array([int(0), packedVector4Array([1, 2, 3, 4])]), { version: "4.2" }));
    expect(e1.code).toBe("unsupported-kind");
    expect(e1.path).toEqual([1]);
    expect(toText(packedVector4Array([1, 2, 3, 4]), { version: "4.3" })).toBe(
      "PackedVector4Array(1, 2, 3, 4)",
    );
    const e2 = refusal(() => toText(dictionary([[int(7), typed]]), { version: "4.3" }));
    expect(e2.code).toBe("unsupported-kind");
    expect(e2.path).toEqual([{ key: int(7) }]);
  });

  it("writes a typed dictionary untyped before 4.4 with downgrade, typed from 4.4", () => {
    expect(toText(typed, { version: "4.3", downgrade: true })).toBe('{\n"a": 1\n}');
    expect(toText(typed, { version: "4.4" })).toBe('Dictionary[String, int]({\n"a": 1\n})');
    expect(toText(array([int(1)], { elementType: builtinType("int") }), { version: "4.0" })).toBe(
      "Array[int]([1])",
    );
  });

  it("refuses an unknown version", () => {
    expect(() => toText(int(1), { version: "4.7" as never })).toThrow(GdVariantError);
    expect(() => parseText("1", { version: "3.6" as never })).toThrow(GdVariantError);
    expect(() => godot4TextRules({ version: "4" as never })).toThrow(GdVariantError);
  });
});

describe("parseText per release", () => {
  const code = (fn: () => unknown): string => {
    try {
      fn();
    } catch (e) {
      if (e instanceof TextParseError) return e.code;
      throw e;
    }
    return "read";
  };

  it("reads what each release's str_to_var reads, and refuses the constructors it lacks", () => {
    const v4 = "PackedVector4Array(1, 2, 3, 4)";
    const td = 'Dictionary[String, int]({"a": 1})';
    expect(code(() => parseText(v4, { version: "4.2" }))).toBe("unknown-identifier");
    expect(code(() => parseText(v4, { version: "4.3" }))).toBe("read");
    expect(code(() => parseText(td, { version: "4.3" }))).toBe("unknown-identifier");
    expect(code(() => parseText(td, { version: "4.4" }))).toBe("read");
    expect(code(() => parseText(td))).toBe("read");
    expect(parseText("Vector2(0.1, 2)")).toEqual(vector2(Math.fround(0.1), 2));
    expect(parseText("Vector2(0.1, 2)", { precision: "double" })).toEqual({ kind: "vector2", x: 0.1, y: 2 });
  });

  it("reads back what the same release wrote (4.0-4.4: the value the six digits name)", () => {
    for (const version of GODOT4_VERSIONS) {
      const v = array([float(1 / 3), vector2(0.25, -1.5), packedFloat64Array([2 / 3])]);
      const text = toText(v, { version });
      const back = parseText(text, { version });
      expect(toText(back, { version })).toBe(text);
      if (godot4TextRules({ version }).reals !== "printf-g") expect(back).toEqual(v);
      else
        expect(back).toEqual(array([float(0.333333), vector2(0.25, -1.5), packedFloat64Array([0.666667])]));
    }
  });
});

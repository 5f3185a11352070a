// Unit facts of the JSON forms that need no engine: losses, hostile input, versions.
import {
  array,
  DecodeError,
  EncodeError,
  float,
  GdVariantError,
  int,
  packedInt64Array,
  rid,
  string,
  TextParseError,
  vector2,
} from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { jsonNativeLosses, readJsonNative, writeJsonNative } from "../src/json-native/index.js";

describe("jsonNativeLosses", () => {
  it("names what the engine's own round trip loses, and nothing for values that survive", () => {
    expect(jsonNativeLosses(int(5))).toEqual([]);
    expect(jsonNativeLosses(vector2(0.5, 2))).toEqual([]);
    const losses = jsonNativeLosses(
      array([float(1 / 3), rid(7), packedInt64Array([2n ** 60n + 1n]), string("ok")]),
    );
    expect(losses.map((l) => l.path)).toEqual([[0], [1], [2]]);
  });
  it("reports text the engine cannot read back (\\v)", () => {
    expect(jsonNativeLosses(string("a\vb"))[0]!.reason).toMatch(/cannot read/);
  });
});

describe("hostile JSON", () => {
  it("refuses nesting past 1024 with the project's error, in linear time", () => {
    const deep = `${"[".repeat(5000)}${"]".repeat(5000)}`;
    expect(() => readJsonNative(deep)).toThrow(TextParseError);
    expect(() => readJsonNative(`${"[".repeat(1025)}${"]".repeat(1025)}`)).not.toThrow();
  });
  it("reads a 1 MB number as the engine's strtod does, without a 1 MB BigInt", () => {
    const big = `{"type":"PackedInt64Array","args":[${"9".repeat(1 << 20)}]}`;
    const v = readJsonNative(big);
    expect(v.kind === "packedInt64Array" && v.data[0]).toBe(-9223372036854775808n);
    expect(readJsonNative(`"f:${"1".repeat(1 << 20)}"`)).toEqual(float(Number.POSITIVE_INFINITY));
  });
  it("keys like __proto__ stay data: no prototype changes", () => {
    const v = readJsonNative('{"__proto__":"s:x","type":"Dictionary","args":["s:__proto__","i:1"]}');
    expect(v).toEqual({ kind: "dictionary", entries: [[string("__proto__"), int(1)]] });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
  it("lying args counts are refused with a path, not allocated", () => {
    expect(() => readJsonNative('[{"type":"Vector2","args":[1,2,3]}]')).toThrow(
      expect.objectContaining({ code: "invalid-data", pathString: "[0]" }),
    );
    expect(() => readJsonNative('{"type":"PackedVector3Array","args":[1,2]}')).toThrow(DecodeError);
  });
  it("duplicate keys keep the engine's first place, last value", () => {
    expect(readJsonNative('{"type":"Vector2","args":[1,2],"args":[3,4]}')).toEqual(vector2(3, 4));
  });
});

describe("versions", () => {
  it("refuses from_native before 4.4, and 4.4-4.5 write and read non-finite floats as the source says", () => {
    expect(() => writeJsonNative(int(1), { version: "4.3" })).toThrow(EncodeError);
    expect(() => readJsonNative('"i:1"', { version: "4.3" })).toThrow(GdVariantError);
    expect(readJsonNative('"f:inf"', { version: "4.5" })).toEqual(float(0));
    expect(readJsonNative('"f:inf"')).toEqual(float(Number.POSITIVE_INFINITY));
    const pf = { kind: "packedFloat64Array", data: Float64Array.of(1 / 3, Number.NaN) } as const;
    expect(writeJsonNative(pf, { version: "4.5", fullPrecision: true })).toBe(
      // 4.5: String::num(x, 17 - floor(log10 x)) = printf("%.18f"); NaN as the invalid `nan`.
      '{"args":[0.333333333333333315,nan],"type":"PackedFloat64Array"}',
    );
    expect(writeJsonNative(pf, { fullPrecision: true })).toBe(
      '{"args":[0.3333333333333333,null],"type":"PackedFloat64Array"}',
    );
  });
});

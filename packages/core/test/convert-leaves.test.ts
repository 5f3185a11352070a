import { convertValue, type Dialect, decodeWith, encodeWith, equals, type Value } from "@gdvariant/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legacy, modern, modernDouble } from "./support/dialects.js";

// convertValue knows some leaves convert exactly without writing and reading them back
// (exactLeaf: int32s, f32-exact floats and vectors, strings without NUL, lone surrogate or
// leading BOM). Each leaf here, alone and inside an array, must give what the round trip says:
// the leaf itself and no loss when the bytes read back equal it, else a loss.
const ROUND_TRIP = (target: Dialect, v: Value): Value | undefined => {
  let bytes: Uint8Array;
  try {
    bytes = encodeWith(target, v);
  } catch {
    return undefined;
  }
  return decodeWith(target, bytes, { allowObjects: true, copy: true });
};

const f = (x: number): Value => ({ kind: "float", value: x });
const s = (x: string): Value => ({ kind: "string", value: x });
const EDGES: Value[] = [
  { kind: "nil" },
  { kind: "bool", value: true },
  { kind: "int", value: 0 },
  { kind: "int", value: -0 },
  { kind: "int", value: 2147483647 },
  { kind: "int", value: -2147483648 },
  { kind: "int", value: 2147483648 },
  f(0),
  f(-0),
  f(0.5),
  f(0.1),
  f(Number.NaN),
  f(Number.POSITIVE_INFINITY),
  f(3.4028234663852886e38),
  f(1e300),
  s(""),
  s("abc"),
  s("a\u0000b"),
  s("\ufeffbom"),
  s("b\ufeff"),
  s("\ud800"),
  s("x\udc00y"),
  s("\ud83d\ude00"),
  s("ü€"),
  { kind: "stringName", value: "a\u0000" },
  { kind: "stringName", value: "name" },
  { kind: "vector2", x: 0.5, y: -0 },
  { kind: "vector2", x: 0.1, y: 1 },
  { kind: "vector3", x: 1, y: 2, z: Number.NaN },
  { kind: "vector3", x: 1, y: 2, z: 3 },
  { kind: "color", r: 0.25, g: 0.5, b: 1, a: 1 },
  { kind: "color", r: 0.2, g: 0.5, b: 1, a: 1 },
];

function expectAsRoundTrip(target: Dialect, v: Value): void {
  const back = ROUND_TRIP(target, v);
  let result: ReturnType<typeof convertValue> | undefined;
  try {
    result = convertValue({ kind: "array", items: [v] }, target);
  } catch {
    // Refused (an int the target cannot hold): the round trip refuses it too.
    expect(back).toBeUndefined();
    return;
  }
  const out = (result.value as unknown as { items: Value[] }).items[0]!;
  if (back !== undefined && equals(back, v)) {
    expect(out).toBe(v);
    expect(result.losses).toEqual([]);
  } else {
    expect(result.losses.length).toBeGreaterThan(0);
  }
}

describe("convertValue on leaves it knows exact", () => {
  for (const target of [modern, modernDouble, legacy]) {
    it(`gives what writing and reading back gives (${target.id}, edge values)`, () => {
      for (const v of EDGES) {
        if (target.codecForKind(v.kind) === undefined) continue;
        expectAsRoundTrip(target, v);
      }
    });

    it(`gives what writing and reading back gives (${target.id}, random strings and numbers)`, () => {
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string({ unit: "binary" }).map(s),
            fc.string({ unit: "grapheme-ascii" }).map(s),
            fc.double().map(f),
            fc.float().map(f),
            fc.integer().map((value): Value => ({ kind: "int", value })),
          ),
          (v) => expectAsRoundTrip(target, v),
        ),
        { numRuns: 300 },
      );
    });
  }
});

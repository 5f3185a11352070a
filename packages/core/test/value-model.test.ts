import {
  array,
  basis,
  color,
  DecodeError,
  dictionary,
  EncodeError,
  equals,
  float,
  fromJS,
  fromJSON,
  fullObject,
  int,
  KINDS,
  nil,
  nodePath,
  objectId,
  packedFloat32Array,
  packedInt64Array,
  packedVector2Array,
  string,
  stringName,
  toJS,
  toJSON,
  type Value,
  vector2,
  vector2i,
} from "@gdvariant/core";
import { ALL_LEAVES, leafOf, valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("constructors", () => {
  it("keep int and float apart and ints exact", () => {
    expect(int(1)).toEqual({ kind: "int", value: 1 });
    expect(float(1)).toEqual({ kind: "float", value: 1 });
    expect(equals(int(1), float(1))).toBe(false);
    expect(int(2n ** 63n - 1n).value).toBe(2n ** 63n - 1n);
    expect(int(42n).value).toBe(42); // canonical: safe bigints become numbers
    expect(int(-0).value).toBe(0);
    expect(Object.is(int(-0).value, -0)).toBe(false);
  });

  it("refuse what no Variant can hold, with the project's error", () => {
    for (const bad of [() => int(1.5), () => int(2n ** 63n), () => int(Number.NaN), () => vector2i(0.5, 1)]) {
      try {
        bad();
        expect.unreachable();
      } catch (e) {
        expect(EncodeError.is(e)).toBe(true);
      }
    }
  });

  it("parse NodePath text into names, subnames and absoluteness", () => {
    expect(nodePath("/root/Main:position:x")).toEqual({
      kind: "nodePath",
      names: ["root", "Main"],
      subnames: ["position", "x"],
      absolute: true,
    });
    expect(nodePath("")).toEqual({ kind: "nodePath", names: [], subnames: [], absolute: false });
    expect(nodePath(":prop")).toEqual({ kind: "nodePath", names: [], subnames: ["prop"], absolute: false });
  });

  it("check matrix sizes and packed strides", () => {
    expect(() => basis([1, 2, 3])).toThrow(/9 numbers/);
    expect(() => packedVector2Array([1, 2, 3])).toThrow(/multiple of 2/);
    expect(packedInt64Array([1, 2n ** 62n]).data[1]).toBe(2n ** 62n);
  });

  it("survive structuredClone (plain tagged objects)", () => {
    const v = dictionary([[vector2(1, 2), array([int(2n ** 60n), packedFloat32Array([1.5])])]]);
    expect(equals(structuredClone(v), v)).toBe(true);
  });
});

describe("equals", () => {
  it("compares floats with Object.is semantics", () => {
    expect(equals(float(Number.NaN), float(Number.NaN))).toBe(true);
    expect(equals(float(0), float(-0))).toBe(false);
  });

  it("keeps dictionary order, typed element types, shared bits and object forms significant", () => {
    const a = dictionary([
      [string("a"), int(1)],
      [string("b"), int(2)],
    ]);
    const b = dictionary([
      [string("b"), int(2)],
      [string("a"), int(1)],
    ]);
    expect(equals(a, b)).toBe(false);
    expect(equals(array([], { elementType: { kind: "builtin", type: "int" } }), array([]))).toBe(false);
    expect(equals(array([], { shared: true }), array([]))).toBe(false);
    expect(equals(objectId(5), fullObject("Node"))).toBe(false);
    expect(equals(string("x"), stringName("x"))).toBe(false);
    expect(equals(packedFloat32Array([1]), { kind: "packedFloat32Array", data: new Float32Array([1]) })).toBe(
      true,
    );
  });

  it("is reflexive and agrees with a structural clone for arbitrary values", () => {
    fc.assert(
      fc.property(valueArb(ALL_LEAVES, { typed: true, shared: true, objects: true }), (v) => {
        expect(equals(v, v)).toBe(true);
        expect(equals(structuredClone(v), v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("fromJS / toJS", () => {
  it("infers kinds as documented", () => {
    const v = fromJS({
      hp: 3,
      speed: 1.5,
      name: "Ann",
      alive: true,
      none: null,
      big: 2n ** 62n,
      bytes: new Uint8Array([1, 2]),
      ids: new Int32Array([7]),
      floats: new Float32Array([0.5]),
      doubles: new Float64Array([0.25]),
      longs: new BigInt64Array([1n]),
      list: [1, "a"],
      map: new Map<unknown, unknown>([[1, "x"]]),
      tagged: vector2(1, 2),
    });
    expect(v.kind).toBe("dictionary");
    const kinds = (v as Extract<Value, { kind: "dictionary" }>).entries.map(([, x]) => x.kind);
    expect(kinds).toEqual([
      "int",
      "float",
      "string",
      "bool",
      "nil",
      "int",
      "packedByteArray",
      "packedInt32Array",
      "packedFloat32Array",
      "packedFloat64Array",
      "packedInt64Array",
      "array",
      "dictionary",
      "vector2",
    ]);
  });

  it("refuses what it cannot infer with an EncodeError", () => {
    for (const bad of [() => fromJS(() => 1), () => fromJS(Symbol("x")), () => fromJS(new Date())]) {
      expect(bad).toThrow(EncodeError);
    }
  });

  it("gives plain objects for string-keyed dictionaries and Maps otherwise", () => {
    expect(toJS(fromJS({ a: 1, b: [true, null] }))).toEqual({ a: 1, b: [true, null] });
    const m = toJS(dictionary([[vector2(1, 2), int(3)]]));
    expect(m).toBeInstanceOf(Map);
    expect(toJS(nodePath("/a/b:c"))).toBe("/a/b:c");
    expect(toJS(color(1, 0, 0, 1))).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(toJS(nil())).toBe(null);
  });

  it("cannot be used for prototype pollution", () => {
    const hostile = dictionary([
      [string("__proto__"), dictionary([[string("polluted"), int(1)]])],
      [string("constructor"), string("x")],
    ]);
    const out = toJS(hostile) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((out as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(["__proto__", "constructor"]);
    const obj = toJS(fullObject("Node", [["__proto__", int(1)]])) as { properties: Record<string, unknown> };
    expect(Object.getPrototypeOf(obj.properties)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(obj.properties, "__proto__")?.value).toBe(1);
  });
});

describe("tagged JSON", () => {
  it("round-trips every kind exactly, through JSON text", () => {
    for (const leaf of ALL_LEAVES) {
      fc.assert(
        fc.property(leafOf[leaf], (v) => {
          const back = fromJSON(JSON.parse(JSON.stringify(toJSON(v))));
          expect(equals(back, v)).toBe(true);
        }),
        { numRuns: 40 },
      );
    }
  });

  it("round-trips nested values with typed containers, shared bits and objects", () => {
    fc.assert(
      fc.property(valueArb(ALL_LEAVES, { typed: true, shared: true, objects: true }), (v) => {
        expect(equals(fromJSON(JSON.parse(JSON.stringify(toJSON(v)))), v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("covers every kind of the model", () => {
    const covered = new Set(ALL_LEAVES.map((l) => fc.sample(leafOf[l], 1)[0]!.kind));
    for (const k of ["array", "dictionary"]) covered.add(k as never);
    covered.add("object");
    expect([...KINDS].filter((k) => !covered.has(k))).toEqual([]);
  });

  it("keeps special floats and big ints readable", () => {
    expect(toJSON(float(Number.NaN))).toEqual({ kind: "float", value: "NaN" });
    expect(toJSON(float(-0))).toEqual({ kind: "float", value: "-0" });
    expect(toJSON(int(2n ** 63n - 1n))).toEqual({ kind: "int", value: "9223372036854775807" });
  });

  it("reports malformed JSON with a path", () => {
    try {
      fromJSON({
        kind: "array",
        items: [
          { kind: "int", value: 1 },
          { kind: "vector2", x: 1 },
        ],
      });
      expect.unreachable();
    } catch (e) {
      expect(DecodeError.is(e)).toBe(true);
      expect((e as DecodeError).pathString).toBe("[1]");
    }
    expect(() => fromJSON({ kind: "nope" })).toThrow(DecodeError);
    expect(() => fromJSON([1] as never)).toThrow(DecodeError);
  });
});

import type { AnyCodec, EncodeContext, ObjectValue } from "@gdvariant/core";
import {
  arrayCodec,
  boolCodec,
  convertValue,
  createDialect,
  type Dialect,
  decodeWith,
  dictionaryCodec,
  EncodeError,
  encodeWith,
  equals,
  floatCodec,
  int,
  intCodec,
  matrixCodec,
  nilCodec,
  nodePathCodec,
  objectCodec,
  packedByteArrayCodec,
  packedNumberCodec,
  packedStringArrayCodec,
  packedVectorCodec,
  ridCodec,
  string,
  stringCodec,
  type Value,
  vectorCodec,
} from "@gdvariant/core";
import { LEGACY_LEAVES, MODERN_LEAVES, valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { legacy, modern, modernDouble } from "./support/dialects.js";

/** A 3.x-like table from core's factories (the real one lives in @gdvariant/godot-3). */
const three: Dialect = createDialect({
  id: "test-3",
  name: "Test 3.x",
  engineVersions: "3.2",
  typeCount: 27,
  codecs: [
    nilCodec(0),
    boolCodec(1),
    intCodec(2),
    floatCodec(3),
    stringCodec(4),
    vectorCodec(5, "vector2", "VECTOR2"),
    vectorCodec(6, "rect2", "RECT2"),
    vectorCodec(7, "vector3", "VECTOR3"),
    matrixCodec(8, "transform2d", "TRANSFORM2D"),
    vectorCodec(9, "plane", "PLANE"),
    vectorCodec(10, "quaternion", "QUAT"),
    vectorCodec(11, "aabb", "AABB"),
    matrixCodec(12, "basis", "BASIS"),
    matrixCodec(13, "transform3d", "TRANSFORM"),
    vectorCodec(14, "color", "COLOR"),
    nodePathCodec(15, "subname"),
    ridCodec(16, false),
    objectCodec(17),
    dictionaryCodec(18, { untyped: "error" }),
    arrayCodec(19, { untyped: "error" }),
    packedByteArrayCodec(20),
    packedNumberCodec(21, "packedInt32Array", "POOL_INT_ARRAY"),
    packedNumberCodec(22, "packedFloat32Array", "POOL_REAL_ARRAY"),
    packedStringArrayCodec(23),
    packedVectorCodec(24, "packedVector2Array", "POOL_VECTOR2_ARRAY"),
    packedVectorCodec(25, "packedVector3Array", "POOL_VECTOR3_ARRAY"),
    packedNumberCodec(26, "packedColorArray", "POOL_COLOR_ARRAY"),
  ],
});

const roundTrips = (d: Dialect, v: Value) => decodeWith(d, encodeWith(d, v), { allowObjects: true });

describe("convertValue: exact renames", () => {
  it("turns 2.x Matrix32/Matrix3 into Transform2D/Basis and back without loss", () => {
    const m32: Value = { kind: "matrix32", values: [1, 2, 3, 4, 5, 6] };
    const m3: Value = { kind: "matrix3", values: [1, 2, 3, 4, 5, 6, 7, 8, 9] };
    const up = convertValue({ kind: "array", items: [m32, m3] }, three);
    expect(up.losses).toEqual([]);
    expect(up.value).toEqual({
      kind: "array",
      items: [
        { kind: "transform2d", values: [1, 2, 3, 4, 5, 6] },
        { kind: "basis", values: [1, 2, 3, 4, 5, 6, 7, 8, 9] },
      ],
    });
    const down = convertValue(up.value, legacy);
    expect(down.losses).toEqual([]);
    expect(down.value).toEqual({ kind: "array", items: [m32, m3] });
  });

  it("moves a 2.x NodePath property to the last subname and back", () => {
    const two: Value = { kind: "nodePath", names: ["a"], subnames: ["b"], absolute: true, property: "c" };
    const up = convertValue(two, three);
    expect(up).toEqual({
      value: { kind: "nodePath", names: ["a"], subnames: ["b", "c"], absolute: true },
      losses: [],
    });
    expect(convertValue(up.value, legacy).value).toEqual(two);
  });

  it("copies a container from its first changed child: the others kept as they are, in place", () => {
    const path = (p: string): Value => ({
      kind: "nodePath",
      names: ["a"],
      subnames: [],
      absolute: false,
      property: p,
    });
    const moved = (p: string): Value => ({ kind: "nodePath", names: ["a"], subnames: [p], absolute: false });
    const leaves: Value[] = [int(1), string("s"), { kind: "float", value: 0.1 }, int(2)];
    for (let at = 0; at <= leaves.length; at++) {
      // An array with the changing NodePath at each place, and a dictionary with it as a key and
      // as a value at each place.
      const items = [...leaves.slice(0, at), path("p"), ...leaves.slice(at)];
      const arr: Value = { kind: "array", items };
      const snapshot = structuredClone(arr);
      const out = convertValue(arr, three).value as { kind: "array"; items: Value[] };
      expect(out.items).toEqual([...leaves.slice(0, at), moved("p"), ...leaves.slice(at)]);
      for (let i = 0; i < items.length; i++) if (i !== at) expect(out.items[i]).toBe(items[i]);
      expect(arr).toEqual(snapshot);
      const entries: [Value, Value][] = leaves.map((l, i) => [string(`k${i}`), l]);
      const valueEntries: [Value, Value][] = [
        ...entries.slice(0, at),
        [string("x"), path("v")],
        ...entries.slice(at),
      ];
      const keyEntries: [Value, Value][] = [
        ...entries.slice(0, at),
        [path("k"), int(9)],
        ...entries.slice(at),
      ];
      const v = convertValue({ kind: "dictionary", entries: valueEntries }, three).value as {
        kind: "dictionary";
        entries: [Value, Value][];
      };
      expect(v.entries).toEqual([...entries.slice(0, at), [string("x"), moved("v")], ...entries.slice(at)]);
      const k = convertValue({ kind: "dictionary", entries: keyEntries }, three).value as {
        kind: "dictionary";
        entries: [Value, Value][];
      };
      expect(k.entries).toEqual([...entries.slice(0, at), [moved("k"), int(9)], ...entries.slice(at)]);
      for (let i = 0; i < entries.length + 1; i++) {
        if (i === at) continue;
        expect(v.entries[i]![0]).toBe(valueEntries[i]![0]);
        expect(v.entries[i]![1]).toBe(valueEntries[i]![1]);
        expect(k.entries[i]![1]).toBe(keyEntries[i]![1]);
      }
    }
    // Nothing changed: the value itself.
    const same: Value = { kind: "array", items: leaves };
    expect(convertValue(same, three).value).toBe(same);
  });

  it("writes a null object as what each generation writes", () => {
    expect(convertValue({ kind: "object", form: "null" }, three).value).toEqual({ kind: "nil" });
    expect(convertValue({ kind: "object", form: "null" }, legacy).value).toEqual({
      kind: "object",
      form: "null",
    });
    expect(
      convertValue({ kind: "object", form: "full", className: "", properties: [] }, legacy).value,
    ).toEqual({
      kind: "object",
      form: "null",
    });
  });

  it("leaves values the target holds exactly untouched (same object)", () => {
    const v: Value = {
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "hp" },
          { kind: "int", value: 3 },
        ],
      ],
    };
    const r = convertValue(v, three);
    expect(r.value).toBe(v);
    expect(r.losses).toEqual([]);
  });
});

describe("convertValue: reported losses", () => {
  const cases: [string, Value, Value, string][] = [
    [
      "StringName",
      { kind: "stringName", value: "n" },
      { kind: "string", value: "n" },
      "StringName written as String",
    ],
    [
      "Vector2i",
      { kind: "vector2i", x: 1, y: -2 },
      { kind: "vector2", x: 1, y: -2 },
      "Vector2i written as Vector2",
    ],
    [
      "Rect2i",
      { kind: "rect2i", x: 1, y: 2, width: 3, height: 4 },
      { kind: "rect2", x: 1, y: 2, width: 3, height: 4 },
      "Rect2i written as Rect2",
    ],
    [
      "Vector3i",
      { kind: "vector3i", x: 1, y: 2, z: 3 },
      { kind: "vector3", x: 1, y: 2, z: 3 },
      "Vector3i written as Vector3",
    ],
    ["Callable", { kind: "callable" }, { kind: "nil" }, "Callable written as null"],
    ["Signal", { kind: "signal", name: "hit", objectId: 5 }, { kind: "nil" }, 'Signal "hit" of object 5'],
    [
      "PackedInt64Array",
      { kind: "packedInt64Array", data: new BigInt64Array([1n, 2n ** 60n]) },
      {
        kind: "array",
        items: [
          { kind: "int", value: 1 },
          { kind: "int", value: 2n ** 60n },
        ],
      },
      "PackedInt64Array written as an Array of ints",
    ],
    [
      "PackedFloat64Array",
      { kind: "packedFloat64Array", data: new Float64Array([0.1]) },
      { kind: "array", items: [{ kind: "float", value: 0.1 }] },
      "PackedFloat64Array written as an Array of floats",
    ],
    ["RID id", { kind: "rid", id: 77 }, { kind: "rid", id: 0 }, "RID id 77 dropped"],
  ];
  it.each(cases)("%s", (_name, from, to, message) => {
    const r = convertValue({ kind: "array", items: [from] }, three);
    expect(r.value).toEqual({ kind: "array", items: [to] });
    expect(r.losses).toHaveLength(1);
    expect(r.losses[0]!.path).toBe("[0]");
    expect(r.losses[0]!.segments).toEqual([0]);
    expect(r.losses[0]!.from).toBe(from.kind);
    expect(r.losses[0]!.message).toContain(message);
    expect(() => encodeWith(three, r.value)).not.toThrow();
    expect(() => convertValue(from, three, { strict: true })).toThrow(EncodeError);
  });

  it("writes typed containers untyped for a target without them", () => {
    const v: Value = {
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "a" },
          { kind: "array", items: [], elementType: { kind: "builtin", type: "int" } },
        ],
      ],
      keyType: { kind: "builtin", type: "string" },
    };
    const r = convertValue(v, three);
    expect(r.value).toEqual({
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "a" },
          { kind: "array", items: [] },
        ],
      ],
    });
    expect(r.losses.map((l) => [l.path, l.message])).toEqual([
      ['["a"]', "typed Array[int] written untyped"],
      ["", "typed Dictionary key type string written untyped"],
    ]);
  });

  it("keeps typed containers for a target that has them", () => {
    const v: Value = {
      kind: "array",
      items: [{ kind: "int", value: 1 }],
      elementType: { kind: "builtin", type: "int" },
    };
    expect(convertValue(v, modern)).toEqual({ value: v, losses: [] });
  });

  it("rounds doubles for a 32-bit-real target and says so", () => {
    const r = convertValue({ kind: "float", value: 0.1 }, legacy);
    expect(r.value).toEqual({ kind: "float", value: Math.fround(0.1) });
    expect(r.losses[0]!.code).toBe("out-of-range");
    const big = convertValue({ kind: "float", value: 1e300 }, legacy);
    expect(big.value).toEqual({ kind: "float", value: Number.POSITIVE_INFINITY });
  });

  it("reports double-precision math values that a single-precision target rounds", () => {
    const exact = convertValue({ kind: "vector2", x: 0.5, y: 2 }, three);
    expect(exact.losses).toEqual([]);
    const r = convertValue({ kind: "vector2", x: 0.1, y: 2 }, three);
    expect(r.value).toEqual({ kind: "vector2", x: Math.fround(0.1), y: 2 });
    expect(r.losses[0]!.message).toContain("precision");
    const packed = convertValue({ kind: "packedVector2Array", data: new Float64Array([0.5, 1]) }, three);
    expect(packed.losses).toEqual([]);
    const lossy = convertValue({ kind: "packedVector2Array", data: new Float64Array([0.1, 1]) }, three);
    expect(lossy.losses).toHaveLength(1);
    expect(Array.from((lossy.value as { data: Float32Array }).data)).toEqual([Math.fround(0.1), 1]);
  });

  it("writes objects as null for a target that cannot carry them", () => {
    const r = convertValue(
      {
        kind: "array",
        items: [
          { kind: "object", form: "id", id: 5 },
          { kind: "object", form: "full", className: "Node", properties: [] },
        ],
      },
      legacy,
    );
    expect(r.value).toEqual({
      kind: "array",
      items: [
        { kind: "object", form: "null" },
        { kind: "object", form: "null" },
      ],
    });
    expect(r.losses.map((l) => l.path)).toEqual(["[0]", "[1]"]);
  });

  it("reports dictionary keys that became equal", () => {
    const r = convertValue(
      {
        kind: "dictionary",
        entries: [
          [
            { kind: "stringName", value: "a" },
            { kind: "int", value: 1 },
          ],
          [
            { kind: "string", value: "a" },
            { kind: "int", value: 2 },
          ],
        ],
      },
      three,
    );
    expect(r.losses.map((l) => l.message)).toContain(
      "two keys became equal after conversion; the engine keeps the last value",
    );
  });

  it("converts the properties of full objects", () => {
    const r = convertValue(
      {
        kind: "object",
        form: "full",
        className: "Node",
        properties: [["n", { kind: "stringName", value: "x" }]],
      },
      three,
    );
    expect(r.value).toEqual({
      kind: "object",
      form: "full",
      className: "Node",
      properties: [["n", { kind: "string", value: "x" }]],
    });
    expect(r.losses[0]!.path).toBe(".n");
  });
});

describe("convertValue: properties the target refuses", () => {
  // A 4.3+-like object codec: the script property must be null or a res:// path string.
  const base = objectCodec(17);
  const strictObjects = createDialect({
    id: "test-3-strict",
    name: "Test strict objects",
    engineVersions: "x",
    typeCount: 27,
    codecs: [
      ...three.codecs.filter((c) => c !== undefined && c.wireId !== 17),
      {
        ...base,
        header: (v: ObjectValue, ctx: EncodeContext) => {
          if (v.form === "full" && v.properties.some(([n, x]) => n === "script" && x.kind === "object")) {
            throw ctx.error("invalid-value", "script must be a path");
          }
          return base.header(v, ctx);
        },
      },
    ] as AnyCodec[],
  });

  it("writes null in their place and reports them", () => {
    const script: Value = { kind: "object", form: "full", className: "GDScript", properties: [] };
    const v: Value = {
      kind: "object",
      form: "full",
      className: "Node",
      properties: [
        ["name", { kind: "string", value: "n" }],
        ["script", script],
      ],
    };
    const r = convertValue({ kind: "array", items: [v] }, strictObjects);
    expect(r.value).toEqual({
      kind: "array",
      items: [
        {
          ...v,
          properties: [
            ["name", { kind: "string", value: "n" }],
            ["script", { kind: "nil" }],
          ],
        },
      ],
    });
    expect(r.losses).toMatchObject([
      {
        path: "[0].script",
        from: "object",
        to: "nil",
        message: 'property "script" written as null: script must be a path',
      },
    ]);
    expect(convertValue(v, three).losses).toEqual([]);
  });
});

describe("convertValue: errors", () => {
  it("refuses ints the target cannot hold, with the path", () => {
    try {
      convertValue(
        {
          kind: "array",
          items: [
            { kind: "int", value: 1 },
            { kind: "int", value: 2 ** 40 },
          ],
        },
        legacy,
      );
      expect.unreachable();
    } catch (e) {
      expect(EncodeError.is(e)).toBe(true);
      expect((e as EncodeError).code).toBe("out-of-range");
      expect((e as EncodeError).pathString).toBe("[1]");
    }
  });

  it("refuses kinds with no counterpart unless asked to write null", () => {
    const v: Value = {
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "p" },
          { kind: "vector4", x: 1, y: 2, z: 3, w: 4 },
        ],
      ],
    };
    try {
      convertValue(v, three);
      expect.unreachable();
    } catch (e) {
      expect((e as EncodeError).code).toBe("unsupported-kind");
      expect((e as EncodeError).pathString).toBe('["p"]');
    }
    const r = convertValue(v, three, { unconvertible: "nil" });
    expect(r.value).toEqual({
      kind: "dictionary",
      entries: [[{ kind: "string", value: "p" }, { kind: "nil" }]],
    });
    expect(r.losses[0]!.to).toBe("nil");
    for (const k of [
      { kind: "projection", values: new Array(16).fill(0) },
      { kind: "packedVector4Array", data: new Float32Array(4) },
      { kind: "vector4i", x: 1, y: 2, z: 3, w: 4 },
      { kind: "image", format: 0, mipmaps: 0, width: 1, height: 1, data: new Uint8Array(1) },
    ] as Value[]) {
      expect(() => convertValue(k, three)).toThrow(EncodeError);
    }
  });

  it("lets a rewrite hook handle kinds the target lacks", () => {
    const image: Value = {
      kind: "image",
      format: 3,
      mipmaps: 0,
      width: 1,
      height: 1,
      data: new Uint8Array([1, 2, 3]),
    };
    const r = convertValue({ kind: "array", items: [image] }, three, {
      rewrite: (v, ctx) => {
        if (v.kind !== "image") return undefined;
        ctx.report("mipmaps flag dropped");
        return {
          kind: "object",
          form: "full",
          className: "Image",
          properties: [["data", { kind: "packedByteArray", data: v.data }]],
        };
      },
    });
    expect((r.value as unknown as { items: Value[] }).items[0]).toMatchObject({
      kind: "object",
      className: "Image",
    });
    expect(r.losses).toMatchObject([{ path: "[0]", from: "image", message: "mipmaps flag dropped" }]);
    expect(() =>
      convertValue(image, three, { rewrite: () => ({ kind: "vector4", x: 0, y: 0, z: 0, w: 0 }) }),
    ).toThrow(EncodeError);
  });

  it("stops at maxDepth and on cycles", () => {
    let v: Value = { kind: "nil" };
    for (let i = 0; i < 50; i++) v = { kind: "array", items: [v] };
    expect(() => convertValue(v, three, { maxDepth: 10 })).toThrow(EncodeError);
    const cyclic = { kind: "array", items: [] as Value[] } as { kind: "array"; items: Value[] };
    cyclic.items.push(cyclic);
    try {
      convertValue(cyclic, three);
      expect.unreachable();
    } catch (e) {
      expect((e as EncodeError).code).toBe("depth-exceeded");
    }
  });
});

describe("convertValue: properties", () => {
  it("4.x values always become something the 3.x table encodes (or a clear error)", () => {
    fc.assert(
      fc.property(valueArb(MODERN_LEAVES, { typed: true, objects: true }), (v) => {
        const r = convertValue(v, three, { unconvertible: "nil" });
        const back = roundTrips(three, r.value);
        expect(back).toBeDefined();
        if (r.losses.length === 0) expect(equals(r.value, v)).toBe(true);
        // What the target reads back is what convertValue promised (packed arrays aside, whose
        // typed-array class may change from Float64Array to Float32Array with equal values).
        expect(convertValue(r.value, three).losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("2.x values go to 4.x and back unchanged (shared bits and null objects aside)", () => {
    const leaves = LEGACY_LEAVES.filter((l) => l !== "objectNull");
    fc.assert(
      fc.property(valueArb(leaves), (v) => {
        const up = convertValue(v, modern);
        expect(up.losses).toEqual([]);
        expect(() => encodeWith(modern, up.value)).not.toThrow();
        const down = convertValue(up.value, legacy);
        expect(down.losses).toEqual([]);
        expect(equals(down.value, v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("double-precision 4.x values convert to single precision with every rounding reported", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.double({ noNaN: true }), (x, y) => {
        const v = decodeWith(modernDouble, encodeWith(modernDouble, { kind: "vector2", x, y }));
        const r = convertValue(v, modern);
        const exact = Math.fround(x) === x && Math.fround(y) === y;
        expect(r.losses.length === 0).toBe(exact);
      }),
    );
  });
});

// Malformed model values for the writers of every dialect: one valid value per kind, each field of
// it corrupted in turn (a wrong type, a missing field, a number out of the model's range), put at
// a random place inside containers. A writer must refuse each one with EncodeError
// `invalid-value` and the path to it, never write short or wrong bytes (issue 36: a String whose
// value was 5 encoded as 0 bytes).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Kind, Value } from "../../core/src/value/types.js";

// What a field must hold, and so how it can be broken.
type FieldType =
  | "number"
  | "int32"
  | "int64"
  | "u32"
  | "word"
  | "imageFormat"
  | "string"
  | "boolean"
  | "strings"
  | { readonly numbers: number }
  | { readonly typed: "Uint8Array" | "Int32Array" | "BigInt64Array" | "Float32Array" | "Float64Array" }
  | { readonly vectors: number }
  | "items"
  | "entries"
  | "properties"
  | "containerType"
  | "form";

interface FieldSpec {
  readonly field: string;
  readonly type: FieldType;
  readonly optional?: boolean;
}

const nums = (field: string[]): FieldSpec[] => field.map((f) => ({ field: f, type: "number" }));
const int32s = (field: string[]): FieldSpec[] => field.map((f) => ({ field: f, type: "int32" }));

/** The fields of every kind, as the model (core's value/types.ts) defines them. */
export const FIELDS: { readonly [K in Kind]: readonly FieldSpec[] } = {
  nil: [],
  bool: [{ field: "value", type: "boolean" }],
  int: [{ field: "value", type: "int64" }],
  float: [{ field: "value", type: "number" }],
  string: [{ field: "value", type: "string" }],
  stringName: [{ field: "value", type: "string" }],
  vector2: nums(["x", "y"]),
  vector2i: int32s(["x", "y"]),
  rect2: nums(["x", "y", "width", "height"]),
  rect2i: int32s(["x", "y", "width", "height"]),
  vector3: nums(["x", "y", "z"]),
  vector3i: int32s(["x", "y", "z"]),
  transform2d: [{ field: "values", type: { numbers: 6 } }],
  matrix32: [{ field: "values", type: { numbers: 6 } }],
  vector4: nums(["x", "y", "z", "w"]),
  vector4i: int32s(["x", "y", "z", "w"]),
  plane: nums(["x", "y", "z", "d"]),
  quaternion: nums(["x", "y", "z", "w"]),
  aabb: nums(["x", "y", "z", "width", "height", "depth"]),
  basis: [{ field: "values", type: { numbers: 9 } }],
  matrix3: [{ field: "values", type: { numbers: 9 } }],
  transform3d: [{ field: "values", type: { numbers: 12 } }],
  projection: [{ field: "values", type: { numbers: 16 } }],
  color: nums(["r", "g", "b", "a"]),
  nodePath: [
    { field: "names", type: "strings" },
    { field: "subnames", type: "strings" },
    { field: "absolute", type: "boolean" },
    { field: "property", type: "string", optional: true },
  ],
  rid: [{ field: "id", type: "int64" }],
  object: [{ field: "form", type: "form" }],
  callable: [],
  signal: [
    { field: "name", type: "string" },
    { field: "objectId", type: "int64" },
  ],
  dictionary: [
    { field: "entries", type: "entries" },
    { field: "keyType", type: "containerType", optional: true },
    { field: "valueType", type: "containerType", optional: true },
    { field: "shared", type: "boolean", optional: true },
  ],
  array: [
    { field: "items", type: "items" },
    { field: "elementType", type: "containerType", optional: true },
    { field: "shared", type: "boolean", optional: true },
  ],
  packedByteArray: [{ field: "data", type: { typed: "Uint8Array" } }],
  packedInt32Array: [{ field: "data", type: { typed: "Int32Array" } }],
  packedInt64Array: [{ field: "data", type: { typed: "BigInt64Array" } }],
  packedFloat32Array: [{ field: "data", type: { typed: "Float32Array" } }],
  packedFloat64Array: [{ field: "data", type: { typed: "Float64Array" } }],
  packedStringArray: [{ field: "data", type: "strings" }],
  packedVector2Array: [{ field: "data", type: { vectors: 2 } }],
  packedVector3Array: [{ field: "data", type: { vectors: 3 } }],
  packedColorArray: [{ field: "data", type: { vectors: 4 } }],
  packedVector4Array: [{ field: "data", type: { vectors: 4 } }],
  image: [
    { field: "format", type: "imageFormat" },
    { field: "mipmaps", type: "u32" },
    { field: "width", type: "u32" },
    { field: "height", type: "u32" },
    { field: "data", type: { typed: "Uint8Array" } },
  ],
  inputEvent: [
    { field: "eventType", type: "u32" },
    { field: "device", type: "word" },
    { field: "modifiers", type: "u32", optional: true },
    { field: "scancode", type: "u32", optional: true },
    { field: "buttonIndex", type: "word", optional: true },
    { field: "index", type: "word", optional: true },
    { field: "axis", type: "word", optional: true },
    { field: "axisValue", type: "number", optional: true },
  ],
};

/** A valid value of each kind that every dialect with the kind writes as it is (f32-exact, int32). */
export const VALID: { readonly [K in Kind]: Value } = {
  nil: { kind: "nil" },
  bool: { kind: "bool", value: true },
  int: { kind: "int", value: 7 },
  float: { kind: "float", value: 0.5 },
  string: { kind: "string", value: "s" },
  stringName: { kind: "stringName", value: "n" },
  vector2: { kind: "vector2", x: 1, y: 2 },
  vector2i: { kind: "vector2i", x: 1, y: 2 },
  rect2: { kind: "rect2", x: 1, y: 2, width: 3, height: 4 },
  rect2i: { kind: "rect2i", x: 1, y: 2, width: 3, height: 4 },
  vector3: { kind: "vector3", x: 1, y: 2, z: 3 },
  vector3i: { kind: "vector3i", x: 1, y: 2, z: 3 },
  transform2d: { kind: "transform2d", values: [1, 0, 0, 1, 0, 0] },
  matrix32: { kind: "matrix32", values: [1, 0, 0, 1, 0, 0] },
  vector4: { kind: "vector4", x: 1, y: 2, z: 3, w: 4 },
  vector4i: { kind: "vector4i", x: 1, y: 2, z: 3, w: 4 },
  plane: { kind: "plane", x: 0, y: 1, z: 0, d: 2 },
  quaternion: { kind: "quaternion", x: 0, y: 0, z: 0, w: 1 },
  aabb: { kind: "aabb", x: 0, y: 0, z: 0, width: 1, height: 1, depth: 1 },
  basis: { kind: "basis", values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
  matrix3: { kind: "matrix3", values: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
  transform3d: { kind: "transform3d", values: [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0] },
  projection: { kind: "projection", values: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] },
  color: { kind: "color", r: 1, g: 0.5, b: 0, a: 1 },
  nodePath: { kind: "nodePath", names: ["a", "b"], subnames: ["c"], absolute: true },
  rid: { kind: "rid", id: 0 },
  object: { kind: "object", form: "null" },
  callable: { kind: "callable" },
  signal: { kind: "signal", name: "hit", objectId: 5 },
  dictionary: {
    kind: "dictionary",
    entries: [
      [
        { kind: "string", value: "k" },
        { kind: "int", value: 1 },
      ],
    ],
  },
  array: { kind: "array", items: [{ kind: "int", value: 1 }] },
  packedByteArray: { kind: "packedByteArray", data: Uint8Array.of(1, 2, 3) },
  packedInt32Array: { kind: "packedInt32Array", data: Int32Array.of(1, -2) },
  packedInt64Array: { kind: "packedInt64Array", data: BigInt64Array.of(1n, -2n) },
  packedFloat32Array: { kind: "packedFloat32Array", data: Float32Array.of(0.5) },
  packedFloat64Array: { kind: "packedFloat64Array", data: Float64Array.of(0.1) },
  packedStringArray: { kind: "packedStringArray", data: ["a", "b"] },
  packedVector2Array: { kind: "packedVector2Array", data: Float32Array.of(1, 2) },
  packedVector3Array: { kind: "packedVector3Array", data: Float32Array.of(1, 2, 3) },
  packedColorArray: { kind: "packedColorArray", data: Float32Array.of(1, 0, 0, 1) },
  packedVector4Array: { kind: "packedVector4Array", data: Float32Array.of(1, 2, 3, 4) },
  image: { kind: "image", format: 4, mipmaps: 0, width: 1, height: 1, data: Uint8Array.of(1, 2, 3, 4) },
  inputEvent: { kind: "inputEvent", eventType: 1, device: 0, modifiers: 0, scancode: 65 },
};

const MISSING = Symbol("missing");

// Values that break each field type. A number field takes any number, so only other types break
// it; the integer types are also broken by fractions and numbers beyond their range.
function breakersOf(type: FieldType): readonly unknown[] {
  const notNumbers = ["1", null, true, 1n, {}, [1]];
  if (typeof type === "object") {
    if ("numbers" in type) {
      const n = type.numbers;
      return [
        Array.from({ length: n - 1 }, () => 0),
        Array.from({ length: n + 1 }, () => 0),
        Array.from({ length: n }, (_, i) => (i === 1 ? "1" : 0)),
        Array.from({ length: n }, (_, i) => (i === 0 ? null : 0)),
        "012345678901234567",
        null,
      ];
    }
    if ("typed" in type) {
      const other = type.typed === "Uint8Array" ? Int8Array.of(1) : Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8);
      return [[1, 2], other, "abcd", null, { length: 4 }];
    }
    return [
      Array.from({ length: type.vectors }, (_, i) => i),
      Float32Array.of(...Array.from({ length: type.vectors + 1 }, (_, i) => i)),
      Int32Array.of(...Array.from({ length: type.vectors }, (_, i) => i)),
      "abcd",
      null,
    ];
  }
  switch (type) {
    case "number":
      return notNumbers;
    case "int32":
      return [...notNumbers, 1.5, Number.NaN, 2 ** 31, -(2 ** 31) - 1, Number.POSITIVE_INFINITY];
    case "u32":
      return [...notNumbers, 1.5, Number.NaN, -1, 2 ** 32];
    case "word":
      return [...notNumbers, 1.5, Number.NaN, -(2 ** 31) - 1, 2 ** 32];
    case "imageFormat":
      return [...notNumbers, 1.5, -1, 23];
    case "int64":
      return [
        ...notNumbers.filter((x) => typeof x !== "bigint"),
        1.5,
        Number.NaN,
        2n ** 64n,
        2n ** 63n,
        -(2n ** 63n) - 1n,
        2 ** 63,
        1e300,
        -Infinity,
      ];
    case "string":
      return [5, null, ["a"], {}, true, 1n];
    case "boolean":
      return ["true", 1, 0, null, {}];
    case "strings":
      return ["ab", [5], ["a", null], null, { length: 1, 0: "a" }];
    case "items":
      return ["ab", {}, null, 5, { length: 1, 0: 1 }];
    case "entries":
      return ["ab", [[{ kind: "int", value: 1 }]], [5], null, {}, [[1, 2, 3]]];
    case "properties":
      return ["ab", [["p"]], [[5, { kind: "nil" }]], null];
    case "containerType":
      return [
        { kind: "builtin", type: "bogus" },
        { kind: "builtin" },
        { kind: "class" },
        { kind: "class", className: 5 },
        { kind: "script", path: null },
        { kind: "bogus" },
        "int",
        null,
      ];
    case "form":
      return ["bogus", 5, null];
  }
}

function breakers(spec: FieldSpec): readonly unknown[] {
  const out = [...breakersOf(spec.type)];
  if (!spec.optional) out.push(MISSING);
  return out;
}

/** One corruption: which field, what it was set to, and the value it makes. */
export interface Corruption {
  readonly kind: Kind;
  readonly field: string;
  readonly what: string;
  readonly value: Value;
  /** The path below the value to where the error points (a dictionary entry that is not a pair). */
  readonly below: string;
}

function show(x: unknown): string {
  if (x === MISSING) return "missing";
  if (typeof x === "bigint") return `${x}n`;
  if (typeof x === "number") return String(x);
  if (ArrayBuffer.isView(x)) return `${x.constructor.name}(${(x as unknown as ArrayLike<unknown>).length})`;
  try {
    return JSON.stringify(x) ?? String(x);
  } catch {
    return String(x);
  }
}

/** Every corruption of the valid value of `kind`, one field at a time. */
export function corruptionsOf(kind: Kind, valid: Value = VALID[kind]): Corruption[] {
  const specs = [...FIELDS[kind]];
  // A full object has fields of its own beyond `form`.
  if (kind === "object" && (valid as { form?: unknown }).form === "full") {
    specs.push({ field: "className", type: "string" }, { field: "properties", type: "properties" });
  }
  const out: Corruption[] = [];
  for (const spec of specs) {
    for (const b of breakers(spec)) {
      const copy: Record<string, unknown> = { ...(valid as unknown as Record<string, unknown>) };
      if (b === MISSING) delete copy[spec.field];
      else copy[spec.field] = b;
      out.push({
        kind,
        field: spec.field,
        what: `${kind}.${spec.field} = ${show(b)}`,
        value: copy as unknown as Value,
        below: spec.type === "entries" && Array.isArray(b) ? "{key #0}" : "",
      });
    }
  }
  return out;
}

/** Where a value is put: the container around it and the path segment that leads to it. */
type Place =
  | "root"
  | "array"
  | "dictionaryValue"
  | "dictionaryKey"
  | "property"
  | "jsArray"
  | "jsObject"
  | "map";

function place(v: unknown, p: Place, i: number): { value: unknown; segment: string } {
  const int = (value: number): Value => ({ kind: "int", value });
  const fill = Array.from({ length: i }, (_, n) => int(n));
  switch (p) {
    case "root":
      return { value: v, segment: "" };
    case "array":
      return { value: { kind: "array", items: [...fill, v] }, segment: `[${i}]` };
    case "dictionaryValue":
      return {
        value: {
          kind: "dictionary",
          entries: [...fill.map((k) => [k, k]), [{ kind: "string", value: "k" }, v]],
        },
        segment: '["k"]',
      };
    case "dictionaryKey":
      return {
        value: { kind: "dictionary", entries: [...fill.map((k) => [k, k]), [v, int(1)]] },
        segment: `{key #${i}}`,
      };
    case "property":
      return {
        value: { kind: "object", form: "full", className: "Node", properties: [["p", v]] },
        segment: ".p",
      };
    case "jsArray":
      return { value: [...fill.map((_, n) => n), v], segment: `[${i}]` };
    case "jsObject":
      return { value: { a: 1, b: v }, segment: '["b"]' };
    case "map":
      return { value: new Map<unknown, unknown>([[2, v]]), segment: "[2]" };
  }
}

/** A dialect's writer as the malformed-value tests see it. */
export interface WriterUnderTest {
  readonly id: string;
  /** Kinds the dialect writes (the others are refused as unsupported). */
  readonly kinds: readonly Kind[];
  /** Full objects can be written (3.x, 4.x). */
  readonly objects: boolean;
  /** Overrides of {@link VALID} (a full object where only ids and null are written...). */
  readonly valid?: Partial<Record<Kind, Value>>;
  encode(value: unknown): Uint8Array;
}

const isOwn = (e: unknown): e is { code: string; pathString: string; message: string } =>
  typeof e === "object" &&
  e !== null &&
  (e as Record<symbol, unknown>)[Symbol.for("gdvariant.error.encode")] === true;

/**
 * Every corruption of every kind `w` writes, each put inside random containers: `invalid-value`
 * with the path to it (or `out-of-range` for a whole number beyond a 2.x word's 32 bits).
 */
export function describeMalformedEncode(w: WriterUnderTest): void {
  describe(`${w.id} encode of malformed values`, () => {
    const all: Corruption[] = [];
    for (const kind of w.kinds) {
      all.push(...corruptionsOf(kind, w.valid?.[kind] ?? VALID[kind]));
      if (kind === "object" && w.objects)
        all.push(...corruptionsOf(kind, { kind: "object", form: "full", className: "Node", properties: [] }));
    }
    const places: Place[] = [
      "array",
      "dictionaryValue",
      "dictionaryKey",
      "jsArray",
      "jsObject",
      "map",
      ...(w.objects ? (["property"] as const) : []),
    ];

    it("writes every valid value it starts from", () => {
      for (const kind of w.kinds) expect(() => w.encode(w.valid?.[kind] ?? VALID[kind]), kind).not.toThrow();
    });

    it("refuses each corrupted field at the root with invalid-value", () => {
      expect(all.length).toBeGreaterThan(w.kinds.length * 2);
      // Every miss is listed, not only the first.
      const missed: string[] = [];
      for (const c of all) {
        const e = errorOf(() => w.encode(c.value));
        const got = isOwn(e) ? `${e.code} ${e.pathString}` : `not refused: ${String(e)}`;
        if (got !== `${expectedCode(c)} ${c.below}`) missed.push(`${c.what}: ${got}`);
      }
      expect(missed).toEqual([]);
    });

    it("refuses each corrupted field inside containers, with its path", () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...all),
          fc.array(fc.tuple(fc.constantFrom(...places), fc.integer({ min: 0, max: 2 })), {
            minLength: 1,
            maxLength: 3,
          }),
          (c, steps) => {
            let v: unknown = c.value;
            let path = "";
            for (const [p, i] of steps) {
              const r = place(v, p, i);
              v = r.value;
              path = r.segment + path;
            }
            const e = errorOf(() => w.encode(v));
            expect(isOwn(e) ? `${e.code} ${e.pathString}` : `not refused: ${String(e)}`, c.what).toBe(
              `${expectedCode(c)} ${path}${c.below}`,
            );
          },
        ),
        { numRuns: 600 },
      );
    });
  });
}

// The 2.x Image and InputEvent words ("u32", "word"): a whole number beyond the 32-bit field is
// `out-of-range` (the wire field, not the model, is too small); anything else `invalid-value`.
function expectedCode(c: Corruption): string {
  const spec = FIELDS[c.kind].find((s) => s.field === c.field);
  const x = (c.value as unknown as Record<string, unknown>)[c.field];
  if ((spec?.type === "u32" || spec?.type === "word") && Number.isInteger(x)) return "out-of-range";
  return "invalid-value";
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** A 2.x or 3.x dialect's writers and `convertValue` to it, for {@link expectTypedContainersRefused}. */
export interface UntypedWriterUnderTest {
  encode(value: Value): Uint8Array;
  decode(bytes: Uint8Array): Value;
  toText(value: Value): string;
  convert(value: Value): { value: Value; losses: readonly unknown[] };
}

/**
 * A 4.x typed Array and typed Dictionary are refused by encode and toText as `unsupported-kind`
 * with a message naming convertValue, which writes them untyped with one loss (3.2.3 and 3.6 read
 * neither the bytes of a 4.x Array[int] nor its text; legacy-2's toText printed it untyped).
 */
export function expectTypedContainersRefused(w: UntypedWriterUnderTest): void {
  const items: Value[] = [
    { kind: "int", value: 1 },
    { kind: "int", value: 2 },
  ];
  for (const v of [
    { kind: "array", items, elementType: { kind: "builtin", type: "int" } },
    { kind: "dictionary", entries: [[items[0]!, items[1]!]], keyType: { kind: "builtin", type: "int" } },
  ] as Value[]) {
    for (const write of [() => w.encode(v), () => w.toText(v)]) {
      let e: unknown;
      try {
        write();
      } catch (x) {
        e = x;
      }
      expect(isOwn(e) && e.code).toBe("unsupported-kind");
      expect((e as Error).message).toContain("convertValue");
    }
    const r = w.convert(v);
    expect(r.losses.length).toBe(1);
    expect(() => w.toText(r.value)).not.toThrow();
    expect(w.decode(w.encode(r.value))).toEqual(r.value);
  }
}

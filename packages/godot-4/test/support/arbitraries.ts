// fast-check arbitraries for every Godot 4.x value kind.
// - `value4()`: anything the 4.x wire format can carry (model round trips).
// - `engineValue4()`: values the engine holds exactly as given (typed containers whose elements
//   match their type, unique dictionary keys, no object ids), for the live engine test.
import type { ContainerType, Kind, Value } from "@gdvariant/core";
import fc from "fast-check";

const f32 = fc.float().map((x) => Math.fround(x));
const f64 = fc.double();
const i32 = fc.integer({ min: -2147483648, max: 2147483647 });
export const int64 = fc
  .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
  .map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b));
const smallInt = fc.oneof(fc.integer({ min: -1000, max: 1000 }), i32, int64);
// NUL ends a string and a leading BOM is dropped on decode, as in the engine.
export const str = fc
  .string({ unit: "grapheme", maxLength: 10 })
  .map((s) => s.replace(/\0/g, "").replace(/^\uFEFF+/, ""));
const name = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 })
  .map((s) => s.replace(/[\0/:"\\ %.]/g, "_"));

function nums(n: number, g: fc.Arbitrary<number>) {
  return fc.array(g, { minLength: n, maxLength: n });
}
function packed(stride: number, ctor: "f32" | "f64"): fc.Arbitrary<Float32Array | Float64Array> {
  return fc
    .integer({ min: 0, max: 3 })
    .chain(
      (n): fc.Arbitrary<Float32Array | Float64Array> =>
        ctor === "f32"
          ? fc.float32Array({ minLength: n * stride, maxLength: n * stride })
          : fc.float64Array({ minLength: n * stride, maxLength: n * stride }),
    );
}

/** One arbitrary per 4.x leaf kind. `real` is the arbitrary for math components. */
export function leaves(real: fc.Arbitrary<number> = f32, vec: "f32" | "f64" = "f32") {
  return {
    nil: fc.constant<Value>({ kind: "nil" }),
    bool: fc.boolean().map<Value>((value) => ({ kind: "bool", value })),
    int: smallInt.map<Value>((value) => ({ kind: "int", value })),
    float: fc.oneof(f64, f32).map<Value>((value) => ({ kind: "float", value })),
    string: str.map<Value>((value) => ({ kind: "string", value })),
    stringName: str.map<Value>((value) => ({ kind: "stringName", value })),
    vector2: nums(2, real).map<Value>(([x, y]) => ({ kind: "vector2", x: x!, y: y! })),
    vector2i: nums(2, i32).map<Value>(([x, y]) => ({ kind: "vector2i", x: x!, y: y! })),
    rect2: nums(4, real).map<Value>(([x, y, width, height]) => ({
      kind: "rect2",
      x: x!,
      y: y!,
      width: width!,
      height: height!,
    })),
    rect2i: nums(4, i32).map<Value>(([x, y, width, height]) => ({
      kind: "rect2i",
      x: x!,
      y: y!,
      width: width!,
      height: height!,
    })),
    vector3: nums(3, real).map<Value>(([x, y, z]) => ({ kind: "vector3", x: x!, y: y!, z: z! })),
    vector3i: nums(3, i32).map<Value>(([x, y, z]) => ({ kind: "vector3i", x: x!, y: y!, z: z! })),
    transform2d: nums(6, real).map<Value>((values) => ({ kind: "transform2d", values })),
    vector4: nums(4, real).map<Value>(([x, y, z, w]) => ({ kind: "vector4", x: x!, y: y!, z: z!, w: w! })),
    vector4i: nums(4, i32).map<Value>(([x, y, z, w]) => ({ kind: "vector4i", x: x!, y: y!, z: z!, w: w! })),
    plane: nums(4, real).map<Value>(([x, y, z, d]) => ({ kind: "plane", x: x!, y: y!, z: z!, d: d! })),
    quaternion: nums(4, real).map<Value>(([x, y, z, w]) => ({
      kind: "quaternion",
      x: x!,
      y: y!,
      z: z!,
      w: w!,
    })),
    aabb: nums(6, real).map<Value>(([x, y, z, width, height, depth]) => ({
      kind: "aabb",
      x: x!,
      y: y!,
      z: z!,
      width: width!,
      height: height!,
      depth: depth!,
    })),
    basis: nums(9, real).map<Value>((values) => ({ kind: "basis", values })),
    transform3d: nums(12, real).map<Value>((values) => ({ kind: "transform3d", values })),
    projection: nums(16, real).map<Value>((values) => ({ kind: "projection", values })),
    // Color is f32 on the wire in every build.
    color: nums(4, f32).map<Value>(([r, g, b, a]) => ({ kind: "color", r: r!, g: g!, b: b!, a: a! })),
    nodePath: fc
      .record({
        names: fc.array(name, { maxLength: 3 }),
        subnames: fc.array(name, { maxLength: 2 }),
        absolute: fc.boolean(),
      })
      .map<Value>((r) => ({ kind: "nodePath", ...r })),
    rid: int64.map<Value>((id) => ({ kind: "rid", id })),
    callable: fc.constant<Value>({ kind: "callable" }),
    signal: fc.tuple(str, int64).map<Value>(([n, objectId]) => ({ kind: "signal", name: n, objectId })),
    packedByteArray: fc
      .uint8Array({ maxLength: 9 })
      .map<Value>((data) => ({ kind: "packedByteArray", data })),
    packedInt32Array: fc
      .int32Array({ maxLength: 5 })
      .map<Value>((data) => ({ kind: "packedInt32Array", data })),
    packedInt64Array: fc
      .bigInt64Array({ maxLength: 5 })
      .map<Value>((data) => ({ kind: "packedInt64Array", data })),
    packedFloat32Array: fc
      .float32Array({ maxLength: 5 })
      .map<Value>((data) => ({ kind: "packedFloat32Array", data })),
    packedFloat64Array: fc
      .float64Array({ maxLength: 5 })
      .map<Value>((data) => ({ kind: "packedFloat64Array", data })),
    packedStringArray: fc
      .array(str, { maxLength: 4 })
      .map<Value>((data) => ({ kind: "packedStringArray", data })),
    packedVector2Array: packed(2, vec).map<Value>((data) => ({ kind: "packedVector2Array", data })),
    packedVector3Array: packed(3, vec).map<Value>((data) => ({ kind: "packedVector3Array", data })),
    packedColorArray: packed(4, "f32").map<Value>((data) => ({
      kind: "packedColorArray",
      data: data as Float32Array,
    })),
    packedVector4Array: packed(4, vec).map<Value>((data) => ({ kind: "packedVector4Array", data })),
  } satisfies Record<string, fc.Arbitrary<Value>>;
}

export type LeafKind = keyof ReturnType<typeof leaves>;

/** Every 4.x kind that can be a typed container's builtin element type. */
export const BUILTIN_ELEMENT_KINDS: readonly Kind[] = [
  "bool",
  "int",
  "float",
  "string",
  "vector2",
  "vector2i",
  "rect2",
  "rect2i",
  "vector3",
  "vector3i",
  "transform2d",
  "vector4",
  "vector4i",
  "plane",
  "quaternion",
  "aabb",
  "basis",
  "transform3d",
  "projection",
  "color",
  "stringName",
  "nodePath",
  "rid",
  "object",
  "callable",
  "signal",
  "dictionary",
  "array",
  "packedByteArray",
  "packedInt32Array",
  "packedInt64Array",
  "packedFloat32Array",
  "packedFloat64Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
  "packedVector4Array",
];

const containerType: fc.Arbitrary<ContainerType> = fc.oneof(
  fc.constantFrom(...BUILTIN_ELEMENT_KINDS).map((type) => ({ kind: "builtin" as const, type })),
  fc
    .constantFrom("EncodedObjectAsID", "Node", "Resource", "Object")
    .map((className) => ({ kind: "class" as const, className })),
  name.map((n) => ({ kind: "script" as const, path: `res://${n}.gd` })),
);

/**
 * Any 4.x value, nested: typed containers (element types need not match, the wire does not
 * check), object ids, and full objects when `objects` is set.
 */
export function value4(
  opts: { objects?: boolean; typed?: boolean; real?: fc.Arbitrary<number>; vec?: "f32" | "f64" } = {},
): fc.Arbitrary<Value> {
  const typed = opts.typed !== false;
  const leaf = fc.oneof(
    ...Object.values(leaves(opts.real, opts.vec)),
    int64.map<Value>((id) => ({ kind: "object", form: "id", id })),
  );
  return fc.letrec<{ value: Value }>((tie) => {
    const child = tie("value") as fc.Arbitrary<Value>;
    const t = typed ? fc.option(containerType, { nil: undefined }) : fc.constant(undefined);
    const arrays = fc
      .record({ items: fc.array(child, { maxLength: 4 }), elementType: t })
      .map<Value>(({ items, elementType }) => ({
        kind: "array",
        items,
        ...(elementType ? { elementType } : {}),
      }));
    const dicts = fc
      .record({ entries: fc.array(fc.tuple(child, child), { maxLength: 4 }), keyType: t, valueType: t })
      .map<Value>(({ entries, keyType, valueType }) => ({
        kind: "dictionary",
        entries,
        ...(keyType ? { keyType } : {}),
        ...(valueType ? { valueType } : {}),
      }));
    const objects = fc
      .tuple(
        name,
        fc.array(
          fc.tuple(
            name.filter((n) => n !== "script"),
            child,
          ),
          { maxLength: 3 },
        ),
      )
      .map<Value>(([className, properties]) => ({ kind: "object", form: "full", className, properties }));
    return {
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        arrays,
        dicts,
        ...(opts.objects ? [objects] : []),
      ),
    };
  }).value;
}

// ---- engine-exact values ----------------------------------------------------------------------

// Keys the engine keeps apart: one per canonical form (String and StringName "a" are one key).
function keyId(k: Value): string {
  switch (k.kind) {
    case "string":
    case "stringName":
      return `s${k.value}`;
    case "float":
      return Number.isNaN(k.value) ? "fNaN" : `f${k.value === 0 ? 0 : k.value}`;
    case "int":
      return `i${String(k.value)}`;
    case "bool":
      return `b${k.value}`;
    case "nil":
      return "n";
    case "vector2":
    case "vector2i":
    case "vector3":
    case "vector3i":
      return `${k.kind}${JSON.stringify(k, (_key, x) => (typeof x === "number" && x === 0 ? 0 : Number.isNaN(x) ? "NaN" : x))}`;
    default:
      throw new Error(`no key id for ${k.kind}`);
  }
}

const ENGINE_LEAF_KINDS = [
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "stringName",
  "vector2",
  "vector2i",
  "rect2",
  "rect2i",
  "vector3",
  "vector3i",
  "transform2d",
  "vector4",
  "vector4i",
  "plane",
  "quaternion",
  "aabb",
  "basis",
  "transform3d",
  "projection",
  "color",
  "nodePath",
  "rid",
  "callable",
  "signal",
  "packedByteArray",
  "packedInt32Array",
  "packedInt64Array",
  "packedFloat32Array",
  "packedFloat64Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
  "packedVector4Array",
] as const satisfies readonly LeafKind[];

const KEY_KINDS = [
  "string",
  "stringName",
  "int",
  "float",
  "bool",
  "nil",
  "vector2",
  "vector2i",
  "vector3i",
] as const;

/** Values the engine decodes and re-encodes unchanged (no object ids, consistent typed containers). */
export function engineValue4(): fc.Arbitrary<Value> {
  const L = leaves();
  const leaf = fc.oneof(...ENGINE_LEAF_KINDS.map((k) => L[k]));
  const keys = fc.oneof(...KEY_KINDS.map((k) => L[k]));
  const typedKinds = ENGINE_LEAF_KINDS.filter((k) => k !== "nil");
  return fc.letrec<{ value: Value }>((tie) => {
    const child = tie("value") as fc.Arbitrary<Value>;
    const arrays = fc.array(child, { maxLength: 4 }).map<Value>((items) => ({ kind: "array", items }));
    const typedArrays = fc
      .constantFrom(...typedKinds)
      .chain((k) =>
        fc
          .array(L[k], { maxLength: 3 })
          .map<Value>((items) => ({ kind: "array", items, elementType: { kind: "builtin", type: k } })),
      );
    const dicts = fc
      .uniqueArray(fc.tuple(keys, child), { maxLength: 5, selector: ([k]) => keyId(k) })
      .map<Value>((entries) => ({ kind: "dictionary", entries }));
    const typedDicts = fc
      .tuple(
        fc.constantFrom(...KEY_KINDS.filter((k) => k !== "nil")),
        fc.option(fc.constantFrom(...typedKinds), { nil: undefined }),
      )
      .chain(([kk, vk]) =>
        fc
          .uniqueArray(fc.tuple(L[kk], vk ? L[vk] : child), { maxLength: 4, selector: ([k]) => keyId(k) })
          .map<Value>((entries) => ({
            kind: "dictionary",
            entries,
            keyType: { kind: "builtin", type: kk },
            ...(vk ? { valueType: { kind: "builtin" as const, type: vk } } : {}),
          })),
      );
    return {
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        leaf,
        arrays,
        dicts,
        typedArrays,
        typedDicts,
      ),
    };
  }).value;
}

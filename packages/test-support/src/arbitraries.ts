// Value arbitraries for the property tests of every package, in one place. Sections:
// - primitives shared by every dialect;
// - `leafOf` / `valueArb`: every kind of every generation, nested from a chosen set of leaves
//   (core's codec tests, the text parser's round trips);
// - 4.x: `leaves4`, `value4` (anything the wire carries), `engineValue4` (what the engine holds
//   exactly as given);
// - 3.x: `leaf3`, `value3`, `engineValue3`;
// - 2.x: `value2x`, `KINDS_2X`;
// - text forms: the leaf lists and 2.x leaves that `toText` / `parseVariantText` round trips use;
// - `commonValue34`: what both the 3.x and 4.x dialects write (framing tests).
import fc from "fast-check";
// Types straight from core's source, not through the package: core's own tests use this package,
// and a dependency back on @gdvariant/core would be a cycle that turbo refuses. Type-only, so
// nothing of core is loaded from here at run time.
import type { ContainerType, Kind, Value } from "../../core/src/value/types.js";

// ---- primitives -------------------------------------------------------------------------------

const f32 = fc.float().map((x) => Math.fround(x));
const f64 = fc.double();
const i32 = fc.integer({ min: -2147483648, max: 2147483647 });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
const int64 = fc
  .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
  .map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b));
/** Strings of up to `maxLength` graphemes. NUL ends a string and a leading BOM is dropped on decode (as in the engine): they are kept out. */
function strOf(maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: "grapheme", maxLength }).map((s) => s.replace(/\0/g, "").replace(/^\uFEFF+/, ""));
}
const str = strOf(12);
/** Node path and class names: any ASCII but the path separators. */
const name = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 })
  .map((s) => s.replace(/[\0/:]/g, "_"));
// Class and property names are identifiers in Godot (and print unquoted in `Array[Node]`): what
// tests of the engine's text need. The binary format takes any name.
const ident = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/);

function nums(n: number, g: fc.Arbitrary<number> = f32) {
  return fc.array(g, { minLength: n, maxLength: n });
}
/** A struct-like kind whose fields are `n` numbers from `g` (f32 by default). */
function fixed(kind: string, fields: readonly string[], g: fc.Arbitrary<number> = f32): fc.Arbitrary<Value> {
  return nums(fields.length, g).map((xs) => {
    const out: Record<string, unknown> = { kind };
    fields.forEach((f, i) => {
      out[f] = xs[i];
    });
    return out as unknown as Value;
  });
}
function matrix(kind: string, n: number, g: fc.Arbitrary<number> = f32): fc.Arbitrary<Value> {
  return nums(n, g).map((values) => ({ kind, values }) as unknown as Value);
}
/** Packed vectors: 0 to 3 whole vectors of `stride` components, in a Float32Array or Float64Array. */
function packed(stride: number, ctor: "f32" | "f64" = "f32"): fc.Arbitrary<Float32Array | Float64Array> {
  return fc
    .integer({ min: 0, max: 3 })
    .chain(
      (n): fc.Arbitrary<Float32Array | Float64Array> =>
        ctor === "f32"
          ? fc.float32Array({ minLength: n * stride, maxLength: n * stride })
          : fc.float64Array({ minLength: n * stride, maxLength: n * stride }),
    );
}
function nodePathOf(n: fc.Arbitrary<string>): fc.Arbitrary<Value> {
  return fc
    .record({
      names: fc.array(n, { maxLength: 3 }),
      subnames: fc.array(n, { maxLength: 2 }),
      absolute: fc.boolean(),
    })
    .map<Value>((r) => ({ kind: "nodePath", ...r }));
}

/** The math kinds of 3.x and 4.x, components from `real` (color is f32 on the wire in every build). */
function mathLeaves(real: fc.Arbitrary<number> = f32) {
  return {
    vector2: fixed("vector2", ["x", "y"], real),
    rect2: fixed("rect2", ["x", "y", "width", "height"], real),
    vector3: fixed("vector3", ["x", "y", "z"], real),
    vector4: fixed("vector4", ["x", "y", "z", "w"], real),
    plane: fixed("plane", ["x", "y", "z", "d"], real),
    quaternion: fixed("quaternion", ["x", "y", "z", "w"], real),
    aabb: fixed("aabb", ["x", "y", "z", "width", "height", "depth"], real),
    color: fixed("color", ["r", "g", "b", "a"]),
    transform2d: matrix("transform2d", 6, real),
    basis: matrix("basis", 9, real),
    transform3d: matrix("transform3d", 12, real),
    projection: matrix("projection", 16, real),
  } satisfies Record<string, fc.Arbitrary<Value>>;
}
/** The 4.x integer vectors. */
const intVectorLeaves = {
  vector2i: fixed("vector2i", ["x", "y"], i32),
  rect2i: fixed("rect2i", ["x", "y", "width", "height"], i32),
  vector3i: fixed("vector3i", ["x", "y", "z"], i32),
  vector4i: fixed("vector4i", ["x", "y", "z", "w"], i32),
} satisfies Record<string, fc.Arbitrary<Value>>;
/** The 4.x packed arrays; `vec` is the packed vectors' component type. */
function packedLeaves(vec: "f32" | "f64" = "f32", s: fc.Arbitrary<string> = str) {
  return {
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
      .array(s, { maxLength: 4 })
      .map<Value>((data) => ({ kind: "packedStringArray", data })),
    packedVector2Array: packed(2, vec).map<Value>((data) => ({ kind: "packedVector2Array", data })),
    packedVector3Array: packed(3, vec).map<Value>((data) => ({ kind: "packedVector3Array", data })),
    packedVector4Array: packed(4, vec).map<Value>((data) => ({ kind: "packedVector4Array", data })),
    packedColorArray: packed(4).map<Value>((data) => ({
      kind: "packedColorArray",
      data: data as Float32Array,
    })),
  } satisfies Record<string, fc.Arbitrary<Value>>;
}

// ---- every kind of every generation -----------------------------------------------------------

/** Leaves whose kinds every test dialect here can write. */
export const leafOf = {
  nil: fc.constant<Value>({ kind: "nil" }),
  bool: fc.boolean().map<Value>((value) => ({ kind: "bool", value })),
  int: int64.map<Value>((value) => ({ kind: "int", value })),
  int32: i32.map<Value>((value) => ({ kind: "int", value })),
  float: f64.map<Value>((value) => ({ kind: "float", value })),
  float32: f32.map<Value>((value) => ({ kind: "float", value })),
  string: str.map<Value>((value) => ({ kind: "string", value })),
  stringName: str.map<Value>((value) => ({ kind: "stringName", value })),
  ...mathLeaves(),
  ...intVectorLeaves,
  matrix32: matrix("matrix32", 6),
  matrix3: matrix("matrix3", 9),
  nodePath: nodePathOf(name),
  nodePathProperty: fc
    .record({
      names: fc.array(name, { maxLength: 3 }),
      subnames: fc.array(name, { maxLength: 2 }),
      absolute: fc.boolean(),
      property: name,
    })
    .map<Value>((r) => ({ kind: "nodePath", ...r })),
  rid: int64.map<Value>((id) => ({ kind: "rid", id })),
  rid0: fc.constant<Value>({ kind: "rid", id: 0 }),
  objectId: int64.map<Value>((id) => ({ kind: "object", form: "id", id })),
  objectNull: fc.constant<Value>({ kind: "object", form: "null" }),
  callable: fc.constant<Value>({ kind: "callable" }),
  signal: fc.tuple(str, int64).map<Value>(([n, objectId]) => ({ kind: "signal", name: n, objectId })),
  ...packedLeaves(),
  image: fc
    .record({
      format: fc.integer({ min: 0, max: 22 }),
      mipmaps: fc.integer({ min: 0, max: 4 }),
      width: fc.integer({ min: 0, max: 64 }),
      height: fc.integer({ min: 0, max: 64 }),
      data: fc.uint8Array({ maxLength: 16 }),
    })
    .map<Value>((r) => ({ kind: "image", ...r })),
  inputEvent: fc
    .record({
      eventType: fc.integer({ min: 0, max: 8 }),
      device: fc.integer({ min: 0, max: 8 }),
      scancode: fc.nat(),
    })
    .map<Value>((r) => ({ kind: "inputEvent", ...r })),
} satisfies Record<string, fc.Arbitrary<Value>>;

export type LeafName = keyof typeof leafOf;

function containerTypeArb(identifiers: boolean): fc.Arbitrary<ContainerType> {
  const className = identifiers ? ident.filter((n) => !["Variant", "Resource"].includes(n)) : name;
  return fc.oneof(
    fc
      .constantFrom<Kind>("int", "string", "vector2", "dictionary", "array", "object", "float")
      .map((type) => ({
        kind: "builtin" as const,
        type,
      })),
    className.map((className) => ({ kind: "class" as const, className })),
    name.map((n) => ({ kind: "script" as const, path: `res://${n}.gd` })),
  );
}

/** Options of {@link valueArb}. */
export interface ValueArbOptions {
  /** Element, key and value types on containers (4.x). */
  typed?: boolean;
  /** The 2.x shared bit on containers. */
  shared?: boolean;
  /** Full objects among the values. */
  objects?: boolean;
  /** Deepest nesting; default 3. */
  depth?: number;
  /** Class and property names are identifiers (not `Variant` or `Resource` as a class type), as the text form needs. */
  identifiers?: boolean;
}

/** Nested values from the given leaves. */
export function valueArb(leaves: readonly LeafName[], opts: ValueArbOptions = {}): fc.Arbitrary<Value> {
  const leaf = fc.oneof(...leaves.map((l) => leafOf[l]));
  const typeArb = containerTypeArb(opts.identifiers ?? false);
  const propName = opts.identifiers ? ident : name;
  const { value } = fc.letrec<{ value: Value }>((tie) => {
    const child = tie("value") as fc.Arbitrary<Value>;
    const arrays = fc
      .record({
        items: fc.array(child, { maxLength: 4 }),
        elementType: opts.typed ? fc.option(typeArb, { nil: undefined }) : fc.constant(undefined),
        shared: opts.shared ? fc.boolean() : fc.constant(false),
      })
      .map<Value>(({ items, elementType, shared }) => ({
        kind: "array",
        items,
        ...(elementType ? { elementType } : {}),
        ...(shared ? { shared: true } : {}),
      }));
    const dicts = fc
      .record({
        entries: fc.array(fc.tuple(child, child), { maxLength: 4 }),
        keyType: opts.typed ? fc.option(typeArb, { nil: undefined }) : fc.constant(undefined),
        valueType: opts.typed ? fc.option(typeArb, { nil: undefined }) : fc.constant(undefined),
        shared: opts.shared ? fc.boolean() : fc.constant(false),
      })
      .map<Value>(({ entries, keyType, valueType, shared }) => ({
        kind: "dictionary",
        entries,
        ...(keyType ? { keyType } : {}),
        ...(valueType ? { valueType } : {}),
        ...(shared ? { shared: true } : {}),
      }));
    const objects = fc
      .tuple(propName, fc.array(fc.tuple(propName, child), { maxLength: 3 }))
      .map<Value>(([className, properties]) => ({ kind: "object", form: "full", className, properties }));
    const branches = [leaf, arrays, dicts, ...(opts.objects ? [objects] : [])];
    return {
      value: fc.oneof({ depthSize: "small", maxDepth: opts.depth ?? 3 }, ...branches),
    };
  });
  return value;
}

/** {@link valueArb} with identifier class and property names, as the engine's text needs them (`Array[Node]`, `Object(Node, ...)`). */
export function textValueArb(
  leaves: readonly LeafName[],
  opts: Omit<ValueArbOptions, "identifiers"> = {},
): fc.Arbitrary<Value> {
  return valueArb(leaves, { ...opts, identifiers: true });
}

export const MODERN_LEAVES: LeafName[] = [
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
  "vector4",
  "vector4i",
  "plane",
  "quaternion",
  "aabb",
  "color",
  "transform2d",
  "basis",
  "transform3d",
  "projection",
  "nodePath",
  "rid",
  "objectId",
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
  "packedVector4Array",
  "packedColorArray",
];

export const LEGACY_LEAVES: LeafName[] = [
  "nil",
  "bool",
  "int32",
  "float32",
  "string",
  "vector2",
  "rect2",
  "vector3",
  "matrix32",
  "plane",
  "quaternion",
  "aabb",
  "matrix3",
  "transform3d",
  "color",
  "nodePathProperty",
  "rid0",
  "objectNull",
  "packedByteArray",
  "packedInt32Array",
  "packedFloat32Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
];

export const ALL_LEAVES = Object.keys(leafOf) as LeafName[];

// ---- 4.x -------------------------------------------------------------------------------------

const smallInt = fc.oneof(fc.integer({ min: -1000, max: 1000 }), i32, int64);
// Names that also pass through GDScript text unchanged (the live engine test builds them there).
const name4 = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 })
  .map((s) => s.replace(/[\0/:"\\ %.]/g, "_"));

/** One arbitrary per 4.x leaf kind. `real` is the arbitrary for math components, `vec` the packed vectors' component type. */
export function leaves4(real: fc.Arbitrary<number> = f32, vec: "f32" | "f64" = "f32") {
  return {
    nil: leafOf.nil,
    bool: leafOf.bool,
    int: smallInt.map<Value>((value) => ({ kind: "int", value })),
    float: fc.oneof(f64, f32).map<Value>((value) => ({ kind: "float", value })),
    string: leafOf.string,
    stringName: leafOf.stringName,
    ...mathLeaves(real),
    ...intVectorLeaves,
    nodePath: nodePathOf(name4),
    rid: leafOf.rid,
    callable: leafOf.callable,
    signal: leafOf.signal,
    ...packedLeaves(vec),
  } satisfies Record<string, fc.Arbitrary<Value>>;
}

export type LeafKind4 = keyof ReturnType<typeof leaves4>;

/** Every 4.x leaf kind: all of them values the engine holds exactly as given. */
const LEAF_KINDS_4 = Object.keys(leaves4()) as LeafKind4[];

/** Every 4.x kind that can be a typed container's builtin element type. */
export const BUILTIN_ELEMENT_KINDS: readonly Kind[] = [
  ...LEAF_KINDS_4.filter((k) => k !== "nil"),
  "object",
  "dictionary",
  "array",
];

const containerType: fc.Arbitrary<ContainerType> = fc.oneof(
  fc.constantFrom(...BUILTIN_ELEMENT_KINDS).map((type) => ({ kind: "builtin" as const, type })),
  fc
    .constantFrom("EncodedObjectAsID", "Node", "Resource", "Object")
    .map((className) => ({ kind: "class" as const, className })),
  name4.map((n) => ({ kind: "script" as const, path: `res://${n}.gd` })),
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
    ...Object.values(leaves4(opts.real, opts.vec)),
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
        name4,
        fc.array(
          fc.tuple(
            name4.filter((n) => n !== "script"),
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
  const L = leaves4();
  const leaf = fc.oneof(...LEAF_KINDS_4.map((k) => L[k]));
  const keys = fc.oneof(...KEY_KINDS.map((k) => L[k]));
  const typedKinds = LEAF_KINDS_4.filter((k) => k !== "nil");
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

// ---- 3.x -------------------------------------------------------------------------------------
// Values every Godot 3.x engine can hold, as the godot-3 package decodes them: reals inside math
// types and pool arrays are 32-bit, RIDs carry no id, null objects are NIL.

const int3 = fc.oneof(
  fc.integer({ min: -10, max: 10 }),
  i32,
  fc.constantFrom(2147483647, -2147483648, 2147483648, -2147483649),
  int64,
);
const double3 = fc.oneof(
  f64,
  f32,
  fc.integer({ min: -1000, max: 1000 }).map((n) => n / 4),
  fc.constantFrom(0, -0, 0.1, 1e300, -1e-300, Number.NaN, Number.POSITIVE_INFINITY, 16777217, 3.4e38),
);
const name3 = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 6 })
  .map((s) => s.replace(/[\0/:]/g, "_").replace(/^\uFEFF+/, "x"));

const math3 = mathLeaves();
const packed3 = packedLeaves();

/** One arbitrary per 3.x kind (objects as ids; full objects separately). */
export const leaf3 = {
  nil: leafOf.nil,
  bool: leafOf.bool,
  int: int3.map<Value>((value) => ({ kind: "int", value })),
  float: double3.map<Value>((value) => ({ kind: "float", value })),
  string: leafOf.string,
  vector2: math3.vector2,
  rect2: math3.rect2,
  vector3: math3.vector3,
  transform2d: math3.transform2d,
  plane: math3.plane,
  quaternion: math3.quaternion,
  aabb: math3.aabb,
  basis: math3.basis,
  transform3d: math3.transform3d,
  color: math3.color,
  nodePath: nodePathOf(name3),
  rid: leafOf.rid0,
  objectId: leafOf.objectId,
  packedByteArray: packed3.packedByteArray,
  packedInt32Array: packed3.packedInt32Array,
  packedFloat32Array: packed3.packedFloat32Array,
  packedStringArray: packed3.packedStringArray,
  packedVector2Array: packed3.packedVector2Array,
  packedVector3Array: packed3.packedVector3Array,
  packedColorArray: packed3.packedColorArray,
} satisfies Record<string, fc.Arbitrary<Value>>;

export type Leaf3 = keyof typeof leaf3;
export const LEAVES_3 = Object.keys(leaf3) as Leaf3[];

/** Nested 3.x values: arrays, dictionaries (any keys) and, with `objects`, full objects. */
export function value3(
  opts: { objects?: boolean; depth?: number; leaves?: readonly Leaf3[] } = {},
): fc.Arbitrary<Value> {
  const leaf = fc.oneof(...(opts.leaves ?? LEAVES_3).map((l) => leaf3[l]));
  const { value } = fc.letrec<{ value: Value }>((tie) => {
    const child = tie("value") as fc.Arbitrary<Value>;
    const arrays = fc.array(child, { maxLength: 4 }).map<Value>((items) => ({ kind: "array", items }));
    const dicts = fc
      .array(fc.tuple(child, child), { maxLength: 4 })
      .map<Value>((entries) => ({ kind: "dictionary", entries }));
    const objects = fc
      .tuple(name3, fc.array(fc.tuple(name3, child), { maxLength: 3 }))
      .map<Value>(([className, properties]) => ({ kind: "object", form: "full", className, properties }));
    return {
      value: fc.oneof(
        { depthSize: "small", maxDepth: opts.depth ?? 3 },
        leaf,
        arrays,
        dicts,
        ...(opts.objects ? [objects] : []),
      ),
    };
  });
  return value;
}

// Values the engine holds exactly as given: no object ids (the engine re-encodes the id of the
// wrapper it makes), no absolute NodePath without names (the engine keeps no data for it), and
// no two dictionary keys the engine would merge (keys unique by their text, a coarser test).
// Dictionary keys hold no pool arrays: 3.2.3's `<` for pool arrays reads past the shorter one,
// and var2str crashes the engine when one of them is empty (found by the live test).
const liveLeaves3 = LEAVES_3.filter((l) => l !== "objectId");
const keyLeaves3 = liveLeaves3.filter((l) => !l.startsWith("packed"));
const fixPath = (v: Value): Value =>
  v.kind === "nodePath" && v.names.length === 0 && v.subnames.length === 0 ? { ...v, absolute: false } : v;

/**
 * Nested 3.x values that the real engine holds exactly as given (see above). `keyText` is the
 * 3.x text of a value (godot-3's `toText`): dictionary keys are unique by it.
 */
export function engineValue3(keyText: (v: Value) => string): fc.Arbitrary<Value> {
  const keyLeaf = fc.oneof(...keyLeaves3.map((l) => leaf3[l])).map(fixPath);
  const key = fc.oneof(
    keyLeaf,
    fc.array(keyLeaf, { maxLength: 3 }).map<Value>((items) => ({ kind: "array", items })),
  );
  return fc.letrec<{ value: Value }>((tie) => {
    const child = tie("value") as fc.Arbitrary<Value>;
    const leaf = fc.oneof(...liveLeaves3.map((l) => leaf3[l])).map(fixPath);
    return {
      value: fc.oneof(
        { depthSize: "small", maxDepth: 3 },
        leaf,
        fc.array(child, { maxLength: 5 }).map<Value>((items) => ({ kind: "array", items })),
        fc
          .uniqueArray(fc.tuple(key, child), { maxLength: 5, selector: ([k]) => keyText(k) })
          .map<Value>((entries) => ({ kind: "dictionary", entries })),
      ),
    };
  }).value;
}

// ---- 2.x -------------------------------------------------------------------------------------
// Reals are f32, ints 32-bit, strings any UTF-16 without NUL (which ends a string on the wire).

const str2 = fc.string({ unit: "binary", maxLength: 12 }).filter((s) => !s.includes("\0"));

const f32s = (stride: number) =>
  fc
    .array(f32, { maxLength: 12 })
    .map((xs) => Float32Array.from(xs.slice(0, xs.length - (xs.length % stride))));

const inputEvent2x: fc.Arbitrary<Value> = fc
  .tuple(fc.integer({ min: 0, max: 10 }), i32, u32, u32, i32, f32, fc.boolean(), u32)
  .map(([t, device, mods, code, n, x, jm20, big]) => {
    const base = { kind: "inputEvent" as const, eventType: t === 10 ? Math.max(9, big) : t, device };
    switch (t) {
      case 1:
        return { ...base, modifiers: mods, scancode: code };
      case 3:
      case 5:
        return { ...base, buttonIndex: n };
      case 6:
        return { ...base, index: n };
      case 4:
        return jm20 ? { ...base, axis: n } : { ...base, axis: n, axisValue: x };
      default:
        return base;
    }
  });

const leaf2x: fc.Arbitrary<Value> = fc.oneof(
  leafOf.nil,
  leafOf.bool,
  leafOf.int32,
  leafOf.float32,
  str2.map((value): Value => ({ kind: "string", value })),
  leafOf.vector2,
  leafOf.rect2,
  leafOf.vector3,
  leafOf.matrix32,
  leafOf.plane,
  leafOf.quaternion,
  leafOf.aabb,
  leafOf.matrix3,
  leafOf.transform3d,
  leafOf.color,
  fc.tuple(fc.integer({ min: 0, max: 22 }), u32, u32, u32, fc.uint8Array({ maxLength: 40 })).map(
    ([format, mipmaps, width, height, data]): Value => ({
      kind: "image",
      format,
      mipmaps,
      width,
      height,
      data,
    }),
  ),
  fc
    .tuple(
      fc.array(str2, { maxLength: 3 }),
      fc.array(str2, { maxLength: 3 }),
      fc.boolean(),
      fc.option(str2, { nil: undefined }),
    )
    .map(
      ([names, subnames, absolute, property]): Value =>
        property === undefined
          ? { kind: "nodePath", names, subnames, absolute }
          : { kind: "nodePath", names, subnames, absolute, property },
    ),
  leafOf.rid0,
  leafOf.objectNull,
  inputEvent2x,
  leafOf.packedByteArray,
  leafOf.packedInt32Array,
  f32s(1).map((data): Value => ({ kind: "packedFloat32Array", data })),
  fc.array(str2, { maxLength: 4 }).map((data): Value => ({ kind: "packedStringArray", data })),
  f32s(2).map((data): Value => ({ kind: "packedVector2Array", data })),
  f32s(3).map((data): Value => ({ kind: "packedVector3Array", data })),
  f32s(4).map((data): Value => ({ kind: "packedColorArray", data })),
);

/** Any 2.x value, containers nested up to a few levels (shared bit on or off). */
export const value2x: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf2x,
    fc
      .tuple(fc.array(tie("v"), { maxLength: 4 }), fc.boolean())
      .map(
        ([items, shared]): Value => (shared ? { kind: "array", items, shared } : { kind: "array", items }),
      ),
    fc
      .tuple(fc.array(fc.tuple(tie("v"), tie("v")), { maxLength: 4 }), fc.boolean())
      .map(
        ([entries, shared]): Value =>
          shared ? { kind: "dictionary", entries, shared } : { kind: "dictionary", entries },
      ),
  ),
})).v;

/** Every kind the 2.x dialect writes, so a test can check the generator reaches them all. */
export const KINDS_2X = [
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "vector2",
  "rect2",
  "vector3",
  "matrix32",
  "plane",
  "quaternion",
  "aabb",
  "matrix3",
  "transform3d",
  "color",
  "image",
  "nodePath",
  "rid",
  "object",
  "inputEvent",
  "dictionary",
  "array",
  "packedByteArray",
  "packedInt32Array",
  "packedFloat32Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
] as const;

// ---- text forms ------------------------------------------------------------------------------

// 3.x var2str prints nothing for a RID (no case in its writer), so RIDs are left out.
export const GODOT3_TEXT_LEAVES: LeafName[] = [
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "vector2",
  "rect2",
  "vector3",
  "transform2d",
  "plane",
  "quaternion",
  "aabb",
  "basis",
  "transform3d",
  "color",
  "nodePath",
  "objectId",
  "packedByteArray",
  "packedInt32Array",
  "packedFloat32Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
];

// 2.x InputEvents as the text carries them (var2str prints no device, and only these details).
export const textInputEvent2: fc.Arbitrary<Value> = fc.oneof(
  fc.constant<Value>({ kind: "inputEvent", eventType: 0, device: 0 }),
  fc.constant<Value>({ kind: "inputEvent", eventType: 2, device: 0 }),
  fc
    .record({
      scancode: fc.integer({ min: 0, max: 0x01ffffff }),
      modifiers: fc.subarray([1 << 25, 1 << 26, 1 << 27, 1 << 28]),
    })
    .map<Value>((r) => ({
      kind: "inputEvent",
      eventType: 1,
      device: 0,
      modifiers: r.modifiers.reduce((a, b) => a | b, 0),
      scancode: r.scancode,
    })),
  fc
    .tuple(fc.constantFrom(3, 5), fc.integer({ min: 0, max: 15 }))
    .map<Value>(([t, b]) => ({ kind: "inputEvent", eventType: t, device: 0, buttonIndex: b })),
);
// 2.x Images as the text carries them: small L8, RGB8 and RGBA8 pictures without mipmaps.
export const textImage2: fc.Arbitrary<Value> = fc
  .record({
    w: fc.integer({ min: 1, max: 3 }),
    h: fc.integer({ min: 1, max: 3 }),
    format: fc.constantFrom(0, 3, 4),
  })
  .chain(({ w, h, format }) =>
    fc
      .uint8Array({
        minLength: w * h * [1, 0, 0, 3, 4][format]!,
        maxLength: w * h * [1, 0, 0, 3, 4][format]!,
      })
      .map<Value>((data) => ({ kind: "image", format, mipmaps: 0, width: w, height: h, data })),
  );

// ---- 3.x and 4.x in common -------------------------------------------------------------------

const f32Finite = fc.float({ noNaN: true, noDefaultInfinity: true }).map((x) => Math.fround(x));

/** Values both test dialects can write (the 3.x/4.x common ground), nested. */
export const commonValue34: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant<Value>({ kind: "nil" }),
    fc.boolean().map((value): Value => ({ kind: "bool", value })),
    fc.integer().map((value): Value => ({ kind: "int", value })),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v): Value => {
      const safe = v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER);
      return { kind: "int", value: safe ? Number(v) : v };
    }),
    fc.double({ noNaN: true }).map((value): Value => ({ kind: "float", value })),
    fc.string({ unit: "grapheme", maxLength: 20 }).map((value): Value => ({ kind: "string", value })),
    fc.tuple(f32Finite, f32Finite).map(([x, y]): Value => ({ kind: "vector2", x, y })),
    fc
      .tuple(f32Finite, f32Finite, f32Finite, f32Finite)
      .map(([r, g, b, a]): Value => ({ kind: "color", r, g, b, a })),
    fc.uint8Array({ maxLength: 40 }).map((data): Value => ({ kind: "packedByteArray", data })),
    fc
      .array(fc.integer(), { maxLength: 10 })
      .map((a): Value => ({ kind: "packedInt32Array", data: Int32Array.from(a) })),
    fc
      .array(f32Finite, { maxLength: 10 })
      .map((a): Value => ({ kind: "packedFloat32Array", data: Float32Array.from(a) })),
    fc
      .array(fc.string({ maxLength: 8 }), { maxLength: 5 })
      .map((data): Value => ({ kind: "packedStringArray", data })),
    fc.array(tie("value"), { maxLength: 4 }).map((items): Value => ({ kind: "array", items })),
    fc
      .uniqueArray(fc.tuple(fc.string({ maxLength: 6 }), tie("value")), {
        maxLength: 4,
        selector: ([k]) => k,
      })
      .map(
        (entries): Value => ({
          kind: "dictionary",
          entries: entries.map(([k, v]) => [{ kind: "string", value: k }, v] as const),
        }),
      ),
  ),
})).value;

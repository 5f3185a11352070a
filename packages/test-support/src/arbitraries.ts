// Value arbitraries for property tests of every package: every kind of every generation, and
// nested values from a chosen set of leaves.
import fc from "fast-check";
// Types straight from core's source, not through the package: core's own tests use this package,
// and a dependency back on @gdvariant/core would be a cycle that turbo refuses. Type-only, so
// nothing of core is loaded from here at run time.
import type { ContainerType, Kind, Value } from "../../core/src/value/types.js";

const f32 = fc.float({ noDefaultInfinity: false, noNaN: false }).map((x) => Math.fround(x));
const f64 = fc.double();
const i32 = fc.integer({ min: -2147483648, max: 2147483647 });
const int64 = fc
  .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
  .map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b));
// NUL ends a string and a leading BOM is dropped on decode (as in the engine): keep them out.
const str = fc
  .string({ unit: "grapheme", maxLength: 12 })
  .map((s) => s.replace(/\0/g, "").replace(/^\uFEFF+/, ""));
const name = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 })
  .map((s) => s.replace(/[\0/:]/g, "_"));
// Class and property names are identifiers in Godot (and print unquoted in `Array[Node]`): what
// tests of the engine's text need. The binary format takes any name.
const ident = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/);

function floats(n: number, g = f32) {
  return fc.array(g, { minLength: n, maxLength: n });
}

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
  vector2: floats(2).map<Value>(([x, y]) => ({ kind: "vector2", x: x!, y: y! })),
  vector2i: fc.tuple(i32, i32).map<Value>(([x, y]) => ({ kind: "vector2i", x, y })),
  rect2: floats(4).map<Value>(([x, y, width, height]) => ({
    kind: "rect2",
    x: x!,
    y: y!,
    width: width!,
    height: height!,
  })),
  rect2i: fc
    .tuple(i32, i32, i32, i32)
    .map<Value>(([x, y, width, height]) => ({ kind: "rect2i", x, y, width, height })),
  vector3: floats(3).map<Value>(([x, y, z]) => ({ kind: "vector3", x: x!, y: y!, z: z! })),
  vector3i: fc.tuple(i32, i32, i32).map<Value>(([x, y, z]) => ({ kind: "vector3i", x, y, z })),
  vector4: floats(4).map<Value>(([x, y, z, w]) => ({ kind: "vector4", x: x!, y: y!, z: z!, w: w! })),
  vector4i: fc.tuple(i32, i32, i32, i32).map<Value>(([x, y, z, w]) => ({ kind: "vector4i", x, y, z, w })),
  plane: floats(4).map<Value>(([x, y, z, d]) => ({ kind: "plane", x: x!, y: y!, z: z!, d: d! })),
  quaternion: floats(4).map<Value>(([x, y, z, w]) => ({ kind: "quaternion", x: x!, y: y!, z: z!, w: w! })),
  aabb: floats(6).map<Value>(([x, y, z, width, height, depth]) => ({
    kind: "aabb",
    x: x!,
    y: y!,
    z: z!,
    width: width!,
    height: height!,
    depth: depth!,
  })),
  color: floats(4).map<Value>(([r, g, b, a]) => ({ kind: "color", r: r!, g: g!, b: b!, a: a! })),
  transform2d: floats(6).map<Value>((values) => ({ kind: "transform2d", values })),
  matrix32: floats(6).map<Value>((values) => ({ kind: "matrix32", values })),
  basis: floats(9).map<Value>((values) => ({ kind: "basis", values })),
  matrix3: floats(9).map<Value>((values) => ({ kind: "matrix3", values })),
  transform3d: floats(12).map<Value>((values) => ({ kind: "transform3d", values })),
  projection: floats(16).map<Value>((values) => ({ kind: "projection", values })),
  nodePath: fc
    .record({
      names: fc.array(name, { maxLength: 3 }),
      subnames: fc.array(name, { maxLength: 2 }),
      absolute: fc.boolean(),
    })
    .map<Value>((r) => ({ kind: "nodePath", ...r })),
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
  packedByteArray: fc.uint8Array({ maxLength: 9 }).map<Value>((data) => ({ kind: "packedByteArray", data })),
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
  packedVector2Array: fc
    .integer({ min: 0, max: 3 })
    .chain((n) =>
      fc
        .float32Array({ minLength: n * 2, maxLength: n * 2 })
        .map<Value>((data) => ({ kind: "packedVector2Array", data })),
    ),
  packedVector3Array: fc
    .integer({ min: 0, max: 3 })
    .chain((n) =>
      fc
        .float32Array({ minLength: n * 3, maxLength: n * 3 })
        .map<Value>((data) => ({ kind: "packedVector3Array", data })),
    ),
  packedVector4Array: fc
    .integer({ min: 0, max: 3 })
    .chain((n) =>
      fc
        .float32Array({ minLength: n * 4, maxLength: n * 4 })
        .map<Value>((data) => ({ kind: "packedVector4Array", data })),
    ),
  packedColorArray: fc
    .integer({ min: 0, max: 3 })
    .chain((n) =>
      fc
        .float32Array({ minLength: n * 4, maxLength: n * 4 })
        .map<Value>((data) => ({ kind: "packedColorArray", data })),
    ),
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

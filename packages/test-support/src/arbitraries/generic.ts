import fc from "fast-check";
import type { ContainerType, Kind, Value } from "../../../core/src/value/types.js";
import {
  f32,
  f64,
  i32,
  ident,
  int64,
  intVectorLeaves,
  mathLeaves,
  matrix,
  name,
  nodePathOf,
  packedLeaves,
  str,
} from "./primitives.js";

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

export function containerTypeArb(identifiers: boolean): fc.Arbitrary<ContainerType> {
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

import fc from "fast-check";
import type { ContainerType, Kind, Value } from "../../../core/src/value/types.js";
import { leafOf } from "./generic.js";
import { f32, f64, i32, int64, intVectorLeaves, mathLeaves, nodePathOf, packedLeaves } from "./primitives.js";

// ---- 4.x -------------------------------------------------------------------------------------

export const smallInt = fc.oneof(fc.integer({ min: -1000, max: 1000 }), i32, int64);
// Names that also pass through GDScript text unchanged (the live engine test builds them there).
export const name4 = fc
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
export const LEAF_KINDS_4 = Object.keys(leaves4()) as LeafKind4[];

/** Every 4.x kind that can be a typed container's builtin element type. */
export const BUILTIN_ELEMENT_KINDS: readonly Kind[] = [
  ...LEAF_KINDS_4.filter((k) => k !== "nil"),
  "object",
  "dictionary",
  "array",
];

export const containerType: fc.Arbitrary<ContainerType> = fc.oneof(
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
export function keyId(k: Value): string {
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

export const KEY_KINDS = [
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

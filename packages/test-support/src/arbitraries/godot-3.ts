import fc from "fast-check";
import type { Value } from "../../../core/src/value/types.js";
import { leafOf } from "./generic.js";
import { f32, f64, i32, int64, mathLeaves, nodePathOf, packedLeaves } from "./primitives.js";

// ---- 3.x -------------------------------------------------------------------------------------
// Values every Godot 3.x engine can hold, as the godot-3 package decodes them: reals inside math
// types and pool arrays are 32-bit, RIDs carry no id, null objects are NIL.

export const int3 = fc.oneof(
  fc.integer({ min: -10, max: 10 }),
  i32,
  fc.constantFrom(2147483647, -2147483648, 2147483648, -2147483649),
  int64,
);
export const double3 = fc.oneof(
  f64,
  f32,
  fc.integer({ min: -1000, max: 1000 }).map((n) => n / 4),
  fc.constantFrom(0, -0, 0.1, 1e300, -1e-300, Number.NaN, Number.POSITIVE_INFINITY, 16777217, 3.4e38),
);
export const name3 = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 6 })
  .map((s) => s.replace(/[\0/:]/g, "_").replace(/^\uFEFF+/, "x"));

export const math3 = mathLeaves();
export const packed3 = packedLeaves();

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
export const liveLeaves3 = LEAVES_3.filter((l) => l !== "objectId");
export const keyLeaves3 = liveLeaves3.filter((l) => !l.startsWith("packed"));
export const fixPath = (v: Value): Value =>
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

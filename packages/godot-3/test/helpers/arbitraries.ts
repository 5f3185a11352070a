import type { Value } from "@gdvariant/core";
import { toText } from "@gdvariant/godot-3";
import fc from "fast-check";

// Values every Godot 3.x engine can hold, as this package decodes them: reals inside math
// types and pool arrays are 32-bit, RIDs carry no id, null objects are NIL.

const f32 = fc.float({ noDefaultInfinity: false, noNaN: false }).map((x) => Math.fround(x));
const f32n = (n: number) => fc.array(f32, { minLength: n, maxLength: n });
const int64 = fc
  .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
  .map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b));
const int = fc.oneof(
  fc.integer({ min: -10, max: 10 }),
  fc.integer({ min: -2147483648, max: 2147483647 }),
  fc.constantFrom(2147483647, -2147483648, 2147483648, -2147483649),
  int64,
);
const double = fc.oneof(
  fc.double(),
  f32,
  fc.integer({ min: -1000, max: 1000 }).map((n) => n / 4),
  fc.constantFrom(0, -0, 0.1, 1e300, -1e-300, Number.NaN, Number.POSITIVE_INFINITY, 16777217, 3.4e38),
);
// A NUL ends a string and a leading BOM is dropped on read, in the engine as here.
const str = fc
  .string({ unit: "grapheme", maxLength: 10 })
  .map((s) => s.replace(/\0/g, "").replace(/^\uFEFF+/, ""));
const name = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 6 })
  .map((s) => s.replace(/[\0/:]/g, "_").replace(/^\uFEFF+/, "x"));

const vec = <K extends string>(kind: K, fields: readonly string[]) =>
  f32n(fields.length).map((xs) => {
    const out: Record<string, unknown> = { kind };
    fields.forEach((f, i) => {
      out[f] = xs[i];
    });
    return out as unknown as Value;
  });

/** One arbitrary per 3.x kind (objects as ids; full objects separately). */
export const leaf3 = {
  nil: fc.constant<Value>({ kind: "nil" }),
  bool: fc.boolean().map<Value>((value) => ({ kind: "bool", value })),
  int: int.map<Value>((value) => ({ kind: "int", value })),
  float: double.map<Value>((value) => ({ kind: "float", value })),
  string: str.map<Value>((value) => ({ kind: "string", value })),
  vector2: vec("vector2", ["x", "y"]),
  rect2: vec("rect2", ["x", "y", "width", "height"]),
  vector3: vec("vector3", ["x", "y", "z"]),
  transform2d: f32n(6).map<Value>((values) => ({ kind: "transform2d", values })),
  plane: vec("plane", ["x", "y", "z", "d"]),
  quaternion: vec("quaternion", ["x", "y", "z", "w"]),
  aabb: vec("aabb", ["x", "y", "z", "width", "height", "depth"]),
  basis: f32n(9).map<Value>((values) => ({ kind: "basis", values })),
  transform3d: f32n(12).map<Value>((values) => ({ kind: "transform3d", values })),
  color: vec("color", ["r", "g", "b", "a"]),
  nodePath: fc
    .record({
      names: fc.array(name, { maxLength: 3 }),
      subnames: fc.array(name, { maxLength: 2 }),
      absolute: fc.boolean(),
    })
    .map<Value>((p) => ({ kind: "nodePath", ...p })),
  rid: fc.constant<Value>({ kind: "rid", id: 0 }),
  objectId: int64.map<Value>((id) => ({ kind: "object", form: "id", id })),
  packedByteArray: fc.uint8Array({ maxLength: 9 }).map<Value>((data) => ({ kind: "packedByteArray", data })),
  packedInt32Array: fc
    .int32Array({ maxLength: 5 })
    .map<Value>((data) => ({ kind: "packedInt32Array", data })),
  packedFloat32Array: fc
    .array(f32, { maxLength: 5 })
    .map<Value>((xs) => ({ kind: "packedFloat32Array", data: Float32Array.from(xs) })),
  packedStringArray: fc
    .array(str, { maxLength: 4 })
    .map<Value>((data) => ({ kind: "packedStringArray", data })),
  packedVector2Array: fc
    .array(f32n(2), { maxLength: 3 })
    .map<Value>((xs) => ({ kind: "packedVector2Array", data: Float32Array.from(xs.flat()) })),
  packedVector3Array: fc
    .array(f32n(3), { maxLength: 3 })
    .map<Value>((xs) => ({ kind: "packedVector3Array", data: Float32Array.from(xs.flat()) })),
  packedColorArray: fc
    .array(f32n(4), { maxLength: 3 })
    .map<Value>((xs) => ({ kind: "packedColorArray", data: Float32Array.from(xs.flat()) })),
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
      .tuple(name, fc.array(fc.tuple(name, child), { maxLength: 3 }))
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
// and var2str crashes the engine when one of them is empty (found by this test).
const liveLeaves = LEAVES_3.filter((l) => l !== "objectId");
const keyLeaves = liveLeaves.filter((l) => !l.startsWith("packed"));
const fixPath = (v: Value): Value =>
  v.kind === "nodePath" && v.names.length === 0 && v.subnames.length === 0 ? { ...v, absolute: false } : v;
const keyLeaf = fc.oneof(...keyLeaves.map((l) => leaf3[l])).map(fixPath);
const key = fc.oneof(
  keyLeaf,
  fc.array(keyLeaf, { maxLength: 3 }).map<Value>((items) => ({ kind: "array", items })),
);
const engineValue3Arb: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => {
  const child = tie("value") as fc.Arbitrary<Value>;
  const leaf = fc.oneof(...liveLeaves.map((l) => leaf3[l])).map(fixPath);
  return {
    value: fc.oneof(
      { depthSize: "small", maxDepth: 3 },
      leaf,
      fc.array(child, { maxLength: 5 }).map<Value>((items) => ({ kind: "array", items })),
      fc
        .uniqueArray(fc.tuple(key, child), { maxLength: 5, selector: ([k]) => toText(k) })
        .map<Value>((entries) => ({ kind: "dictionary", entries })),
    ),
  };
}).value;

/** Nested 3.x values that the real engine holds exactly as given (see above). */
export function engineValue3(): fc.Arbitrary<Value> {
  return engineValue3Arb;
}

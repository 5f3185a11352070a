import fc from "fast-check";
import type { Value } from "../../../core/src/value/types.js";

// ---- primitives -------------------------------------------------------------------------------

export const f32 = fc.float().map((x) => Math.fround(x));
export const f64 = fc.double();
export const i32 = fc.integer({ min: -2147483648, max: 2147483647 });
export const u32 = fc.integer({ min: 0, max: 0xffffffff });
export const int64 = fc
  .bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })
  .map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b));
/** Strings of up to `maxLength` graphemes. NUL ends a string and a leading BOM is dropped on decode (as in the engine): they are kept out. */
export function strOf(maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: "grapheme", maxLength }).map((s) => s.replace(/\0/g, "").replace(/^\uFEFF+/, ""));
}
export const str = strOf(12);
/** Node path and class names: any ASCII but the path separators. */
export const name = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 8 })
  .map((s) => s.replace(/[\0/:]/g, "_"));
// Class and property names are identifiers in Godot (and print unquoted in `Array[Node]`): what
// tests of the engine's text need. The binary format takes any name.
export const ident = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/);

export function nums(n: number, g: fc.Arbitrary<number> = f32) {
  return fc.array(g, { minLength: n, maxLength: n });
}
/** A struct-like kind whose fields are `n` numbers from `g` (f32 by default). */
export function fixed(
  kind: string,
  fields: readonly string[],
  g: fc.Arbitrary<number> = f32,
): fc.Arbitrary<Value> {
  return nums(fields.length, g).map((xs) => {
    const out: Record<string, unknown> = { kind };
    fields.forEach((f, i) => {
      out[f] = xs[i];
    });
    return out as unknown as Value;
  });
}
export function matrix(kind: string, n: number, g: fc.Arbitrary<number> = f32): fc.Arbitrary<Value> {
  return nums(n, g).map((values) => ({ kind, values }) as unknown as Value);
}
/** Packed vectors: 0 to 3 whole vectors of `stride` components, in a Float32Array or Float64Array. */
export function packed(
  stride: number,
  ctor: "f32" | "f64" = "f32",
): fc.Arbitrary<Float32Array | Float64Array> {
  return fc
    .integer({ min: 0, max: 3 })
    .chain(
      (n): fc.Arbitrary<Float32Array | Float64Array> =>
        ctor === "f32"
          ? fc.float32Array({ minLength: n * stride, maxLength: n * stride })
          : fc.float64Array({ minLength: n * stride, maxLength: n * stride }),
    );
}
export function nodePathOf(n: fc.Arbitrary<string>): fc.Arbitrary<Value> {
  return fc
    .record({
      names: fc.array(n, { maxLength: 3 }),
      subnames: fc.array(n, { maxLength: 2 }),
      absolute: fc.boolean(),
    })
    .map<Value>((r) => ({ kind: "nodePath", ...r }));
}

/** The math kinds of 3.x and 4.x, components from `real` (color is f32 on the wire in every build). */
export function mathLeaves(real: fc.Arbitrary<number> = f32) {
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
export const intVectorLeaves = {
  vector2i: fixed("vector2i", ["x", "y"], i32),
  rect2i: fixed("rect2i", ["x", "y", "width", "height"], i32),
  vector3i: fixed("vector3i", ["x", "y", "z"], i32),
  vector4i: fixed("vector4i", ["x", "y", "z", "w"], i32),
} satisfies Record<string, fc.Arbitrary<Value>>;
/** The 4.x packed arrays; `vec` is the packed vectors' component type. */
export function packedLeaves(vec: "f32" | "f64" = "f32", s: fc.Arbitrary<string> = str) {
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

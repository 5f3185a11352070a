import type { Int64, Value } from "@gdvariant/core";

// Godot 3.x `Variant::operator<`, which `List<Variant>::sort()` uses when var2str orders a
// Dictionary's keys. Values of different types order by type id; values of one type use the
// OP_LESS table of `core/variant_op.cpp`, where many types have no `<` at all (it "fails" and
// the comparison is false), and Array and the pool arrays have odd rules, copied here as they
// are (checked against 3.2.3 output).

// 3.x wire ids, the type order of Variant::Type.
const TYPE_ORDER: Readonly<Record<string, number>> = {
  nil: 0,
  bool: 1,
  int: 2,
  float: 3,
  string: 4,
  vector2: 5,
  rect2: 6,
  vector3: 7,
  transform2d: 8,
  plane: 9,
  quaternion: 10,
  aabb: 11,
  basis: 12,
  transform3d: 13,
  color: 14,
  nodePath: 15,
  rid: 16,
  object: 17,
  dictionary: 18,
  array: 19,
  packedByteArray: 20,
  packedInt32Array: 21,
  packedFloat32Array: 22,
  packedStringArray: 23,
  packedVector2Array: 24,
  packedVector3Array: 25,
  packedColorArray: 26,
};

/** The type order of `<` (Variant::Type): values of different types compare by it. */
export function typeOrder(v: Value): number {
  // A null object is a NIL Variant in the engine (3.2.3 writes and reads it so).
  if (v.kind === "object" && isNullObject(v)) return 0;
  return TYPE_ORDER[v.kind] ?? 255;
}

/** True when the engine would hold this object value as null. */
export function isNullObject(v: Value & { kind: "object" }): boolean {
  return (
    v.form === "null" ||
    (v.form === "id" && (v.id === 0 || v.id === 0n)) ||
    (v.form === "full" && v.className === "")
  );
}

function intLess(a: Int64, b: Int64): boolean {
  return typeof a === "number" && typeof b === "number" ? a < b : BigInt(a) < BigInt(b);
}

/** `String::operator<`: code point by code point (wchar_t is 32-bit on the engine's Linux builds). */
export function stringLess(a: string, b: string): boolean {
  let i = 0;
  let j = 0;
  for (;;) {
    if (i >= a.length) return j < b.length;
    if (j >= b.length) return false;
    const ca = a.codePointAt(i)!;
    const cb = b.codePointAt(j)!;
    if (ca !== cb) return ca < cb;
    i += ca > 0xffff ? 2 : 1;
    j += cb > 0xffff ? 2 : 1;
  }
}

const CMP_EPSILON = 0.00001;

// `Math::is_equal_approx(real_t, real_t)` of 3.2, in float arithmetic.
function equalApprox(a: number, b: number): boolean {
  if (a === b) return true;
  let tolerance = Math.fround(CMP_EPSILON * Math.abs(a));
  if (tolerance < CMP_EPSILON) tolerance = Math.fround(CMP_EPSILON);
  return Math.abs(Math.fround(a - b)) < tolerance;
}

// 3.3 and later compare exactly (godot#41894).
const exactEqual = (a: number, b: number): boolean => a === b;

function vector2Less(
  a: { x: number; y: number },
  b: { x: number; y: number },
  eq: (a: number, b: number) => boolean,
): boolean {
  return eq(a.x, b.x) ? a.y < b.y : a.x < b.x;
}

function vector3Less(
  a: { x: number; y: number; z: number },
  b: { x: number; y: number; z: number },
  eq: (a: number, b: number) => boolean,
): boolean {
  if (eq(a.x, b.x)) {
    if (eq(a.y, b.y)) return a.z < b.z;
    return a.y < b.y;
  }
  return a.x < b.x;
}

// DEFAULT_OP_ARRAY_LT: shorter is less; otherwise "less" as soon as one element differs.
// (Reading past the shorter right-hand array is undefined in C++; here it counts as a difference.)
function poolLess<T>(
  a: ArrayLike<T>,
  b: ArrayLike<T>,
  stride: number,
  differ: (x: T, y: T) => boolean,
): boolean {
  const na = a.length / stride;
  const nb = b.length / stride;
  if (na < nb) return true;
  for (let i = 0; i < a.length; i++) {
    if (i >= b.length || differ(a[i]!, b[i]!)) return true;
  }
  return false;
}

const numberDiffers = (x: number, y: number) => x !== y;

/**
 * Godot 3.x `Variant::operator<` over the value model. Objects compare by address in the engine,
 * which no decoder can know, so two objects never compare less here. `approxVectors`: Vector2
 * and Vector3 compare x (and y) within CMP_EPSILON, as up to 3.2; exactly otherwise.
 */
export function variantLess(a: Value, b: Value, approxVectors = false): boolean {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb;
  switch (a.kind) {
    case "bool":
      return !a.value && (b as typeof a).value;
    case "int":
      return intLess(a.value, (b as typeof a).value);
    case "float":
      return a.value < (b as typeof a).value;
    case "string":
      return stringLess(a.value, (b as typeof a).value);
    case "vector2":
      return vector2Less(a, b as typeof a, approxVectors ? equalApprox : exactEqual);
    case "vector3":
      return vector3Less(a, b as typeof a, approxVectors ? equalApprox : exactEqual);
    case "array": {
      // OP_LESS for Array in 3.x: false if b is shorter; true as soon as a[i] < b[i] is false.
      const x = a.items;
      const y = (b as typeof a).items;
      if (y.length < x.length) return false;
      for (let i = 0; i < x.length; i++) if (!variantLess(x[i]!, y[i]!, approxVectors)) return true;
      return false;
    }
    case "packedByteArray":
    case "packedInt32Array":
    case "packedFloat32Array":
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedColorArray": {
      const stride =
        a.kind === "packedVector2Array"
          ? 2
          : a.kind === "packedVector3Array"
            ? 3
            : a.kind === "packedColorArray"
              ? 4
              : 1;
      return poolLess<number>(a.data, (b as typeof a).data, stride, numberDiffers);
    }
    case "packedStringArray":
      return poolLess<string>(a.data, (b as typeof a).data, 1, (x, y) => x !== y);
    default:
      // NIL, RECT2, TRANSFORM2D, PLANE, QUAT, AABB, BASIS, TRANSFORM, COLOR, NODE_PATH,
      // DICTIONARY: no `<` (the operator fails, so the comparison is false). _RID: every RID
      // read from 3.x bytes is the same empty RID. OBJECT: by address, unknowable.
      return false;
  }
}

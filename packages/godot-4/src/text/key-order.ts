import type { Value } from "@gdvariant/core";

// The order `var_to_str` prints dictionary keys in: StringLikeVariantOrder
// (core/variant/variant.cpp). Strings and StringNames compare by content with each other;
// anything else compares by `Variant::operator<`: by type id first, then OP_LESS of the type,
// which only some types define (the rest are "not less" either way).

const TYPE_ORDER: Readonly<Record<string, number>> = {
  nil: 0,
  bool: 1,
  int: 2,
  float: 3,
  string: 4,
  vector2: 5,
  vector2i: 6,
  rect2: 7,
  rect2i: 8,
  vector3: 9,
  vector3i: 10,
  transform2d: 11,
  vector4: 12,
  vector4i: 13,
  plane: 14,
  quaternion: 15,
  aabb: 16,
  basis: 17,
  transform3d: 18,
  projection: 19,
  color: 20,
  stringName: 21,
  nodePath: 22,
  rid: 23,
  object: 24,
  callable: 25,
  signal: 26,
  dictionary: 27,
  array: 28,
  packedByteArray: 29,
  packedInt32Array: 30,
  packedInt64Array: 31,
  packedFloat32Array: 32,
  packedFloat64Array: 33,
  packedStringArray: 34,
  packedVector2Array: 35,
  packedVector3Array: 36,
  packedColorArray: 37,
  packedVector4Array: 38,
};

/** True when the engine holds `v` as null: every null spelling of an object decodes to NIL. */
export function isNullObject(v: Value): boolean {
  if (v.kind !== "object") return false;
  if (v.form === "null") return true;
  if (v.form === "id") return v.id === 0 || v.id === 0n;
  return v.className === "";
}

/** The engine's type id of a decoded value. */
export function engineType(v: Value): number {
  if (v.kind === "object" && isNullObject(v)) return 0;
  return TYPE_ORDER[v.kind] ?? 0;
}

/** Code point order of two strings (the engine compares UTF-32 units, not UTF-16). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Below the surrogate range UTF-16 order is code point order; a surrogate (an astral
    // character) sorts after every BMP character except U+E000..U+FFFF.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x - y;
    return xs ? 1 : -1;
  }
  return a.length - b.length;
}

function lessNumber(a: number | bigint, b: number | bigint): boolean {
  return a < b;
}

// Lexicographic OP_LESS of Vector2/3/4(i): equal components defer to the next one.
function lessFields(
  a: Record<string, number>,
  b: Record<string, number>,
  fields: readonly string[],
): boolean {
  const last = fields.length - 1;
  for (let i = 0; i < last; i++) {
    const f = fields[i]!;
    if (a[f] !== b[f]) return a[f]! < b[f]!;
  }
  return a[fields[last]!]! < b[fields[last]!]!;
}

const XY = ["x", "y"] as const;
const XYZ = ["x", "y", "z"] as const;
const XYZW = ["x", "y", "z", "w"] as const;

/** `Variant::operator<`. */
export function variantLess(a: Value, b: Value): boolean {
  const ta = engineType(a);
  const tb = engineType(b);
  if (ta !== tb) return ta < tb;
  switch (a.kind) {
    case "bool":
      return !a.value && (b as typeof a).value;
    case "int":
      return lessNumber(a.value, (b as typeof a).value);
    case "float":
      return a.value < (b as typeof a).value;
    case "string":
    case "stringName":
      return compareCodePoints(a.value, (b as typeof a).value) < 0;
    case "vector2":
    case "vector2i":
      return lessFields(a as never, b as never, XY);
    case "vector3":
    case "vector3i":
      return lessFields(a as never, b as never, XYZ);
    case "vector4":
    case "vector4i":
      return lessFields(a as never, b as never, XYZW);
    case "rid": {
      // RID ids compare as unsigned 64-bit.
      const x = BigInt.asUintN(64, BigInt(a.id));
      const y = BigInt.asUintN(64, BigInt((b as typeof a).id));
      return x < y;
    }
    case "array": {
      const x = a.items;
      const y = (b as typeof a).items;
      const n = Math.min(x.length, y.length);
      for (let i = 0; i < n; i++) {
        if (variantLess(x[i]!, y[i]!)) return true;
        if (variantLess(y[i]!, x[i]!)) return false;
      }
      return x.length < y.length;
    }
    default:
      return false;
  }
}

/** `StringLikeVariantOrder::compare`. */
export function keyLess(a: Value, b: Value): boolean {
  const aStr = a.kind === "string" || a.kind === "stringName";
  const bStr = b.kind === "string" || b.kind === "stringName";
  if (aStr && bStr)
    return compareCodePoints((a as { value: string }).value, (b as { value: string }).value) < 0;
  return variantLess(a, b);
}

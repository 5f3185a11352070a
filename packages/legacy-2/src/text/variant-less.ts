import type { Int64, Value } from "@gdvariant/core";
import { dialect } from "../dialect.js";

// Godot 2.1 `Variant::operator<` (core/variant.cpp + the OP_LESS table of core/variant_op.cpp):
// values of different types order by type id; within a type only BOOL, INT, REAL, STRING,
// VECTOR2, VECTOR3, _RID, OBJECT, ARRAY and the packed arrays define `<`, every other type
// (Rect2, Matrix32, Color, Image, NodePath, InputEvent, Dictionary...) is never less. The
// ARRAY and packed-array rules are the engine's, odd as they are:
//   ARRAY:  b shorter than a -> false; else true as soon as !(a[i] < b[i]); else false
//   packed: a shorter than b -> true; else true as soon as a[i] != b[i]; else false
// The engine compares Vector2Array elements through a Vector3 view (reading past the data);
// here the flat floats are compared in threes and a read past the end counts as different.

/** The 2.x wire type id of a value's kind (255 for kinds 2.x lacks), the first sort criterion. */
export function typeId(v: Value): number {
  return dialect.wireIdOfKind(v.kind) ?? 255;
}

function intLess(a: Int64, b: Int64): boolean {
  return typeof a === typeof b ? a < b : BigInt(a) < BigInt(b);
}

/** `String::operator<` on UTF-32 code points (the 2.x `CharType` is `wchar_t`). */
function stringLess(a: string, b: string): boolean {
  // JS compares UTF-16 code units, which differs from code point order only where a surrogate
  // meets a BMP character above it: compare code units up to the first difference, then code
  // points there.
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length < b.length;
  // A difference in a low surrogate: step back to its pair's start (equal in both strings).
  const lo = (c: number) => c >= 0xdc00 && c <= 0xdfff;
  if (
    i > 0 &&
    (lo(a.charCodeAt(i)) || lo(b.charCodeAt(i))) &&
    a.charCodeAt(i - 1) >= 0xd800 &&
    a.charCodeAt(i - 1) <= 0xdbff
  )
    i--;
  return a.codePointAt(i)! < b.codePointAt(i)!;
}

function packedLess(a: ArrayLike<unknown>, b: ArrayLike<unknown>, stride = 1): boolean {
  const n = Math.floor(a.length / stride);
  if (n < Math.floor(b.length / stride)) return true;
  for (let i = 0; i < n * stride; i++) {
    if (i >= b.length || !(a[i] === b[i])) return true;
  }
  return false;
}

/** The 2.1 engine's `a < b` for two values. */
export function variantLess(a: Value, b: Value): boolean {
  const ta = typeId(a);
  const tb = typeId(b);
  return ta !== tb ? ta < tb : sameTypeLess(a, b);
}

/** `a < b` for two values of the same 2.x type. */
export function sameTypeLess(a: Value, b: Value): boolean {
  switch (a.kind) {
    case "bool":
      return !a.value && (b as typeof a).value;
    case "int":
      return intLess(a.value, (b as typeof a).value);
    case "float":
      return a.value < (b as typeof a).value;
    case "string":
      return stringLess(a.value, (b as typeof a).value);
    case "vector2": {
      const o = b as typeof a;
      return a.x === o.x ? a.y < o.y : a.x < o.x;
    }
    case "vector3": {
      const o = b as typeof a;
      return a.x === o.x ? (a.y === o.y ? a.z < o.z : a.y < o.y) : a.x < o.x;
    }
    case "array": {
      const o = b as typeof a;
      if (o.items.length < a.items.length) return false;
      for (let i = 0; i < a.items.length; i++) if (!variantLess(a.items[i]!, o.items[i]!)) return true;
      return false;
    }
    case "packedByteArray":
    case "packedInt32Array":
    case "packedFloat32Array":
    case "packedStringArray":
      return packedLess(a.data, (b as typeof a).data);
    case "packedVector2Array":
      // Vector3 view: the element count is the Vector2 count, the stride is three floats.
      return packedLessVec3View(
        a.data,
        (b as typeof a).data,
        a.data.length / 2,
        (b as typeof a).data.length / 2,
      );
    case "packedVector3Array":
      return packedLess(a.data, (b as typeof a).data, 3);
    case "packedColorArray":
      return packedLess(a.data, (b as typeof a).data, 4);
    default:
      // nil, rid and null objects (all equal), and every type without `<`.
      return false;
  }
}

function packedLessVec3View(a: ArrayLike<number>, b: ArrayLike<number>, na: number, nb: number): boolean {
  if (na < nb) return true;
  for (let i = 0; i < na * 3; i++) {
    if (i >= a.length || i >= b.length || !(a[i] === b[i])) return true;
  }
  return false;
}

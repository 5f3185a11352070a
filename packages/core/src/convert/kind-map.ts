import type { Kind, Value } from "../value/types.js";

/** A replacement for a kind the target lacks, and the loss message (undefined when exact). */
export interface KindMapping {
  readonly value: Value;
  readonly loss: string | undefined;
}

// Kinds with the same wire layout under another name in another engine generation.
const RENAMES: Partial<Record<Kind, Kind>> = {
  matrix32: "transform2d",
  transform2d: "matrix32",
  matrix3: "basis",
  basis: "matrix3",
};

/**
 * The built-in replacement for `value` when the target has no codec for its kind, or
 * `undefined` when there is none (Vector4, Projection, PackedVector4Array, Image, InputEvent).
 */
export function mapKind(value: Value): KindMapping | undefined {
  const rename = RENAMES[value.kind];
  if (rename !== undefined && "values" in value) {
    // 2.x Matrix32/Matrix3 and 3.x/4.x Transform2D/Basis: the same numbers in the same order.
    return { value: { kind: rename, values: value.values } as Value, loss: undefined };
  }
  switch (value.kind) {
    case "stringName":
      return { value: { kind: "string", value: value.value }, loss: "StringName written as String" };
    case "vector2i":
      return { value: { kind: "vector2", x: value.x, y: value.y }, loss: "Vector2i written as Vector2" };
    case "rect2i":
      return {
        value: { kind: "rect2", x: value.x, y: value.y, width: value.width, height: value.height },
        loss: "Rect2i written as Rect2",
      };
    case "vector3i":
      return {
        value: { kind: "vector3", x: value.x, y: value.y, z: value.z },
        loss: "Vector3i written as Vector3",
      };
    case "vector4i":
      return {
        value: { kind: "vector4", x: value.x, y: value.y, z: value.z, w: value.w },
        loss: "Vector4i written as Vector4",
      };
    case "packedInt64Array":
      return {
        value: {
          kind: "array",
          items: Array.from(value.data, (n) => ({ kind: "int", value: canonical(n) }) as Value),
        },
        loss: "PackedInt64Array written as an Array of ints",
      };
    case "packedFloat64Array":
      return {
        value: {
          kind: "array",
          items: Array.from(value.data, (n) => ({ kind: "float", value: n }) as Value),
        },
        loss: "PackedFloat64Array written as an Array of floats",
      };
    case "callable":
      return {
        value: { kind: "nil" },
        loss: "Callable written as null (engines never send a Callable's content)",
      };
    case "signal":
      return {
        value: { kind: "nil" },
        loss: `Signal "${value.name}" of object ${String(value.objectId)} written as null`,
      };
    default:
      return undefined;
  }
}

function canonical(n: bigint): number | bigint {
  return n >= -9007199254740991n && n <= 9007199254740991n ? Number(n) : n;
}

/**
 * Godot 2.x `Variant::Type`: the wire type ids of the 2.x dialect (engine names, so a reader of
 * the 2.1 source finds them). `VARIANT_MAX` (29) and above are not types.
 */
export const TYPE_ID = {
  NIL: 0,
  BOOL: 1,
  INT: 2,
  REAL: 3,
  STRING: 4,
  VECTOR2: 5,
  RECT2: 6,
  VECTOR3: 7,
  MATRIX32: 8,
  PLANE: 9,
  QUAT: 10,
  _AABB: 11,
  MATRIX3: 12,
  TRANSFORM: 13,
  COLOR: 14,
  IMAGE: 15,
  NODE_PATH: 16,
  _RID: 17,
  OBJECT: 18,
  INPUT_EVENT: 19,
  DICTIONARY: 20,
  ARRAY: 21,
  RAW_ARRAY: 22,
  INT_ARRAY: 23,
  REAL_ARRAY: 24,
  STRING_ARRAY: 25,
  VECTOR2_ARRAY: 26,
  VECTOR3_ARRAY: 27,
  COLOR_ARRAY: 28,
} as const;

/** Name of a 2.x wire type id. */
export type TypeName = keyof typeof TYPE_ID;

/** The 2.x engine's `Variant::VARIANT_MAX`: number of wire type ids. */
export const TYPE_COUNT = 29;

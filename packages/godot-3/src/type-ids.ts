/**
 * Godot 3.x wire type ids (`Variant::Type`, header bits 0-7), under the engine's names (what
 * the outdated 4.x docs page lists is this table).
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
  TRANSFORM2D: 8,
  PLANE: 9,
  QUAT: 10,
  AABB: 11,
  BASIS: 12,
  TRANSFORM: 13,
  COLOR: 14,
  NODE_PATH: 15,
  _RID: 16,
  OBJECT: 17,
  DICTIONARY: 18,
  ARRAY: 19,
  POOL_BYTE_ARRAY: 20,
  POOL_INT_ARRAY: 21,
  POOL_REAL_ARRAY: 22,
  POOL_STRING_ARRAY: 23,
  POOL_VECTOR2_ARRAY: 24,
  POOL_VECTOR3_ARRAY: 25,
  POOL_COLOR_ARRAY: 26,
} as const;

/** The engine's `Variant::VARIANT_MAX` in 3.x: ids 27 and up are unknown (ERR_INVALID_DATA). */
export const TYPE_COUNT = 27;

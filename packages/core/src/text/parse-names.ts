import type { Kind } from "../value/types.js";

/**
 * Constructor names of every engine generation and the kind each builds. Names that mean
 * different kinds in different generations (`Matrix32`, `Basis`...) are resolved by the caller
 * from the dialect; here they map to their 3.x/4.x kind.
 *
 * 4.x names, then the 3.x `Pool*`/`Quat`/`Transform`/`Rect3` spellings, then the 2.x ones, as
 * the engine's own parser accepts them (core/variant/variant_parser.cpp keeps the old names
 * "for compatibility").
 */
export const CONSTRUCTOR_KINDS: Readonly<Record<string, Kind>> = {
  Vector2: "vector2",
  Vector2i: "vector2i",
  Rect2: "rect2",
  Rect2i: "rect2i",
  Vector3: "vector3",
  Vector3i: "vector3i",
  Vector4: "vector4",
  Vector4i: "vector4i",
  Transform2D: "transform2d",
  Matrix32: "transform2d",
  Plane: "plane",
  Quaternion: "quaternion",
  Quat: "quaternion",
  AABB: "aabb",
  Rect3: "aabb",
  Basis: "basis",
  Matrix3: "basis",
  Transform3D: "transform3d",
  Transform: "transform3d",
  Projection: "projection",
  Color: "color",
  NodePath: "nodePath",
  RID: "rid",
  Callable: "callable",
  Signal: "signal",
  Object: "object",
  PackedByteArray: "packedByteArray",
  PoolByteArray: "packedByteArray",
  ByteArray: "packedByteArray",
  RawArray: "packedByteArray",
  PackedInt32Array: "packedInt32Array",
  PackedIntArray: "packedInt32Array",
  PoolIntArray: "packedInt32Array",
  IntArray: "packedInt32Array",
  PackedInt64Array: "packedInt64Array",
  PackedFloat32Array: "packedFloat32Array",
  PackedRealArray: "packedFloat32Array",
  PoolRealArray: "packedFloat32Array",
  FloatArray: "packedFloat32Array",
  RealArray: "packedFloat32Array",
  PackedFloat64Array: "packedFloat64Array",
  PackedStringArray: "packedStringArray",
  PoolStringArray: "packedStringArray",
  StringArray: "packedStringArray",
  PackedVector2Array: "packedVector2Array",
  PoolVector2Array: "packedVector2Array",
  Vector2Array: "packedVector2Array",
  PackedVector3Array: "packedVector3Array",
  PoolVector3Array: "packedVector3Array",
  Vector3Array: "packedVector3Array",
  PackedVector4Array: "packedVector4Array",
  PackedColorArray: "packedColorArray",
  PoolColorArray: "packedColorArray",
  ColorArray: "packedColorArray",
  Image: "image",
  InputEvent: "inputEvent",
};

/**
 * The kind of each 4.x type name (`Variant::get_type_name`, except `Nil`): the names inside
 * `Array[...]` and `Dictionary[..., ...]` in `var_to_str` text and in `JSON.from_native`'s
 * `"type"` and `"elem_type"`. `Variant` means untyped. Any other identifier is a class name.
 */
export const TYPE_NAME_KINDS: Readonly<Record<string, Kind>> = {
  bool: "bool",
  int: "int",
  float: "float",
  String: "string",
  Vector2: "vector2",
  Vector2i: "vector2i",
  Rect2: "rect2",
  Rect2i: "rect2i",
  Vector3: "vector3",
  Vector3i: "vector3i",
  Transform2D: "transform2d",
  Vector4: "vector4",
  Vector4i: "vector4i",
  Plane: "plane",
  Quaternion: "quaternion",
  AABB: "aabb",
  Basis: "basis",
  Transform3D: "transform3d",
  Projection: "projection",
  Color: "color",
  StringName: "stringName",
  NodePath: "nodePath",
  RID: "rid",
  Object: "object",
  Callable: "callable",
  Signal: "signal",
  Dictionary: "dictionary",
  Array: "array",
  PackedByteArray: "packedByteArray",
  PackedInt32Array: "packedInt32Array",
  PackedInt64Array: "packedInt64Array",
  PackedFloat32Array: "packedFloat32Array",
  PackedFloat64Array: "packedFloat64Array",
  PackedStringArray: "packedStringArray",
  PackedVector2Array: "packedVector2Array",
  PackedVector3Array: "packedVector3Array",
  PackedColorArray: "packedColorArray",
  PackedVector4Array: "packedVector4Array",
};

/** 2.x `Image::Format` names as 2.x `var2str` prints them, indexed by format number. */
export const IMAGE_FORMAT_NAMES = [
  "GRAYSCALE",
  "INTENSITY",
  "GRAYSCALE_ALPHA",
  "RGB",
  "RGBA",
  "INDEXED",
  "INDEXED_ALPHA",
  "YUV_422",
  "YUV_444",
  "BC1",
  "BC2",
  "BC3",
  "BC4",
  "BC5",
  "PVRTC2",
  "PVRTC2_ALPHA",
  "PVRTC4",
  "PVRTC4_ALPHA",
  "ETC",
  "ATC",
  "ATC_ALPHA_EXPLICIT",
  "ATC_ALPHA_INTERPOLATED",
  "CUSTOM",
] as const;

/** 2.x InputEvent type names in `InputEvent(KEY,...)` text and their `InputEvent::Type` number. */
export const INPUT_EVENT_TYPES: Readonly<Record<string, number>> = {
  NONE: 0,
  KEY: 1,
  MBUTTON: 3,
  JAXIS: 4,
  JBUTTON: 5,
};

/** 2.x key modifier letters (`InputEvent(KEY,65,CS)`) and their mask bits on the wire. */
export const KEY_MODIFIER_BITS: Readonly<Record<string, number>> = {
  S: 0x2000000, // 1 << 25 (literals: a bundle of core's dist drops the table unused)
  A: 0x4000000, // 1 << 26
  M: 0x8000000, // 1 << 27
  C: 0x10000000, // 1 << 28
};

/**
 * The value model shared by every dialect (Godot 2.x, 3.x, 4.x).
 *
 * Values are plain, readonly, tagged objects (`{ kind: "vector2", x: 1, y: 2 }`): they survive
 * `structuredClone`, `postMessage` and two installed copies of this package. The model is
 * lossless for engine output: `int` and `float` are different kinds, 64-bit ints are exact,
 * Vector2 and Vector2i, String and StringName, typed and untyped containers, the object forms and
 * the 2.x shared bit all survive a decode/encode round trip.
 */

/**
 * A 64-bit signed integer in canonical form: a `number` when it is a safe integer
 * (|v| <= 2^53 - 1), otherwise a `bigint`. Use {@link int} to build one from either.
 */
export type Int64 = number | bigint;

export interface NilValue {
  readonly kind: "nil";
}
export interface BoolValue {
  readonly kind: "bool";
  readonly value: boolean;
}
/** A Godot `int`: 32-bit on the wire when it fits, 64-bit otherwise (2.x: 32-bit only). */
export interface IntValue {
  readonly kind: "int";
  readonly value: Int64;
}
/** A Godot `float` (`real` in 2.x/3.x): f32 on the wire when exact, f64 otherwise. */
export interface FloatValue {
  readonly kind: "float";
  readonly value: number;
}
export interface StringValue {
  readonly kind: "string";
  readonly value: string;
}
/** 4.x `StringName` (`&"name"`). */
export interface StringNameValue {
  readonly kind: "stringName";
  readonly value: string;
}
export interface Vector2Value {
  readonly kind: "vector2";
  readonly x: number;
  readonly y: number;
}
/** 4.x `Vector2i`: int32 components. */
export interface Vector2iValue {
  readonly kind: "vector2i";
  readonly x: number;
  readonly y: number;
}
export interface Rect2Value {
  readonly kind: "rect2";
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface Rect2iValue {
  readonly kind: "rect2i";
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface Vector3Value {
  readonly kind: "vector3";
  readonly x: number;
  readonly y: number;
  readonly z: number;
}
export interface Vector3iValue {
  readonly kind: "vector3i";
  readonly x: number;
  readonly y: number;
  readonly z: number;
}
/**
 * 3.x/4.x `Transform2D`. `values` in wire and text order: x axis (x, y), y axis (x, y),
 * origin (x, y).
 */
export interface Transform2DValue {
  readonly kind: "transform2d";
  readonly values: readonly number[];
}
/** 2.x `Matrix32`: the same six numbers as {@link Transform2DValue}, under its 2.x name. */
export interface Matrix32Value {
  readonly kind: "matrix32";
  readonly values: readonly number[];
}
export interface Vector4Value {
  readonly kind: "vector4";
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}
export interface Vector4iValue {
  readonly kind: "vector4i";
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}
/** Plane: normal (x, y, z) and distance d. */
export interface PlaneValue {
  readonly kind: "plane";
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly d: number;
}
/** 4.x `Quaternion`, 2.x/3.x `Quat`. */
export interface QuaternionValue {
  readonly kind: "quaternion";
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly w: number;
}
/** AABB: position (x, y, z) and size (width, height, depth). */
export interface AabbValue {
  readonly kind: "aabb";
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly width: number;
  readonly height: number;
  readonly depth: number;
}
/** 3.x/4.x `Basis`: nine numbers, row-major (rows[0][0..2], rows[1][0..2], rows[2][0..2]). */
export interface BasisValue {
  readonly kind: "basis";
  readonly values: readonly number[];
}
/** 2.x `Matrix3`: the same nine numbers as {@link BasisValue}, under its 2.x name. */
export interface Matrix3Value {
  readonly kind: "matrix3";
  readonly values: readonly number[];
}
/** `Transform` (2.x/3.x) / `Transform3D` (4.x): the basis row-major (9) then the origin (3). */
export interface Transform3DValue {
  readonly kind: "transform3d";
  readonly values: readonly number[];
}
/** 4.x `Projection`: sixteen numbers, column-major (columns[0][0..3], ... columns[3][0..3]). */
export interface ProjectionValue {
  readonly kind: "projection";
  readonly values: readonly number[];
}
/** Color: always single precision on the wire. */
export interface ColorValue {
  readonly kind: "color";
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly a: number;
}
/**
 * NodePath. 3.x/4.x: `names` are the `/` parts, `subnames` the `:` parts. 2.x keeps a separate
 * `property` (the last `:` part of `node:sub:prop`); 3.x/4.x decoders turn it into a last subname.
 */
export interface NodePathValue {
  readonly kind: "nodePath";
  readonly names: readonly string[];
  readonly subnames: readonly string[];
  readonly absolute: boolean;
  /** 2.x only: the property part. */
  readonly property?: string;
}
/** RID. `id` is 0 in 2.x/3.x, which write no payload. */
export interface RidValue {
  readonly kind: "rid";
  readonly id: Int64;
}
/** An object written as its instance id (`EncodedObjectAsID`); id 0 decodes to null in the engine. */
export interface ObjectIdValue {
  readonly kind: "object";
  readonly form: "id";
  readonly id: Int64;
}
/** One stored property of a full object. */
export type ObjectProperty = readonly [name: string, value: Value];
/**
 * A full object: class name and stored properties, inert data (nothing is ever instantiated).
 * An empty class name is the engine's "null object" spelling in full-object mode.
 */
export interface FullObjectValue {
  readonly kind: "object";
  readonly form: "full";
  readonly className: string;
  readonly properties: readonly ObjectProperty[];
}
/** A bare OBJECT header with no payload (2.x, where objects are not transported). */
export interface NullObjectValue {
  readonly kind: "object";
  readonly form: "null";
}
export type ObjectValue = ObjectIdValue | FullObjectValue | NullObjectValue;
/** 4.x Callable: the engine writes only the header; the content never travels. */
export interface CallableValue {
  readonly kind: "callable";
}
/** 4.x Signal: the signal name and the owner's object id. */
export interface SignalValue {
  readonly kind: "signal";
  readonly name: string;
  readonly objectId: Int64;
}

/** Names of the value kinds. */
export type Kind = Value["kind"];

/**
 * Element type of a typed container (4.3+ arrays, 4.4+ dictionaries).
 * - builtin: a Variant type, named by its kind (`"int"`, `"vector2"`, `"object"`...)
 * - class: a native class (`Node`, or `EncodedObjectAsID` as `var_to_bytes` writes it)
 * - script: a script resource path (`res://...`), written only with full objects
 */
export type ContainerType =
  | { readonly kind: "builtin"; readonly type: Kind }
  | { readonly kind: "class"; readonly className: string }
  | { readonly kind: "script"; readonly path: string };

export type DictionaryEntry = readonly [key: Value, value: Value];

/** Dictionary: insertion-ordered entries with keys of any kind. */
export interface DictionaryValue {
  readonly kind: "dictionary";
  readonly entries: readonly DictionaryEntry[];
  /** Typed dictionaries (4.4+): the key type. Absent = untyped keys. */
  readonly keyType?: ContainerType;
  /** Typed dictionaries (4.4+): the value type. Absent = untyped values. */
  readonly valueType?: ContainerType;
  /** 2.x: bit 31 of the count word (the container was shared). */
  readonly shared?: boolean;
}
export interface ArrayValue {
  readonly kind: "array";
  readonly items: readonly Value[];
  /** Typed arrays (4.3+). Absent = untyped. */
  readonly elementType?: ContainerType;
  /** 2.x: bit 31 of the count word (the container was shared). */
  readonly shared?: boolean;
}

/**
 * Packed arrays hold typed arrays. Decoders return views into the input when the bytes are
 * aligned (pass `copy: true` to decode for independent memory).
 */
export interface PackedByteArrayValue {
  readonly kind: "packedByteArray";
  readonly data: Uint8Array;
}
export interface PackedInt32ArrayValue {
  readonly kind: "packedInt32Array";
  readonly data: Int32Array;
}
export interface PackedInt64ArrayValue {
  readonly kind: "packedInt64Array";
  readonly data: BigInt64Array;
}
/** 2.x RealArray / 3.x PoolRealArray / 4.x PackedFloat32Array. */
export interface PackedFloat32ArrayValue {
  readonly kind: "packedFloat32Array";
  readonly data: Float32Array;
}
export interface PackedFloat64ArrayValue {
  readonly kind: "packedFloat64Array";
  readonly data: Float64Array;
}
export interface PackedStringArrayValue {
  readonly kind: "packedStringArray";
  readonly data: readonly string[];
}
/** Flat (x, y) pairs. Float64Array for 4.x double-precision builds. */
export interface PackedVector2ArrayValue {
  readonly kind: "packedVector2Array";
  readonly data: Float32Array | Float64Array;
}
/** Flat (x, y, z) triples. Float64Array for 4.x double-precision builds. */
export interface PackedVector3ArrayValue {
  readonly kind: "packedVector3Array";
  readonly data: Float32Array | Float64Array;
}
/** Flat (r, g, b, a) quadruples, always single precision. */
export interface PackedColorArrayValue {
  readonly kind: "packedColorArray";
  readonly data: Float32Array;
}
/** 4.3+: flat (x, y, z, w) quadruples. Float64Array for double-precision builds. */
export interface PackedVector4ArrayValue {
  readonly kind: "packedVector4Array";
  readonly data: Float32Array | Float64Array;
}

/**
 * 2.x Image (type 15). `format` is the 2.x `Image::Format` enum (0 GRAYSCALE ... 22 CUSTOM);
 * `data` holds every mip level as the engine stores them. An empty image has `data.length === 0`.
 */
export interface ImageValue {
  readonly kind: "image";
  readonly format: number;
  readonly mipmaps: number;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * 2.x InputEvent (type 19). Only what the 2.x wire format carries: the event type
 * (0 NONE, 1 KEY, 2 MOUSE_MOTION, 3 MOUSE_BUTTON, 4 JOYSTICK_MOTION, 5 JOYSTICK_BUTTON,
 * 6 SCREEN_TOUCH, 7 SCREEN_DRAG, 8 ACTION), the device, and per type:
 * KEY `modifiers` (mask: SHIFT 1<<25, ALT 1<<26, META 1<<27, CTRL 1<<28) and `scancode`;
 * MOUSE_BUTTON/JOYSTICK_BUTTON `buttonIndex`; SCREEN_TOUCH `index`;
 * JOYSTICK_MOTION `axis` and `axisValue` (absent in 2.0-era data).
 */
export interface InputEventValue {
  readonly kind: "inputEvent";
  readonly eventType: number;
  readonly device: number;
  readonly modifiers?: number;
  readonly scancode?: number;
  readonly buttonIndex?: number;
  readonly index?: number;
  readonly axis?: number;
  readonly axisValue?: number;
}

/** Any Variant value of any engine generation. */
export type Value =
  | NilValue
  | BoolValue
  | IntValue
  | FloatValue
  | StringValue
  | StringNameValue
  | Vector2Value
  | Vector2iValue
  | Rect2Value
  | Rect2iValue
  | Vector3Value
  | Vector3iValue
  | Transform2DValue
  | Matrix32Value
  | Vector4Value
  | Vector4iValue
  | PlaneValue
  | QuaternionValue
  | AabbValue
  | BasisValue
  | Matrix3Value
  | Transform3DValue
  | ProjectionValue
  | ColorValue
  | NodePathValue
  | RidValue
  | ObjectValue
  | CallableValue
  | SignalValue
  | DictionaryValue
  | ArrayValue
  | PackedByteArrayValue
  | PackedInt32ArrayValue
  | PackedInt64ArrayValue
  | PackedFloat32ArrayValue
  | PackedFloat64ArrayValue
  | PackedStringArrayValue
  | PackedVector2ArrayValue
  | PackedVector3ArrayValue
  | PackedColorArrayValue
  | PackedVector4ArrayValue
  | ImageValue
  | InputEventValue;

/** The value of kind `K`. */
export type ValueOf<K extends Kind> = Extract<Value, { kind: K }>;

/** Every kind name, in a stable order. */
export const KINDS = [
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "stringName",
  "vector2",
  "vector2i",
  "rect2",
  "rect2i",
  "vector3",
  "vector3i",
  "transform2d",
  "matrix32",
  "vector4",
  "vector4i",
  "plane",
  "quaternion",
  "aabb",
  "basis",
  "matrix3",
  "transform3d",
  "projection",
  "color",
  "nodePath",
  "rid",
  "object",
  "callable",
  "signal",
  "dictionary",
  "array",
  "packedByteArray",
  "packedInt32Array",
  "packedInt64Array",
  "packedFloat32Array",
  "packedFloat64Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
  "packedVector4Array",
  "image",
  "inputEvent",
] as const satisfies readonly Kind[];

const KIND_SET: ReadonlySet<string> = new Set(KINDS);

/** True when `kind` names a value kind. */
export function isKind(kind: unknown): kind is Kind {
  return typeof kind === "string" && KIND_SET.has(kind);
}

/**
 * Numeric fields of the fixed-size math kinds, in wire order. Matrix kinds use `values`.
 * Shared by codecs, text writers, equality and JSON.
 */
export const VECTOR_FIELDS = {
  vector2: ["x", "y"],
  vector2i: ["x", "y"],
  rect2: ["x", "y", "width", "height"],
  rect2i: ["x", "y", "width", "height"],
  vector3: ["x", "y", "z"],
  vector3i: ["x", "y", "z"],
  vector4: ["x", "y", "z", "w"],
  vector4i: ["x", "y", "z", "w"],
  plane: ["x", "y", "z", "d"],
  quaternion: ["x", "y", "z", "w"],
  aabb: ["x", "y", "z", "width", "height", "depth"],
  color: ["r", "g", "b", "a"],
} as const;

/** Kinds with named numeric fields. */
export type VectorKind = keyof typeof VECTOR_FIELDS;

/** Number of entries in `values` of the matrix kinds. */
export const MATRIX_SIZES = {
  transform2d: 6,
  matrix32: 6,
  basis: 9,
  matrix3: 9,
  transform3d: 12,
  projection: 16,
} as const;

export type MatrixKind = keyof typeof MATRIX_SIZES;

/** Packed array kinds and the typed array each holds. */
export const PACKED_KINDS = [
  "packedByteArray",
  "packedInt32Array",
  "packedInt64Array",
  "packedFloat32Array",
  "packedFloat64Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
  "packedVector4Array",
] as const;

export type PackedKind = (typeof PACKED_KINDS)[number];

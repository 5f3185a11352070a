import { EncodeError } from "../errors.js";
import type {
  AabbValue,
  ArrayValue,
  BasisValue,
  BoolValue,
  CallableValue,
  ColorValue,
  ContainerType,
  DictionaryEntry,
  DictionaryValue,
  FloatValue,
  FullObjectValue,
  ImageValue,
  InputEventValue,
  Int64,
  IntValue,
  Kind,
  Matrix3Value,
  Matrix32Value,
  NilValue,
  NodePathValue,
  NullObjectValue,
  ObjectIdValue,
  ObjectProperty,
  PackedByteArrayValue,
  PackedColorArrayValue,
  PackedFloat32ArrayValue,
  PackedFloat64ArrayValue,
  PackedInt32ArrayValue,
  PackedInt64ArrayValue,
  PackedStringArrayValue,
  PackedVector2ArrayValue,
  PackedVector3ArrayValue,
  PackedVector4ArrayValue,
  PlaneValue,
  ProjectionValue,
  QuaternionValue,
  Rect2iValue,
  Rect2Value,
  RidValue,
  SignalValue,
  StringNameValue,
  StringValue,
  Transform2DValue,
  Transform3DValue,
  Value,
  Vector2iValue,
  Vector2Value,
  Vector3iValue,
  Vector3Value,
  Vector4iValue,
  Vector4Value,
} from "./types.js";

// Literals rather than 2n ** 63n, which bundlers cannot prove free of side effects.
const I64_MIN = -9223372036854775808n;
const I64_MAX = 9223372036854775807n;

function invalid(message: string): never {
  throw new EncodeError(message, { code: "invalid-value" });
}

/**
 * Canonical {@link Int64}: a number when safe, a bigint otherwise.
 * @throws {EncodeError} `invalid-value` for a non-integer, `out-of-range` outside int64.
 */
export function toInt64(v: number | bigint): Int64 {
  if (typeof v === "number") {
    if (Number.isSafeInteger(v)) return v === 0 ? 0 : v; // no -0
    if (!Number.isInteger(v)) invalid(`not an integer: ${v}`);
    return toInt64(BigInt(v));
  }
  if (typeof v !== "bigint") invalid(`not an integer: ${String(v)}`);
  if (v < I64_MIN || v > I64_MAX) {
    throw new EncodeError(`integer out of int64 range: ${v}`, { code: "out-of-range" });
  }
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

function i32(v: number, what: string): number {
  if (!Number.isInteger(v) || v < -2147483648 || v > 2147483647) invalid(`${what} is not an int32: ${v}`);
  return v;
}

function num(v: number, what: string): number {
  if (typeof v !== "number") invalid(`${what} is not a number: ${String(v)}`);
  return v;
}

const NIL: NilValue = /* @__PURE__ */ Object.freeze({ kind: "nil" });

/** The null Variant. */
export function nil(): NilValue {
  return NIL;
}
export function bool(value: boolean): BoolValue {
  return { kind: "bool", value: !!value };
}
/**
 * An `int`. Accepts a number (must be an integer) or a bigint, stored canonically.
 * @throws {EncodeError} `invalid-value` / `out-of-range`.
 */
export function int(value: number | bigint): IntValue {
  return { kind: "int", value: toInt64(value) };
}
export function float(value: number): FloatValue {
  return { kind: "float", value: num(value, "float") };
}
export function string(value: string): StringValue {
  return { kind: "string", value: String(value) };
}
export function stringName(value: string): StringNameValue {
  return { kind: "stringName", value: String(value) };
}
export function vector2(x: number, y: number): Vector2Value {
  return { kind: "vector2", x: num(x, "x"), y: num(y, "y") };
}
export function vector2i(x: number, y: number): Vector2iValue {
  return { kind: "vector2i", x: i32(x, "x"), y: i32(y, "y") };
}
export function rect2(x: number, y: number, width: number, height: number): Rect2Value {
  return {
    kind: "rect2",
    x: num(x, "x"),
    y: num(y, "y"),
    width: num(width, "width"),
    height: num(height, "height"),
  };
}
export function rect2i(x: number, y: number, width: number, height: number): Rect2iValue {
  return {
    kind: "rect2i",
    x: i32(x, "x"),
    y: i32(y, "y"),
    width: i32(width, "width"),
    height: i32(height, "height"),
  };
}
export function vector3(x: number, y: number, z: number): Vector3Value {
  return { kind: "vector3", x: num(x, "x"), y: num(y, "y"), z: num(z, "z") };
}
export function vector3i(x: number, y: number, z: number): Vector3iValue {
  return { kind: "vector3i", x: i32(x, "x"), y: i32(y, "y"), z: i32(z, "z") };
}
export function vector4(x: number, y: number, z: number, w: number): Vector4Value {
  return { kind: "vector4", x: num(x, "x"), y: num(y, "y"), z: num(z, "z"), w: num(w, "w") };
}
export function vector4i(x: number, y: number, z: number, w: number): Vector4iValue {
  return { kind: "vector4i", x: i32(x, "x"), y: i32(y, "y"), z: i32(z, "z"), w: i32(w, "w") };
}
export function plane(x: number, y: number, z: number, d: number): PlaneValue {
  return { kind: "plane", x: num(x, "x"), y: num(y, "y"), z: num(z, "z"), d: num(d, "d") };
}
export function quaternion(x: number, y: number, z: number, w: number): QuaternionValue {
  return { kind: "quaternion", x: num(x, "x"), y: num(y, "y"), z: num(z, "z"), w: num(w, "w") };
}
export function aabb(
  x: number,
  y: number,
  z: number,
  width: number,
  height: number,
  depth: number,
): AabbValue {
  return {
    kind: "aabb",
    x: num(x, "x"),
    y: num(y, "y"),
    z: num(z, "z"),
    width: num(width, "width"),
    height: num(height, "height"),
    depth: num(depth, "depth"),
  };
}
export function color(r: number, g: number, b: number, a = 1): ColorValue {
  return { kind: "color", r: num(r, "r"), g: num(g, "g"), b: num(b, "b"), a: num(a, "a") };
}

function matrix<K extends "transform2d" | "matrix32" | "basis" | "matrix3" | "transform3d" | "projection">(
  kind: K,
  size: number,
  values: ArrayLike<number>,
): { kind: K; values: readonly number[] } {
  if (values.length !== size) invalid(`${kind} needs ${size} numbers, got ${values.length}`);
  const out = Array.from(values, (v, i) => num(v, `${kind}[${i}]`));
  return { kind, values: out };
}

/** Transform2D from x axis, y axis and origin: `[xx, xy, yx, yy, ox, oy]`. */
export function transform2d(values: ArrayLike<number>): Transform2DValue {
  return matrix("transform2d", 6, values);
}
/** 2.x Matrix32, same layout as {@link transform2d}. */
export function matrix32(values: ArrayLike<number>): Matrix32Value {
  return matrix("matrix32", 6, values);
}
/** Basis from nine numbers, row-major. */
export function basis(values: ArrayLike<number>): BasisValue {
  return matrix("basis", 9, values);
}
/** 2.x Matrix3, same layout as {@link basis}. */
export function matrix3(values: ArrayLike<number>): Matrix3Value {
  return matrix("matrix3", 9, values);
}
/** Transform3D: basis row-major (9), then origin (3). */
export function transform3d(values: ArrayLike<number>): Transform3DValue {
  return matrix("transform3d", 12, values);
}
/** Projection: sixteen numbers, column-major. */
export function projection(values: ArrayLike<number>): ProjectionValue {
  return matrix("projection", 16, values);
}

/**
 * A NodePath, from Godot's text syntax (`"/root/Main:position:x"`) or from its parts.
 * `""` is the empty path.
 */
export function nodePath(
  path:
    | string
    | { names?: readonly string[]; subnames?: readonly string[]; absolute?: boolean; property?: string },
): NodePathValue {
  if (typeof path === "string") {
    const absolute = path.startsWith("/");
    const body = absolute ? path.slice(1) : path;
    const [namePart = "", ...subs] = body.split(":");
    const names = namePart === "" ? [] : namePart.split("/").filter((n) => n !== "");
    return { kind: "nodePath", names, subnames: subs.filter((s) => s !== ""), absolute };
  }
  const out: { -readonly [K in keyof NodePathValue]: NodePathValue[K] } = {
    kind: "nodePath",
    names: [...(path.names ?? [])].map(String),
    subnames: [...(path.subnames ?? [])].map(String),
    absolute: !!path.absolute,
  };
  if (path.property !== undefined) out.property = String(path.property);
  return out;
}
export function rid(id: number | bigint = 0): RidValue {
  return { kind: "rid", id: toInt64(id) };
}
/** An object sent as its instance id. */
export function objectId(id: number | bigint): ObjectIdValue {
  return { kind: "object", form: "id", id: toInt64(id) };
}
/** A full object: class name and stored properties (inert data). */
export function fullObject(
  className: string,
  properties: readonly ObjectProperty[] | Record<string, Value> = [],
): FullObjectValue {
  const props = Array.isArray(properties)
    ? (properties as readonly ObjectProperty[]).map(([k, v]) => [String(k), v] as const)
    : Object.entries(properties as Record<string, Value>);
  return { kind: "object", form: "full", className: String(className), properties: props };
}
/** A bare object header with no payload (2.x). */
export function nullObject(): NullObjectValue {
  return { kind: "object", form: "null" };
}
export function callable(): CallableValue {
  return { kind: "callable" };
}
export function signal(name: string, objectId: number | bigint = 0): SignalValue {
  return { kind: "signal", name: String(name), objectId: toInt64(objectId) };
}

/** Options shared by the container constructors. */
export interface ContainerOptions {
  shared?: boolean;
}

/** An array. `elementType` makes it a typed array (4.3+). */
export function array(
  items: readonly Value[] = [],
  options: ContainerOptions & { elementType?: ContainerType } = {},
): ArrayValue {
  const out: { -readonly [K in keyof ArrayValue]: ArrayValue[K] } = { kind: "array", items: [...items] };
  if (options.elementType) out.elementType = options.elementType;
  if (options.shared) out.shared = true;
  return out;
}

/** A dictionary from entries or a Map. `keyType`/`valueType` make it typed (4.4+). */
export function dictionary(
  entries: Iterable<readonly [Value, Value]> = [],
  options: ContainerOptions & { keyType?: ContainerType; valueType?: ContainerType } = {},
): DictionaryValue {
  const list: DictionaryEntry[] = [];
  for (const [k, v] of entries) list.push([k, v]);
  const out: { -readonly [K in keyof DictionaryValue]: DictionaryValue[K] } = {
    kind: "dictionary",
    entries: list,
  };
  if (options.keyType) out.keyType = options.keyType;
  if (options.valueType) out.valueType = options.valueType;
  if (options.shared) out.shared = true;
  return out;
}

/** A builtin container element type, e.g. `builtinType("int")`. */
export function builtinType(type: Kind): ContainerType {
  return { kind: "builtin", type };
}
/** A native class container element type, e.g. `classType("Node")`. */
export function classType(className: string): ContainerType {
  return { kind: "class", className };
}
/** A script container element type, e.g. `scriptType("res://enemy.gd")`. */
export function scriptType(path: string): ContainerType {
  return { kind: "script", path };
}

function flat<T extends Float32Array | Float64Array>(data: T, stride: number, kind: string): T {
  if (data.length % stride !== 0)
    invalid(`${kind} data length ${data.length} is not a multiple of ${stride}`);
  return data;
}

export function packedByteArray(data: ArrayLike<number> = []): PackedByteArrayValue {
  return { kind: "packedByteArray", data: data instanceof Uint8Array ? data : Uint8Array.from(data) };
}
export function packedInt32Array(data: ArrayLike<number> = []): PackedInt32ArrayValue {
  return { kind: "packedInt32Array", data: data instanceof Int32Array ? data : Int32Array.from(data) };
}
export function packedInt64Array(data: ArrayLike<number | bigint> = []): PackedInt64ArrayValue {
  if (data instanceof BigInt64Array) return { kind: "packedInt64Array", data };
  const out = new BigInt64Array(data.length);
  for (let i = 0; i < data.length; i++) {
    const v = toInt64(data[i] as number | bigint);
    out[i] = BigInt(v);
  }
  return { kind: "packedInt64Array", data: out };
}
export function packedFloat32Array(data: ArrayLike<number> = []): PackedFloat32ArrayValue {
  return { kind: "packedFloat32Array", data: data instanceof Float32Array ? data : Float32Array.from(data) };
}
export function packedFloat64Array(data: ArrayLike<number> = []): PackedFloat64ArrayValue {
  return { kind: "packedFloat64Array", data: data instanceof Float64Array ? data : Float64Array.from(data) };
}
export function packedStringArray(data: readonly string[] = []): PackedStringArrayValue {
  return { kind: "packedStringArray", data: data.map(String) };
}
/** Flat x, y pairs. A Float64Array is kept as is (double-precision builds). */
export function packedVector2Array(data: ArrayLike<number> | Float64Array = []): PackedVector2ArrayValue {
  const d = data instanceof Float32Array || data instanceof Float64Array ? data : Float32Array.from(data);
  return { kind: "packedVector2Array", data: flat(d, 2, "packedVector2Array") };
}
export function packedVector3Array(data: ArrayLike<number> | Float64Array = []): PackedVector3ArrayValue {
  const d = data instanceof Float32Array || data instanceof Float64Array ? data : Float32Array.from(data);
  return { kind: "packedVector3Array", data: flat(d, 3, "packedVector3Array") };
}
export function packedColorArray(data: ArrayLike<number> = []): PackedColorArrayValue {
  const d = data instanceof Float32Array ? data : Float32Array.from(data);
  return { kind: "packedColorArray", data: flat(d, 4, "packedColorArray") };
}
export function packedVector4Array(data: ArrayLike<number> | Float64Array = []): PackedVector4ArrayValue {
  const d = data instanceof Float32Array || data instanceof Float64Array ? data : Float32Array.from(data);
  return { kind: "packedVector4Array", data: flat(d, 4, "packedVector4Array") };
}

/** A 2.x Image. */
export function image(fields: {
  format: number;
  mipmaps?: number;
  width: number;
  height: number;
  data: ArrayLike<number>;
}): ImageValue {
  return {
    kind: "image",
    format: fields.format,
    mipmaps: fields.mipmaps ?? 0,
    width: fields.width,
    height: fields.height,
    data: fields.data instanceof Uint8Array ? fields.data : Uint8Array.from(fields.data),
  };
}

/** A 2.x InputEvent; see {@link InputEventValue} for the fields each event type carries. */
export function inputEvent(fields: Omit<InputEventValue, "kind">): InputEventValue {
  return { kind: "inputEvent", ...fields };
}

import {
  arrayCodec,
  boolCodec,
  createDialect,
  type Dialect,
  dialectFactory,
  dictionaryCodec,
  floatCodec,
  intCodec,
  matrixCodec,
  nilCodec,
  nodePathCodec,
  objectCodec,
  packedByteArrayCodec,
  packedNumberCodec,
  packedStringArrayCodec,
  packedVectorCodec,
  ridCodec,
  stringCodec,
  vectorCodec,
} from "@gdvariant/core";
import { type Godot3DialectOptions, type Godot3Version, resolveVersion } from "./options.js";
import { TYPE_ID as T, TYPE_COUNT } from "./type-ids.js";

export { resolveVersion };

// Header word, 3.x:
//   bits 0-7   type id (0-26)
//   bits 8-15  ignored
//   bit 16     ENCODE_FLAG_64 on INT/REAL (i64/f64 payload), ENCODE_FLAG_OBJECT_AS_ID on OBJECT
//   bits 17-31 unused; ignored by the decoder
// Math types are always f32: 3.x never sets the flag on them, and its decoder ignores it.
function build(version: Godot3Version): Dialect {
  return createDialect({
    id: "godot-3",
    name: "Godot 3.x",
    engineVersions: version === "3.0" ? "3.0" : version === "3.1.0" ? "3.1.0" : `${version} (3.1.1-3.6)`,
    typeCount: TYPE_COUNT,
    codecs: [
      nilCodec(T.NIL),
      boolCodec(T.BOOL),
      // 3.0.x tested `val < -0x80000000`, an unsigned constant, so every int got the flag.
      intCodec(T.INT, version === "3.0" ? "always-64" : "auto"),
      floatCodec(T.REAL, "auto", { name: "REAL" }),
      stringCodec(T.STRING),
      vectorCodec(T.VECTOR2, "vector2", "VECTOR2"),
      vectorCodec(T.RECT2, "rect2", "RECT2"),
      vectorCodec(T.VECTOR3, "vector3", "VECTOR3"),
      matrixCodec(T.TRANSFORM2D, "transform2d", "TRANSFORM2D"),
      vectorCodec(T.PLANE, "plane", "PLANE"),
      vectorCodec(T.QUAT, "quaternion", "QUAT"),
      vectorCodec(T.AABB, "aabb", "AABB"),
      matrixCodec(T.BASIS, "basis", "BASIS"),
      matrixCodec(T.TRANSFORM, "transform3d", "TRANSFORM"),
      vectorCodec(T.COLOR, "color", "COLOR"),
      // Flag bit 1 (2.x property) becomes the last subname, as the 3.x decoder does.
      nodePathCodec(T.NODE_PATH, "subname"),
      // 3.x writes a bare header for any RID and decodes an empty one.
      ridCodec(T._RID, false),
      objectCodec(T.OBJECT),
      // Bit 31 of the count (2.x "shared") is masked on read and never written.
      dictionaryCodec(T.DICTIONARY, { untyped: "error", typedSince: "Godot 4.4" }),
      arrayCodec(T.ARRAY, { untyped: "error", typedSince: "Godot 4.3" }),
      packedByteArrayCodec(T.POOL_BYTE_ARRAY, "POOL_BYTE_ARRAY"),
      packedNumberCodec(T.POOL_INT_ARRAY, "packedInt32Array", "POOL_INT_ARRAY"),
      packedNumberCodec(T.POOL_REAL_ARRAY, "packedFloat32Array", "POOL_REAL_ARRAY"),
      packedStringArrayCodec(T.POOL_STRING_ARRAY, "POOL_STRING_ARRAY"),
      packedVectorCodec(T.POOL_VECTOR2_ARRAY, "packedVector2Array", "POOL_VECTOR2_ARRAY"),
      packedVectorCodec(T.POOL_VECTOR3_ARRAY, "packedVector3Array", "POOL_VECTOR3_ARRAY"),
      packedNumberCodec(T.POOL_COLOR_ARRAY, "packedColorArray", "POOL_COLOR_ARRAY"),
    ],
  });
}

/**
 * The Godot 3.x dialect for an engine release: the 27-type table (NIL through
 * POOL_COLOR_ARRAY) with that release's int width. Instances are cached per version, so
 * calling this twice with the same options returns the same object.
 *
 * @param options `version` (default `"3.6"`; bytes are the same for 3.1.1-3.6).
 * @throws {GdVariantError} for a `version` not in {@link GODOT3_VERSIONS}.
 */
export const godot3Dialect: (options?: Godot3DialectOptions) => Dialect = /* @__PURE__ */ dialectFactory<
  Godot3DialectOptions,
  Godot3Version
>({
  names: ["version"],
  resolve: resolveVersion,
  key: (version) => version,
  build,
});

/** The Godot 3.x dialect with default options (Godot 3.6; the same bytes as 3.1.1-3.5). */
export const dialect: Dialect = /* @__PURE__ */ godot3Dialect();

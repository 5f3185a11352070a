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
import { TYPE_COUNT } from "./type-ids.js";

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
    // Wire ids are literals, in TYPE_ID order: reading them from the TYPE_ID table keeps the table
    // in every decode + encode bundle (~200 bytes gzip). test/type-ids.test.ts checks each against it.
    codecs: [
      nilCodec(0),
      boolCodec(1),
      // 3.0.x tested `val < -0x80000000`, an unsigned constant, so every int got the flag.
      intCodec(2, version === "3.0" ? "always-64" : "auto"),
      floatCodec(3, "auto", { name: "REAL" }),
      stringCodec(4),
      vectorCodec(5, "vector2", "VECTOR2"),
      vectorCodec(6, "rect2", "RECT2"),
      vectorCodec(7, "vector3", "VECTOR3"),
      matrixCodec(8, "transform2d", "TRANSFORM2D"),
      vectorCodec(9, "plane", "PLANE"),
      vectorCodec(10, "quaternion", "QUAT"),
      vectorCodec(11, "aabb", "AABB"),
      matrixCodec(12, "basis", "BASIS"),
      matrixCodec(13, "transform3d", "TRANSFORM"),
      vectorCodec(14, "color", "COLOR"),
      // Flag bit 1 (2.x property) becomes the last subname, as the 3.x decoder does.
      nodePathCodec(15, "subname"),
      // 3.x writes a bare header for any RID and decodes an empty one.
      ridCodec(16, false),
      objectCodec(17),
      // Bit 31 of the count (2.x "shared") is masked on read and never written.
      dictionaryCodec(18, { untyped: "error", typedSince: "Godot 4.4" }),
      arrayCodec(19, { untyped: "error", typedSince: "Godot 4.3" }),
      packedByteArrayCodec(20, "POOL_BYTE_ARRAY"),
      packedNumberCodec(21, "packedInt32Array", "POOL_INT_ARRAY"),
      packedNumberCodec(22, "packedFloat32Array", "POOL_REAL_ARRAY"),
      packedStringArrayCodec(23, "POOL_STRING_ARRAY"),
      packedVectorCodec(24, "packedVector2Array", "POOL_VECTOR2_ARRAY"),
      packedVectorCodec(25, "packedVector3Array", "POOL_VECTOR3_ARRAY"),
      packedNumberCodec(26, "packedColorArray", "POOL_COLOR_ARRAY"),
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

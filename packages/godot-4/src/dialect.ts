import {
  type AnyCodec,
  arrayCodec,
  boolCodec,
  type Codec,
  callableCodec,
  createDialect,
  type Dialect,
  dialectFactory,
  dictionaryCodec,
  floatCodec,
  intCodec,
  type MathPrecision,
  matrixCodec,
  nilCodec,
  nodePathCodec,
  packedByteArrayCodec,
  packedNumberCodec,
  packedStringArrayCodec,
  packedVectorCodec,
  ridCodec,
  signalCodec,
  stringCodec,
  stringNameCodec,
  typedContainers,
  vectorCodec,
} from "@gdvariant/core";
import { godot4ObjectCodec } from "./codecs/object.js";
import { container, refuseEncode } from "./codecs/targeted.js";
import { type Godot4Options, type ResolvedGodot4Options, resolveGodot4Options } from "./options.js";
import { TYPE_COUNT } from "./type-ids.js";
import { featuresOf } from "./versions.js";

/** Builds the codec table of one option set. */
function buildDialect(o: ResolvedGodot4Options): Dialect {
  const f = featuresOf(o.version);
  const double = o.precision === "double";
  // Decoders of every 4.x version honour FLAG_64 on the math types (PR #48080, before 4.0).
  const p: MathPrecision = { flag64: true, write64: double };
  // Wire ids are literals, in TYPE_ID order: reading them from the TYPE_ID table keeps the table
  // in every decode + encode bundle (~200 bytes gzip). test/type-ids.test.ts checks each against it.
  const v4: Codec[] = [
    vectorCodec(12, "vector4", "VECTOR4", p),
    matrixCodec(19, "projection", "PROJECTION", p),
  ];
  if (double && !f.vector4Flag64) {
    // 4.0/4.1 double builds wrote these as doubles without FLAG_64: nothing can decode that.
    for (let i = 0; i < v4.length; i++) {
      v4[i] = refuseEncode(
        v4[i]!,
        `Godot ${o.version} double-precision builds cannot read ${v4[i]!.name} reliably (FLAG_64 on it needs 4.2+)`,
      );
    }
  }
  let pv4: AnyCodec = packedVectorCodec(38, "packedVector4Array", "PACKED_VECTOR4_ARRAY", p);
  if (!f.packedVector4Array) {
    pv4 = refuseEncode(pv4, `Godot ${o.version} has no PackedVector4Array (it needs Godot 4.3+)`);
  }
  const untyped = o.downgrade ? "drop" : "error";
  const codecs: AnyCodec[] = [
    nilCodec(0),
    boolCodec(1),
    intCodec(2, "auto"),
    floatCodec(3, "auto"),
    stringCodec(4),
    vectorCodec(5, "vector2", "VECTOR2", p),
    vectorCodec(6, "vector2i", "VECTOR2I"),
    vectorCodec(7, "rect2", "RECT2", p),
    vectorCodec(8, "rect2i", "RECT2I"),
    vectorCodec(9, "vector3", "VECTOR3", p),
    vectorCodec(10, "vector3i", "VECTOR3I"),
    matrixCodec(11, "transform2d", "TRANSFORM2D", p),
    v4[0]!,
    vectorCodec(13, "vector4i", "VECTOR4I"),
    vectorCodec(14, "plane", "PLANE", p),
    vectorCodec(15, "quaternion", "QUATERNION", p),
    vectorCodec(16, "aabb", "AABB", p),
    matrixCodec(17, "basis", "BASIS", p),
    matrixCodec(18, "transform3d", "TRANSFORM3D", p),
    v4[1]!,
    // Color is always f32, whatever the build.
    vectorCodec(20, "color", "COLOR"),
    stringNameCodec(21),
    nodePathCodec(22, "subname"),
    ridCodec(23, true),
    godot4ObjectCodec(f.scriptAsPath, o.version),
    callableCodec(25),
    signalCodec(26),
    container(
      dictionaryCodec(27, { typed: typedContainers }),
      dictionaryCodec(27, {
        typed: f.typedDictionaries ? typedContainers : undefined,
        untyped,
        typedSince: "Godot 4.4+",
      }),
    ),
    container(
      arrayCodec(28, { typed: typedContainers }),
      arrayCodec(28, {
        typed: f.typedArrays ? typedContainers : undefined,
        untyped,
        typedSince: "Godot 4.3+",
      }),
    ),
    packedByteArrayCodec(29),
    packedNumberCodec(30, "packedInt32Array", "PACKED_INT32_ARRAY"),
    packedNumberCodec(31, "packedInt64Array", "PACKED_INT64_ARRAY"),
    packedNumberCodec(32, "packedFloat32Array", "PACKED_FLOAT32_ARRAY"),
    packedNumberCodec(33, "packedFloat64Array", "PACKED_FLOAT64_ARRAY"),
    packedStringArrayCodec(34),
    packedVectorCodec(35, "packedVector2Array", "PACKED_VECTOR2_ARRAY", p),
    packedVectorCodec(36, "packedVector3Array", "PACKED_VECTOR3_ARRAY", p),
    packedNumberCodec(37, "packedColorArray", "PACKED_COLOR_ARRAY"),
    pv4,
  ];
  const suffix = o.precision === "double" ? ", double precision" : "";
  return createDialect({
    id: "godot-4",
    name: "Godot 4.x",
    engineVersions: `${o.version}${suffix}`,
    typeMask: 0xff,
    typeCount: TYPE_COUNT,
    codecs,
  });
}

/**
 * The Godot 4.x dialect for an option set (cached: the same options give the same object).
 * Decoding with any of them reads every 4.x form; the options change what encoding writes.
 * @param options - `version` (default `"4.6"`), `precision` (default `"single"`),
 *   `downgrade` (default `false`).
 * @throws {EncodeError} `invalid-value` for an unknown version or precision.
 */
export const godot4Dialect: (options?: Godot4Options) => Dialect = /* @__PURE__ */ dialectFactory<
  Godot4Options,
  ResolvedGodot4Options
>({
  names: ["version", "precision", "downgrade"],
  resolve: resolveGodot4Options,
  key: (o: ResolvedGodot4Options) => `${o.version}|${o.precision}|${o.downgrade ? 1 : 0}`,
  build: buildDialect,
});

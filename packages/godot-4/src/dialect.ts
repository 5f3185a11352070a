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
import { TYPE_ID as T, TYPE_COUNT } from "./type-ids.js";
import { featuresOf } from "./versions.js";

/** Builds the codec table of one option set. */
function buildDialect(o: ResolvedGodot4Options): Dialect {
  const f = featuresOf(o.version);
  const double = o.precision === "double";
  // Decoders of every 4.x version honour FLAG_64 on the math types (PR #48080, before 4.0).
  const p: MathPrecision = { flag64: true, write64: double };
  const v4: Codec[] = [
    vectorCodec(T.VECTOR4, "vector4", "VECTOR4", p),
    matrixCodec(T.PROJECTION, "projection", "PROJECTION", p),
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
  let pv4: AnyCodec = packedVectorCodec(
    T.PACKED_VECTOR4_ARRAY,
    "packedVector4Array",
    "PACKED_VECTOR4_ARRAY",
    p,
  );
  if (!f.packedVector4Array) {
    pv4 = refuseEncode(pv4, `Godot ${o.version} has no PackedVector4Array (it needs Godot 4.3+)`);
  }
  const untyped = o.downgrade ? "drop" : "error";
  const codecs: AnyCodec[] = [
    nilCodec(T.NIL),
    boolCodec(T.BOOL),
    intCodec(T.INT, "auto"),
    floatCodec(T.FLOAT, "auto"),
    stringCodec(T.STRING),
    vectorCodec(T.VECTOR2, "vector2", "VECTOR2", p),
    vectorCodec(T.VECTOR2I, "vector2i", "VECTOR2I"),
    vectorCodec(T.RECT2, "rect2", "RECT2", p),
    vectorCodec(T.RECT2I, "rect2i", "RECT2I"),
    vectorCodec(T.VECTOR3, "vector3", "VECTOR3", p),
    vectorCodec(T.VECTOR3I, "vector3i", "VECTOR3I"),
    matrixCodec(T.TRANSFORM2D, "transform2d", "TRANSFORM2D", p),
    v4[0]!,
    vectorCodec(T.VECTOR4I, "vector4i", "VECTOR4I"),
    vectorCodec(T.PLANE, "plane", "PLANE", p),
    vectorCodec(T.QUATERNION, "quaternion", "QUATERNION", p),
    vectorCodec(T.AABB, "aabb", "AABB", p),
    matrixCodec(T.BASIS, "basis", "BASIS", p),
    matrixCodec(T.TRANSFORM3D, "transform3d", "TRANSFORM3D", p),
    v4[1]!,
    // Color is always f32, whatever the build.
    vectorCodec(T.COLOR, "color", "COLOR"),
    stringNameCodec(T.STRING_NAME),
    nodePathCodec(T.NODE_PATH, "subname"),
    ridCodec(T.RID, true),
    godot4ObjectCodec(f.scriptAsPath, o.version),
    callableCodec(T.CALLABLE),
    signalCodec(T.SIGNAL),
    container(
      dictionaryCodec(T.DICTIONARY, { typed: typedContainers }),
      dictionaryCodec(T.DICTIONARY, {
        typed: f.typedDictionaries ? typedContainers : undefined,
        untyped,
        typedSince: "Godot 4.4+",
      }),
    ),
    container(
      arrayCodec(T.ARRAY, { typed: typedContainers }),
      arrayCodec(T.ARRAY, {
        typed: f.typedArrays ? typedContainers : undefined,
        untyped,
        typedSince: "Godot 4.3+",
      }),
    ),
    packedByteArrayCodec(T.PACKED_BYTE_ARRAY),
    packedNumberCodec(T.PACKED_INT32_ARRAY, "packedInt32Array", "PACKED_INT32_ARRAY"),
    packedNumberCodec(T.PACKED_INT64_ARRAY, "packedInt64Array", "PACKED_INT64_ARRAY"),
    packedNumberCodec(T.PACKED_FLOAT32_ARRAY, "packedFloat32Array", "PACKED_FLOAT32_ARRAY"),
    packedNumberCodec(T.PACKED_FLOAT64_ARRAY, "packedFloat64Array", "PACKED_FLOAT64_ARRAY"),
    packedStringArrayCodec(T.PACKED_STRING_ARRAY),
    packedVectorCodec(T.PACKED_VECTOR2_ARRAY, "packedVector2Array", "PACKED_VECTOR2_ARRAY", p),
    packedVectorCodec(T.PACKED_VECTOR3_ARRAY, "packedVector3Array", "PACKED_VECTOR3_ARRAY", p),
    packedNumberCodec(T.PACKED_COLOR_ARRAY, "packedColorArray", "PACKED_COLOR_ARRAY"),
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

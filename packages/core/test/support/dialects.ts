// Test dialects assembled from core's codec factories only, as a dialect author would write them
// (core's tests cannot depend on the dialect packages, which depend on core).

import {
  type AnyCodec,
  arrayCodec,
  bareObjectCodec,
  boolCodec,
  callableCodec,
  createDialect,
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
  signalCodec,
  stringCodec,
  stringNameCodec,
  typedContainers,
  vectorCodec,
} from "@gdvariant/core";
import { LEGACY_LEAVES, MODERN_LEAVES } from "@gdvariant/test-support/arbitraries";

const p = { flag64: true };

/** The 4.x table (Variant::Type of the engine's core/variant/variant.h), single precision. */
export function modernCodecs(precision: { flag64?: boolean; write64?: boolean } = p): AnyCodec[] {
  return [
    nilCodec(0),
    boolCodec(1),
    intCodec(2),
    floatCodec(3),
    stringCodec(4),
    vectorCodec(5, "vector2", "VECTOR2", precision),
    vectorCodec(6, "vector2i", "VECTOR2I"),
    vectorCodec(7, "rect2", "RECT2", precision),
    vectorCodec(8, "rect2i", "RECT2I"),
    vectorCodec(9, "vector3", "VECTOR3", precision),
    vectorCodec(10, "vector3i", "VECTOR3I"),
    matrixCodec(11, "transform2d", "TRANSFORM2D", precision),
    vectorCodec(12, "vector4", "VECTOR4", precision),
    vectorCodec(13, "vector4i", "VECTOR4I"),
    vectorCodec(14, "plane", "PLANE", precision),
    vectorCodec(15, "quaternion", "QUATERNION", precision),
    vectorCodec(16, "aabb", "AABB", precision),
    matrixCodec(17, "basis", "BASIS", precision),
    matrixCodec(18, "transform3d", "TRANSFORM3D", precision),
    matrixCodec(19, "projection", "PROJECTION", precision),
    vectorCodec(20, "color", "COLOR"),
    stringNameCodec(21),
    nodePathCodec(22, "subname"),
    ridCodec(23, true),
    objectCodec(24),
    callableCodec(25),
    signalCodec(26),
    dictionaryCodec(27, { typed: typedContainers }),
    arrayCodec(28, { typed: typedContainers }),
    packedByteArrayCodec(29),
    packedNumberCodec(30, "packedInt32Array", "PACKED_INT32_ARRAY"),
    packedNumberCodec(31, "packedInt64Array", "PACKED_INT64_ARRAY"),
    packedNumberCodec(32, "packedFloat32Array", "PACKED_FLOAT32_ARRAY"),
    packedNumberCodec(33, "packedFloat64Array", "PACKED_FLOAT64_ARRAY"),
    packedStringArrayCodec(34),
    packedVectorCodec(35, "packedVector2Array", "PACKED_VECTOR2_ARRAY", precision),
    packedVectorCodec(36, "packedVector3Array", "PACKED_VECTOR3_ARRAY", precision),
    packedNumberCodec(37, "packedColorArray", "PACKED_COLOR_ARRAY"),
    packedVectorCodec(38, "packedVector4Array", "PACKED_VECTOR4_ARRAY", precision),
  ];
}

export const modern = createDialect({
  id: "test-4",
  name: "Test 4.x",
  engineVersions: "4.4+",
  typeCount: 39,
  codecs: modernCodecs(),
});

export const modernDouble = createDialect({
  id: "test-4-double",
  name: "Test 4.x (double)",
  engineVersions: "4.4+",
  typeCount: 39,
  codecs: modernCodecs({ flag64: true, write64: true }),
});

/** A 2.x-like table: 32-bit ints/reals, shared bits, NodePath property, bare RID/OBJECT. */
export const legacy = createDialect({
  id: "test-2",
  name: "Test 2.x",
  engineVersions: "2.1",
  typeCount: 29,
  codecs: [
    nilCodec(0),
    boolCodec(1),
    intCodec(2, "32-only"),
    floatCodec(3, "32-only"),
    stringCodec(4),
    vectorCodec(5, "vector2", "VECTOR2"),
    vectorCodec(6, "rect2", "RECT2"),
    vectorCodec(7, "vector3", "VECTOR3"),
    matrixCodec(8, "matrix32", "MATRIX32"),
    vectorCodec(9, "plane", "PLANE"),
    vectorCodec(10, "quaternion", "QUAT"),
    vectorCodec(11, "aabb", "_AABB"),
    matrixCodec(12, "matrix3", "MATRIX3"),
    matrixCodec(13, "transform3d", "TRANSFORM"),
    vectorCodec(14, "color", "COLOR"),
    nodePathCodec(16, "separate"),
    ridCodec(17, false),
    bareObjectCodec(18),
    dictionaryCodec(20, { shared: true }),
    arrayCodec(21, { shared: true }),
    packedByteArrayCodec(22, "RAW_ARRAY"),
    packedNumberCodec(23, "packedInt32Array", "INT_ARRAY"),
    packedNumberCodec(24, "packedFloat32Array", "REAL_ARRAY"),
    packedStringArrayCodec(25, "STRING_ARRAY"),
    packedVectorCodec(26, "packedVector2Array", "VECTOR2_ARRAY"),
    packedVectorCodec(27, "packedVector3Array", "VECTOR3_ARRAY"),
    packedNumberCodec(28, "packedColorArray", "COLOR_ARRAY"),
  ],
});

/** The shared hex helpers, under the names core's tests use. */
export { bytesToHex as hex, hexToBytes as unhex } from "@gdvariant/test-support/hex";

/** The three test tables with the leaf kinds their random values may hold. */
export const DIALECTS_WITH_LEAVES = [
  [modern, MODERN_LEAVES],
  [modernDouble, MODERN_LEAVES],
  [legacy, LEGACY_LEAVES],
] as const;

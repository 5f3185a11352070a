// The 3.x and 4.x dialect tables (as @gdvariant/godot-3 and @gdvariant/godot-4 build them with
// default options), made from a given build of core's codec factories, for A/B runs of core.
export function tables(c) {
  const p = { flag64: true };
  const g3 = c.createDialect({
    id: "godot-3", name: "Godot 3.x", engineVersions: "3.2", typeCount: 27,
    codecs: [
      c.nilCodec(0), c.boolCodec(1), c.intCodec(2), c.floatCodec(3, "auto", { name: "REAL" }), c.stringCodec(4),
      c.vectorCodec(5, "vector2", "VECTOR2"), c.vectorCodec(6, "rect2", "RECT2"), c.vectorCodec(7, "vector3", "VECTOR3"),
      c.matrixCodec(8, "transform2d", "TRANSFORM2D"), c.vectorCodec(9, "plane", "PLANE"), c.vectorCodec(10, "quaternion", "QUAT"),
      c.vectorCodec(11, "aabb", "AABB"), c.matrixCodec(12, "basis", "BASIS"), c.matrixCodec(13, "transform3d", "TRANSFORM"),
      c.vectorCodec(14, "color", "COLOR"), c.nodePathCodec(15, "subname"), c.ridCodec(16, false), c.objectCodec(17),
      c.dictionaryCodec(18, { untyped: "error" }), c.arrayCodec(19, { untyped: "error" }), c.packedByteArrayCodec(20, "POOL_BYTE_ARRAY"),
      c.packedNumberCodec(21, "packedInt32Array", "POOL_INT_ARRAY"), c.packedNumberCodec(22, "packedFloat32Array", "POOL_REAL_ARRAY"),
      c.packedStringArrayCodec(23, "POOL_STRING_ARRAY"), c.packedVectorCodec(24, "packedVector2Array", "POOL_VECTOR2_ARRAY"),
      c.packedVectorCodec(25, "packedVector3Array", "POOL_VECTOR3_ARRAY"), c.packedNumberCodec(26, "packedColorArray", "POOL_COLOR_ARRAY"),
    ],
  });
  const g4 = c.createDialect({
    id: "godot-4", name: "Godot 4.x", engineVersions: "4.6", typeCount: 39,
    codecs: [
      c.nilCodec(0), c.boolCodec(1), c.intCodec(2), c.floatCodec(3), c.stringCodec(4), c.vectorCodec(5, "vector2", "VECTOR2", p),
      c.vectorCodec(6, "vector2i", "VECTOR2I"), c.vectorCodec(7, "rect2", "RECT2", p), c.vectorCodec(8, "rect2i", "RECT2I"),
      c.vectorCodec(9, "vector3", "VECTOR3", p), c.vectorCodec(10, "vector3i", "VECTOR3I"), c.matrixCodec(11, "transform2d", "TRANSFORM2D", p),
      c.vectorCodec(12, "vector4", "VECTOR4", p), c.vectorCodec(13, "vector4i", "VECTOR4I"), c.vectorCodec(14, "plane", "PLANE", p),
      c.vectorCodec(15, "quaternion", "QUATERNION", p), c.vectorCodec(16, "aabb", "AABB", p), c.matrixCodec(17, "basis", "BASIS", p),
      c.matrixCodec(18, "transform3d", "TRANSFORM3D", p), c.matrixCodec(19, "projection", "PROJECTION", p), c.vectorCodec(20, "color", "COLOR"),
      c.stringNameCodec(21), c.nodePathCodec(22, "subname"), c.ridCodec(23, true), c.objectCodec(24), c.callableCodec(25), c.signalCodec(26),
      c.dictionaryCodec(27, { typed: true }), c.arrayCodec(28, { typed: true }), c.packedByteArrayCodec(29),
      c.packedNumberCodec(30, "packedInt32Array", "PACKED_INT32_ARRAY"), c.packedNumberCodec(31, "packedInt64Array", "PACKED_INT64_ARRAY"),
      c.packedNumberCodec(32, "packedFloat32Array", "PACKED_FLOAT32_ARRAY"), c.packedNumberCodec(33, "packedFloat64Array", "PACKED_FLOAT64_ARRAY"),
      c.packedStringArrayCodec(34), c.packedVectorCodec(35, "packedVector2Array", "PACKED_VECTOR2_ARRAY", p),
      c.packedVectorCodec(36, "packedVector3Array", "PACKED_VECTOR3_ARRAY", p), c.packedNumberCodec(37, "packedColorArray", "PACKED_COLOR_ARRAY"),
      c.packedVectorCodec(38, "packedVector4Array", "PACKED_VECTOR4_ARRAY", p),
    ],
  });
  return { "godot-3": g3, "godot-4": g4 };
}

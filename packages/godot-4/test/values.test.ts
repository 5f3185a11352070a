// "Decode gives the described value": each vectors.txt line decodes to the value its line in
// vectors.gd builds (transcribed from that script; f32 fields rounded with Math.fround because
// the engine is a single-precision build). Ids come from the `# OBJID` / `# RID_ID` lines.
import {
  aabb,
  array,
  basis,
  bool,
  builtinType,
  callable,
  classType,
  color,
  dictionary,
  equals,
  float,
  fullObject,
  int,
  nil,
  nodePath,
  objectId,
  packedByteArray,
  packedColorArray,
  packedFloat32Array,
  packedFloat64Array,
  packedInt32Array,
  packedInt64Array,
  packedStringArray,
  packedVector2Array,
  packedVector3Array,
  packedVector4Array,
  plane,
  projection,
  quaternion,
  rect2,
  rect2i,
  rid,
  scriptType,
  signal,
  string,
  stringName,
  transform2d,
  transform3d,
  type Value,
  vector2,
  vector2i,
  vector3,
  vector3i,
  vector4,
  vector4i,
} from "@gdvariant/core";
import { decode } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { vectorFixtures } from "./support/fixtures.js";

const f = Math.fround;
/** The next double above a positive `x`. */
function nextUp(x: number): number {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  v.setBigUint64(0, v.getBigUint64(0) + 1n);
  return v.getFloat64(0);
}
const s = string;
const i = int;
const res = (name: string): Value =>
  fullObject("Resource", [
    ["resource_local_to_scene", bool(false)],
    ["resource_name", s(name)],
    ["script", nil()],
  ]);
const myRes = (health: number, title: string): Value =>
  fullObject("Resource", [
    ["resource_local_to_scene", bool(false)],
    ["resource_name", s("")],
    ["script", s("res://my_res.gd")],
    ["health", i(health)],
    ["title", s(title)],
  ]);
const encodedAsId = classType("EncodedObjectAsID");
const typedInt = array([i(1), i(2), i(3)], { elementType: builtinType("int") });
const typedStringInt = dictionary(
  [
    [s("a"), i(1)],
    [s("b"), i(2)],
  ],
  { keyType: builtinType("string"), valueType: builtinType("int") },
);

const EXPECTED: Readonly<Record<string, Value>> = {
  nil: nil(),
  bool_false: bool(false),
  bool_true: bool(true),
  int_0: i(0),
  int_1: i(1),
  int_neg1: i(-1),
  int_255: i(255),
  int_2147483647: i(2147483647),
  int_neg2147483648: i(-2147483648),
  int_2147483648: i(2147483648),
  int_neg2147483649: i(-2147483649),
  int_max64: i(9223372036854775807n),
  int_min64: i(-9223372036854775808n),
  int_1e12: i(1e12),
  float_0: float(0),
  float_neg0: float(0), // GDScript folds the constant -0.0 to 0.0; the runtime one keeps the sign
  "float_1.5": float(1.5),
  "float_neg2.25": float(-2.25),
  "float_0.1": float(0.1),
  float_1e300: float(1e300),
  float_inf: float(Number.POSITIVE_INFINITY),
  float_neginf: float(Number.NEGATIVE_INFINITY),
  float_nan: float(Number.NaN),
  // GDScript's literal parser reads 3.4028234663852886e38 one ulp high (the engine also prints
  // the literal 3.4e38 as 3.4000000000000003e+38), so the script's value is the next double up.
  float_f32max: float(nextUp(3.4028234663852886e38)),
  "float_1e-45": float(1e-45),
  float_16777217: float(16777217),
  float_pi: float(Math.PI),
  float_100: float(100),
  str_empty: s(""),
  str_a: s("a"),
  str_ab: s("ab"),
  str_abc: s("abc"),
  str_abcd: s("abcd"),
  str_abcde: s("abcde"),
  str_hello: s("Hello, World!"),
  str_unicode_e: s("héllo"),
  str_cjk: s("日本語"),
  str_emoji: s("a😀b"),
  str_newline: s("line1\nline2\ttab"),
  vec2: vector2(1.5, -2.25),
  "vec2_0.1": vector2(f(0.1), f(0.2)),
  vec2_zero: vector2(0, 0),
  vec2i: vector2i(1, -2),
  vec2i_big: vector2i(2147483647, -2147483648),
  rect2: rect2(1.5, 2.5, 3.5, 4.5),
  rect2i: rect2i(1, -2, 3, 4),
  vec3: vector3(1.5, -2.25, 3),
  vec3i: vector3i(1, -2, 3),
  transform2d: transform2d([1, 2, 3, 4, 5, 6]),
  transform2d_identity: transform2d([1, 0, 0, 1, 0, 0]),
  vec4: vector4(1.5, -2.25, 3, 4),
  vec4i: vector4i(1, -2, 3, -4),
  plane: plane(1, 2, 3, 4),
  quat: quaternion(f(0.1), f(0.2), f(0.3), f(0.4)),
  quat_identity: quaternion(0, 0, 0, 1),
  aabb: aabb(1, 2, 3, 4, 5, 6),
  // Basis(x_axis, y_axis, z_axis) takes columns; the wire holds rows.
  basis: basis([1, 4, 7, 2, 5, 8, 3, 6, 9]),
  basis_identity: basis([1, 0, 0, 0, 1, 0, 0, 0, 1]),
  transform3d: transform3d([1, 4, 7, 2, 5, 8, 3, 6, 9, 10, 11, 12]),
  transform3d_identity: transform3d([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
  projection: projection([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]),
  projection_identity: projection([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
  color: color(f(0.1), f(0.2), f(0.3), f(0.4)),
  color_red: color(1, 0, 0, 1),
  stringname: stringName("hello"),
  stringname_empty: stringName(""),
  stringname_unicode: stringName("héllo"),
  nodepath_empty: nodePath(""),
  nodepath_rel: nodePath("A/B"),
  nodepath_abs: nodePath("/root/Main"),
  nodepath_subnames: nodePath("Node/Child:prop:sub"),
  nodepath_abs_subname: nodePath("/root/X:position:x"),
  nodepath_only_subname: nodePath(":prop"),
  nodepath_parent: nodePath("../Sibling"),
  nodepath_dot: nodePath("."),
  nodepath_unicode: nodePath("Nöde/日本"),
  rid_empty: rid(0),
  rid_real: rid(94489280512),
  object_null_typed: nil(),
  object_as_id: objectId(26558334384),
  full_object_plain: fullObject("Object", [["script", nil()]]),
  full_object_null: nil(),
  full_refcounted: fullObject("RefCounted", [["script", nil()]]),
  refcounted_as_id: objectId(-9223372010279664207n),
  full_resource: res(""),
  full_resource_named: res("named"),
  full_script_resource: myRes(42, "héro"),
  full_script_refcounted: fullObject("RefCounted", [["script", s("res://my_ref.gd")]]),
  full_array_with_resource: array([i(1), res("named")]),
  full_dict_with_resource: dictionary([[s("r"), res("named")]]),
  callable_method: callable(),
  callable_empty: callable(),
  callable_lambda: callable(),
  // The SceneTree's id is not printed by vectors.gd: checked for name and a nonzero id below.
  signal: signal("my_signal", 0),
  signal_empty: signal("", 0),
  dict_empty: dictionary(),
  dict_simple: dictionary([[s("a"), i(1)]]),
  dict_mixed: dictionary([
    [s("a"), i(1)],
    [i(2), s("b")],
    [vector2(1, 2), array([i(1), i(2)])],
    [nil(), bool(true)],
    [float(1.5), stringName("sn")],
  ]),
  dict_nested: dictionary([
    [s("outer"), dictionary([[s("inner"), array([i(1), dictionary([[s("deep"), s("x")]])])]])],
  ]),
  dict_typed_string_int: typedStringInt,
  dict_typed_string_int_empty: dictionary([], {
    keyType: builtinType("string"),
    valueType: builtinType("int"),
  }),
  dict_typed_int_node_empty: dictionary([], { keyType: builtinType("int"), valueType: encodedAsId }),
  dict_typed_string_variant: dictionary([[s("x"), float(1.5)]], { keyType: builtinType("string") }),
  dict_typed_variant_int: dictionary([[s("x"), i(1)]], { valueType: builtinType("int") }),
  dict_typed_stringname_myres_empty: dictionary([], {
    keyType: builtinType("stringName"),
    valueType: encodedAsId,
  }),
  dict_typed_vec2i_array: dictionary([[vector2i(1, 2), array([i(3)])]], {
    keyType: builtinType("vector2i"),
    valueType: builtinType("array"),
  }),
  array_empty: array(),
  array_mixed: array([i(1), s("a"), nil(), float(1.5), bool(true)]),
  array_nested: array([array([i(1)]), array([i(2), array([i(3)])]), dictionary([[s("k"), array()]])]),
  array_typed_int: typedInt,
  array_typed_int_empty: array([], { elementType: builtinType("int") }),
  array_typed_string: array([s("a"), s("bc")], { elementType: builtinType("string") }),
  array_typed_vec2: array([vector2(1, 2)], { elementType: builtinType("vector2") }),
  array_typed_node_empty: array([], { elementType: encodedAsId }),
  array_typed_object_empty: array([], { elementType: encodedAsId }),
  full_array_typed_resource: array([res("named")], { elementType: classType("Resource") }),
  array_typed_script_empty: array([], { elementType: encodedAsId }),
  array_typed_dict: array([dictionary()], { elementType: builtinType("dictionary") }),
  array_typed_array: array([array([i(1)])], { elementType: builtinType("array") }),
  pba_empty: packedByteArray([]),
  pba_1: packedByteArray([1]),
  pba_3: packedByteArray([1, 2, 255]),
  pba_4: packedByteArray([1, 2, 3, 4]),
  pba_5: packedByteArray([1, 2, 3, 4, 5]),
  pi32_empty: packedInt32Array([]),
  pi32: packedInt32Array([1, -1, 2147483647]),
  pi64: packedInt64Array([1, -1, 9223372036854775807n]),
  pf32: packedFloat32Array([1.5, 0.1, -2]),
  pf64: packedFloat64Array([1.5, 0.1, -2]),
  pstr_empty: packedStringArray([]),
  pstr: packedStringArray(["a", "héllo", "", "abcd"]),
  pv2: packedVector2Array(new Float32Array([1, 2, -0.5, 0.1])),
  pv3: packedVector3Array(new Float32Array([1, 2, 3, -0.5, 0.1, 9])),
  pcolor: packedColorArray([1, 0, 0, 1, 0.1, 0.2, 0.3, 0.4]),
  pv4: packedVector4Array(new Float32Array([1, 2, 3, 4, -0.5, 0.1, 9, 0])),
  pv4_empty: packedVector4Array(new Float32Array(0)),
  nested_big: dictionary([
    [s("name"), s("Player")],
    [s("pos"), vector3(1, 2, 3)],
    [
      s("inv"),
      array([
        dictionary([
          [s("id"), i(1)],
          [s("qty"), i(5)],
        ]),
        dictionary([
          [s("id"), i(2)],
          [s("qty"), packedInt32Array([1, 2])],
        ]),
      ]),
    ],
    [s("tags"), packedStringArray(["a", "b"])],
    [s("path"), nodePath("A/B:c")],
    [s("sn"), stringName("x")],
  ]),
  float_neg0_runtime: float(-0),
  full_array_typed_node_empty: array([], { elementType: classType("Node") }),
  full_array_typed_object_empty: array([], { elementType: classType("Object") }),
  full_array_typed_script_empty: array([], { elementType: scriptType("res://my_res.gd") }),
  full_array_typed_script_1: array([myRes(42, "héro")], { elementType: scriptType("res://my_res.gd") }),
  full_dict_typed_int_node_empty: dictionary([], {
    keyType: builtinType("int"),
    valueType: classType("Node"),
  }),
  full_dict_typed_stringname_myres_empty: dictionary([], {
    keyType: builtinType("stringName"),
    valueType: scriptType("res://my_res.gd"),
  }),
  full_dict_typed_string_resource: dictionary([[s("k"), res("named")]], {
    keyType: builtinType("string"),
    valueType: classType("Resource"),
  }),
  full_dict_typed_resource_int_empty: dictionary([], {
    keyType: classType("Resource"),
    valueType: builtinType("int"),
  }),
  dict_typed_resource_int_empty: dictionary([], { keyType: encodedAsId, valueType: builtinType("int") }),
  array_typed_stringname: array([stringName("a")], { elementType: builtinType("stringName") }),
  array_typed_float: array([float(1), float(0.1)], { elementType: builtinType("float") }),
  array_typed_bool: array([bool(true)], { elementType: builtinType("bool") }),
  array_typed_pba: array([packedByteArray([7])], { elementType: builtinType("packedByteArray") }),
  array_of_packed: array([
    packedInt32Array([1]),
    packedFloat64Array([0.5]),
    packedVector2Array(new Float32Array([1, 1])),
  ]),
  array_big_ints: array([i(2147483648), i(-1), float(0.1), float(1.5)]),
  dict_int_keys: dictionary([
    [i(1), i(2)],
    [i(-1), i(3)],
    [i(4294967296), i(5)],
  ]),
  dict_nested_typed_in_untyped: dictionary([
    [s("t"), typedInt],
    [s("d"), typedStringInt],
  ]),
  full_script_resource_defaults_changed: myRes(1, ""),
  full_script_resource_default: myRes(7, "hero"),
  full_array_same_resource_twice: array([res("named"), res("named")]),
  "vec3_0.1": vector3(f(0.1), f(0.2), f(0.3)),
  color_over1: color(2, -1, 0.5, 1),
};

describe("vectors.txt decodes to the value vectors.gd describes", () => {
  const fixtures = vectorFixtures().filter(
    (x) => !x.label.startsWith("filestore") && !x.label.startsWith("streampeer"),
  );
  it("every line has an expected value", () => {
    expect(fixtures.map((x) => x.label).filter((l) => !(l in EXPECTED))).toEqual([]);
  });
  it.each(fixtures.map((x) => [x.label, x] as const))("%s", (label, fx) => {
    const got = decode(fx.bytes, { allowObjects: fx.full, exact: true });
    let want = EXPECTED[label]!;
    if (label === "signal" && got.kind === "signal") {
      expect(got.objectId).not.toBe(0);
      want = signal("my_signal", got.objectId);
    }
    if (!equals(got, want)) expect(got).toEqual(want);
    expect(equals(got, want)).toBe(true);
  });
});

extends SceneTree
# Fixture generator for @gdvariant/godot-4. Prints one line per case:
#   @@<TAB><label><TAB><hex of the bytes><TAB><var_to_str of the value decoded back, c_escape'd>
# Labels starting with "full_" were written with var_to_bytes_with_objects and their text comes
# from bytes_to_var_with_objects; everything else uses var_to_bytes / bytes_to_var.
# Run through tools/godot-4/generate.mjs, which writes packages/godot-4/test/fixtures/.
const MyRes = preload("res://my_res.gd")
const MyRef = preload("res://my_ref.gd")
signal my_signal(x)

# The random values: generate-values.gd (random-values.gd with wider pools and more kinds); its
# rng is this script's.
var gen = preload("res://generate-values.gd").new()
var rng: RandomNumberGenerator = gen.rng

func emit_case(label: String, bytes: PackedByteArray, full: bool) -> void:
	var back = bytes_to_var_with_objects(bytes) if full else bytes_to_var(bytes)
	print("@@\t", label, "\t", bytes.hex_encode(), "\t", var_to_str(back).c_escape())

func v(label: String, value) -> void:
	emit_case(label, var_to_bytes(value), false)

func vf(label: String, value) -> void:
	emit_case("full_" + label, var_to_bytes_with_objects(value), true)

func dummy_method(): pass

# Bytes the engine never writes but reads: printed with the engine's own re-encoding as a fourth
# column (labels start with "read_").
func r(label: String, bytes: PackedByteArray) -> void:
	var back = bytes_to_var(bytes)
	print("@@\tread_", label, "\t", bytes.hex_encode(), "\t", var_to_str(back).c_escape(), "\t", var_to_bytes(back).hex_encode())

# One value of each builtin type id, for typed containers and key-order cases.
func sample(t: int):
	match t:
		TYPE_NIL: return null
		TYPE_BOOL: return true
		TYPE_INT: return -7
		TYPE_FLOAT: return 2.5
		TYPE_STRING: return "s"
		TYPE_VECTOR2: return Vector2(1, 2)
		TYPE_VECTOR2I: return Vector2i(1, 2)
		TYPE_RECT2: return Rect2(1, 2, 3, 4)
		TYPE_RECT2I: return Rect2i(1, 2, 3, 4)
		TYPE_VECTOR3: return Vector3(1, 2, 3)
		TYPE_VECTOR3I: return Vector3i(1, 2, 3)
		TYPE_TRANSFORM2D: return Transform2D(0.5, Vector2(3, 4))
		TYPE_VECTOR4: return Vector4(1, 2, 3, 4)
		TYPE_VECTOR4I: return Vector4i(1, 2, 3, 4)
		TYPE_PLANE: return Plane(0, 1, 0, 2)
		TYPE_QUATERNION: return Quaternion(0, 0, 0, 1)
		TYPE_AABB: return AABB(Vector3(1, 2, 3), Vector3(4, 5, 6))
		TYPE_BASIS: return Basis.from_scale(Vector3(2, 3, 4))
		TYPE_TRANSFORM3D: return Transform3D(Basis.IDENTITY, Vector3(1, 2, 3))
		TYPE_PROJECTION: return Projection.IDENTITY
		TYPE_COLOR: return Color(0.25, 0.5, 0.75, 1)
		TYPE_STRING_NAME: return &"sn"
		TYPE_NODE_PATH: return NodePath("a/b:c")
		TYPE_RID: return RID()
		TYPE_OBJECT: return null
		TYPE_CALLABLE: return Callable()
		TYPE_SIGNAL: return Signal()
		TYPE_DICTIONARY: return {"k": 1}
		TYPE_ARRAY: return [1, "x"]
		TYPE_PACKED_BYTE_ARRAY: return PackedByteArray([1, 2])
		TYPE_PACKED_INT32_ARRAY: return PackedInt32Array([1, -2])
		TYPE_PACKED_INT64_ARRAY: return PackedInt64Array([1, -2])
		TYPE_PACKED_FLOAT32_ARRAY: return PackedFloat32Array([0.5, 0.1])
		TYPE_PACKED_FLOAT64_ARRAY: return PackedFloat64Array([0.5, 0.1])
		TYPE_PACKED_STRING_ARRAY: return PackedStringArray(["a", "b"])
		TYPE_PACKED_VECTOR2_ARRAY: return PackedVector2Array([Vector2(1, 2)])
		TYPE_PACKED_VECTOR3_ARRAY: return PackedVector3Array([Vector3(1, 2, 3)])
		TYPE_PACKED_COLOR_ARRAY: return PackedColorArray([Color(1, 0, 0)])
		TYPE_PACKED_VECTOR4_ARRAY: return PackedVector4Array([Vector4(1, 2, 3, 4)])
	return null

func float_cases() -> Array:
	return [0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, 0.30000000000000004,
		1e14, 1e15, 1e16, 1e17, 123456789012345.0, 1234567890123456.0, 999999999999999.0,
		9999999999999998.0, 100000000000000.5, 0.0001, 0.00001, 0.000123, 0.0000999, 0.00009999999999999999,
		1e-300, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 3.4028234663852886e38,
		1e-45, 1.1754943508222875e-38, 16777216.0, 16777217.0, 9007199254740992.0, 4503599627370495.5,
		-429.0, 100.0, 1e21, 1e22, 1e23, 123456.0, 1234567.0, 12345678.0, 1e7, 1e6, 1e5,
		NAN, INF, -INF, PI, TAU, exp(1.0), sqrt(2.0), -1e-7, 7.0385307e-26, 0.1 + 0.2, 1.5e-10,
		65504.0, 0.007, 8.589973e9, 2.0e-44, 1.0e-38, 3.0e38, 299792458.0]

func text_cases() -> Array:
	var out = ["", "plain", "quote \" back \\ slash", "single ' quote", "question ? mark", "tab\tnl\ncr\r",
		"bell\u0007 bs\u0008 ff\u000c vt\u000b", "é日本語🎮", "\u00a0nbsp", "trailing\\", "??=", "a\"b\"c"]
	for c in range(1, 32):
		out.append("c" + String.chr(c) + "c")
	out.append("del" + String.chr(127))
	return out

func _init():
	var seed_ = 4242
	var count = 400
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--seed="): seed_ = int(a.substr(7))
		if a.begins_with("--count="): count = int(a.substr(8))
	rng.seed = seed_
	gen.signal_owner = self
	print("ENGINE ", Engine.get_version_info()["string"])

	# --- every builtin type, via sample()
	for t in range(TYPE_MAX):
		v("type_%d" % t, sample(t))

	# --- floats: standalone (f32 or f64 on the wire), in f32 slots, in PackedFloat64Array
	var fl = float_cases()
	for i in range(fl.size()):
		var x: float = fl[i]
		v("float_%d" % i, x)
		v("vec2_float_%d" % i, Vector2(x, -x))
		v("color_float_%d" % i, Color(x, x, x, x))
	v("pf32_cases", PackedFloat32Array(fl))
	v("pf64_cases", PackedFloat64Array(fl))
	v("array_float_cases", fl)
	for chunk in range(30):
		var d := PackedFloat64Array()
		var s := PackedFloat32Array()
		for i in range(50):
			d.append(gen.random_double())
			s.append(gen.random_single())
		v("pf64_random_%d" % chunk, d)
		v("pf32_random_%d" % chunk, s)
	for chunk in range(10):
		var d := PackedFloat64Array()
		for i in range(50):
			d.append(rng.randf() * pow(10, rng.randi_range(-20, 20)))
		v("pf64_decimal_%d" % chunk, d)

	# --- ints
	v("pi64_edges", PackedInt64Array([0, 1, -1, 2147483647, -2147483648, 2147483648, 9007199254740991, 9007199254740993, -9007199254740993, 9223372036854775807, -9223372036854775807 - 1]))
	for x in [9007199254740992, 9007199254740993, -9007199254740993, 4294967296, -4294967296]:
		v("int_%d" % x, x)

	# --- strings in every text form
	var ts = text_cases()
	for i in range(ts.size()):
		v("str_%d" % i, ts[i])
		v("sname_%d" % i, StringName(ts[i]))
		v("npath_%d" % i, NodePath(ts[i]))
	v("pstr_cases", PackedStringArray(ts))

	# --- node paths
	for p in ["", ".", "..", "/", "/root", "/root/Main", "A/B", "A/B:c", ":c", ":c:d", "/root:x", "../A/./B", "A//B", "%Unique", "日本/é:ü"]:
		v("nodepath_" + p.c_escape(), NodePath(p))

	# --- RID, Callable, Signal, objects as id
	var body = PhysicsServer3D.body_create()
	v("rid_real", body)
	v("rid_empty", RID())
	v("callable_method", Callable(self, "dummy_method"))
	v("callable_lambda", func(): pass)
	v("signal", Signal(self, "my_signal"))
	v("signal_empty", Signal())
	var o = Object.new()
	v("object_as_id", o)
	var rc = RefCounted.new()
	v("refcounted_as_id", rc)
	var nnull: Node = null
	v("object_null", nnull)
	v("array_with_objects_as_id", [o, rc, nnull])

	# --- full objects (text of script objects also lists script variables that are not stored)
	vf("object", o)
	vf("refcounted", rc)
	vf("null", nnull)
	var r = Resource.new()
	vf("resource", r)
	var r2 = Resource.new(); r2.resource_name = "named \"quoted\""
	vf("resource_named", r2)
	var mr = MyRes.new(); mr.health = 42; mr.title = "héro"
	vf("script_resource", mr)
	vf("script_refcounted", MyRef.new())
	var node = Node.new()
	vf("node", node)
	vf("array_of_objects", [r, r2, o, 1])
	vf("dict_of_objects", {"r": r2, 1: rc, r: 2})
	var tar: Array[Resource] = [r2]
	vf("array_typed_resource", tar)
	var tams: Array[MyRes] = [mr]
	vf("array_typed_script", tams)
	var tams_e: Array[MyRes] = []
	vf("array_typed_script_empty", tams_e)
	v("array_typed_script_empty", tams_e)
	var tdr: Dictionary[String, Resource] = {"k": r2}
	vf("dict_typed_string_resource", tdr)
	var tdsm: Dictionary[MyRes, StringName] = {mr: &"x"}
	vf("dict_typed_script_key", tdsm)
	v("dict_typed_script_key_empty", Dictionary({}, TYPE_OBJECT, &"Resource", MyRes, TYPE_STRING_NAME, &"", null))

	# --- typed arrays and dictionaries of every builtin element type
	for t in range(TYPE_MAX):
		if t == TYPE_NIL or t == TYPE_OBJECT: continue
		var a = Array([], t, &"", null)
		var s = sample(t)
		if s != null: a.append(s)
		v("array_typed_%d" % t, a)
		v("array_typed_empty_%d" % t, Array([], t, &"", null))
		var dk = Dictionary({}, t, &"", null, TYPE_NIL, &"", null)
		if s != null: dk[s] = 1
		v("dict_typed_key_%d" % t, dk)
		var dv = Dictionary({}, TYPE_NIL, &"", null, t, &"", null)
		if s != null: dv["k"] = s
		v("dict_typed_value_%d" % t, dv)
	for cls in [&"Object", &"Node", &"Resource", &"RefCounted"]:
		v("array_typed_class_" + cls, Array([], TYPE_OBJECT, cls, null))
		vf("array_typed_class_" + cls, Array([], TYPE_OBJECT, cls, null))
		v("dict_typed_class_" + cls, Dictionary({}, TYPE_INT, &"", null, TYPE_OBJECT, cls, null))
		vf("dict_typed_class_" + cls, Dictionary({}, TYPE_OBJECT, cls, null, TYPE_INT, &"", null))
	var tnode: Array[Node] = [node]
	v("array_typed_node_with_id", tnode)

	# --- dictionary key order (engine sorts keys in var_to_str)
	var mixed = {"b": 1, "a": 2, 3: 4, 1: 5, &"c": 6, Vector2(1, 2): 7, null: 8, 1.5: 9, NAN: 10, -INF: 11, true: 12, false: 13,
		"é": 14, "😀": 15, "！": 16, &"B": 17, Vector2i(0, 0): 18, Vector3(0, 0, 1): 19, NodePath("b"): 20, NodePath("a"): 21,
		Color(1, 0, 0): 22, Color(0, 1, 0): 23, [2]: 24, [1, 2]: 25, [1]: 26, RID(): 27, &"a2": 28, "a1": 29, 2.5: 30, -1: 31}
	v("dict_key_order_mixed", mixed)
	for i in range(60):
		var d = {}
		for j in range(rng.randi_range(2, 40)):
			d[gen.rkey()] = j
		v("dict_key_order_%d" % i, d)

	# --- records: arrays of dictionaries of one shape. Keys repeat in the same slots (entry index
	# and entry count); the encoder copies a repeated String key's bytes (Encoder.encodeKeyIn).
	# Also: a StringName key with a String key's text in its slot, a non-ASCII key, a longer and
	# a shorter dictionary, nested records, a key of another type.
	var recs = []
	for i in range(6):
		recs.append({"id": i, "name": "unit %d" % i, "pos": Vector2(i, -i), "tags": ["a", "b"], "stats": {"str": i, "dex": 2}})
	recs.append({"id": 9, &"name": "sn", "pos": null, "tags": [], "stats": {"str": 1, "dex": 2}})
	recs.append({"id": 10, "namé": "x", "pos": 1, "日本": 2, "stats": {}})
	recs.append({"id": 11, "name": "y", "pos": 2, "tags": 3, "stats": {"str": 1, "dex": 2, "int": 3}})
	recs.append({"id": 12, "name": "z", "pos": 3, 4: "tags", "stats": {"str": 1, "dex": 2}})
	recs.append({"id": 13, "name": "w", "pos": 4, "tags": 5, "stats": {"str": 1, "dex": 2}})
	v("records", recs)

	# --- text recursion limit (the writer stops at depth 100)
	for depth in [99, 100, 101, 102]:
		var a = []
		var cur = a
		for i in range(depth):
			var n = []
			cur.append(n)
			cur = n
		v("nested_array_%d" % depth, a)
		var d = {}
		var curd = d
		for i in range(depth):
			var n = {}
			curd["k"] = n
			curd = n
		v("nested_dict_%d" % depth, d)

	# --- bytes the engine reads but never writes
	r("dup_int_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 2,0,0,0, 1,0,0,0, 2,0,0,0, 5,0,0,0, 2,0,0,0, 1,0,0,0, 2,0,0,0, 7,0,0,0]))
	r("dup_string_stringname_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 4,0,0,0, 1,0,0,0, 0x61,0,0,0, 2,0,0,0, 1,0,0,0, 0x15,0,0,0, 1,0,0,0, 0x61,0,0,0, 2,0,0,0, 2,0,0,0]))
	r("dup_stringname_string_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 0x15,0,0,0, 1,0,0,0, 0x61,0,0,0, 2,0,0,0, 1,0,0,0, 4,0,0,0, 1,0,0,0, 0x61,0,0,0, 2,0,0,0, 2,0,0,0]))
	r("dup_zero_negzero_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 3,0,0,0, 0,0,0,0, 2,0,0,0, 1,0,0,0, 3,0,0,0, 0,0,0,0x80, 2,0,0,0, 2,0,0,0]))
	r("dup_nan_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 3,0,1,0, 0,0,0,0,0,0,0xf8,0x7f, 2,0,0,0, 1,0,0,0, 3,0,1,0, 0,0,0,0,0,0,0xf8,0x7f, 2,0,0,0, 2,0,0,0]))
	r("dup_keys_three", PackedByteArray([0x1b,0,0,0, 3,0,0,0, 4,0,0,0, 1,0,0,0, 0x62,0,0,0, 0,0,0,0, 4,0,0,0, 1,0,0,0, 0x61,0,0,0, 0,0,0,0, 4,0,0,0, 1,0,0,0, 0x62,0,0,0, 1,0,0,0, 1,0,0,0]))
	r("dup_vector2_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 5,0,0,0, 0,0,0x80,0x3f, 0,0,0,0, 2,0,0,0, 1,0,0,0, 5,0,0,0, 0,0,0x80,0x3f, 0,0,0,0x80, 2,0,0,0, 2,0,0,0]))
	r("dup_nodepath_keys", PackedByteArray([0x1b,0,0,0, 2,0,0,0, 0x16,0,0,0, 1,0,0,0x80, 0,0,0,0, 0,0,0,0, 1,0,0,0, 0x61,0,0,0, 2,0,0,0, 1,0,0,0, 0x16,0,0,0, 1,0,0,0x80, 0,0,0,0, 0,0,0,0, 1,0,0,0, 0x61,0,0,0, 2,0,0,0, 2,0,0,0]))
	r("object_id_zero", PackedByteArray([0x18,0,1,0, 0,0,0,0, 0,0,0,0]))
	r("bool_two", PackedByteArray([1,0,0,0, 2,0,0,0]))
	r("header_byte1_ignored", PackedByteArray([2,0xab,0,0, 5,0,0,0]))
	r("string_bom_stripped", PackedByteArray([4,0,0,0, 4,0,0,0, 0xef,0xbb,0xbf,0x61]))
	r("string_nul_ends", PackedByteArray([4,0,0,0, 3,0,0,0, 0x61,0,0x62,0]))
	r("pstr_without_nul", PackedByteArray([0x22,0,0,0, 1,0,0,0, 4,0,0,0, 0x74,0x65,0x73,0x74]))
	r("nodepath_property_flag", PackedByteArray([0x16,0,0,0, 1,0,0,0x80, 0,0,0,0, 2,0,0,0, 1,0,0,0, 0x61,0,0,0, 1,0,0,0, 0x70,0,0,0]))
	r("array_shared_bit", PackedByteArray([0x1c,0,0,0, 1,0,0,0x80, 0,0,0,0]))
	r("float_flag_on_vector2i_ignored", PackedByteArray([6,0,1,0, 1,0,0,0, 2,0,0,0]))
	r("rid_max", PackedByteArray([0x17,0,0,0, 0xff,0xff,0xff,0xff,0xff,0xff,0xff,0xff]))

	# --- random nested values
	for i in range(count):
		v("random_%d_%d" % [seed_, i], gen.value(3))

	o.free()
	node.free()
	PhysicsServer3D.free_rid(body)
	quit()

extends SceneTree
# Drives a real Godot 3 engine (3.2.3 headless: godot3-server) for @gdvariant/godot-3.
#
#   godot3-server --no-window -s engine.gd --mode=fixtures --out=FILE
#       every type and edge case, hand-made bytes the engine decodes, and random values
#   godot3-server --no-window -s engine.gd --mode=random --seed=N --count=M --out=FILE
#       random nested values only
#   godot3-server --no-window -s engine.gd --mode=roundtrip --in=FILE --out=FILE
#       for each input line "<label>\t<hex>": bytes2var, then var2str and var2bytes of the result
#   godot3-server --no-window -s engine.gd --mode=save --save=FILE.bin --out=FILE
#       a multi-record store_var file (a game save) and its records' var2str
#   godot3-server --no-window -s engine.gd --mode=versions --out=FILE [--seed=N --count=M]
#       what changed between 3.x releases, each side of each boundary: empty dictionaries,
#       non-finite reals, Vector2/Vector3 key order near CMP_EPSILON (text lines as above, then
#       random values with those in them); str2var of hand-written text ("parse" lines); and
#       ConfigFile save/load ("config" lines)
#
# "parse\t<label>\t<input c_escaped>\t<result>": <result> is "ok <var2bytes hex>" or "error".
# "config\t<label>\t<saved file, hex>\t<what load() gave back>": the loaded text is "error <code>"
# or one "[section] key = var2str(value)" entry per key, joined by "|", c_escaped.
# Any engine runs this script (3.2.3 from Debian, 3.6 from tools/engines/godot36.sh).
#
# Output lines: "<label>\t<hex>\t<text>" where <hex> is var2bytes(value) (var2bytes(value, true)
# for labels starting with "full_") and <text> is var2str(bytes2var(hex)).c_escape(), i.e. the
# text of the value the engine itself reads back from those bytes. "decode_" labels carry
# hand-made bytes: <hex> is the input, <text> what the engine reads from it. Lines starting with
# "#" are facts. Labels "error_<name>" mean the engine refused the bytes (bytes2var gave null
# and printed an error).

# The random values: engine-values.gd (random-values.gd with more kinds); rng is its rng.
var gen = preload("engine-values.gd").new()
var rng = gen.rng
var out_file = File.new()
var keep = []  # objects alive until the end, so their ids stay valid

func emit(line):
	out_file.store_string(line + "\n")

func unhex(h):
	var b = PoolByteArray()
	for i in range(0, h.length(), 2):
		b.append(("0x" + h.substr(i, 2)).hex_to_int())
	return b

# Godot 3.6 (Debian's build) crashes (signal 11) on some object cases (var2bytes(node, true),
# then an object id): object cases are written by 3.2 and older only. Objects are wire-identical.
func objects_ok():
	return Engine.get_version_info()["minor"] <= 2

func case(label, v):
	var full = label.begins_with("full_")
	line(label, var2bytes(v, full), full)

# "<label>\t<hex>\t<text>[\t<rehex>]": <rehex> is var2bytes(bytes2var(hex)), given only when it
# differs from <hex> (a BOM the decoder drops, hand-made bytes, or NodePath padding garbage).
func line(label, bytes, full):
	var back = bytes2var(bytes, full)
	var again = var2bytes(back, full)
	var s = label + "\t" + bytes.hex_encode() + "\t" + var2str(back).c_escape()
	if again != bytes:
		s += "\t" + again.hex_encode()
	emit(s)

func decode_case(label, hex, allow):
	line(label, unhex(hex), allow)

# ---------------------------------------------------------------- hand-picked cases

func fixtures():
	emit("# engine " + Engine.get_version_info()["string"])
	case("nil", null)
	case("bool_false", false)
	case("bool_true", true)
	var ints = [0, 1, -1, 7, 255, 65536, 2147483647, -2147483648, 2147483648, -2147483649, 4294967295, 4294967296,
		9007199254740991, 9007199254740993, 9223372036854775807, -9223372036854775807 - 1, 1000000000000]
	for i in range(ints.size()):
		case("int_" + str(i), ints[i])
	var floats = [0.0, -0.0, 1.0, -1.0, 0.5, 0.1, -0.1, 2.5, 100.0, 123456.0, 1234567.0, 999999.5, 9999995.0, 1e6, 1e7,
		0.0001, 0.00001, 1e-5, 1.5e-7, 1e-45, 1.4e-45, 1e-38, 3.4e38, 3.4028234663852886e38, 3.5e38, 1e300, -1e300,
		1e-300, 1e-50, INF, -INF, NAN, 16777216.0, 16777217.0, PI, -PI, TAU, 1.0 / 3.0, 2.0 / 3.0, 0.3, 1e15, 1e16,
		123.456, -98765.4321, 5e-324, 1.7976931348623157e308, 4503599627370497.0]
	for i in range(floats.size()):
		case("float_" + str(i), floats[i])
	var strs = ["", "a", "ab", "abc", "abcd", "abcde", "héllo wörld", "日本語テキスト", "emoji 🎮🕹 😀", "tab\tnew\nline",
		"quote \" back \\ slash", "bell\u0007 bs\u0008 ff\u000c vt\u000b cr\r", "single ' question ? done", "\ufeffbom first",
		"x".repeat(100), "null\u0001ctl", "a\\nb", "%s %d {}", "Ω≈ç√∫", "\"\""]
	for i in range(strs.size()):
		case("str_" + str(i), strs[i])
	case("vector2", Vector2(1.5, -2.25))
	case("vector2_zero", Vector2())
	case("vector2_small", Vector2(0.1, 1e-40))
	case("vector2_inf", Vector2(INF, -INF))
	case("vector2_nan", Vector2(NAN, -0.0))
	case("rect2", Rect2(1.5, 2.5, -3.5, 4.5))
	case("vector3", Vector3(1.5, -2.25, 3e20))
	case("transform2d", Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)))
	case("transform2d_identity", Transform2D.IDENTITY)
	case("transform2d_rot", Transform2D(0.7, Vector2(10, -3)))
	case("plane", Plane(1, 2, 3, 4))
	case("quat", Quat(0.1, 0.2, 0.3, 0.4))
	case("quat_identity", Quat.IDENTITY)
	case("aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)))
	case("basis", Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)))
	case("basis_rot", Basis(Vector3(0.3, 0.5, 0.1)))
	case("transform", Transform(Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), Vector3(10, 11, 12)))
	case("transform_identity", Transform.IDENTITY)
	case("color", Color(0.1, 0.2, 0.3, 0.4))
	case("color_red", Color(1, 0, 0))
	case("color_hdr", Color(2.5, -1, 1e10, 0))
	var paths = ["", "/", "a", ".", "..", "../Sibling", "/root", "/root/Main/Player", "a/b:c", ":x", ":x:y", "/root:x:y",
		"Path2D/Sprite:position:x", "Nöde/日本:ä", "a\"b/c'd:e?", "a b/c\td"]
	for i in range(paths.size()):
		case("nodepath_" + str(i), NodePath(paths[i]))
	case("rid_empty", RID())
	if objects_ok(): object_cases()
	pool_and_container_cases()

func object_cases():
	var node = Node.new()
	keep.append(node)
	emit("# object node id " + str(node.get_instance_id()))
	case("object_node_as_id", node)
	case("full_object_node", node)
	var ref = Reference.new()
	keep.append(ref)
	case("object_reference_as_id", ref)
	case("full_object_reference", ref)
	var res = Resource.new()
	res.resource_name = "named \"res\""
	keep.append(res)
	case("full_object_resource", res)
	var n2d = Node2D.new()
	n2d.position = Vector2(3, 4)
	n2d.name = "Hero"
	keep.append(n2d)
	case("full_object_node2d", n2d)
	var script = GDScript.new()
	script.source_code = "extends Reference\nvar hp = 3\nvar tags = [\"a\", 1]\nvar pos = Vector2(1, 2)\n"
	script.reload()
	var scripted = Reference.new()
	scripted.set_script(script)
	scripted.hp = 7
	keep.append(scripted)
	case("full_object_scripted", scripted)
	case("object_scripted_as_id", scripted)
	var script2 = GDScript.new()
	script2.source_code = "extends Reference\nexport var hp = 3\nexport(Array) var tags = []\nexport var pos = Vector2(1, 2)\n"
	script2.reload()
	var exported = Reference.new()
	exported.set_script(script2)
	exported.hp = 9
	exported.tags = ["x", 2]
	keep.append(exported)
	case("full_object_scripted_exported", exported)
	case("full_object_in_array", [1, ref, {"o": ref}])
	case("object_in_dict_as_id", {"node": node, "list": [node, ref]})
	var gone = Node.new()
	gone.free()
	case("object_freed", gone)
	case("full_object_freed", gone)
	case("object_null_typed", node.owner)
	case("full_object_null_typed", node.owner)

func pool_and_container_cases():
	for n in range(6):
		var b = PoolByteArray()
		for i in range(n): b.append(250 + i)
		case("pool_byte_" + str(n), b)
	case("pool_int", PoolIntArray([0, 1, -1, 2147483647, -2147483648]))
	case("pool_int_empty", PoolIntArray())
	case("pool_real", PoolRealArray([0.0, -0.0, 1.5, 0.1, INF, -INF, NAN, 3.4e38, 1e-45, 123456789.0]))
	case("pool_real_empty", PoolRealArray())
	# %lg ties: digit 7 is a 5 with nothing after it, which glibc rounds to even
	case("pool_real_ties", PoolRealArray([1234565.0, 1234575.0, 123456.5, 123457.5, 12345.25, 12345.75, 1000005.0, 9999995.0, 0.0001220703125, 3.0517578125e-05]))
	case("real_ties", [1234565.0, 123456.5, 12345650.0, 1234565e10, 0.5, 2.5, Vector2(1234565, 123456.5), Color(0.5, 0.25, 0.125, 1)])
	case("pool_string", PoolStringArray(["", "a", "abc", "abcd", "héllo", "tab\t\"q\" \\ ' ?", "日本"]))
	case("pool_string_empty", PoolStringArray())
	case("pool_vector2", PoolVector2Array([Vector2(1, 2), Vector2(-0.5, 1e20)]))
	case("pool_vector2_empty", PoolVector2Array())
	case("pool_vector3", PoolVector3Array([Vector3(1, 2, 3), Vector3(NAN, INF, -0.0)]))
	case("pool_vector3_empty", PoolVector3Array())
	case("pool_color", PoolColorArray([Color(1, 0, 0), Color(0.1, 0.2, 0.3, 0.4)]))
	case("pool_color_empty", PoolColorArray())
	# containers
	case("array_empty", [])
	case("array_mixed", [null, true, 1, 1.5, "s", Vector2(1, 2), [], {}, PoolIntArray([1])])
	case("array_nested", [[[[[1]]]], [[]], [{"a": [1, 2]}]])
	case("dict_empty", {})
	case("dict_simple", {"hp": 3, "name": "Hero", "pos": Vector2(1, 2)})
	case("dict_nested", {"a": {"b": {"c": [1, {"d": null}]}}})
	var deep = []
	var cur = deep
	for i in range(60):
		var nxt = []
		cur.append(nxt)
		cur = nxt
	case("array_deep_60", deep)
	# dictionary key order (var2str sorts keys with Variant's operator< and SortArray)
	case("keys_mixed", keyed([Color(1, 0, 0), Color(0, 1, 0), Color(0, 0, 1), true, false, null, Rect2(), 1.5, 2,
		NodePath("b"), NodePath("a"), [2], [1], PoolIntArray([3]), PoolIntArray([1, 2]), "z", "a", Vector3(1, 2, 3),
		Vector2(0, 1), RID(), Plane(1, 2, 3, 4), Quat(), AABB(), Basis(), Transform(), Transform2D(), PoolByteArray([1]),
		PoolRealArray([1.0]), PoolStringArray(["x"]), PoolVector2Array(), PoolVector3Array(), PoolColorArray(), -3]))
	case("keys_vector2_approx", keyed([Vector2(1, 5), Vector2(1.000001, 2), Vector2(1.00002, 1), Vector2(0.99999, 9),
		Vector2(-1, 0), Vector2(NAN, 1), Vector2(1e-6, 3), Vector2(0, 2)]))
	case("keys_vector3_approx", keyed([Vector3(1, 5, 0), Vector3(1.000001, 2, 0), Vector3(1, 2.000001, -1),
		Vector3(1, 2, 7), Vector3(0, 0, 0)]))
	case("keys_floats", keyed([NAN, 1.0, 0.5, -INF, INF, -0.0, 3.0, NAN, 2.0]))
	case("keys_strings", keyed(["b", "B", "a", "ab", "ä", "z", "", "😀", "\uffff", "Z", "aa"]))
	case("keys_arrays", keyed([[1, 2], [1], [], [2], [0, 5], [1, 2, 3], ["a"]]))
	# (no empty pool array and no shorter array sharing a prefix: the 3.x comparator reads past
	# the shorter array, which crashes the engine on an empty one)
	case("keys_pool_ints", keyed([PoolIntArray([3]), PoolIntArray([1, 2]), PoolIntArray([5, 6, 7]), PoolIntArray([1, 3]), PoolIntArray([0])]))
	for n in [17, 18, 25, 40, 100]:
		var ks = []
		for i in range(n): ks.append(rng.randi_range(-1000000, 1000000))
		case("keys_ints_" + str(n), keyed(ks))
		var cs = []
		for i in range(n): cs.append(Color(rng.randf(), rng.randf(), rng.randf()))
		case("keys_colors_" + str(n), keyed(cs))
		var ss = []
		for i in range(n): ss.append(gen.rstr() + str(i))
		case("keys_strings_" + str(n), keyed(ss))
		var ms = []
		for i in range(n): ms.append(gen.rkey())
		case("keys_mixed_" + str(n), keyed(ms))
	decode_cases()

func keyed(keys):
	var d = {}
	for i in range(keys.size()):
		d[keys[i]] = i
	return d

# Bytes the 3.2.3 encoder never writes but decoders meet (older engines, 2.x data, other tools).
func decode_cases():
	# PoolStringArray elements without the trailing NUL (godot#17230), and with it
	decode_case("decode_pool_string_no_nul", "170000000200000004000000746573740100000078000000", false)
	decode_case("decode_pool_string_mixed_nul", "1700000002000000050000007465737400000000020000007800000000000000", false)
	# 3.0.x: every int 64-bit
	decode_case("decode_int64_small", "020001000500000000000000", false)
	decode_case("decode_int64_neg", "02000100feffffffffffffff", false)
	# REAL as f64 although f32 would do
	decode_case("decode_real64_exact", "03000100000000000000f83f", false)
	# math types with bit 16 set: 3.x ignores it and reads f32
	decode_case("decode_vector2_flag", "050001000000803f00000040", false)
	# header bits 8-15 are ignored, and so are bits 17-31 on INT
	decode_case("decode_int_bits8_15", "02ff00002a000000", false)
	decode_case("decode_int_bit17", "020002002a000000", false)
	# Array / Dictionary count with the 2.x "shared" bit
	decode_case("decode_array_shared", "1300000001000080020000002a000000", false)
	decode_case("decode_dict_shared", "12000000010000800400000001000000610000000200000001000000", false)
	# NodePath with the 2.x property bit: the property becomes the last subname
	decode_case("decode_nodepath_property", "0f00000001000080010000000300000001000000610000000100000062000000010000006300000000", false)
	# the three null object spellings
	decode_case("decode_object_id0", "110001000000000000000000", false)
	decode_case("full_decode_object_empty_class", "1100000000000000", true)
	decode_case("decode_nil", "00000000", false)
	# an object id
	decode_case("decode_object_id", "1100010039300000ffffff7f", false)
	# leading BOM is dropped, decoding stops at the first NUL
	decode_case("decode_string_bom", "0400000006000000efbbbf6162630000", false)
	decode_case("decode_string_nul", "04000000050000006162006364000000", false)
	# trailing bytes after the value are ignored
	decode_case("decode_trailing", "020000000700000001020304", false)
	# NodePath: absolute flag with no names (the engine keeps no data: empty path)
	decode_case("decode_nodepath_abs_empty", "0f000000000000800000000001000000", false)
	# byte array whose padding is missing at the end of the buffer
	decode_case("decode_pool_byte_padded", "14000000030000000102030000000000", false)
	decode_case("decode_pool_byte_no_pad", "14000000030000000102030000", false)

# ---------------------------------------------------------------- release differences

func versions(count):
	emit("# engine " + Engine.get_version_info()["string"])
	# Empty dictionaries: "{\n\n}" until 3.2.3, "{\n}" from 3.2.4 (godot#42300, shipped as 3.3).
	case("v_dict_empty", {})
	case("v_dict_empty_nested", {"a": {}, "b": [{}, {"c": {}}]})
	case("v_array_of_empty", [{}, [], {}])
	# Non-finite reals (godot#47500, 3.x in 3.4): "-inf.0" / "-inf" before, "inf_neg" after.
	case("v_real_inf", INF)
	case("v_real_neg_inf", -INF)
	case("v_real_nan", NAN)
	case("v_real_big", -1e300)
	case("v_vector2_inf", Vector2(-INF, INF))
	case("v_rect2_inf", Rect2(-INF, NAN, INF, -1e39))
	case("v_vector3_inf", Vector3(-INF, -0.0, NAN))
	case("v_transform2d_inf", Transform2D(Vector2(-INF, 1), Vector2(INF, NAN), Vector2(0, -INF)))
	case("v_plane_inf", Plane(-INF, 0, 0, INF))
	case("v_quat_inf", Quat(-INF, INF, NAN, 1))
	case("v_aabb_inf", AABB(Vector3(-INF, 0, 0), Vector3(INF, 1, -1e39)))
	case("v_basis_inf", Basis(Vector3(-INF, 0, 0), Vector3(0, INF, 0), Vector3(0, 0, NAN)))
	case("v_transform_inf", Transform(Basis(), Vector3(-INF, INF, NAN)))
	case("v_color_inf", Color(-INF, INF, NAN, -1e39))
	case("v_pool_real_inf", PoolRealArray([-INF, INF, NAN, -1e39, 1e39]))
	case("v_pool_vector2_inf", PoolVector2Array([Vector2(-INF, INF)]))
	case("v_pool_vector3_inf", PoolVector3Array([Vector3(-INF, INF, NAN)]))
	case("v_pool_color_inf", PoolColorArray([Color(-INF, INF, NAN, 1)]))
	case("v_array_inf", [-INF, INF, NAN, Vector2(-INF, 0), {-INF: INF}])
	case("v_keys_inf", keyed([-INF, INF, 0.0, -1e39, NAN]))
	# Vector key order: 3.2.3 compares x (and y for Vector3) within CMP_EPSILON, 3.3 exactly
	# (godot#41894). Pairs on each side of the tolerance, which is 1e-5 below 1 and 1e-5 * |x| above.
	case("v_keys_vector2_eps", keyed([Vector2(0, 5), Vector2(0.000009, 1), Vector2(0.000011, 2), Vector2(-0.000009, 3),
		Vector2(0.00001, 0)]))
	case("v_keys_vector2_eps_big", keyed([Vector2(1000, 5), Vector2(1000.009, 1), Vector2(1000.011, 2), Vector2(999.991, 3)]))
	case("v_keys_vector2_same_x", keyed([Vector2(1, 3), Vector2(1, 1), Vector2(1, 2), Vector2(0.5, 9)]))
	case("v_keys_vector3_eps", keyed([Vector3(0, 0, 5), Vector3(0.000009, 0, 1), Vector3(0, 0.000009, 2),
		Vector3(0.000011, 0, 3), Vector3(0, 0.000011, 4), Vector3(0, 0, -1)]))
	case("v_keys_vector2_mixed", keyed([Vector2(0.3, 2), Vector2(0.300001, 1), Vector2(0.30002, 0), Vector2(0.29999, 4)]))
	for i in range(count):
		case("v_random_" + str(i), version_value(3))
	parse_cases()
	config_cases()

# A random value that carries what changed: empty dictionaries, non-finite reals, vector keys.
func version_value(depth):
	var k = rng.randi_range(0, 5)
	if depth <= 0 or k == 0: return [INF, -INF, NAN, Vector2(-INF, gen.rfloat()), Color(gen.rfloat(), -INF, 0, 1), PoolRealArray([-INF, gen.rfloat()]), {}, gen.rfloat()][rng.randi_range(0, 7)]
	if k == 1:
		var d = {}
		for i in range(rng.randi_range(0, 5)):
			var x = float(rng.randi_range(0, 3)) * 0.000004 * rng.randi_range(-1, 1) + [0.0, 1.0, 1000.0][rng.randi_range(0, 2)]
			d[Vector2(x, float(rng.randi_range(0, 9)))] = version_value(depth - 1)
		return d
	if k == 2:
		var d = {}
		for i in range(rng.randi_range(0, 5)):
			var x = float(rng.randi_range(0, 3)) * 0.000004
			d[Vector3(x, float(rng.randi_range(0, 2)) * 0.000004, float(rng.randi_range(0, 9)))] = version_value(depth - 1)
		return d
	if k == 3:
		var a = []
		for i in range(rng.randi_range(0, 4)): a.append(version_value(depth - 1))
		return a
	return gen.value(depth - 1)

func parse_case(label, text):
	var v = str2var(text)
	# On a parse error str2var gives its input back as a String (3.2.3 and 3.6 alike).
	var ok = not (typeof(v) == TYPE_STRING and v == text)
	emit("parse\t" + label + "\t" + text.c_escape() + "\t" + ("ok " + var2bytes(v).hex_encode() if ok else "error"))

# str2var reads inf, nan and inf_neg alone and inside constructors from 3.4 (godot#47500).
func parse_cases():
	var texts = ["inf", "nan", "inf_neg", "-inf", "-inf.0", "inf.0", "nan.0", "1e39", "-1e39", "Vector2( inf, 1 )",
		"Vector2( inf_neg, nan )", "Vector2( -inf, 1 )", "Color( inf, 0, 0, 1 )", "PoolRealArray( inf_neg, 1 )",
		"PoolRealArray( -inf, 1 )", "[ inf, inf_neg, nan ]", "{\n\n}", "{\n}", "{}", "{\n\"a\": {\n\n}\n}",
		"Vector3( 1, nan, inf_neg )", "Rect2( inf, inf, inf, inf )", "Transform2D( inf_neg, 0, 0, 1, 0, 0 )",
		"1.5", "Vector2( 1, 2 )", "PoolVector2Array( inf_neg, 0 )", "{\ninf_neg: inf\n}", "infinity", "INF", "-nan"]
	for i in range(texts.size()):
		parse_case("parse_" + str(i), texts[i])

func config_case(label, entries):
	var path = "user://gdvariant-version-case.cfg"
	var cf = ConfigFile.new()
	for e in entries:
		cf.set_value(e[0], e[1], e[2])
	var err = cf.save(path)
	var saved = ""
	if err == OK:
		var f = File.new()
		f.open(path, File.READ)
		saved = f.get_buffer(f.get_len()).hex_encode()
		f.close()
	var back = ConfigFile.new()
	var lerr = back.load(path)
	var loaded = ""
	if lerr != OK:
		loaded = "error " + str(lerr)
	else:
		var parts = []
		for s in back.get_sections():
			for k in back.get_section_keys(s):
				parts.append("[" + s + "] " + k + " = " + var2str(back.get_value(s, k)))
		loaded = PoolStringArray(parts).join("|")
	emit("config\t" + label + "\t" + saved + "\t" + loaded.c_escape())

# ConfigFile: key quoting (property_name_encode, godot#52180), section names, values.
func config_cases():
	config_case("cfg_plain", [["main", "hp", 3], ["main", "name", "Hero"], ["other", "pos", Vector2(1, 2)]])
	config_case("cfg_key_space", [["main", "key with spaces", 1]])
	var specials = ["a=b", "q\"uote", "semi;colon", "br[ack]et", "tab\tkey", "é", "日本", "tilde~", "back\\slash",
		"col:on", "sl/ash", "hash#", "dot.", "-dash", "0digit", "del\u007f", "plus+", "comma,", "dollar$", "quote'"]
	for i in range(specials.size()):
		config_case("cfg_key_" + str(i), [["main", specials[i], i]])
	config_case("cfg_section_unicode", [["セクション", "k", 1], ["é section", "k", 2]])
	config_case("cfg_section_space", [["two words", "k", 1]])
	config_case("cfg_section_special", [["a=b", "k", 1], ["sl/ash", "k", 2], ["q\"uote", "k", 3]])
	config_case("cfg_values_inf", [["v", "a", INF], ["v", "b", -INF], ["v", "c", NAN], ["v", "d", Vector2(-INF, 1)],
		["v", "e", PoolRealArray([INF, -INF])]])
	config_case("cfg_values_empty_dict", [["v", "d", {}], ["v", "n", {"x": {}}]])
	config_case("cfg_values_mixed", [["v", "s", "multi\nline \"q\""], ["v", "a", [1, 2.5, null]], ["v", "k", {Vector2(1, 2): 1}]])

# ---------------------------------------------------------------- random values

func random_cases(count):
	for i in range(count):
		case("random_" + str(i), gen.value(4))

# ---------------------------------------------------------------- round trips

func roundtrip(path):
	var f = File.new()
	if f.open(path, File.READ) != OK:
		emit("# cannot open " + path)
		return
	while not f.eof_reached():
		var line = f.get_line()
		if line == "": continue
		var parts = line.split("\t")
		var label = parts[0]
		var full = label.begins_with("full_")
		var back = bytes2var(unhex(parts[1]), full)
		emit(label + "\t" + var2bytes(back, full).hex_encode() + "\t" + var2str(back).c_escape())
	f.close()

# ---------------------------------------------------------------- a store_var save file

func save(path):
	var records = [
		{"version": 3, "player": {"name": "Hero", "hp": 87, "max_hp": 100, "xp": 4294967296, "speed": 3.5,
			"position": Vector2(128.5, -64), "spawn": Vector3(1, 2, 3), "tint": Color(1, 0.5, 0.25, 1)},
		 "flags": PoolStringArray(["met_king", "found_sword"]), "scores": PoolIntArray([10, 20, 30])},
		[1, 2.5, "three", null, true, Rect2(0, 0, 16, 16)],
		Transform(Basis(Vector3(0.2, 0.4, 0.1)), Vector3(10, 0, -5)),
		NodePath("/root/World/Player:position:x"),
		{Vector2(1, 2): "vector key", 7: "int key", "s": PoolRealArray([0.5, 0.25]), "bytes": PoolByteArray([1, 2, 3])},
		PoolVector2Array([Vector2(1, 1), Vector2(2, 3)]),
		PoolVector3Array([Vector3(1, 1, 1)]),
		PoolColorArray([Color(0, 0, 0, 1)]),
		Transform2D(0.5, Vector2(3, 4)),
		Plane(0, 1, 0, 2), Quat(0, 0, 0, 1), AABB(Vector3(), Vector3(1, 1, 1)), Basis(), 1e300, -7, "",
	]
	var f = File.new()
	f.open(path, File.WRITE)
	for r in records:
		f.store_var(r)
	f.close()
	for i in range(records.size()):
		var b = var2bytes(records[i])
		emit("record_" + str(i) + "\t" + b.hex_encode() + "\t" + var2str(bytes2var(b)).c_escape())

func _init():
	var mode = "fixtures"
	var out_path = ""
	var in_path = ""
	var save_path = ""
	var seed_ = 20240
	var count = 300
	for a in OS.get_cmdline_args():
		if a.begins_with("--mode="): mode = a.substr(7, 100)
		if a.begins_with("--out="): out_path = a.substr(6, 1000)
		if a.begins_with("--in="): in_path = a.substr(5, 1000)
		if a.begins_with("--save="): save_path = a.substr(7, 1000)
		if a.begins_with("--seed="): seed_ = int(a.substr(7, 30))
		if a.begins_with("--count="): count = int(a.substr(8, 30))
	rng.seed = seed_
	gen.owner_ = self
	if out_file.open(out_path, File.WRITE) != OK:
		printerr("cannot write ", out_path)
		quit(1)
		return
	if mode == "fixtures":
		fixtures()
		random_cases(count)
	elif mode == "random":
		random_cases(count)
	elif mode == "roundtrip":
		roundtrip(in_path)
	elif mode == "save":
		save(save_path)
	elif mode == "versions":
		versions(count)
	emit("# done")
	out_file.close()
	for o in keep:
		if o is Node: o.free()
	keep.clear()
	quit()

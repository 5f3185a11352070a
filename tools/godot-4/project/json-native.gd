extends SceneTree
# Fixture generator for the JSON forms of @gdvariant/godot-4 (Godot 4.4+). Prints:
#   @@W<TAB>label<TAB>hex of var_to_bytes(_with_objects)<TAB>combo<TAB>JSON.stringify(JSON.from_native(v, full), indent, sort, precise), c_escape'd
#   @@S<TAB>label<TAB>hex<TAB>combo<TAB>JSON.stringify(v, indent, sort, precise), c_escape'd
#   @@B<TAB>label / (engine errors) / @@R<TAB>label<TAB>allow<TAB>text c_escape'd<TAB>hex of var_to_bytes_with_objects(JSON.to_native(JSON.parse_string(text), allow))
# combo = <i|t><s|u><p|d>: indent "" or "\t", sort_keys true/false, full_precision true/false.
# The random values are random-values.gd's (random-cases.gd's too). Run through tools/godot-4/generate-json.mjs.
var gen = preload("res://random-values.gd").new()


const COMBOS = ["isd", "isp", "iud", "iup", "tsd", "tsp", "tud", "tup"]

func stringify_combo(v, combo: String) -> String:
	var indent = "\t" if combo[0] == "t" else ""
	return JSON.stringify(v, indent, combo[1] == "s", combo[2] == "p")

func w(label: String, v, full: bool) -> void:
	var hex = (var_to_bytes_with_objects(v) if full else var_to_bytes(v)).hex_encode()
	for combo in COMBOS:
		print("@@W\t", label, "\t", hex, "\t", combo + ("o" if full else ""), "\t", stringify_combo(JSON.from_native(v, full), combo).c_escape())

func s(label: String, v) -> void:
	var hex = var_to_bytes(v).hex_encode()
	for combo in COMBOS:
		print("@@S\t", label, "\t", hex, "\t", combo, "\t", stringify_combo(v, combo).c_escape())

func r(label: String, text: String, allow: bool) -> void:
	print("@@B\t", label)
	var parsed = JSON.parse_string(text)
	var out = JSON.to_native(parsed, allow)
	print("@@R\t", label, "\t", "a" if allow else "n", "\t", text.c_escape(), "\t", var_to_bytes_with_objects(out).hex_encode())

func special_floats() -> Array:
	return [0.0, -0.0, 1.0, -1.0, 0.5, 0.1, 1.0 / 3.0, -2.0 / 3.0, 1e14, 1e15, 1e16, 1e20, 1e21, 1e22, 1e-5, 1e-7,
		1e-20, 123456789.123, 2.5, 0.125, 1e300, -1e300, 1.7976931348623157e308, 2.2250738585072014e-308,
		INF, -INF, NAN, 9007199254740993.0, 0.30000000000000004, 100.0, 1e-300, 4.9406564584124654e-324, 5e-324 * 3]

func literal_cases() -> void:
	# The cases of the engine's tests/core/io/test_json_native.cpp.
	w("lit_nil", null, false)
	w("lit_false", false, false)
	w("lit_true", true, false)
	w("lit_int", 1, false)
	w("lit_float", 1.0, false)
	w("lit_inf", INF, false)
	w("lit_ninf", -INF, false)
	w("lit_nan", NAN, false)
	w("lit_string", "abc", false)
	w("lit_sname", &"abc", false)
	w("lit_npath", NodePath("abc"), false)
	w("lit_rid", RID(), false)
	w("lit_callable", Callable(), false)
	w("lit_signal", Signal(), false)
	w("lit_v2", Vector2(1, 2), false)
	w("lit_v2i", Vector2i(1, 2), false)
	w("lit_r2", Rect2(1, 2, 3, 4), false)
	w("lit_r2i", Rect2i(1, 2, 3, 4), false)
	w("lit_v3", Vector3(1, 2, 3), false)
	w("lit_v3i", Vector3i(1, 2, 3), false)
	w("lit_t2d", Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)), false)
	w("lit_v4", Vector4(1, 2, 3, 4), false)
	w("lit_v4i", Vector4i(1, 2, 3, 4), false)
	w("lit_plane", Plane(1, 2, 3, 4), false)
	w("lit_quat", Quaternion(1, 2, 3, 4), false)
	w("lit_aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), false)
	w("lit_basis", Basis(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)), false)
	w("lit_t3d", Transform3D(Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9), Vector3(10, 11, 12)), false)
	w("lit_proj", Projection(Vector4(1, 2, 3, 4), Vector4(5, 6, 7, 8), Vector4(9, 10, 11, 12), Vector4(13, 14, 15, 16)), false)
	w("lit_color", Color(1, 2, 3, 4), false)
	var res = Resource.new()
	w("lit_res", res, true)
	w("lit_res_refused", res, false)
	var d = {}
	d[false] = true
	d[0] = 1
	d[0.0] = 1.0
	w("lit_dict", d, false)
	var dii: Dictionary[int, int] = {1: 2, 3: 4}
	w("lit_dict_ii", dii, false)
	var div: Dictionary[int, Variant] = {1: "2", 3: "4"}
	w("lit_dict_iv", div, false)
	var dvi: Dictionary[Variant, int] = {"1": 2, "3": 4}
	w("lit_dict_vi", dvi, false)
	w("lit_dict_res", {"x": res}, true)
	w("lit_dict_res_refused", {"x": res}, false)
	var dres: Dictionary[String, Resource] = {"x": res}
	w("lit_dict_typed_res", dres, true)
	w("lit_dict_typed_res_refused", dres, false)
	w("lit_array", [true, 1, "abc"], false)
	var ai: Array[int] = [1, 2, 3]
	w("lit_array_int", ai, false)
	w("lit_array_res", [1, res, 9], true)
	w("lit_array_res_refused", [1, res, 9], false)
	var ares: Array[Resource] = [res]
	w("lit_array_typed_res", ares, true)
	w("lit_array_typed_res_refused", ares, false)
	w("lit_pba", PackedByteArray([1, 2, 3]), false)
	w("lit_pi32", PackedInt32Array([1, 2, 3]), false)
	w("lit_pi64", PackedInt64Array([1, 2, 3]), false)
	w("lit_pf32", PackedFloat32Array([1, 2, 3]), false)
	w("lit_pf64", PackedFloat64Array([1, 2, 3]), false)
	w("lit_pstr", PackedStringArray(["a", "b", "c"]), false)
	w("lit_pv2", PackedVector2Array([Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)]), false)
	w("lit_pv3", PackedVector3Array([Vector3(1, 2, 3), Vector3(4, 5, 6), Vector3(7, 8, 9)]), false)
	w("lit_pcol", PackedColorArray([Color(1, 2, 3, 4), Color(5, 6, 7, 8), Color(9, 10, 11, 12)]), false)
	w("lit_pv4", PackedVector4Array([Vector4(1, 2, 3, 4), Vector4(5, 6, 7, 8), Vector4(9, 10, 11, 12)]), false)
	w("lit_eoid", bytes_to_var(var_to_bytes(RefCounted.new())), true)
	w("lit_pi64_big", PackedInt64Array([9007199254740993, -9223372036854775807 - 1, 9223372036854775807]), false)
	w("lit_str_escapes", "tab\tnew\nline \"q\" back\\ \b\f\r\u000b / é 😀 \u0001", false)
	var i = 0
	for f in special_floats():
		w("float_%d" % i, f, false)
		w("pf64_%d" % i, PackedFloat64Array([f]), false)
		w("pf32_%d" % i, PackedFloat32Array([f]), false)
		w("v2_%d" % i, Vector2(f, -f), false)
		s("plain_float_%d" % i, [f])
		i += 1

func read_cases() -> void:
	var cases = [
		"null", "true", "\"i:42\"", "\"i:9223372036854775808\"", "\"i:-9223372036854775809\"", "\"i:99999999999999999999\"",
		"\"i:12.7\"", "\"i:--5\"", "\"i:a1b2\"", "\"i:1e5\"", "\"i:\"", "\"f:1e23\"", "\"f:1.5e\"", "\"f:inf\"", "\"f:-inf\"",
		"\"f:nan\"", "\"f:-nan\"", "\"f:INF\"", "\"f:1e400\"", "\"f:1e-400\"", "\"f: 2.5\"", "\"f:+7\"", "\"f:.5\"", "\"f:0x10\"",
		"\"f:1e2147483648\"", "\"f:1e4294967296\"", "\"f:1e-2147483649\"", "\"f:123456789012345678901234567890\"",
		"\"s:\"", "\"sn:a\\\"b\"", "\"np:/root/a:b:c\"", "\"np:a//b::c\"", "\"np:\"", "\"x:1\"", "\"abc\"", "\"\"", "1", "1.5", "[]",
		"[\"i:1\", [\"s:x\"]]", "{}", "{\"type\":\"int\"}", "{\"type\":\"Nil\"}", "{\"type\":\"bool\"}", "{\"type\":\"String\"}",
		"{\"type\":\"Vector2\"}", "{\"type\":\"Vector2\",\"args\":[1]}", "{\"type\":\"Vector2\",\"args\":[1,2,3]}",
		"{\"type\":\"Vector2\",\"args\":[\"1.5\",[1]]}", "{\"type\":\"Vector2\",\"args\":[true,null]}", "{\"type\":\"Vector2\",\"args\":5}",
		"{\"type\":\"Vector2i\",\"args\":[3e9,-3e9]}", "{\"type\":\"Vector2i\",\"args\":[\"300\",2.9]}", "{\"type\":\"Vector2i\",\"args\":[-2.9,1e300]}",
		"{\"type\":\"Color\",\"args\":[0.1,0.2,0.3,1e300]}", "{\"type\":\"Basis\",\"args\":[1,2,3,4,5,6,7,8,9]}",
		"{\"type\":\"Transform3D\",\"args\":[1,2,3,4,5,6,7,8,9,10,11,12]}", "{\"type\":\"Projection\",\"args\":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]}",
		"{\"type\":\"PackedByteArray\",\"args\":[1,256,-1,1e10,10000000001,-1e10,255.9,\"7\",\"300\",true,null,\"abc\",[1]]}",
		"{\"type\":\"PackedInt32Array\",\"args\":[1,256,-1,1e10,-1e10,255.9,\"7\",\"99999999999\",true,null]}",
		"{\"type\":\"PackedInt64Array\",\"args\":[9007199254740993,-9223372036854775808,9223372036854775807,1e19,-1e19,1.5,\"12\",true]}",
		"{\"type\":\"PackedFloat32Array\",\"args\":[0.1,\"7\",1e300,-1e-50,true,null]}",
		"{\"type\":\"PackedFloat64Array\",\"args\":[0.1,1e23,\"1e23\",5e-324]}",
		"{\"type\":\"PackedStringArray\",\"args\":[\"a\",1,2.5,1e10,true,null,[1,\"x\"],{\"k\":\"v\"},{}]}",
		"{\"type\":\"PackedVector2Array\",\"args\":[1,2,3]}", "{\"type\":\"PackedVector2Array\",\"args\":[1,2,3,4]}",
		"{\"type\":\"PackedColorArray\",\"args\":[1,2,3,4,5]}", "{\"type\":\"PackedVector4Array\",\"args\":[1,2,3,4]}",
		"{\"type\":\"Dictionary\",\"args\":[\"s:a\",\"i:1\",\"s:a\",\"i:2\"]}", "{\"type\":\"Dictionary\",\"args\":[\"s:a\",\"i:1\",\"sn:a\",\"i:2\"]}",
		"{\"type\":\"Dictionary\",\"args\":[\"s:a\"]}", "{\"type\":\"Dictionary\",\"args\":[\"f:0.0\",1,\"f:-0.0\",\"i:2\"]}",
		"{\"type\":\"Dictionary\",\"key_type\":\"int\",\"value_type\":\"Nil\",\"args\":[\"s:x\",\"i:1\"]}",
		"{\"type\":\"Dictionary\",\"key_type\":\"Nope!\",\"args\":[]}", "{\"type\":\"Dictionary\",\"key_type\":\"Node\",\"args\":[]}",
		"{\"type\":\"Array\",\"args\":5}", "{\"type\":\"Array\",\"elem_type\":\"Vector2\",\"args\":[\"i:1\",null,\"f:2\"]}",
		"{\"type\":\"Array\",\"elem_type\":\"Nil\",\"args\":[\"i:1\"]}", "{\"type\":\"Array\",\"elem_type\":\"Object\",\"args\":[]}",
		"{\"type\":\"RID\",\"args\":[5]}", "{\"type\":\"Signal\"}", "{\"type\":\"Callable\"}", "{\"type\":5.0,\"args\":[]}",
		"{\"type\":\"Vector2\",\"args\":[1,2],\"type\":\"Vector3\",\"args\":[1,2,3]}", "{\"args\":[1,2]}",
		"{\"type\":\"Resource\",\"props\":[\"resource_name\",\"s:n\",\"script\",null]}",
		"{\"type\":\"Resource\",\"props\":[\"resource_name\",\"s:a\",\"resource_name\",\"s:b\"]}",
		"{\"type\":\"Resource\",\"props\":[\"resource_name\"]}", "{\"type\":\"Resource\"}",
		"{\"type\":\"Resource\",\"props\":[\"script\",\"s:user://x.gd\"]}",
		"[\"s:\\u0000x\", \"s:\\ud83d\\ude00\", \"s:\\/\"]",
		"[\"i:1\",\"i:2\"]   ", "[\"i:1\" \"i:2\"]", "[\"i:1\",]", "{\"a\" 1}", "[01, -0]", "[1.]", "[-]", "[\"s:\\v\"]", "[nul]", "",
		"{\"__proto__\":\"s:x\",\"type\":\"Dictionary\",\"args\":[\"s:__proto__\",\"i:1\",\"s:constructor\",\"i:2\"]}",
	]
	var k = 0
	for text in cases:
		r("case_%d" % k, text, false)
		if text.contains("Resource") or text.contains("Node") or text.contains("Object"):
			r("case_%d_a" % k, text, true)
		k += 1

func rich_value():
	# random-cases.gd's values plus objects, typed containers of several kinds and special floats.
	var t = gen.rng.randi_range(0, 9)
	if t == 0: return special_floats()[gen.rng.randi_range(0, special_floats().size() - 1)]
	if t == 1:
		var a: Array[float] = [gen.rfloat(), special_floats()[gen.rng.randi_range(0, 10)]]
		return a
	if t == 2:
		var d: Dictionary[StringName, Vector2] = {StringName(gen.rname()): gen.rv2()}
		return d
	if t == 3:
		var res = Resource.new()
		res.resource_name = gen.rstr()
		return [res, gen.value(1)]
	return gen.value(3)

func _init():
	var seed_ = 4444
	var count = 300
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--seed="): seed_ = int(a.substr(7))
		if a.begins_with("--count="): count = int(a.substr(8))
	gen.rng.seed = seed_
	print("ENGINE ", Engine.get_version_info().string)
	literal_cases()
	read_cases()
	for i in range(count):
		var v = rich_value()
		var full = str(v).contains("Resource")
		w("random_%d" % i, v, full)
		if not full:
			s("plain_%d" % i, v)
		# The engine reads its own default text back.
		r("back_%d" % i, JSON.stringify(JSON.from_native(v, full)), full)
	quit()

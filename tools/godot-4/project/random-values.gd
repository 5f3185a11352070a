extends RefCounted
# Random Godot 4 values of every type, nested (edge floats, 64-bit ints, typed containers, dictionary
# keys of several kinds): the generator of random-cases.gd (the held-out corpus) and json-native.gd
# (the JSON-form fixtures), and through generate-values.gd of generate.gd. Seed `rng`; the values a
# seed gives are the fixtures'.

var rng := RandomNumberGenerator.new()

# What a generator that extends this file changes (generate-values.gd): the most leaf kinds, the
# most items of a packed vector array and of a dictionary, whether a NodePath needs names before
# its subnames.
var leaf_max := 40
var packed_vec_max := 4
var dict_max := 5
var props_need_names := true

func rfloat():
	var k = rng.randi_range(0, 5)
	if k == 0: return float(rng.randi_range(-1000, 1000))
	if k == 1: return rng.randf_range(-1.0, 1.0)
	if k == 2: return rng.randf_range(-1e6, 1e6)
	if k == 3: return float(rng.randi_range(-100, 100)) / 4.0
	if k == 4: return rng.randf() * pow(10, rng.randi_range(-30, 30))
	return [0.0, 1.0, 0.5, 0.1, 1e-45, 3.4e38, 1e300, INF][rng.randi_range(0, 7)]

func r32(): return int(rng.randi()) - 2147483648

func rint():
	var k = rng.randi_range(0, 4)
	if k == 0: return rng.randi_range(-10, 10)
	if k == 1: return r32()
	if k == 2: return (int(rng.randi()) << 32) | int(rng.randi())
	if k == 3: return [2147483647, -2147483648, 2147483648, -2147483649, 9223372036854775807, -9223372036854775807 - 1][rng.randi_range(0, 5)]
	return rng.randi_range(0, 1000000)

func rstr():
	var pool = ["", "a", "hello", "héllo wörld", "日本語テキスト", "emoji 🎮🕹", "tab\tnew\nline", "quote \" back \\ slash", "abc", "abcd", "abcde", "x".repeat(rng.randi_range(0, 40))]
	return pool[rng.randi_range(0, pool.size() - 1)]

func rname():
	var pool = ["root", "Player", "a", "node_1", "Sprite", "weapon", "ä"]
	return pool[rng.randi_range(0, pool.size() - 1)]

func rpath():
	var s = ""
	if rng.randi_range(0, 1) == 0: s = "/"
	var n = rng.randi_range(0, 3)
	var parts = []
	for i in range(n): parts.append(rname())
	s += "/".join(PackedStringArray(parts))
	if (n > 0 or not props_need_names) and rng.randi_range(0, 2) == 0:
		for j in range(rng.randi_range(1, 2)): s += ":" + ["position", "x", "modulate", "a"][rng.randi_range(0, 3)]
	if s == "/": s = "/root"
	return NodePath(s)

func rv2(): return Vector2(rfloat(), rfloat())
func rv3(): return Vector3(rfloat(), rfloat(), rfloat())
func rv4(): return Vector4(rfloat(), rfloat(), rfloat(), rfloat())
func rcol(): return Color(rng.randf(), rng.randf(), rng.randf(), rng.randf())
func ri(): return rng.randi_range(-100000, 100000)
# One component of an integer vector that may take the whole int32 range.
func rwide(): return r32()
# An element of a PackedFloat64Array.
func rf64(): return rfloat() / 3.0

func leaf():
	var t = rng.randi_range(0, leaf_max)
	match t:
		0: return null
		1: return rng.randi_range(0, 1) == 1
		2: return rint()
		3: return rfloat()
		4: return rstr()
		5: return rv2()
		6: return Vector2i(rwide(), ri())
		7: return Rect2(rv2(), rv2())
		8: return Rect2i(ri(), ri(), ri(), ri())
		9: return rv3()
		10: return Vector3i(ri(), rwide(), ri())
		11: return Transform2D(rv2(), rv2(), rv2())
		12: return rv4()
		13: return Vector4i(ri(), ri(), ri(), rwide())
		14: return Plane(rfloat(), rfloat(), rfloat(), rfloat())
		15: return Quaternion(rfloat(), rfloat(), rfloat(), rfloat())
		16: return AABB(rv3(), rv3())
		17: return Basis(rv3(), rv3(), rv3())
		18: return Transform3D(Basis(rv3(), rv3(), rv3()), rv3())
		19: return Projection(rv4(), rv4(), rv4(), rv4())
		20: return rcol()
		21: return StringName(rstr())
		22: return rpath()
		23:
			var a = PackedByteArray()
			for i in range(rng.randi_range(0, 9)): a.append(rng.randi_range(0, 255))
			return a
		24:
			var a = PackedInt32Array()
			for i in range(rng.randi_range(0, 5)): a.append(r32())
			return a
		25:
			var a = PackedInt64Array()
			for i in range(rng.randi_range(0, 5)): a.append(rint())
			return a
		26:
			var a = PackedFloat32Array()
			for i in range(rng.randi_range(0, 5)): a.append(rfloat())
			return a
		27:
			var a = PackedFloat64Array()
			for i in range(rng.randi_range(0, 5)): a.append(rf64())
			return a
		28:
			var a = PackedStringArray()
			for i in range(rng.randi_range(0, 4)): a.append(rstr())
			return a
		29:
			var a = PackedVector2Array()
			for i in range(rng.randi_range(0, packed_vec_max)): a.append(rv2())
			return a
		30:
			var a = PackedVector3Array()
			for i in range(rng.randi_range(0, packed_vec_max)): a.append(rv3())
			return a
		31:
			var a = PackedColorArray()
			for i in range(rng.randi_range(0, packed_vec_max)): a.append(rcol())
			return a
		32:
			var a = PackedVector4Array()
			for i in range(rng.randi_range(0, packed_vec_max)): a.append(rv4())
			return a
		33:
			var a: Array[int] = []
			for i in range(rng.randi_range(0, 4)): a.append(rint())
			return a
		34:
			var a: Array[String] = []
			for i in range(rng.randi_range(0, 3)): a.append(rstr())
			return a
		35:
			var d: Dictionary[String, int] = {}
			for i in range(rng.randi_range(0, 3)): d[rstr()] = rint()
			return d
		36:
			var a: Array[Vector2] = []
			for i in range(rng.randi_range(0, 3)): a.append(rv2())
			return a
		_: return extra_leaf(t)

# Leaf kinds past 36 (leaf_max).
func extra_leaf(_t):
	return rint()

func rkey():
	var kt = rng.randi_range(0, 4)
	if kt == 0: return rstr()
	if kt == 1: return rint()
	if kt == 2: return rv2()
	if kt == 3: return StringName(rname())
	return rname()

func value(depth):
	if depth <= 0 or rng.randi_range(0, 3) != 0: return leaf()
	if rng.randi_range(0, 1) == 0:
		var a = []
		for i in range(rng.randi_range(0, 5)): a.append(value(depth - 1))
		return a
	var d = {}
	for i in range(rng.randi_range(0, dict_max)): entry(d, depth)
	return d

# One dictionary entry: the key drawn first, then the value.
func entry(d, depth):
	var k = rkey()
	d[k] = value(depth - 1)

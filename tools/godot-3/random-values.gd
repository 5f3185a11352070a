extends Reference
# Random Godot 3 values of every type, nested: the generator of random-cases-3.2.3.gd (the held-out
# corpus) and, through engine-values.gd, of engine.gd's random cases. Seed `rng`; the values a
# seed gives are the fixtures'.

var rng = RandomNumberGenerator.new()

# What a generator that extends this file changes (engine-values.gd): the most leaf kinds, the
# most items of an array and of a dictionary, whether a NodePath needs names before its subnames.
var leaf_max = 26
var array_max = 5
var dict_max = 5
var props_need_names = true

func rfloat():
	var k = rng.randi_range(0, 5)
	if k == 0: return float(rng.randi_range(-1000, 1000))
	if k == 1: return rng.randf_range(-1.0, 1.0)
	if k == 2: return rng.randf_range(-1e6, 1e6)
	if k == 3: return float(rng.randi_range(-100, 100)) / 4.0
	if k == 4: return rng.randf() * pow(10, rng.randi_range(-30, 30))
	return [0.0, -0.0, 1.0, 0.5, 0.1, 1e-45, 3.4e38, 1e300][rng.randi_range(0, 7)]

func rint():
	var k = rng.randi_range(0, 4)
	if k == 0: return rng.randi_range(-10, 10)
	if k == 1: return (int(rng.randi()) - 2147483648)
	if k == 2: return (rng.randi() << 32) | rng.randi()
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
	s += PoolStringArray(parts).join("/")
	if (n > 0 or not props_need_names) and rng.randi_range(0, 2) == 0:
		for j in range(rng.randi_range(1, 2)): s += ":" + ["position", "x", "modulate", "a"][rng.randi_range(0, 3)]
	if s == "/": s = "/root"
	return NodePath(s)

func rv2(): return Vector2(rfloat(), rfloat())
func rv3(): return Vector3(rfloat(), rfloat(), rfloat())
func rcol(): return Color(rng.randf(), rng.randf(), rng.randf(), rng.randf())

func leaf():
	var t = rng.randi_range(0, leaf_max)
	match t:
		0: return null
		1: return rng.randi_range(0, 1) == 1
		2: return rint()
		3: return rfloat()
		4: return rstr()
		5: return rv2()
		6: return Rect2(rv2(), rv2())
		7: return rv3()
		8: return Transform2D(rv2(), rv2(), rv2())
		9: return Plane(rfloat(), rfloat(), rfloat(), rfloat())
		10: return Quat(rfloat(), rfloat(), rfloat(), rfloat())
		11: return AABB(rv3(), rv3())
		12: return Basis(rv3(), rv3(), rv3())
		13: return Transform(Basis(rv3(), rv3(), rv3()), rv3())
		14: return rcol()
		15: return rpath()
		16:
			var a = PoolByteArray()
			for i in range(rng.randi_range(0, 9)): a.append(rng.randi_range(0, 255))
			return a
		17:
			var a = PoolIntArray()
			for i in range(rng.randi_range(0, 5)): a.append((int(rng.randi()) - 2147483648))
			return a
		18:
			var a = PoolRealArray()
			for i in range(rng.randi_range(0, 5)): a.append(rfloat())
			return a
		19:
			var a = PoolStringArray()
			for i in range(rng.randi_range(0, 4)): a.append(rstr())
			return a
		20:
			var a = PoolVector2Array()
			for i in range(rng.randi_range(0, 4)): a.append(rv2())
			return a
		21:
			var a = PoolVector3Array()
			for i in range(rng.randi_range(0, 4)): a.append(rv3())
			return a
		22:
			var a = PoolColorArray()
			for i in range(rng.randi_range(0, 4)): a.append(rcol())
			return a
		_: return extra_leaf(t)

# Leaf kinds past 22 (leaf_max).
func extra_leaf(_t):
	return rint()

func rkey():
	var kt = rng.randi_range(0, 3)
	if kt == 0: return rstr()
	if kt == 1: return rint()
	if kt == 2: return rv2()
	return rname()

# One dictionary entry: the key drawn first, then the value.
func entry(d, depth):
	var k = rkey()
	d[k] = value(depth - 1)

func value(depth):
	if depth <= 0 or rng.randi_range(0, 3) != 0: return leaf()
	if rng.randi_range(0, 1) == 0:
		var a = []
		for i in range(rng.randi_range(0, array_max)): a.append(value(depth - 1))
		return a
	var d = {}
	for i in range(rng.randi_range(0, dict_max)): entry(d, depth)
	return d

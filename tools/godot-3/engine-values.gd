extends "random-values.gd"
# engine.gd's random values: random-values.gd with more edge floats (-INF, NAN, 1e±300), other
# string and name pools, Colors with a random red, a RID and (3.2 and older) a Node among the
# leaves, more key kinds and bigger containers. Set owner_ (engine.gd: objects_ok(), keep) before
# drawing values.

var owner_

func _init():
	leaf_max = 28
	array_max = 6
	dict_max = 6
	props_need_names = false

func rfloat():
	var k = rng.randi_range(0, 6)
	if k == 0: return float(rng.randi_range(-1000, 1000))
	if k == 1: return rng.randf_range(-1.0, 1.0)
	if k == 2: return rng.randf_range(-1e6, 1e6)
	if k == 3: return float(rng.randi_range(-100, 100)) / 4.0
	if k == 4: return rng.randf() * pow(10, rng.randi_range(-40, 40))
	if k == 5: return rng.randf() * pow(10, rng.randi_range(-300, 300)) * (1 if rng.randi_range(0, 1) == 0 else -1)
	return [0.0, -0.0, 1.0, 0.5, 0.1, 1e-45, 3.4e38, 1e300, INF, -INF, NAN, 16777217.0][rng.randi_range(0, 11)]

func rstr():
	var pool = ["", "a", "hello", "héllo wörld", "日本語", "emoji 🎮", "tab\tnew\nline", "q\" b\\ s", "abc", "abcd",
		"abcde", "x".repeat(rng.randi_range(0, 40)), "'?\u0007", "Ω"]
	return pool[rng.randi_range(0, pool.size() - 1)]

func rname():
	var pool = ["root", "Player", "a", "node_1", "Sprite", "weapon", "ä", "..", "."]
	return pool[rng.randi_range(0, pool.size() - 1)]

func rcol(): return Color(rfloat(), rng.randf(), rng.randf(), rng.randf())

func extra_leaf(t):
	match t:
		23: return RID()
		24:
			if not owner_.objects_ok(): return rint()
			var o = Node.new()
			owner_.keep.append(o)
			return o
		_: return rint()

func rkey():
	var kt = rng.randi_range(0, 9)
	if kt == 0: return rstr()
	if kt == 1: return rint()
	if kt == 2: return rv2()
	if kt == 3: return rname()
	if kt == 4: return rfloat()
	if kt == 5: return rng.randi_range(0, 1) == 1
	if kt == 6: return rpath()
	if kt == 7: return rcol()
	if kt == 8: return rv3()
	return [rint(), rstr()]

# The value drawn first, then the key, as engine.gd drew its fixtures (`d[rkey()] = value(...)`).
func entry(d, depth):
	d[rkey()] = value(depth - 1)

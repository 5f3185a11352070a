extends "res://random-values.gd"
# generate.gd's random values (engine-random.tsv): random-values.gd with wider string and name
# pools, more edge floats (random bit patterns, NaN, -0), leaf kinds 37-43 (typed dictionaries,
# Signal, Callable, RID, Array[Node]) and more key kinds. Set signal_owner (an object with a
# my_signal signal) before drawing values.

var signal_owner: Object

func _init():
	leaf_max = 44
	packed_vec_max = 3
	dict_max = 6
	props_need_names = false

func random_double() -> float:
	var b := PackedByteArray()
	b.resize(8)
	b.encode_u32(0, rng.randi())
	b.encode_u32(4, rng.randi())
	return b.decode_double(0)

func random_single() -> float:
	var b := PackedByteArray()
	b.resize(4)
	b.encode_u32(0, rng.randi())
	return b.decode_float(0)

func rname():
	return ["root", "Player", "a", "node_1", "Sprite", "weapon", "ä", "日本", "x y", "q\"uote"][rng.randi_range(0, 9)]

func rstr():
	var pool = ["", "a", "b", "A", "Z", "hello", "héllo", "日本語", "emoji 🎮", "！", "tab\tx", "q\"", "back\\", "x".repeat(rng.randi_range(0, 20)), "aa", "ab", "b" + str(rng.randi_range(0, 99))]
	return pool[rng.randi_range(0, pool.size() - 1)]

func rfloat():
	var k = rng.randi_range(0, 7)
	if k == 0: return float(rng.randi_range(-1000, 1000))
	if k == 1: return rng.randf_range(-1.0, 1.0)
	if k == 2: return rng.randf_range(-1e6, 1e6)
	if k == 3: return float(rng.randi_range(-100, 100)) / 4.0
	if k == 4: return rng.randf() * pow(10, rng.randi_range(-30, 30))
	if k == 5: return random_double()
	if k == 6: return [0.0, -0.0, 1.0, 0.5, 0.1, 1e-45, 3.4e38, 1e300, INF, -INF, NAN, 1e15, 1e16, 1e-5][rng.randi_range(0, 13)]
	return rng.randfn(0.0, 1e4)

func rcol(): return Color(rfloat(), rfloat(), rfloat(), rfloat())
func rwide(): return ri()
func rf64(): return rfloat()

func extra_leaf(t):
	match t:
		37:
			var d: Dictionary[int, Vector3] = {}
			for i in range(rng.randi_range(0, 3)): d[rint()] = rv3()
			return d
		38:
			var d: Dictionary[StringName, Variant] = {}
			for i in range(rng.randi_range(0, 3)): d[StringName(rname())] = rfloat()
			return d
		39: return Signal(signal_owner, "my_signal") if rng.randi_range(0, 1) == 0 else Signal()
		40: return Callable()
		41: return RID()
		42: return Vector2i(int(rng.randi()) - 2147483648, ri())
		43:
			var a: Array[Node] = []
			return a
		_: return rint()

func rkey():
	var kt = rng.randi_range(0, 9)
	if kt == 0: return rstr()
	if kt == 1: return rint()
	if kt == 2: return rv2()
	if kt == 3: return StringName(rname())
	if kt == 4: return rname()
	if kt == 5: return rfloat()
	if kt == 6: return Vector2i(rng.randi_range(-3, 3), rng.randi_range(-3, 3))
	if kt == 7: return [null, true, false][rng.randi_range(0, 2)]
	if kt == 8: return Vector3(rng.randi_range(-2, 2), rng.randi_range(-2, 2), rng.randi_range(-2, 2))
	return rpath()

# The value drawn first, then the key: GDScript evaluates the right side of `d[rkey()] = v` first,
# and generate.gd's fixtures were drawn so.
func entry(d, depth):
	d[rkey()] = value(depth - 1)

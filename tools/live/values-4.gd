extends RefCounted
# Random Godot 4 values of every type, nested: the generator of the live clients
# (tools/live/client-4.gd, tools/multiplayer/live/*.gd and the capture scene). Seed `rng`.

var rng = RandomNumberGenerator.new()

func rand_string():
	var pieces = ["a", "Z", "0", " ", "é", "ü", "ß", "✓", "🎮", "日本", "\"", "\\", "\n", "\t", "'", "{", "}", ":", ","]
	var s = ""
	for i in range(rng.randi_range(0, 8)):
		s += pieces[rng.randi_range(0, pieces.size() - 1)]
	return s

func rand_f32():
	# Math types hold 32-bit reals in the engine: a value that float32 holds exactly.
	return float(rng.randi_range(-100000, 100000)) / 64.0

func rand_leaf():
	match rng.randi_range(0, 38):
		0: return null
		1: return rng.randi_range(0, 1) == 1
		2: return rng.randi() - 2147483648
		3: return (rng.randi() << 32) | rng.randi()
		4: return rng.randf_range(-1e6, 1e6)
		5: return rand_string()
		6: return Vector2(rand_f32(), rand_f32())
		7: return Rect2(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		8: return Vector3(rand_f32(), rand_f32(), rand_f32())
		9: return Transform2D(Vector2(rand_f32(), rand_f32()), Vector2(rand_f32(), rand_f32()), Vector2(rand_f32(), rand_f32()))
		10: return Plane(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		11: return Quaternion(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		12: return AABB(Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()))
		13: return Basis(Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()))
		14: return Transform3D(Basis(Vector3(1, 0, 0), Vector3(0, rand_f32(), 0), Vector3(0, 0, 1)), Vector3(rand_f32(), rand_f32(), rand_f32()))
		15: return Color(rng.randf(), rng.randf(), rng.randf(), rng.randf())
		16: return NodePath(["a/b", "/root/Main:position:x", "Player", "../Sibling:visible"][rng.randi_range(0, 3)])
		17:
			var a = PackedByteArray()
			for i in range(rng.randi_range(0, 9)):
				a.append(rng.randi_range(0, 255))
			return a
		18:
			var a = PackedInt32Array()
			for i in range(rng.randi_range(0, 6)):
				a.append(rng.randi() - 2147483648)
			return a
		19:
			var a = PackedFloat32Array()
			for i in range(rng.randi_range(0, 6)):
				a.append(rand_f32())
			return a
		20:
			var a = PackedStringArray()
			for i in range(rng.randi_range(0, 4)):
				a.append(rand_string())
			return a
		21:
			var a = PackedVector2Array()
			for i in range(rng.randi_range(0, 4)):
				a.append(Vector2(rand_f32(), rand_f32()))
			return a
		22:
			var a = PackedVector3Array()
			for i in range(rng.randi_range(0, 4)):
				a.append(Vector3(rand_f32(), rand_f32(), rand_f32()))
			return a
		23:
			var a = PackedColorArray()
			for i in range(rng.randi_range(0, 4)):
				a.append(Color(rng.randf(), rng.randf(), rng.randf(), rng.randf()))
			return a
		24: return -rng.randi()
		25: return rng.randf()
		26: return StringName(rand_string())
		27: return Vector2i(rng.randi() - 2147483648, rng.randi_range(-1000, 1000))
		28: return Rect2i(rng.randi_range(-1000, 1000), rng.randi_range(-1000, 1000), rng.randi_range(0, 1000), rng.randi_range(0, 1000))
		29: return Vector3i(rng.randi_range(-1000, 1000), rng.randi() - 2147483648, rng.randi_range(-1000, 1000))
		30: return Vector4(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		31: return Vector4i(rng.randi_range(-9, 9), rng.randi_range(-9, 9), rng.randi_range(-9, 9), rng.randi_range(-9, 9))
		32: return Projection(Vector4(rand_f32(), 0, 0, 0), Vector4(0, rand_f32(), 0, 0), Vector4(0, 0, rand_f32(), 0), Vector4(rand_f32(), rand_f32(), rand_f32(), 1))
		33:
			var a = PackedInt64Array()
			for i in range(rng.randi_range(0, 5)):
				a.append((rng.randi() << 32) | rng.randi())
			return a
		34:
			var a = PackedFloat64Array()
			for i in range(rng.randi_range(0, 5)):
				a.append(rng.randf_range(-1e6, 1e6) / 3.0)
			return a
		35:
			var a = PackedVector4Array()
			for i in range(rng.randi_range(0, 3)):
				a.append(Vector4(rand_f32(), rand_f32(), rand_f32(), rand_f32()))
			return a
		36:
			var a: Array[int] = []
			for i in range(rng.randi_range(0, 4)):
				a.append(rng.randi_range(-100, 100))
			return a
		37:
			var d: Dictionary[String, float] = {}
			for i in range(rng.randi_range(0, 3)):
				d[rand_string()] = rand_f32()
			return d
		_: return "s" + str(rng.randi())

func rand_value(depth):
	var pick = rng.randi_range(0, 5)
	if depth >= 3 or pick > 1:
		return rand_leaf()
	if pick == 0:
		var a = []
		for i in range(rng.randi_range(0, 4)):
			a.append(rand_value(depth + 1))
		return a
	var d = {}
	for i in range(rng.randi_range(0, 4)):
		# String and int keys only: the engine merges keys that compare equal (1 and 1.0).
		var k = rand_string() if rng.randi_range(0, 1) == 0 else rng.randi_range(-1000, 1000)
		d[k] = rand_value(depth + 1)
	return d

# Benchmark workloads from a real Godot 3 engine (var2bytes). Run by make-workloads.mjs (beside it):
#   godot3-server --no-window -s make-3.gd --out=DIR
# Writes DIR/<name>.bin and prints `WL <name> <bytes>` per workload, then `WL done ok`.
# Contents are deterministic (RandomNumberGenerator with fixed seeds).
extends SceneTree

var rng = RandomNumberGenerator.new()

const SYLLABLES = ["ka", "to", "ri", "mon", "el", "dra", "gon", "sha", "vel", "in", "or", "thu", "bel", "ix"]
const NON_ASCII = ["é", "ü", "ñ", "日本", "✓", "ø", "ß", "€"]

func word(min_syl: int, max_syl: int) -> String:
	var s = ""
	for _i in range(rng.randi_range(min_syl, max_syl)):
		s += SYLLABLES[rng.randi() % SYLLABLES.size()]
	return s

func float32_array() -> PoolRealArray:
	rng.seed = 1
	var a = PoolRealArray()
	a.resize(262144) # 262144 × 4 bytes = 1 MiB of floats
	for i in range(a.size()):
		a[i] = rng.randf_range(-1000.0, 1000.0)
	return a

func vector3_array() -> PoolVector3Array:
	rng.seed = 2
	var a = PoolVector3Array()
	a.resize(87381) # 87381 × 12 bytes ≈ 1 MiB
	for i in range(a.size()):
		a[i] = Vector3(rng.randf_range(-100, 100), rng.randf_range(-100, 100), rng.randf_range(-100, 100))
	return a

func string_int_dict() -> Dictionary:
	rng.seed = 3
	var d = {}
	var i = 0
	while d.size() < 10000:
		d["%s_%d" % [word(1, 3), i]] = rng.randi_range(-1000000, 1000000)
		i += 1
	return d

func nested_mix() -> Array:
	rng.seed = 4
	var units = []
	for i in range(250):
		var tags = []
		for _t in range(rng.randi_range(0, 4)):
			tags.append(word(1, 2))
		units.append({
			"id": i,
			"name": word(2, 4).capitalize(),
			"position": Vector3(rng.randf_range(-500, 500), rng.randf_range(0, 50), rng.randf_range(-500, 500)),
			"velocity": Vector2(rng.randf_range(-5, 5), rng.randf_range(-5, 5)),
			"hp": rng.randf_range(0, 100),
			"speed": stepify(rng.randf_range(1, 10), 0.25),
			"alive": rng.randf() > 0.2,
			"tint": Color(rng.randf(), rng.randf(), rng.randf(), 1),
			"tags": tags,
			"stats": {"str": rng.randi_range(1, 20), "dex": rng.randi_range(1, 20), "int": rng.randi_range(1, 20)},
			"waypoints": [Vector3(rng.randf_range(-9, 9), 0, rng.randf_range(-9, 9)), Vector3(rng.randf_range(-9, 9), 0, rng.randf_range(-9, 9))],
		})
	return units

func string_array() -> Array:
	rng.seed = 5
	var a = []
	for _i in range(16000):
		var s = word(1, 6)
		if rng.randf() < 0.1:
			s += NON_ASCII[rng.randi() % NON_ASCII.size()]
		if rng.randf() < 0.05:
			s = s + " " + word(6, 16) + " " + word(6, 16)
		a.append(s)
	return a

# What a game server gets many times a second: a few ints, floats, strings and a Vector2.
func small_message() -> Dictionary:
	return {"id": 1042, "hp": 87, "name": "ranger", "pos": Vector2(12.5, -3.25), "speed": 4.75, "alive": true}

func save(dir: String, name: String, value) -> void:
	var bytes = var2bytes(value)
	var f = File.new()
	var err = f.open(dir + "/" + name + ".bin", File.WRITE)
	if err != OK:
		print("WL error ", name, " ", err)
		return
	f.store_buffer(bytes)
	f.close()
	print("WL ", name, " ", bytes.size())

func _init():
	var dir = ""
	for arg in OS.get_cmdline_args():
		if arg.begins_with("--out="):
			dir = arg.substr(6)
	if dir == "":
		print("WL error no --out=DIR")
		quit()
		return
	save(dir, "float32-array", float32_array())
	save(dir, "string-int-dict", string_int_dict())
	save(dir, "nested-mix", nested_mix())
	save(dir, "string-array", string_array())
	save(dir, "vector3-array", vector3_array())
	save(dir, "small-message", small_message())
	print("WL done ok")
	quit()

extends SceneTree
# Zstd frames made by a real Godot 3 engine (3.2.3: godot3-server), for @gdvariant/files' Zstd
# decoder: PoolByteArray.compress(File.COMPRESSION_ZSTD) (Compression::compress, the engine's
# libzstd at the project's compression settings) of deterministic inputs of several shapes; the
# same shapes as zstd-corpus-4.gd (not the same bytes: each engine's generator makes its own).
#
#   godot3-server --no-window --path PROJECT -s zstd-corpus-3.gd --dir=DIR --out=FILE
#
# Writes DIR/<input>.zst; prints "<input>\t<plain size>\t<plain sha256>\t<frame size>" lines
# after the settings' facts. "# mismatch" if the engine does not read its own frame back.

func arg(name, default = ""):
	for a in OS.get_cmdline_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func sha256(b):
	var ctx = HashingContext.new()
	ctx.start(HashingContext.HASH_SHA256)
	ctx.update(b)
	return ctx.finish().hex_encode()

func inputs():
	var rng = RandomNumberGenerator.new()
	rng.seed = 36
	var out = {}
	out["empty"] = PoolByteArray()
	out["one"] = PoolByteArray([42])
	var words = ["the", "save", "player", "inventory", "sword", "shield", "potion", "gold", "health", "harbour", "chapter", "Vector2(", ")", "=", "\"", "{", "}", ",", "1.5", "-2.25", "true", "false"]
	var s = ""
	while s.length() < 12000:
		s += words[rng.randi() % words.size()] + (" " if rng.randi() % 9 != 0 else "\n")
	out["text"] = s.to_utf8()
	var rec = PoolByteArray()
	for i in range(200):
		rec.append_array(var2bytes({"id": i, "item": "item_%d" % (i % 17), "pos": Vector2(i * 0.5, -i), "alive": i % 3 == 0}))
	out["records"] = rec
	var sk = PoolByteArray()
	for i in range(12000):
		var x = 0
		while rng.randf() < 0.8 and x < 255:
			x += 1
		sk.append(x)
	out["skewed"] = sk
	var runs = PoolByteArray()
	while runs.size() < 140000:
		var v = rng.randi() % 4
		for k in range(1 + rng.randi() % 400):
			runs.append(v)
	out["runs"] = runs
	var noise = PoolByteArray()
	for i in range(6000):
		noise.append(rng.randi() % 256)
	out["noise"] = noise
	var chunk = PoolByteArray()
	for i in range(12000):
		chunk.append(rng.randi() % 256)
	var far = PoolByteArray()
	for r in range(4):
		far.append_array(chunk)
		for k in range(50):
			far.append(rng.randi() % 256)
	out["far"] = far
	return out

func _init():
	var dir = arg("dir")
	var f = File.new()
	f.open(arg("out"), File.WRITE)
	f.store_string("# level\t%s\n" % ProjectSettings.get_setting("compression/formats/zstd/compression_level"))
	f.store_string("# long distance matching\t%s\n" % ProjectSettings.get_setting("compression/formats/zstd/long_distance_matching"))
	f.store_string("# window log\t%s\n" % ProjectSettings.get_setting("compression/formats/zstd/window_log_size"))
	var all = inputs()
	for name in all:
		var plain = all[name]
		var z = plain.compress(File.COMPRESSION_ZSTD)
		if plain.size() > 0 and z.decompress(plain.size(), File.COMPRESSION_ZSTD).hex_encode() != plain.hex_encode():
			f.store_string("# mismatch\t%s\n" % name)
		var o = File.new()
		o.open(dir + "/" + name + ".zst", File.WRITE)
		o.store_buffer(z)
		o.close()
		f.store_string("%s\t%d\t%s\t%d\n" % [name, plain.size(), sha256(plain), z.size()])
	f.store_string("# done\n")
	f.close()
	quit()

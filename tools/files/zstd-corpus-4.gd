extends SceneTree
# Zstd frames made by a real Godot 4 engine (4.6.3, --headless), for @gdvariant/files' Zstd
# decoder: PackedByteArray.compress(COMPRESSION_ZSTD) (Compression::compress, the engine's
# libzstd at the project's compression settings) of deterministic inputs of several shapes.
#
#   godot4 --headless --path PROJECT -s zstd-corpus-4.gd -- --dir=DIR --out=FILE
#
# Writes DIR/<input>.zst; prints "<input>\t<plain size>\t<plain sha256>\t<frame size>" lines
# after "# level\t...", "# long distance matching\t..." and "# window log\t..." facts. The engine
# decompresses each frame again and stops with "# mismatch" if it does not get the input back.

func arg(name: String, default := "") -> String:
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func sha256(b: PackedByteArray) -> String:
	var ctx := HashingContext.new()
	ctx.start(HashingContext.HASH_SHA256)
	ctx.update(b)
	return ctx.finish().hex_encode()

func inputs() -> Dictionary:
	var rng := RandomNumberGenerator.new()
	rng.seed = 36
	var out := {}
	out["empty"] = PackedByteArray()
	out["one"] = PackedByteArray([42])
	# Text: words and line breaks (Huffman-coded literals, short matches).
	var words := ["the", "save", "player", "inventory", "sword", "shield", "potion", "gold", "health", "harbour", "chapter", "Vector2(", ")", "=", "\"", "{", "}", ",", "1.5", "-2.25", "true", "false"]
	var s := ""
	while s.length() < 12000:
		s += words[rng.randi() % words.size()] + (" " if rng.randi() % 9 != 0 else "\n")
	out["text"] = s.to_utf8_buffer()
	# Records: what store_var writes, many times with small changes.
	var rec := PackedByteArray()
	for i in range(200):
		rec.append_array(var_to_bytes({"id": i, "item": "item_%d" % (i % 17), "pos": Vector2(i * 0.5, -i), "alive": i % 3 == 0}))
	out["records"] = rec
	# Skewed bytes: many symbols, very different frequencies (large Huffman trees, 4 streams).
	var sk := PackedByteArray()
	for i in range(12000):
		var x := 0
		while rng.randf() < 0.8 and x < 255:
			x += 1
		sk.append(x)
	out["skewed"] = sk
	# Runs of a few values over more than 128 KiB (RLE literals, long matches, several blocks).
	var runs := PackedByteArray()
	while runs.size() < 140000:
		var v := rng.randi() % 4
		for k in range(1 + rng.randi() % 400):
			runs.append(v)
	out["runs"] = runs
	# Noise (raw literals or raw blocks).
	var noise := PackedByteArray()
	for i in range(6000):
		noise.append(rng.randi() % 256)
	out["noise"] = noise
	# A chunk of noise repeated far apart, with changes between (far offsets, repeat offsets).
	var chunk := PackedByteArray()
	for i in range(12000):
		chunk.append(rng.randi() % 256)
	var far := PackedByteArray()
	for r in range(4):
		far.append_array(chunk)
		for k in range(50):
			far.append(rng.randi() % 256)
	out["far"] = far
	return out

func _init() -> void:
	var dir := arg("dir")
	var f := FileAccess.open(arg("out"), FileAccess.WRITE)
	f.store_string("# level\t%s\n" % ProjectSettings.get_setting("compression/formats/zstd/compression_level"))
	f.store_string("# long distance matching\t%s\n" % ProjectSettings.get_setting("compression/formats/zstd/long_distance_matching"))
	f.store_string("# window log\t%s\n" % ProjectSettings.get_setting("compression/formats/zstd/window_log_size"))
	var all := inputs()
	for name in all:
		var plain: PackedByteArray = all[name]
		var z := plain.compress(FileAccess.COMPRESSION_ZSTD)
		if plain.size() > 0 and z.decompress(plain.size(), FileAccess.COMPRESSION_ZSTD) != plain:
			f.store_string("# mismatch\t%s\n" % name)
		var o := FileAccess.open(dir + "/" + name + ".zst", FileAccess.WRITE)
		o.store_buffer(z)
		o.close()
		f.store_string("%s\t%d\t%s\t%d\n" % [name, plain.size(), sha256(plain), z.size()])
	f.store_string("# done\n")
	f.close()
	quit()

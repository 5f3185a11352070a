extends SceneTree
# Drives a real Godot 4 engine (4.6.3, --headless) for @gdvariant/files. Same modes and output as
# files-3.gd (arguments after "--"):
#
#   godot4 --headless -s files-4.gd -- --mode=write --dir=DIR --out=FILE
#   godot4 --headless -s files-4.gd -- --mode=read --jobs=FILE --out=FILE
#
# (a fifth job column "raw": print the whole content as "<file>\traw\t<hex>").
# 4.x extras: raw keys with a caller-given IV (open_encrypted's fourth argument), Brotli reads
# (the engine cannot write Brotli: the runner makes that file and the engine reads it).

var out_file: FileAccess

func arg(name: String, default := "") -> String:
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func unhex(h: String) -> PackedByteArray:
	return h.hex_decode()

func small_records() -> Array:
	return [
		{"name": "Ada", "hp": 37, "gold": 1250, "pos": Vector2(1.5, -2.25), "alive": true},
		["sword", "shield", "potion"],
		"Chapter 2: the harbour",
		Color(0.25, 0.5, 1.0, 1.0),
		4294967296,
		0.1,
	]

func big_records() -> Array:
	var recs := small_records()
	var b := PackedByteArray()
	for i in range(6000):
		b.append((i * 7 + (i / 300)) % 251)
	recs.append(b)
	var inv := []
	for i in range(120):
		inv.append({"id": i, "item": "item_%d" % i, "count": i % 9})
	recs.append(inv)
	return recs

func store_all(f: FileAccess, recs: Array) -> void:
	for r in recs:
		f.store_var(r)
	f.close()

func write_plain(path: String, recs: Array) -> void:
	store_all(FileAccess.open(path, FileAccess.WRITE), recs)

func config() -> ConfigFile:
	var c := ConfigFile.new()
	c.set_value("player", "name", "Ada")
	c.set_value("player", "hp", 37)
	c.set_value("player", "pos", Vector2(1.5, -2.25))
	c.set_value("player", "inventory", ["sword", "shield"])
	c.set_value("settings", "volume", 0.8)
	c.set_value("settings", "fullscreen", false)
	c.set_value("settings", "keys", {"jump": 32, "fire": "ctrl"})
	c.set_value("", "top", "level")
	return c

func do_write(dir: String) -> void:
	var small := small_records()
	var big := big_records()
	write_plain(dir + "/small.bin", small)
	write_plain(dir + "/big.bin", big)
	store_all(FileAccess.open_encrypted_with_pass(dir + "/enc-pass-empty.bin", FileAccess.WRITE, ""), small)
	store_all(FileAccess.open_encrypted_with_pass(dir + "/enc-pass-ascii.bin", FileAccess.WRITE, "hunter2"), small)
	var long_pw := ""
	for i in range(40):
		long_pw += "long-password-%d;" % i
	store_all(FileAccess.open_encrypted_with_pass(dir + "/enc-pass-long.bin", FileAccess.WRITE, long_pw), small)
	store_all(FileAccess.open_encrypted_with_pass(dir + "/enc-pass-unicode.bin", FileAccess.WRITE, "pässwörd-ключ-🔑"), small)
	var key := PackedByteArray()
	for i in range(32):
		key.append((i * 37 + 11) % 256)
	store_all(FileAccess.open_encrypted(dir + "/enc-key.bin", FileAccess.WRITE, key), small)
	var iv := PackedByteArray()
	for i in range(16):
		iv.append((i * 29 + 3) % 256)
	var has_iv := false
	for m in ClassDB.class_get_method_list("FileAccess"):
		if m.name == "open_encrypted":
			has_iv = m.args.size() >= 4
	out_file.store_string("# open_encrypted takes an iv\t%s\n" % has_iv)
	if has_iv:
		store_all(FileAccess.open_encrypted(dir + "/enc-key-iv.bin", FileAccess.WRITE, key, iv), small)
	store_all(FileAccess.open_compressed(dir + "/comp-fastlz.bin", FileAccess.WRITE, FileAccess.COMPRESSION_FASTLZ), big)
	store_all(FileAccess.open_compressed(dir + "/comp-deflate.bin", FileAccess.WRITE, FileAccess.COMPRESSION_DEFLATE), big)
	store_all(FileAccess.open_compressed(dir + "/comp-zstd.bin", FileAccess.WRITE, FileAccess.COMPRESSION_ZSTD), big)
	store_all(FileAccess.open_compressed(dir + "/comp-gzip.bin", FileAccess.WRITE, FileAccess.COMPRESSION_GZIP), big)
	store_all(FileAccess.open_compressed(dir + "/comp-fastlz-small.bin", FileAccess.WRITE, FileAccess.COMPRESSION_FASTLZ), [7])
	var exact := PackedByteArray()
	for i in range(8192):
		exact.append((i * 13) % 256)
	var f := FileAccess.open(dir + "/exact.bin", FileAccess.WRITE)
	f.store_buffer(exact)
	f.close()
	for m in [FileAccess.COMPRESSION_FASTLZ, FileAccess.COMPRESSION_DEFLATE, FileAccess.COMPRESSION_ZSTD, FileAccess.COMPRESSION_GZIP]:
		f = FileAccess.open_compressed(dir + "/comp-exact-%d.bin" % m, FileAccess.WRITE, m)
		f.store_buffer(exact)
		f.close()
	var c := config()
	c.save(dir + "/config.cfg")
	c.save_encrypted_pass(dir + "/config-enc.cfg", "hunter2")
	out_file.store_string("# long password\t" + long_pw + "\n")
	out_file.store_string("# key\t" + key.hex_encode() + "\n")
	out_file.store_string("# iv\t" + iv.hex_encode() + "\n")

func read_records(name: String, f: FileAccess, raw: bool) -> void:
	if raw:
		out_file.store_string("%s\traw\t%s\n" % [name, f.get_buffer(f.get_length()).hex_encode()])
		f.close()
		return
	var i := 0
	while f.get_position() < f.get_length():
		var v = f.get_var()
		out_file.store_string("%s\t%d\t%s\t%s\n" % [name, i, var_to_bytes(v).hex_encode(), var_to_str(v).c_escape()])
		i += 1
	f.close()

func do_read(jobs: String) -> void:
	var jf := FileAccess.open(jobs, FileAccess.READ)
	while not jf.eof_reached():
		var line := jf.get_line()
		if line == "":
			continue
		var p := line.split("\t")
		var path := p[0]
		var kind := p[1]
		var secret := unhex(p[2])
		var f: FileAccess = null
		if kind == "pass":
			f = FileAccess.open_encrypted_with_pass(path, FileAccess.READ, secret.get_string_from_utf8())
		elif kind == "key":
			f = FileAccess.open_encrypted(path, FileAccess.READ, secret)
		elif kind == "comp":
			f = FileAccess.open_compressed(path, FileAccess.READ, int(p[3]))
		elif kind == "plain":
			f = FileAccess.open(path, FileAccess.READ)
		elif kind == "cfg-pass":
			var c := ConfigFile.new()
			var err := c.load_encrypted_pass(path, secret.get_string_from_utf8())
			if err != OK:
				out_file.store_string("%s\terror\t%d\n" % [path, err])
				continue
			c.save(path + ".plain")
			out_file.store_string("%s\tcfg\t%s\n" % [path, path + ".plain"])
			continue
		if f == null:
			out_file.store_string("%s\terror\t%d\n" % [path, FileAccess.get_open_error()])
			continue
		read_records(path, f, p.size() > 4 and p[4] == "raw")
	jf.close()

func _init() -> void:
	out_file = FileAccess.open(arg("out"), FileAccess.WRITE)
	var mode := arg("mode")
	if mode == "write":
		do_write(arg("dir"))
	elif mode == "read":
		do_read(arg("jobs"))
	out_file.store_string("# done\n")
	out_file.close()
	quit()

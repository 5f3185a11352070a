extends SceneTree
# Drives a real Godot 3 engine (3.2.3 headless: godot3-server) for @gdvariant/files.
#
#   godot3-server --no-window -s files-3.gd --mode=write --dir=DIR
#       writes the fixture files: store_var saves encrypted with passwords and a raw key,
#       compressed in every mode, encrypted ConfigFiles, and the plaintexts beside them
#   godot3-server --no-window -s files-3.gd --mode=read --jobs=FILE --out=FILE
#       each job line "<file>\t<kind>\t<secret hex>\t<arg>" (kind: pass, key, comp, cfg-pass,
#       plain): the engine opens the file and prints one line per record,
#       "<file>\t<index>\t<var2bytes hex>\t<var2str c_escape'd>", or "<file>\terror\t<code>";
#       with a fifth column "raw" it prints the whole content instead: "<file>\traw\t<hex>"
#
# Lines starting with "#" are facts; the last is "# done".

var out_file = File.new()

func arg(name, default = ""):
	for a in OS.get_cmdline_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func unhex(h):
	var b = PoolByteArray()
	for i in range(0, h.length(), 2):
		b.append(("0x" + h.substr(i, 2)).hex_to_int())
	return b

func hex(b):
	var s = ""
	for x in b:
		s += "%02x" % x
	return s

# A small save: the records a game writes with store_var.
func small_records():
	return [
		{"name": "Ada", "hp": 37, "gold": 1250, "pos": Vector2(1.5, -2.25), "alive": true},
		["sword", "shield", "potion"],
		"Chapter 2: the harbour",
		Color(0.25, 0.5, 1.0, 1.0),
		4294967296,
		0.1,
	]

# A save that spans several 4096-byte blocks: a few records and a patterned byte array.
func big_records():
	var recs = small_records()
	var b = PoolByteArray()
	for i in range(6000):
		b.append((i * 7 + (i / 300)) % 251)
	recs.append(b)
	var inv = []
	for i in range(120):
		inv.append({"id": i, "item": "item_%d" % i, "count": i % 9})
	recs.append(inv)
	return recs

func store_all(f, recs):
	for r in recs:
		f.store_var(r)

func write_plain(path, recs):
	var f = File.new()
	f.open(path, File.WRITE)
	store_all(f, recs)
	f.close()

func write_pass(path, pw, recs):
	var f = File.new()
	var err = f.open_encrypted_with_pass(path, File.WRITE, pw)
	if err != OK:
		push_error("open_encrypted_with_pass failed %d" % err)
		return
	store_all(f, recs)
	f.close()

func write_key(path, key, recs):
	var f = File.new()
	var err = f.open_encrypted(path, File.WRITE, key)
	if err != OK:
		push_error("open_encrypted failed %d" % err)
		return
	store_all(f, recs)
	f.close()

func write_comp(path, mode, recs):
	var f = File.new()
	var err = f.open_compressed(path, File.WRITE, mode)
	if err != OK:
		push_error("open_compressed failed %d" % err)
		return
	store_all(f, recs)
	f.close()

func write_comp_bytes(path, mode, bytes):
	var f = File.new()
	f.open_compressed(path, File.WRITE, mode)
	f.store_buffer(bytes)
	f.close()

func config():
	var c = ConfigFile.new()
	c.set_value("player", "name", "Ada")
	c.set_value("player", "hp", 37)
	c.set_value("player", "pos", Vector2(1.5, -2.25))
	c.set_value("player", "inventory", ["sword", "shield"])
	c.set_value("settings", "volume", 0.8)
	c.set_value("settings", "fullscreen", false)
	c.set_value("settings", "keys", {"jump": 32, "fire": "ctrl"})
	c.set_value("", "top", "level")
	return c

func do_write(dir):
	var small = small_records()
	var big = big_records()
	write_plain(dir + "/small.bin", small)
	write_plain(dir + "/big.bin", big)
	write_pass(dir + "/enc-pass-empty.bin", "", small)
	write_pass(dir + "/enc-pass-ascii.bin", "hunter2", small)
	var long_pw = ""
	for i in range(40):
		long_pw += "long-password-%d;" % i
	write_pass(dir + "/enc-pass-long.bin", long_pw, small)
	write_pass(dir + "/enc-pass-unicode.bin", "pässwörd-ключ-🔑", small)
	var key = PoolByteArray()
	for i in range(32):
		key.append((i * 37 + 11) % 256)
	write_key(dir + "/enc-key.bin", key, small)
	write_comp(dir + "/comp-fastlz.bin", File.COMPRESSION_FASTLZ, big)
	write_comp(dir + "/comp-deflate.bin", File.COMPRESSION_DEFLATE, big)
	write_comp(dir + "/comp-zstd.bin", File.COMPRESSION_ZSTD, big)
	write_comp(dir + "/comp-gzip.bin", File.COMPRESSION_GZIP, big)
	write_comp(dir + "/comp-fastlz-small.bin", File.COMPRESSION_FASTLZ, [7])
	var exact = PoolByteArray()
	for i in range(8192):
		exact.append((i * 13) % 256)
	var f = File.new()
	f.open(dir + "/exact.bin", File.WRITE)
	f.store_buffer(exact)
	f.close()
	for m in [File.COMPRESSION_FASTLZ, File.COMPRESSION_DEFLATE, File.COMPRESSION_ZSTD, File.COMPRESSION_GZIP]:
		write_comp_bytes(dir + "/comp-exact-%d.bin" % m, m, exact)
	var c = config()
	c.save(dir + "/config.cfg")
	c.save_encrypted_pass(dir + "/config-enc.cfg", "hunter2")
	out_file.store_string("# long password\t" + long_pw + "\n")
	out_file.store_string("# key\t" + hex(key) + "\n")

func read_records(name, f, raw):
	if raw:
		out_file.store_string("%s\traw\t%s\n" % [name, hex(f.get_buffer(f.get_len()))])
		f.close()
		return
	var i = 0
	while f.get_position() < f.get_len():
		var v = f.get_var()
		out_file.store_string("%s\t%d\t%s\t%s\n" % [name, i, hex(var2bytes(v)), var2str(v).c_escape()])
		i += 1
	f.close()

func do_read(jobs):
	var jf = File.new()
	jf.open(jobs, File.READ)
	while not jf.eof_reached():
		var line = jf.get_line()
		if line == "":
			continue
		var p = line.split("\t")
		var path = p[0]
		var kind = p[1]
		var secret = unhex(p[2])
		var f = File.new()
		var err = OK
		if kind == "pass":
			err = f.open_encrypted_with_pass(path, File.READ, secret.get_string_from_utf8())
		elif kind == "key":
			err = f.open_encrypted(path, File.READ, secret)
		elif kind == "comp":
			err = f.open_compressed(path, File.READ, int(p[3]))
		elif kind == "plain":
			err = f.open(path, File.READ)
		elif kind == "cfg-pass":
			var c = ConfigFile.new()
			err = c.load_encrypted_pass(path, secret.get_string_from_utf8())
			if err != OK:
				out_file.store_string("%s\terror\t%d\n" % [path, err])
				continue
			c.save(path + ".plain")
			out_file.store_string("%s\tcfg\t%s\n" % [path, path + ".plain"])
			continue
		if err != OK:
			out_file.store_string("%s\terror\t%d\n" % [path, err])
			continue
		read_records(path, f, p.size() > 4 and p[4] == "raw")
	jf.close()

func _init():
	out_file.open(arg("out"), File.WRITE)
	var mode = arg("mode")
	if mode == "write":
		do_write(arg("dir"))
	elif mode == "read":
		do_read(arg("jobs"))
	out_file.store_string("# done\n")
	out_file.close()
	quit()

extends SceneTree
# Drives Godot 3 (3.2.3 headless: godot3-server) for @gdvariant/files' layered-file fixtures, as
# layers-4.gd does for 4.x (the same files; PoolByteArray.compress for the envelopes):
#
#   godot3-server --no-window -s layers-3.gd --dir=DIR --out=FILE

var out_file = File.new()

func arg(name, default = ""):
	for a in OS.get_cmdline_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func fact(line):
	out_file.store_string(line + "\n")

func hex(b):
	var s = ""
	for x in b:
		s += "%02x" % x
	return s

func value():
	var inv = []
	for i in range(40):
		inv.append({"id": i, "item": "item_%d" % i})
	return {"name": "Ada", "pos": Vector3(1, 2, 3), "tags": PoolStringArray(["a", "b"]), "inv": inv}

func save_bytes(path, b):
	var f = File.new()
	f.open(path, File.WRITE)
	f.store_buffer(b)
	f.close()

func count_records(f):
	var n = 0
	while f.get_position() < f.get_len():
		f.get_var()
		n += 1
	f.close()
	return n

func _init():
	out_file.open(arg("out"), File.WRITE)
	var dir = arg("dir")
	var plain = var2bytes(value())
	save_bytes(dir + "/env-plain.bin", plain)
	var names = {File.COMPRESSION_FASTLZ: "fastlz", File.COMPRESSION_DEFLATE: "deflate", File.COMPRESSION_ZSTD: "zstd", File.COMPRESSION_GZIP: "gzip"}
	for m in names:
		var packed = plain.compress(m)
		save_bytes(dir + "/env-%s.bin" % names[m], packed)
		var back = packed.decompress(plain.size(), m)
		fact("# env-%s.bin\t%d\t%s" % [names[m], packed.size(), str(hex(back) == hex(plain))])
	var small = var2bytes(7)
	save_bytes(dir + "/env-fastlz-small.bin", small.compress(File.COMPRESSION_FASTLZ))
	fact("# env-fastlz-small.bin plaintext\t%s" % hex(small))
	fact("# value\t%s" % var2str(value()).c_escape())

	ProjectSettings.set_setting("application/config/name", "Layers")
	ProjectSettings.set_setting("gdvariant/test/vector", Vector3(1, 2, 3))
	ProjectSettings.set_setting("gdvariant/test/list", PoolStringArray(["a", "b"]))
	ProjectSettings.set_setting("gdvariant/test/dict", {"jump": 32, "fire": "ctrl"})
	ProjectSettings.set_setting("gdvariant/test/real", 0.1)
	fact("# save binary\t%d" % ProjectSettings.save_custom(dir + "/project.binary"))
	fact("# save text\t%d" % ProjectSettings.save_custom(dir + "/project.godot"))

	var f = File.new()
	f.open_encrypted_with_pass(dir + "/empty-enc.bin", File.WRITE, "hunter2")
	f.close()
	f = File.new()
	f.open_compressed(dir + "/empty-comp.bin", File.WRITE, File.COMPRESSION_FASTLZ)
	f.close()
	f = File.new()
	f.open_encrypted_with_pass(dir + "/empty-enc.bin", File.READ, "hunter2")
	fact("# empty-enc.bin records\t%d" % count_records(f))
	f = File.new()
	f.open_compressed(dir + "/empty-comp.bin", File.READ, File.COMPRESSION_FASTLZ)
	fact("# empty-comp.bin records\t%d" % count_records(f))
	fact("# done")
	out_file.close()
	quit()

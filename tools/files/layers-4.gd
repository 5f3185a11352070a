extends SceneTree
# Drives Godot 4 (4.6.3, --headless) for @gdvariant/files' layered-file fixtures:
#
#   godot4 --headless --path P -s layers-4.gd -- --dir=DIR --out=FILE
#
# Writes into DIR: PackedByteArray.compress() envelopes of var_to_bytes(VALUE) in every mode the
# engine writes (env-<mode>.bin) and of a value under 16 bytes (env-fastlz-small.bin, which
# FastLZ pads to 16), the plain bytes (env-plain.bin); project settings saved by save_custom as
# project.binary and as project.godot text (the same keys, so one checks the other); sealed saves
# with no records (empty-enc.bin, empty-comp.bin), read back by the engine. FILE gets the facts.

var out_file: FileAccess

func arg(name: String, default := "") -> String:
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func fact(line: String) -> void:
	out_file.store_string(line + "\n")

func value() -> Variant:
	var inv := []
	for i in range(40):
		inv.append({"id": i, "item": "item_%d" % i})
	return {"name": "Ada", "pos": Vector3(1, 2, 3), "tags": PackedStringArray(["a", "b"]), "inv": inv}

func save_bytes(path: String, b: PackedByteArray) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_buffer(b)
	f.close()

func count_records(f: FileAccess) -> int:
	var n := 0
	while f.get_position() < f.get_length():
		f.get_var()
		n += 1
	f.close()
	return n

func _init() -> void:
	out_file = FileAccess.open(arg("out"), FileAccess.WRITE)
	var dir := arg("dir")
	var plain := var_to_bytes(value())
	save_bytes(dir + "/env-plain.bin", plain)
	var names := {FileAccess.COMPRESSION_FASTLZ: "fastlz", FileAccess.COMPRESSION_DEFLATE: "deflate", FileAccess.COMPRESSION_ZSTD: "zstd", FileAccess.COMPRESSION_GZIP: "gzip"}
	for m in names:
		var packed := plain.compress(m)
		save_bytes(dir + "/env-%s.bin" % names[m], packed)
		# The engine reads its own envelope back (decompress needs the size for FastLZ).
		var back := packed.decompress(plain.size(), m)
		fact("# env-%s.bin\t%d\t%s" % [names[m], packed.size(), str(back == plain)])
	var small := var_to_bytes(7)
	save_bytes(dir + "/env-fastlz-small.bin", small.compress(FileAccess.COMPRESSION_FASTLZ))
	fact("# env-fastlz-small.bin plaintext\t%s" % small.hex_encode())
	fact("# value\t%s" % var_to_str(value()).c_escape())

	ProjectSettings.set_setting("application/config/name", "Layers")
	ProjectSettings.set_setting("gdvariant/test/vector", Vector3(1, 2, 3))
	ProjectSettings.set_setting("gdvariant/test/list", PackedStringArray(["a", "b"]))
	ProjectSettings.set_setting("gdvariant/test/dict", {"jump": 32, "fire": "ctrl"})
	ProjectSettings.set_setting("gdvariant/test/real", 0.1)
	fact("# save binary\t%d" % ProjectSettings.save_custom(dir + "/project.binary"))
	fact("# save text\t%d" % ProjectSettings.save_custom(dir + "/project.godot"))

	var f := FileAccess.open_encrypted_with_pass(dir + "/empty-enc.bin", FileAccess.WRITE, "hunter2")
	f.close()
	f = FileAccess.open_compressed(dir + "/empty-comp.bin", FileAccess.WRITE, FileAccess.COMPRESSION_FASTLZ)
	f.close()
	fact("# empty-enc.bin records\t%d" % count_records(FileAccess.open_encrypted_with_pass(dir + "/empty-enc.bin", FileAccess.READ, "hunter2")))
	fact("# empty-comp.bin records\t%d" % count_records(FileAccess.open_compressed(dir + "/empty-comp.bin", FileAccess.READ, FileAccess.COMPRESSION_FASTLZ)))
	fact("# done")
	out_file.close()
	quit()

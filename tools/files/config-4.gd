extends SceneTree
# ConfigFile text with a real Godot 4 engine (4.6.3, --headless), for @gdvariant/files. Same
# modes and output as config-3.gd (arguments after "--"):
#
#   godot4 --headless -s config-4.gd -- --mode=write --dir=DIR --out=FILE
#       values.cfg: values over several lines (strings with raw newlines, dictionaries one entry
#       a line, nested arrays and dictionaries); names-N.cfg: one key and one section name each,
#       and whether the engine reads its own file back to that name ("name" lines, below)
#   godot4 --headless -s config-4.gd -- --mode=read --jobs=FILE --out=FILE
#       each job line is a file path: the engine loads it and prints what it read, then saves it
#       again as "<path>.resaved"
#
# Output lines: "name\t<i>\t<section hex>\t<key hex>\t<same|other>\t<what it read back>" (write);
# "<path>\tv\t<section hex>\t<key hex>\t<var_to_bytes hex>" per value in file order, then
# "<path>\tsaved" or "<path>\terror\t<code>" (read). Names are UTF-8 in hex. Last line "# done".

var out_file: FileAccess

func arg(name: String, default := "") -> String:
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func hexs(s: String) -> String:
	return s.to_utf8_buffer().hex_encode()

# Values that the engine writes over several lines, or with characters a line-based reader trips on.
func values_config() -> ConfigFile:
	var c := ConfigFile.new()
	c.set_value("", "top", "before any section")
	c.set_value("strings", "tagline", "Waiting\nfor\nGodot")
	c.set_value("strings", "crlf", "one\r\ntwo\r\n")
	c.set_value("strings", "cr", "old\rmac")
	c.set_value("strings", "ends_nl", "\n")
	c.set_value("strings", "quotes", "say \"hi\"\n\\ back \\\\ slash\t tab")
	c.set_value("strings", "brackets", "[not] a section\nkey=not a key\n; not a comment\n[x]")
	c.set_value("strings", "unicode", "ü 日本\n🔑")
	c.set_value("strings", "name", &"string\nname")
	c.set_value("strings", "path", NodePath("a/b:c"))
	c.set_value("strings", "packed", PackedStringArray(["a\nb", "c\"d", "e\\f"]))
	c.set_value("dicts", "small", {"jump": 32, "fire": "ctrl"})
	c.set_value("dicts", "empty", {})
	c.set_value("dicts", "nested", {"a": {"b": {"c": [1, {"d": "e\nf"}]}}, "list": [{}, [], {"x": []}]})
	c.set_value("dicts", "keys", {1: "int", 2.5: "float", Vector2(1, 2): "vector", "multi\nline": "key"})
	var big := {}
	for i in range(120):
		big["entry_%03d" % i] = {"id": i, "name": "item\n%d" % i, "tags": ["t%d" % i, i * 0.5]}
	c.set_value("dicts", "big", big)
	c.set_value("arrays", "empty", [])
	c.set_value("arrays", "mixed", [1, "two\nlines", 3.5, null, true, Vector3(1, 2, 3), {"k": "v"}, [[], [[]]]])
	var long_array := []
	for i in range(300):
		long_array.append({"i": i} if i % 7 == 0 else i)
	c.set_value("arrays", "long", long_array)
	var typed: Array[int] = [1, 2, 3]
	c.set_value("arrays", "typed", typed)
	var typed_dict: Dictionary[String, int] = {"a": 1, "b": 2}
	c.set_value("arrays", "typed_dict", typed_dict)
	c.set_value("after", "last", 1)
	return c

# Key and section names with every character class the reader and writer treat apart.
func names() -> Array:
	return [
		"plain", "with space", " lead", "trail ", "a=b", "a\"b", "a;b", "a[b", "a]b", "[a]", "]",
		"a\tb", "a\rb", "a\nb", "a\\b", "a\\", "a\\]b", "\\]", "ü", "日本", "🔑", "#x", "a:b", "{x}",
		"a,b", "1", "-x", "a/b.c", "x\u0001y", "=", ";", "\"", "\\", "[", "x\\\"y", "a b\nc",
		"a\\nb", "a\\\\", "$%&'()*+<>?@^`|~!",
	]

func read_names(c: ConfigFile) -> String:
	var parts := []
	for s in c.get_sections():
		for k in c.get_section_keys(s):
			parts.append(hexs(s) + "/" + hexs(k))
	return ",".join(parts)

func do_write(dir: String) -> void:
	values_config().save(dir + "/values.cfg")
	var list := names()
	for i in range(list.size()):
		# The name as a key in a section of its own, then as a section (with a plain key).
		var pairs := [["names", list[i]], [list[i], "key"]]
		for j in range(2):
			var c := ConfigFile.new()
			c.set_value(pairs[j][0], pairs[j][1], i)
			var path := dir + "/names-%d-%s.cfg" % [i, ["key", "section"][j]]
			c.save(path)
			var back := ConfigFile.new()
			var err := back.load(path)
			var got := "error %d" % err if err != OK else read_names(back)
			var want := hexs(pairs[j][0]) + "/" + hexs(pairs[j][1])
			out_file.store_string("name\t%d-%s\t%s\t%s\t%s\t%s\n" % [i, ["key", "section"][j], hexs(pairs[j][0]), hexs(pairs[j][1]), "same" if got == want else "other", got])

func do_read(jobs: String) -> void:
	var jf := FileAccess.open(jobs, FileAccess.READ)
	while not jf.eof_reached():
		var path := jf.get_line()
		if path == "":
			continue
		var c := ConfigFile.new()
		var err := c.load(path)
		if err != OK:
			out_file.store_string("%s\terror\t%d\n" % [path, err])
			continue
		for s in c.get_sections():
			for k in c.get_section_keys(s):
				out_file.store_string("%s\tv\t%s\t%s\t%s\n" % [path, hexs(s), hexs(k), var_to_bytes(c.get_value(s, k)).hex_encode()])
		c.save(path + ".resaved")
		out_file.store_string("%s\tsaved\n" % path)
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

extends SceneTree
# Drives Godot 4 (4.6.3, --headless) for the demo's size fixtures:
#
#   godot4 --headless --path P -s dumps-4.gd -- --dir=DIR
#
# Writes var_to_bytes of an Array of N small dictionaries (the shape of a game's inventory or
# entity list): dump-17k.bin (85 of them) and dump-800k.bin (4,000).

func arg(name: String, default := "") -> String:
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func items(n: int) -> Array:
	var out := []
	for i in range(n):
		out.append({"id": i, "name": "item_%d" % i, "pos": Vector2(i, -i), "hp": 1.5 * i, "tags": ["loot", "rare" if i % 7 == 0 else "common"], "owner": &"player", "lvl": i % 50})
	return out

func save(path: String, v: Variant) -> void:
	var f := FileAccess.open(path, FileAccess.WRITE)
	f.store_buffer(var_to_bytes(v))
	f.close()

func _init() -> void:
	var dir := arg("dir")
	save(dir + "/dump-17k.bin", items(85))
	save(dir + "/dump-800k.bin", items(4000))
	quit()

# Realistic store_var saves of many records from Godot 4.x (see gen-saves.mjs).
# Output lines: `FX <label> <hex>`.
extends SceneTree

var out_dir = ""

func emit(label, path):
	print("FX ", label, " ", FileAccess.get_file_as_bytes(path).hex_encode())

func _init():
	for a in OS.get_cmdline_args():
		if a.begins_with("--out="):
			out_dir = a.substr(6)
	# 300 records of the kinds every generation shares: a name, a score, a position.
	var p = out_dir + "/mixed.sav"
	var f = FileAccess.open(p, FileAccess.WRITE)
	for i in range(100):
		f.store_var("player_%d" % i)
		f.store_var(i * 37 - 50)
		f.store_var(Vector2(i * 1.5, -i * 0.25))
	f.close()
	emit("save_mixed", p)
	# 300 records of one dictionary shape, as a game saves its entities.
	p = out_dir + "/entities.sav"
	f = FileAccess.open(p, FileAccess.WRITE)
	for i in range(300):
		f.store_var({"id": i, "name": "entity_%d" % i, "pos": Vector2(i, i * 0.5), "hp": 100.0 - i * 0.3, "alive": i % 7 != 0, "items": ["sword", i]})
	f.close()
	emit("save_entities", p)
	# 300 ints.
	p = out_dir + "/ints.sav"
	f = FileAccess.open(p, FileAccess.WRITE)
	for i in range(300):
		f.store_var(i * i)
	f.close()
	emit("save_ints", p)
	print("FX done ok")
	quit()

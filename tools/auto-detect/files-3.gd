# Godot 3.x: writes files of every non-Variant kind auto-detect recognises, and Variant dumps of
# realistic math values, then prints them as `FX <label> <hex>` (binary) or
# `FX text_<label> <base64 of the UTF-8 text>`. Run by gen-engine-fixtures.mjs (beside it).
extends SceneTree

var out_dir = ""

func read_all(path):
	var f = File.new()
	if f.open(path, File.READ) != OK:
		return PoolByteArray()
	var b = f.get_buffer(f.get_len())
	f.close()
	return b

func emit(label, bytes):
	print("FX ", label, " ", bytes.hex_encode())

func emit_text(label, path):
	print("FX text_", label, " ", Marshalls.raw_to_base64(read_all(path)))

func _init():
	for a in OS.get_cmdline_args():
		if a.begins_with("--out="):
			out_dir = a.substr(6, a.length())
	var f = File.new()
	var p = out_dir + "/enc.bin"
	f.open_encrypted_with_pass(p, File.WRITE, "secret")
	f.store_var({"a": 1, "b": [1, 2, 3]})
	f.close()
	emit("file_encrypted", read_all(p))
	for mode in [File.COMPRESSION_FASTLZ, File.COMPRESSION_DEFLATE, File.COMPRESSION_ZSTD, File.COMPRESSION_GZIP]:
		p = out_dir + "/comp_%d.bin" % mode
		f.open_compressed(p, File.WRITE, mode)
		f.store_var([1, "two", 3.5])
		f.close()
		emit("file_compressed_%d" % mode, read_all(p))
	var g = Gradient.new()
	ResourceSaver.save(out_dir + "/g.res", g)
	emit("file_resource", read_all(out_dir + "/g.res"))
	ResourceSaver.save(out_dir + "/gc.res", g, ResourceSaver.FLAG_COMPRESS)
	emit("file_resource_compressed", read_all(out_dir + "/gc.res"))
	ResourceSaver.save(out_dir + "/g.tres", g)
	emit_text("resource", out_dir + "/g.tres")
	var ps = PackedScene.new()
	var n = Node2D.new()
	n.name = "Root"
	ps.pack(n)
	ResourceSaver.save(out_dir + "/s.tscn", ps)
	emit_text("scene", out_dir + "/s.tscn")
	ResourceSaver.save(out_dir + "/s.scn", ps)
	emit("file_scene_binary", read_all(out_dir + "/s.scn"))
	var pk = PCKPacker.new()
	pk.pck_start(out_dir + "/a.pck")
	pk.add_file("res://g.tres", out_dir + "/g.tres")
	pk.flush()
	emit("file_pck", read_all(out_dir + "/a.pck"))
	f.open(out_dir + "/j.json", File.WRITE)
	f.store_string(to_json({"name": "x", "list": [1, 2, 3]}))
	f.close()
	emit_text("json", out_dir + "/j.json")
	ProjectSettings.save_custom(out_dir + "/project.godot")
	emit_text("project", out_dir + "/project.godot")
	# Realistic math values (types whose bytes other generations read as another type).
	var vals = {
		"plane_up": Plane(Vector3(0, 1, 0), 2.5),
		"plane_points": Plane(Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 0, 1)),
		"color_red": Color(1, 0, 0),
		"color_teal": Color(0.2, 0.6, 0.6, 0.8),
		"color_named": Color.cornflower,
		"aabb_unit": AABB(Vector3(-1, -1, -1), Vector3(2, 2, 2)),
		"aabb_box": AABB(Vector3(0, 0, 0), Vector3(10, 3.5, 4)),
		"transform2d_rot": Transform2D(0.5, Vector2(10, 20)),
		"transform2d_identity": Transform2D.IDENTITY,
		"quat_rot": Quat(Vector3(0, 1, 0), 0.7),
		"basis_rot": Basis(Vector3(1, 0, 0), 0.3),
		"vector3_pos": Vector3(1.5, 0, -3),
		"rect2_ui": Rect2(16, 16, 320, 200),
		"int_array_small": PoolIntArray([1, 2, 3]),
		"real_array": PoolRealArray([0.5, 1.5]),
		"string_array": PoolStringArray(["a", "bc"]),
		"byte_array": PoolByteArray([1, 2, 3]),
		"vector2_array": PoolVector2Array([Vector2(1, 2)]),
		"color_array": PoolColorArray([Color(1, 0, 0)]),
		"nodepath": NodePath("Path2D/Sprite:position:x"),
		"dict_plain": {"hp": 10, "name": "slime"},
		"array_plain": [1, 2.5, "x", Vector2(1, 1)],
		"empty_array": [],
		"empty_dict": {},
		"rid": RID(),
	}
	for k in vals.keys():
		emit("value_" + k, var2bytes(vals[k]))
		print("FX base64_" + k, " ", Marshalls.variant_to_base64(vals[k]))
	print("FX done ok")
	quit()

# Godot 4.x counterpart of files-3.gd: non-Variant files and realistic math values.
extends SceneTree

var out_dir = ""

func read_all(path):
	return FileAccess.get_file_as_bytes(path)

func emit(label, bytes):
	print("FX ", label, " ", bytes.hex_encode())

func emit_text(label, path):
	print("FX text_", label, " ", Marshalls.raw_to_base64(read_all(path)))

func _init():
	for a in OS.get_cmdline_args():
		if a.begins_with("--out="):
			out_dir = a.substr(6)
	var p = out_dir + "/enc.bin"
	var f = FileAccess.open_encrypted_with_pass(p, FileAccess.WRITE, "secret")
	f.store_var({"a": 1, "b": [1, 2, 3]})
	f.close()
	emit("file_encrypted", read_all(p))
	for mode in [FileAccess.COMPRESSION_FASTLZ, FileAccess.COMPRESSION_DEFLATE, FileAccess.COMPRESSION_ZSTD, FileAccess.COMPRESSION_GZIP]:
		p = out_dir + "/comp_%d.bin" % mode
		f = FileAccess.open_compressed(p, FileAccess.WRITE, mode)
		f.store_var([1, "two", 3.5])
		f.close()
		emit("file_compressed_%d" % mode, read_all(p))
	var g = Gradient.new()
	ResourceSaver.save(g, out_dir + "/g.res")
	emit("file_resource", read_all(out_dir + "/g.res"))
	ResourceSaver.save(g, out_dir + "/gc.res", ResourceSaver.FLAG_COMPRESS)
	emit("file_resource_compressed", read_all(out_dir + "/gc.res"))
	ResourceSaver.save(g, out_dir + "/g.tres")
	emit_text("resource", out_dir + "/g.tres")
	var pba = Gradient.new()
	pba.set_meta("blob", PackedByteArray([1, 2, 3]))
	pba.set_meta("v4", PackedVector4Array([Vector4(1, 2, 3, 4)]))
	ResourceSaver.save(pba, out_dir + "/f4.tres")
	emit_text("resource_format4", out_dir + "/f4.tres")
	var ps = PackedScene.new()
	var n = Node2D.new()
	n.name = "Root"
	ps.pack(n)
	ResourceSaver.save(ps, out_dir + "/s.tscn")
	emit_text("scene", out_dir + "/s.tscn")
	ResourceSaver.save(ps, out_dir + "/s.scn")
	emit("file_scene_binary", read_all(out_dir + "/s.scn"))
	var pk = PCKPacker.new()
	pk.pck_start(out_dir + "/a.pck")
	pk.add_file("res://g.tres", out_dir + "/g.tres")
	pk.flush()
	emit("file_pck", read_all(out_dir + "/a.pck"))
	f = FileAccess.open(out_dir + "/j.json", FileAccess.WRITE)
	f.store_string(JSON.stringify({"name": "x", "list": [1, 2, 3]}))
	f.close()
	emit_text("json", out_dir + "/j.json")
	ProjectSettings.save_custom(out_dir + "/project.godot")
	emit_text("project", out_dir + "/project.godot")
	var vals = {
		"plane_up": Plane(Vector3(0, 1, 0), 2.5),
		"plane_points": Plane(Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 0, 1)),
		"color_red": Color(1, 0, 0),
		"color_teal": Color(0.2, 0.6, 0.6, 0.8),
		"color_named": Color.CORNFLOWER_BLUE,
		"aabb_unit": AABB(Vector3(-1, -1, -1), Vector3(2, 2, 2)),
		"aabb_box": AABB(Vector3(0, 0, 0), Vector3(10, 3.5, 4)),
		"transform2d_rot": Transform2D(0.5, Vector2(10, 20)),
		"transform2d_identity": Transform2D.IDENTITY,
		"quat_rot": Quaternion(Vector3(0, 1, 0), 0.7),
		"basis_rot": Basis(Vector3(1, 0, 0), 0.3),
		"vector3_pos": Vector3(1.5, 0, -3),
		"rect2_ui": Rect2(16, 16, 320, 200),
		"int_array_small": PackedInt32Array([1, 2, 3]),
		"real_array": PackedFloat32Array([0.5, 1.5]),
		"string_array": PackedStringArray(["a", "bc"]),
		"byte_array": PackedByteArray([1, 2, 3]),
		"vector2_array": PackedVector2Array([Vector2(1, 2)]),
		"color_array": PackedColorArray([Color(1, 0, 0)]),
		"nodepath": NodePath("Path2D/Sprite:position:x"),
		"dict_plain": {"hp": 10, "name": "slime"},
		"array_plain": [1, 2.5, "x", Vector2(1, 1)],
		"empty_array": [],
		"empty_dict": {},
		"stringname": &"jump",
		"vector2i": Vector2i(3, 4),
		"typed_array": [1, 2] as Array[int],
	}
	for k in vals.keys():
		emit("value_" + k, var_to_bytes(vals[k]))
		print("FX base64_" + k, " ", Marshalls.variant_to_base64(vals[k]))
	print("FX done ok")
	quit()

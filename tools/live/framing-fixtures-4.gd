# Framing fixtures from a real Godot 4 engine: store_var files (little- and big-endian length
# words), StreamPeerBuffer.put_var streams (both endians), Marshalls.variant_to_base64 text and
# var_to_bytes of each value for cross-checks. Output lines: `FX <label> <hex or base64>`.
#   godot4 --headless --path <dir with project.godot> -s framing-fixtures-4.gd
extends SceneTree

func values() -> Array:
	return [
		null, true, false, 42, -7, 2147483648, -2147483649, 9223372036854775807,
		1.5, 0.1, -1e300,
		"", "héllo wörld ✓ 🎮 日本語", &"a_name",
		Vector2(1.5, -2), Vector2i(-3, 4), Rect2(1, 2, 3, 4), Rect2i(1, 2, 3, 4),
		Vector3(1, 2.5, -3), Vector3i(1, 2, 3),
		Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(5, 6)),
		Vector4(1, 2, 3, 4), Vector4i(5, 6, 7, 8),
		Plane(0, 1, 0, 2.5), Quaternion(0, 0, 0, 1), AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)),
		Basis(Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)),
		Transform3D(Basis(), Vector3(7, 8, 9)), Projection(), Color(1, 0.5, 0.25, 1),
		NodePath("a/b:c"), NodePath("/root/Main"),
		{"nested": {"k": [1, 2, {"deep": "x"}]}, 3: "int key", Vector2(1, 2): "vec key"},
		[1, "two", 3.0, [4, [5]], {}],
		PackedByteArray([1, 2, 3, 255]), PackedInt32Array([1, -2, 2147483647]),
		PackedInt64Array([1, -9223372036854775807, 4294967296]),
		PackedFloat32Array([1.5, -0.25]), PackedFloat64Array([0.1, -2.5]),
		PackedStringArray(["a", "ü", ""]),
		PackedVector2Array([Vector2(1, 2), Vector2(-3, 4)]), PackedVector3Array([Vector3(1, 2, 3)]),
		PackedColorArray([Color(1, 0, 0, 1), Color(0, 0, 1, 0.5)]),
		PackedVector4Array([Vector4(1, 2, 3, 4)]),
	]

func out(label: String, text: String) -> void:
	print("FX ", label, " ", text)

func _init():
	var vs = values()
	var path = OS.get_user_data_dir() + "/gdvariant_framing.bin"
	for i in range(vs.size()):
		out("value_%d" % i, var_to_bytes(vs[i]).hex_encode())
		out("base64_%d" % i, Marshalls.variant_to_base64(vs[i]))
	for endian in [false, true]:
		var f = FileAccess.open(path, FileAccess.WRITE)
		f.big_endian = endian
		for v in vs:
			f.store_var(v)
		f.close()
		out("filestore_" + ("be" if endian else "le"), FileAccess.get_file_as_bytes(path).hex_encode())
		var sp = StreamPeerBuffer.new()
		sp.big_endian = endian
		for v in vs:
			sp.put_var(v)
		out("streampeer_" + ("be" if endian else "le"), sp.data_array.hex_encode())
	var big = PackedByteArray()
	big.resize(70000)
	for i in range(big.size()):
		big[i] = (i * 7) & 255
	var sp2 = StreamPeerBuffer.new()
	sp2.put_var(big)
	sp2.put_var("after")
	out("streampeer_big", sp2.data_array.hex_encode())
	var sp3 = StreamPeerBuffer.new()
	sp3.put_32(12)
	sp3.put_data(var_to_bytes(7))
	sp3.put_32(0xdeadbeef)
	sp3.put_var("next")
	out("streampeer_trailing", sp3.data_array.hex_encode())
	sp3.seek(0)
	out("streampeer_trailing_get_var", var_to_bytes([sp3.get_var(), sp3.get_var()]).hex_encode())
	out("done", "ok")
	quit()

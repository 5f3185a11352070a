# Framing fixtures from a real Godot 3 engine: store_var files (little- and big-endian length
# words), StreamPeerBuffer.put_var streams (both endians), Marshalls.variant_to_base64 text and
# var2bytes of each value for cross-checks. Output lines: `FX <label> <hex or base64>`.
#   godot3-server --no-window -s tools/live/framing-fixtures-3.gd
extends SceneTree

func values() -> Array:
	return [
		null, true, false, 42, -7, 2147483648, -2147483649, 9223372036854775807,
		1.5, 0.1, -1e300,
		"", "héllo wörld ✓ 🎮 日本語",
		Vector2(1.5, -2), Rect2(1, 2, 3, 4), Vector3(1, 2.5, -3),
		Transform2D(Vector2(1, 0), Vector2(0, 1), Vector2(5, 6)),
		Plane(0, 1, 0, 2.5), Quat(0, 0, 0, 1), AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)),
		Basis(Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)),
		Transform(Basis(), Vector3(7, 8, 9)), Color(1, 0.5, 0.25, 1),
		NodePath("a/b:c"), NodePath("/root/Main"),
		{"nested": {"k": [1, 2, {"deep": "x"}]}, 3: "int key", Vector2(1, 2): "vec key"},
		[1, "two", 3.0, [4, [5]], {}],
		PoolByteArray([1, 2, 3, 255]), PoolIntArray([1, -2, 2147483647]),
		PoolRealArray([1.5, -0.25]), PoolStringArray(["a", "ü", ""]),
		PoolVector2Array([Vector2(1, 2), Vector2(-3, 4)]), PoolVector3Array([Vector3(1, 2, 3)]),
		PoolColorArray([Color(1, 0, 0, 1), Color(0, 0, 1, 0.5)]),
	]

func out(label: String, text: String) -> void:
	print("FX ", label, " ", text)

func file_bytes(path: String) -> PoolByteArray:
	var f = File.new()
	f.open(path, File.READ)
	var b = f.get_buffer(f.get_len())
	f.close()
	return b

func _init():
	var vs = values()
	var path = OS.get_user_data_dir() + "/gdvariant_framing.bin"
	for i in range(vs.size()):
		out("value_%d" % i, var2bytes(vs[i]).hex_encode())
		out("base64_%d" % i, Marshalls.variant_to_base64(vs[i]))
	for endian in [false, true]:
		var f = File.new()
		f.endian_swap = endian
		f.open(path, File.WRITE)
		f.endian_swap = endian
		for v in vs:
			f.store_var(v)
		f.close()
		out("filestore_" + ("be" if endian else "le"), file_bytes(path).hex_encode())
		var sp = StreamPeerBuffer.new()
		sp.big_endian = endian
		for v in vs:
			sp.put_var(v)
		out("streampeer_" + ("be" if endian else "le"), sp.data_array.hex_encode())
	# A frame far larger than one TCP segment, and get_var over a record with trailing bytes.
	var big = PoolByteArray()
	big.resize(70000)
	for i in range(big.size()):
		big[i] = (i * 7) & 255
	var sp2 = StreamPeerBuffer.new()
	sp2.put_var(big)
	sp2.put_var("after")
	out("streampeer_big", sp2.data_array.hex_encode())
	var sp3 = StreamPeerBuffer.new()
	sp3.put_32(12)
	sp3.put_data(var2bytes(7))
	sp3.put_32(0xdeadbeef)
	sp3.put_var("next")
	out("streampeer_trailing", sp3.data_array.hex_encode())
	sp3.seek(0)
	out("streampeer_trailing_get_var", var2bytes([sp3.get_var(), sp3.get_var()]).hex_encode())
	var f2 = File.new()
	f2.open(path, File.READ)
	out("done", "ok")
	quit()

extends SceneTree
# Live interop client for Godot 4 (4.6.3 headless), driven by packages/node/test/live-godot4.test.ts.
#
#   godot4 --headless --path DIR -s client-4.gd -- --port=N --udp=U [--seed=S] [--count=M]
#   (DIR holds a project.godot; the test copies this script there)
#
# Talks to a Node server built on @gdvariant/node over 127.0.0.1, with StreamPeerTCP only:
#  1. little-endian connection: get_var the count N, then for each of N values from the server,
#     put_var(var_to_str(value)) and put_var(value) (the echo);
#  2. put_var the count M of values made here, then for each: put_var(value),
#     put_var(var_to_str(value)), put_var(var_to_bytes(value));
#  3. PacketPeerStream on the same connection: put_var 3 values, get_var the server's 3 echoes
#     and put_var "pps ok" when var_to_str of each matches, "pps mismatch <i>" otherwise;
#  4. PacketPeerUDP to the server's --udp port: put_var 5 of the values made here (raw packets,
#     no length word), get_var the server's 5 echoes, put_var "udp ok" (or "udp mismatch <i>")
#     on the TCP connection;
#  5. put_var "bye".
#  Then a second connection with big_endian = true: get_var the count, echo each value, "bye".
# Progress and failures go to stdout as "CLIENT ..." lines; the exit code is 0 only on success.

const TIMEOUT_MS = 20000

var rng = RandomNumberGenerator.new()
var t0 = 0

func arg(name, default):
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func fail(msg):
	print("CLIENT FAIL ", msg)
	quit(1)

func connect_peer(port, big_endian):
	var tcp = StreamPeerTCP.new()
	tcp.big_endian = big_endian
	if tcp.connect_to_host("127.0.0.1", port) != OK:
		return null
	tcp.poll()
	while tcp.get_status() == StreamPeerTCP.STATUS_CONNECTING:
		tcp.poll()
		if Time.get_ticks_msec() - t0 > TIMEOUT_MS:
			return null
		OS.delay_msec(2)
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		return null
	tcp.set_no_delay(true)
	return tcp

func rand_string():
	var pieces = ["a", "Z", "0", " ", "é", "ü", "ß", "✓", "🎮", "日本", "\"", "\\", "\n", "\t", "'", "{", "}", ":", ","]
	var s = ""
	for i in range(rng.randi_range(0, 8)):
		s += pieces[rng.randi_range(0, pieces.size() - 1)]
	return s

func rand_f32():
	# Math types hold 32-bit reals in the engine: a value that float32 holds exactly.
	return float(rng.randi_range(-100000, 100000)) / 64.0

func rand_leaf():
	match rng.randi_range(0, 38):
		0: return null
		1: return rng.randi_range(0, 1) == 1
		2: return rng.randi() - 2147483648
		3: return (rng.randi() << 32) | rng.randi()
		4: return rng.randf_range(-1e6, 1e6)
		5: return rand_string()
		6: return Vector2(rand_f32(), rand_f32())
		7: return Rect2(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		8: return Vector3(rand_f32(), rand_f32(), rand_f32())
		9: return Transform2D(Vector2(rand_f32(), rand_f32()), Vector2(rand_f32(), rand_f32()), Vector2(rand_f32(), rand_f32()))
		10: return Plane(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		11: return Quaternion(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		12: return AABB(Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()))
		13: return Basis(Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()))
		14: return Transform3D(Basis(Vector3(1, 0, 0), Vector3(0, rand_f32(), 0), Vector3(0, 0, 1)), Vector3(rand_f32(), rand_f32(), rand_f32()))
		15: return Color(rng.randf(), rng.randf(), rng.randf(), rng.randf())
		16: return NodePath(["a/b", "/root/Main:position:x", "Player", "../Sibling:visible"][rng.randi_range(0, 3)])
		17:
			var a = PackedByteArray()
			for i in range(rng.randi_range(0, 9)):
				a.append(rng.randi_range(0, 255))
			return a
		18:
			var a = PackedInt32Array()
			for i in range(rng.randi_range(0, 6)):
				a.append(rng.randi() - 2147483648)
			return a
		19:
			var a = PackedFloat32Array()
			for i in range(rng.randi_range(0, 6)):
				a.append(rand_f32())
			return a
		20:
			var a = PackedStringArray()
			for i in range(rng.randi_range(0, 4)):
				a.append(rand_string())
			return a
		21:
			var a = PackedVector2Array()
			for i in range(rng.randi_range(0, 4)):
				a.append(Vector2(rand_f32(), rand_f32()))
			return a
		22:
			var a = PackedVector3Array()
			for i in range(rng.randi_range(0, 4)):
				a.append(Vector3(rand_f32(), rand_f32(), rand_f32()))
			return a
		23:
			var a = PackedColorArray()
			for i in range(rng.randi_range(0, 4)):
				a.append(Color(rng.randf(), rng.randf(), rng.randf(), rng.randf()))
			return a
		24: return -rng.randi()
		25: return rng.randf()
		26: return StringName(rand_string())
		27: return Vector2i(rng.randi() - 2147483648, rng.randi_range(-1000, 1000))
		28: return Rect2i(rng.randi_range(-1000, 1000), rng.randi_range(-1000, 1000), rng.randi_range(0, 1000), rng.randi_range(0, 1000))
		29: return Vector3i(rng.randi_range(-1000, 1000), rng.randi() - 2147483648, rng.randi_range(-1000, 1000))
		30: return Vector4(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		31: return Vector4i(rng.randi_range(-9, 9), rng.randi_range(-9, 9), rng.randi_range(-9, 9), rng.randi_range(-9, 9))
		32: return Projection(Vector4(rand_f32(), 0, 0, 0), Vector4(0, rand_f32(), 0, 0), Vector4(0, 0, rand_f32(), 0), Vector4(rand_f32(), rand_f32(), rand_f32(), 1))
		33:
			var a = PackedInt64Array()
			for i in range(rng.randi_range(0, 5)):
				a.append((rng.randi() << 32) | rng.randi())
			return a
		34:
			var a = PackedFloat64Array()
			for i in range(rng.randi_range(0, 5)):
				a.append(rng.randf_range(-1e6, 1e6) / 3.0)
			return a
		35:
			var a = PackedVector4Array()
			for i in range(rng.randi_range(0, 3)):
				a.append(Vector4(rand_f32(), rand_f32(), rand_f32(), rand_f32()))
			return a
		36:
			var a: Array[int] = []
			for i in range(rng.randi_range(0, 4)):
				a.append(rng.randi_range(-100, 100))
			return a
		37:
			var d: Dictionary[String, float] = {}
			for i in range(rng.randi_range(0, 3)):
				d[rand_string()] = rand_f32()
			return d
		_: return "s" + str(rng.randi())

func rand_value(depth):
	var pick = rng.randi_range(0, 5)
	if depth >= 3 or pick > 1:
		return rand_leaf()
	if pick == 0:
		var a = []
		for i in range(rng.randi_range(0, 4)):
			a.append(rand_value(depth + 1))
		return a
	var d = {}
	for i in range(rng.randi_range(0, 4)):
		# String and int keys only: the engine merges keys that compare equal (1 and 1.0).
		var k = rand_string() if rng.randi_range(0, 1) == 0 else rng.randi_range(-1000, 1000)
		d[k] = rand_value(depth + 1)
	return d

func own_values(count):
	var vs = [
		null, true, 9223372036854775807, -9223372036854775807 - 1, 4294967296, 0.1, -1e300, 1e-300,
		"", "héllo wörld ✓ 🎮 日本語 \"quoted\" back\\slash",
		{"nested": {"deeper": {"deepest": [1, 2, {"k": PackedStringArray(["ü", "🎮"])}]}}, 7: "seven", "": []},
		PackedByteArray([0, 1, 254, 255]), PackedInt32Array([-2147483648, 2147483647]), PackedFloat32Array([0.5, -0.25]),
		PackedStringArray(["", "a", "日本"]), PackedVector2Array([Vector2(1, 2)]), PackedVector3Array([Vector3(1, 2, 3)]),
		PackedColorArray([Color(1, 0, 0, 0.5)]), NodePath("/root/Main:position:x"),
		&"a_string_name", Vector2i(-2147483648, 2147483647), PackedInt64Array([-9223372036854775807 - 1, 9223372036854775807]),
		PackedFloat64Array([0.1, -1e300]), PackedVector4Array([Vector4(1, 2, 3, 4)]),
	]
	var big = PackedByteArray()
	big.resize(100000)
	for i in range(big.size()):
		big[i] = (i * 13) & 255
	vs.append(big)
	while vs.size() < count:
		vs.append(rand_value(0))
	return vs

func _init():
	t0 = Time.get_ticks_msec()
	var port = int(arg("port", "0"))
	rng.seed = int(arg("seed", "1"))
	var count = int(arg("count", "100"))
	var tcp = connect_peer(port, false)
	if tcp == null:
		fail("cannot connect to port %d" % port)
		return
	print("CLIENT connected")
	# 1. echo the server's values with their text
	var n = tcp.get_var()
	if typeof(n) != TYPE_INT:
		fail("expected a count, got " + var_to_str(n))
		return
	for i in range(n):
		var v = tcp.get_var()
		tcp.put_var(var_to_str(v))
		tcp.put_var(v)
	print("CLIENT echoed ", n)
	# 2. values made here, with their text and bytes
	var own = own_values(count)
	tcp.put_var(own.size())
	for v in own:
		tcp.put_var(v)
		tcp.put_var(var_to_str(v))
		tcp.put_var(var_to_bytes(v))
	print("CLIENT sent ", own.size())
	# 3. PacketPeerStream framing over the same connection
	var pps = PacketPeerStream.new()
	pps.stream_peer = tcp
	var sent = [own[10], own[11], "pps"]
	for v in sent:
		pps.put_var(v)
	var got = []
	while got.size() < sent.size():
		if Time.get_ticks_msec() - t0 > TIMEOUT_MS:
			fail("timed out waiting for PacketPeerStream packets")
			return
		if pps.get_available_packet_count() > 0:
			got.append(pps.get_var())
		else:
			OS.delay_msec(2)
	var status = "pps ok"
	for i in range(sent.size()):
		if var_to_str(got[i]) != var_to_str(sent[i]):
			status = "pps mismatch %d" % i
	pps.stream_peer = null
	tcp.put_var(status)
	# 4. raw PacketPeer packets (no length word) over UDP, echoed by the server
	var udp = PacketPeerUDP.new()
	udp.bind(0, "127.0.0.1")
	udp.set_dest_address("127.0.0.1", int(arg("udp", "0")))
	var usent = [own[0], own[2], own[9], own[10], own[13]]
	for v in usent:
		udp.put_var(v)
	var ugot = []
	while ugot.size() < usent.size():
		if Time.get_ticks_msec() - t0 > TIMEOUT_MS:
			fail("timed out waiting for UDP packets")
			return
		if udp.get_available_packet_count() > 0:
			ugot.append(udp.get_var())
		else:
			OS.delay_msec(2)
	var ustatus = "udp ok"
	for i in range(usent.size()):
		if var_to_str(ugot[i]) != var_to_str(usent[i]):
			ustatus = "udp mismatch %d" % i
	udp.close()
	tcp.put_var(ustatus)
	print("CLIENT ", ustatus)
	tcp.put_var("bye")
	print("CLIENT ", status)
	# 5. a big-endian connection
	var be = connect_peer(port, true)
	if be == null:
		fail("cannot connect the big-endian peer")
		return
	var m = be.get_var()
	if typeof(m) != TYPE_INT:
		fail("big-endian: expected a count, got " + var_to_str(m))
		return
	for i in range(m):
		be.put_var(be.get_var())
	be.put_var("bye")
	print("CLIENT big-endian echoed ", m)
	# Let the last bytes leave before the process exits.
	OS.delay_msec(50)
	tcp.disconnect_from_host()
	be.disconnect_from_host()
	print("CLIENT done")
	quit(0)

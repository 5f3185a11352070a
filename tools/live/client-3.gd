extends SceneTree
# Live interop client for Godot 3 (3.2.3 headless), driven by packages/node/test/live-godot3.test.ts.
#
#   godot3-server --no-window -s tools/live/client-3.gd --port=N --udp=U [--seed=S] [--count=M]
#
# Talks to a Node server built on @gdvariant/node over 127.0.0.1, with StreamPeerTCP only:
#  1. little-endian connection: get_var the count N, then for each of N values from the server,
#     put_var(var2str(value)) and put_var(value) (the echo);
#  2. put_var the count M of values made here, then for each: put_var(value),
#     put_var(var2str(value)), put_var(var2bytes(value));
#  3. PacketPeerStream on the same connection: put_var 3 values, get_var the server's 3 echoes
#     and put_var "pps ok" when var2str of each matches, "pps mismatch <i>" otherwise;
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
	for a in OS.get_cmdline_args():
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
	while tcp.get_status() == StreamPeerTCP.STATUS_CONNECTING:
		if OS.get_ticks_msec() - t0 > TIMEOUT_MS:
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
	match rng.randi_range(0, 26):
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
		11: return Quat(rand_f32(), rand_f32(), rand_f32(), rand_f32())
		12: return AABB(Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()))
		13: return Basis(Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()), Vector3(rand_f32(), rand_f32(), rand_f32()))
		14: return Transform(Basis(Vector3(1, 0, 0), Vector3(0, rand_f32(), 0), Vector3(0, 0, 1)), Vector3(rand_f32(), rand_f32(), rand_f32()))
		15: return Color(rng.randf(), rng.randf(), rng.randf(), rng.randf())
		16: return NodePath(["a/b", "/root/Main:position:x", "Player", "../Sibling:visible"][rng.randi_range(0, 3)])
		17:
			var a = PoolByteArray()
			for i in range(rng.randi_range(0, 9)):
				a.append(rng.randi_range(0, 255))
			return a
		18:
			var a = PoolIntArray()
			for i in range(rng.randi_range(0, 6)):
				a.append(rng.randi() - 2147483648)
			return a
		19:
			var a = PoolRealArray()
			for i in range(rng.randi_range(0, 6)):
				a.append(rand_f32())
			return a
		20:
			var a = PoolStringArray()
			for i in range(rng.randi_range(0, 4)):
				a.append(rand_string())
			return a
		21:
			var a = PoolVector2Array()
			for i in range(rng.randi_range(0, 4)):
				a.append(Vector2(rand_f32(), rand_f32()))
			return a
		22:
			var a = PoolVector3Array()
			for i in range(rng.randi_range(0, 4)):
				a.append(Vector3(rand_f32(), rand_f32(), rand_f32()))
			return a
		23:
			var a = PoolColorArray()
			for i in range(rng.randi_range(0, 4)):
				a.append(Color(rng.randf(), rng.randf(), rng.randf(), rng.randf()))
			return a
		24: return -rng.randi()
		25: return rng.randf()
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
		{"nested": {"deeper": {"deepest": [1, 2, {"k": PoolStringArray(["ü", "🎮"])}]}}, 7: "seven", "": []},
		PoolByteArray([0, 1, 254, 255]), PoolIntArray([-2147483648, 2147483647]), PoolRealArray([0.5, -0.25]),
		PoolStringArray(["", "a", "日本"]), PoolVector2Array([Vector2(1, 2)]), PoolVector3Array([Vector3(1, 2, 3)]),
		PoolColorArray([Color(1, 0, 0, 0.5)]), NodePath("/root/Main:position:x"), RID(),
	]
	var big = PoolByteArray()
	big.resize(100000)
	for i in range(big.size()):
		big[i] = (i * 13) & 255
	vs.append(big)
	while vs.size() < count:
		vs.append(rand_value(0))
	return vs

func _init():
	t0 = OS.get_ticks_msec()
	var port = int(arg("port", "0"))
	rng.seed = int(arg("seed", "1"))
	var count = int(arg("count", "100"))
	var tcp = connect_peer(port, false)
	if tcp == null:
		return fail("cannot connect to port %d" % port)
	print("CLIENT connected")
	# 1. echo the server's values with their text
	var n = tcp.get_var()
	if typeof(n) != TYPE_INT:
		return fail("expected a count, got " + var2str(n))
	for i in range(n):
		var v = tcp.get_var()
		tcp.put_var(var2str(v))
		tcp.put_var(v)
	print("CLIENT echoed ", n)
	# 2. values made here, with their text and bytes
	var own = own_values(count)
	tcp.put_var(own.size())
	for v in own:
		tcp.put_var(v)
		tcp.put_var(var2str(v))
		tcp.put_var(var2bytes(v))
	print("CLIENT sent ", own.size())
	# 3. PacketPeerStream framing over the same connection
	var pps = PacketPeerStream.new()
	pps.stream_peer = tcp
	var sent = [own[10], own[11], "pps"]
	for v in sent:
		pps.put_var(v)
	var got = []
	while got.size() < sent.size():
		if OS.get_ticks_msec() - t0 > TIMEOUT_MS:
			return fail("timed out waiting for PacketPeerStream packets")
		if pps.get_available_packet_count() > 0:
			got.append(pps.get_var())
		else:
			OS.delay_msec(2)
	var status = "pps ok"
	for i in range(sent.size()):
		if var2str(got[i]) != var2str(sent[i]):
			status = "pps mismatch %d" % i
	pps.stream_peer = null
	tcp.put_var(status)
	# 4. raw PacketPeer packets (no length word) over UDP, echoed by the server
	var udp = PacketPeerUDP.new()
	udp.listen(0, "127.0.0.1")
	udp.set_dest_address("127.0.0.1", int(arg("udp", "0")))
	var usent = [own[0], own[2], own[9], own[10], own[13]]
	for v in usent:
		udp.put_var(v)
	var ugot = []
	while ugot.size() < usent.size():
		if OS.get_ticks_msec() - t0 > TIMEOUT_MS:
			fail("timed out waiting for UDP packets")
			return
		if udp.get_available_packet_count() > 0:
			ugot.append(udp.get_var())
		else:
			OS.delay_msec(2)
	var ustatus = "udp ok"
	for i in range(usent.size()):
		if var2str(ugot[i]) != var2str(usent[i]):
			ustatus = "udp mismatch %d" % i
	udp.close()
	tcp.put_var(ustatus)
	print("CLIENT ", ustatus)
	tcp.put_var("bye")
	print("CLIENT ", status)
	# 5. a big-endian connection
	var be = connect_peer(port, true)
	if be == null:
		return fail("cannot connect the big-endian peer")
	var m = be.get_var()
	if typeof(m) != TYPE_INT:
		return fail("big-endian: expected a count, got " + var2str(m))
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

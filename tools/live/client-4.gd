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

var gen = preload("res://values-4.gd").new()
var rng = gen.rng
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


func rand_value(depth):
	return gen.rand_value(depth)

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

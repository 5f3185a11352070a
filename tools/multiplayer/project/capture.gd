extends SceneTree
# Captures what Godot 4's SceneMultiplayer puts on the wire, with the engine's own view of every
# call, for the fixtures of @gdvariant/multiplayer (tools/multiplayer/capture.mjs runs it).
#
#   godot4 --headless --path DIR -s capture.gd -- --out=FILE [--seed=37]
#
# Four SceneMultiplayer instances (server 1, clients 2, 3, 4, and 5 whose authentication the
# server refuses) live in one process, each on its own branch of the tree (/root/peerN), linked
# by rec_peer.gd in a star. The script plays a list of steps (connect with authentication, RPCs
# of every argument type, relayed calls, raw bytes, path caching past 255 nodes and 255 methods,
# a synchronizer, spawns and despawns, a late joiner, a client leaving); after each step it
# polls every instance a fixed number of rounds (no clock involved) and writes down the packets
# the engine sent (from, to, channel, transfer mode, hex) and what each instance saw: calls with
# their arguments as var_to_str text and var_to_bytes hex, auth data, peer signals, and the
# replicated state.

const ROUNDS = 4

var net = {"peers": {}, "log": []}
var branches = {}
var events = []
var steps = []
var plan = []
var idx = 0
var log_start = 0
var current = null
var gen = preload("res://values-4.gd").new()
const Scene = preload("res://scene.gd")
var out_path = ""

func arg(name, default):
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func _initialize():
	out_path = arg("out", "")
	gen.rng.seed = int(arg("seed", "37"))
	multiplayer_poll = false

# The root enters the tree after _initialize: the branches are built on the first frame.
func build():
	Scene.make_player_scene()
	for id in [1, 2, 3, 4, 5]:
		make_branch(id)
	make_plan()

func wide_script():
	var src = "extends Node\n"
	for i in range(257):
		src += "@rpc(\"any_peer\")\nfunc m%03d(a):\n\tget_tree().got(self, \"m%03d\", [a])\n" % [i, i]
	var s = GDScript.new()
	s.source_code = src
	s.reload()
	return s

func add(parent, name, script = null, type = "Node"):
	var n = ClassDB.instantiate(type)
	n.name = name
	if script != null:
		n.set_script(script)
	parent.add_child(n)
	return n

func make_branch(id):
	var root = Node.new()
	root.name = "peer%d" % id
	get_root().add_child(root)
	var game = add(root, "Game", load("res://game.gd"))
	var deep = add(add(add(game, "Deep"), "Très long"), "Ünï", load("res://game.gd"))
	var many = add(root, "Many")
	var many_script = load("res://many.gd")
	for i in range(300):
		add(many, "N%d" % i, many_script)
	add(root, "Wide", wide_script())
	var board = add(game, "Board", load("res://board.gd"), "Node2D")
	add(game, "World")
	Scene.add_spawner(game)
	var mp = SceneMultiplayer.new()
	set_multiplayer(mp, root.get_path())
	var peer = load("res://rec_peer.gd").new()
	peer.id = id
	peer.net = net
	if id != 1:
		peer.status = MultiplayerPeer.CONNECTION_CONNECTING
	net.peers[id] = peer
	mp.multiplayer_peer = peer
	branches[id] = {"root": root, "mp": mp, "peer": peer}
	mp.peer_connected.connect(func(p): ev(id, "peer_connected", {"id": p}))
	mp.peer_disconnected.connect(func(p): ev(id, "peer_disconnected", {"id": p}))
	mp.peer_authentication_failed.connect(func(p): ev(id, "peer_authentication_failed", {"id": p}))
	mp.peer_packet.connect(func(p, data): ev(id, "peer_packet", {"id": p, "hex": data.hex_encode()}))
	if id == 1:
		mp.auth_callback = func(p, data):
			var text = data.get_string_from_utf8()
			ev(1, "auth", {"id": p, "text": text})
			if text == "let me in":
				mp.send_auth(p, "welcome".to_utf8_buffer())
				mp.complete_auth(p)
			else:
				mp.disconnect_peer(p)
	else:
		var password = "let me in" if id != 5 else "wrong"
		mp.peer_authenticating.connect(func(p): mp.send_auth(p, password.to_utf8_buffer()))
		mp.auth_callback = func(p, data):
			ev(id, "auth", {"id": p, "text": data.get_string_from_utf8()})
			mp.complete_auth(p)

func ev(peer, kind, data):
	data["peer"] = peer
	data["kind"] = kind
	events.append(data)

func got(node, method, args):
	var id = node.multiplayer.get_unique_id()
	var rel = String(branches[id].root.get_path_to(node))
	ev(id, "call", {"path": rel, "method": method, "sender": node.multiplayer.get_remote_sender_id(), "text": var_to_str(args), "hex": var_to_bytes(args).hex_encode()})

func link(id):
	var s = net.peers[1]
	var c = net.peers[id]
	s.links[id] = true
	c.links[1] = true
	c.status = MultiplayerPeer.CONNECTION_CONNECTED
	s.emit_signal("peer_connected", id)
	c.emit_signal("peer_connected", 1)

func pump(rounds):
	for r in range(rounds):
		for id in [1, 2, 3, 4, 5]:
			branches[id].mp.poll()

# One RPC made by `from` with rpc() (to == 0) or rpc_id(to, ...), written down as the action.
func call_rpc(from, to, path, method, args):
	var node = branches[from].root.get_node(path)
	var err
	if to == 0:
		err = node.callv("rpc", [method] + args)
	else:
		err = node.callv("rpc_id", [to, method] + args)
	return {"do": "rpc", "from": from, "to": to, "path": path, "method": method, "text": var_to_str(args), "hex": var_to_bytes(args).hex_encode(), "error": err}

func step(label, action, replication = false):
	plan.append({"label": label, "action": action, "replication": replication})

func snapshot():
	var out = []
	for id in [1, 2, 3, 4]:
		var root = branches[id].root
		var board = root.get_node("Game/Board")
		var world = []
		for n in root.get_node("Game/World").get_children():
			world.append([String(n.name), n.position, n.hp, n.label])
		out.append({"peer": id, "board": var_to_str([board.position, board.score, board.tags]), "world": var_to_str(world)})
	return out

func make_plan():
	step("connect peer 2 (authenticated)", func(): link(2); return {"do": "connect", "peer": 2})
	step("connect peer 3 (authenticated)", func(): link(3); return {"do": "connect", "peer": 3})
	step("connect peer 5 (authentication refused)", func(): link(5); return {"do": "connect", "peer": 5})
	step("take0: no arguments, first call (path not cached)", func(): return call_rpc(2, 1, "Game", "take0", []))
	step("take0: no arguments, cached path", func(): return call_rpc(2, 1, "Game", "take0", []))
	var edges = [
		0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769, 65535, 65536,
		2147483647, 2147483648, -2147483648, -2147483649, 4294967296,
		9223372036854775807, -9223372036854775807 - 1,
		true, false, null, 0.0, -0.0, 1.5, 0.1, -1e300, INF, "", "héllo wörld ✓ 🎮 日本語",
		&"a_string_name", NodePath("/root/Main:position:x"), NodePath(""), Vector2(1.5, -2.25), Vector2i(-2147483648, 2147483647),
		Rect2(1, 2, 3, 4), Rect2i(-1, -2, 3, 4), Vector3(1, 2, 3), Vector3i(-7, 0, 7), Vector4(1, 2, 3, 4), Vector4i(1, -2, 3, -4),
		Transform2D(Vector2(1, 2), Vector2(3, 4), Vector2(5, 6)), Plane(1, 0, 0, 2.5), Quaternion(0, 0, 0, 1),
		AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), Basis(), Transform3D(), Projection(), Color(1, 0.5, 0.25, 0.125),
		RID(), [], {}, [1, "two", 3.0, null, [true, [false, {"k": [Vector2(1, 2)]}]]],
		{"nested": {"deeper": {"deepest": [1, 2, {"k": PackedStringArray(["ü", "🎮"])}]}}, 7: "seven", "": []},
		PackedByteArray([1, 2, 3]), PackedInt32Array([-2147483648, 2147483647]), PackedInt64Array([-9223372036854775807 - 1, 9223372036854775807]),
		PackedFloat32Array([0.5, -0.25]), PackedFloat64Array([0.1, -1e300]), PackedStringArray(["", "a", "日本"]),
		PackedVector2Array([Vector2(1, 2)]), PackedVector3Array([Vector3(1, 2, 3)]), PackedColorArray([Color(1, 0, 0, 0.5)]),
		PackedVector4Array([Vector4(1, 2, 3, 4)]),
	]
	var typed_ints: Array[int] = [1, 2, 300]
	var typed_dict: Dictionary[String, int] = {"a": 1, "b": -70000}
	edges.append(typed_ints)
	edges.append(typed_dict)
	for v in edges:
		var vv = v
		step("take1 edge: " + var_to_str(v).left(60), func(): return call_rpc(2, 1, "Game", "take1", [vv]))
	step("bytes: a lone PackedByteArray goes raw", func(): return call_rpc(2, 1, "Game", "bytes", [PackedByteArray([0, 1, 2, 254, 255])]))
	step("bytes: a lone empty PackedByteArray (arrives as no argument)", func(): return call_rpc(2, 1, "Game", "bytes", [PackedByteArray()]))
	step("take2: a PackedByteArray beside another argument is not raw", func(): return call_rpc(2, 1, "Game", "take2", [PackedByteArray([9, 8]), 7]))
	step("take3: bool, bool, null", func(): return call_rpc(2, 1, "Game", "take3", [true, false, null]))
	step("take5: mixed", func(): return call_rpc(2, 1, "Game", "take5", [-129, 70000, "x", Vector3(1, 2, 3), {1: [2]}]))
	step("take1 on a unicode path (not cached)", func(): return call_rpc(2, 1, "Game/Deep/Très long/Ünï", "take1", ["deep"]))
	step("take1 on a unicode path (cached)", func(): return call_rpc(2, 1, "Game/Deep/Très long/Ünï", "take1", ["deep again"]))
	step("server to client: from_server to peer 2", func(): return call_rpc(1, 2, "Game", "from_server", [{"hp": 3, "name": "Ada"}]))
	step("server to all: from_server broadcast", func(): return call_rpc(1, 0, "Game", "from_server", ["to everyone"]))
	step("server to all: from_server broadcast (cached)", func(): return call_rpc(1, 0, "Game", "from_server", [[1, 2, 3]]))
	step("client calls an authority method (the server refuses it)", func(): return call_rpc(2, 1, "Game", "from_server", ["not allowed"]))
	step("client to client: take1 from 2 to 3 (relayed)", func(): return call_rpc(2, 3, "Game", "take1", ["hello via relay"]))
	step("client to client: take1 from 2 to 3 again (relayed, cached)", func(): return call_rpc(2, 3, "Game", "take1", [Vector2(5, 6)]))
	step("client broadcast: ping (call_local, unreliable_ordered, channel 2)", func(): return call_rpc(2, 0, "Game", "ping", [7]))
	step("client to all but 3: take1", func(): return call_rpc(2, -3, "Game", "take1", ["not to 3"]))
	step("client 3 to client 2: take0", func(): return call_rpc(3, 2, "Game", "take0", []))
	step("raw bytes from 2 to the server", func(): branches[2].mp.send_bytes(PackedByteArray([1, 2, 3]), 1); return {"do": "raw", "from": 2, "to": 1, "hex": "010203"})
	step("raw bytes from 2 to everyone (relayed)", func(): branches[2].mp.send_bytes(PackedByteArray([4, 5]), 0, MultiplayerPeer.TRANSFER_MODE_UNRELIABLE, 1); return {"do": "raw", "from": 2, "to": 0, "hex": "0405"})
	step("300 nodes: hit on each (path ids pass 255)", func():
		for i in range(300):
			call_rpc(2, 1, "Many/N%d" % i, "hit", [i])
		return {"do": "rpc-many", "from": 2, "to": 1, "count": 300})
	for i in [0, 250, 299]:
		var ii = i
		step("hit on Many/N%d again (cached id)" % i, func(): return call_rpc(2, 1, "Many/N%d" % ii, "hit", [ii]))
	for m in ["m000", "m255", "m256"]:
		var mm = m
		step("257 methods: %s (method id %s)" % [m, m.substr(1)], func(): return call_rpc(2, 1, "Wide", mm, [mm]))
	step("take1 cached again after many", func(): return call_rpc(2, 1, "Wide", "m256", [-1]))
	for i in range(40):
		var v = gen.rand_value(0)
		step("random take1 #%d" % i, func(): return call_rpc(2, 1, "Game", "take1", [v]))
	for i in range(20):
		var a = [gen.rand_value(0), gen.rand_value(0), gen.rand_value(0)]
		step("random take3 server to 3 #%d" % i, func(): return call_rpc(1, 3, "Game", "take3", a))
	step("board synchronizer starts", func():
		for id in [1, 2, 3, 4, 5]:
			var board = branches[id].root.get_node("Game/Board")
			if id == 1:
				board.position = Vector2(1.5, -2)
				board.score = 7
				board.tags = PackedStringArray(["a", "b"])
			Scene.add_board_sync(board)
		return {"do": "sync-start"}, true)
	step("board changes (position always, score on change)", func():
		var board = branches[1].root.get_node("Game/Board")
		board.position = Vector2(3, 4)
		board.score = 8
		return {"do": "sync-change"}, true)
	step("spawn a scene (P1)", func():
		var p = load("res://player.tscn").instantiate()
		p.name = "P1"
		p.hp = 42
		p.label = "first"
		p.position = Vector2(3, 4)
		branches[1].root.get_node("Game/World").add_child(p, true)
		return {"do": "spawn", "name": "P1"}, true)
	step("spawn with the custom function (Custom)", func():
		branches[1].root.get_node("Game/Spawner").spawn({"name": "Custom", "hp": 7, "label": "custom ✓"})
		return {"do": "spawn-custom", "name": "Custom"}, true)
	step("P1 changes (hp on change, position always)", func():
		var p = branches[1].root.get_node("Game/World/P1")
		p.hp = 41
		p.position = Vector2(-1, 0.5)
		return {"do": "player-change"}, true)
	step("despawn P1", func():
		var p = branches[1].root.get_node("Game/World/P1")
		p.get_parent().remove_child(p)
		p.free()
		return {"do": "despawn", "name": "P1"}, true)
	step("late joiner: peer 4 connects and gets the spawned node and the board", func(): link(4); return {"do": "connect", "peer": 4}, true)
	step("peer 3 leaves", func(): net.peers[3]._close(); return {"do": "leave", "peer": 3}, true)

func finish():
	current["packets"] = net.log.slice(log_start)
	current["events"] = events
	if current.replication:
		current["state"] = snapshot()
	current.erase("replication")
	steps.append(current)
	current = null

var built = false

func _process(_delta):
	if not built:
		build()
		built = true
		return false
	if current != null:
		pump(ROUNDS)
		finish()
	if idx >= plan.size():
		var out = {"engine": Engine.get_version_info().string, "seed": int(arg("seed", "37")), "steps": steps}
		var f = FileAccess.open(out_path, FileAccess.WRITE)
		f.store_string(JSON.stringify(out))
		f.close()
		print("CAPTURED %d steps, %d packets" % [steps.size(), net.log.size()])
		quit(0)
		return true
	var p = plan[idx]
	idx += 1
	log_start = net.log.size()
	events = []
	current = {"label": p.label, "replication": p.replication}
	current["action"] = p.action.call()
	pump(ROUNDS)
	return false

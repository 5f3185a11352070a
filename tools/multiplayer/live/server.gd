extends SceneTree
# Live Godot 4 server for packages/multiplayer/test/live-client.test.ts: a stock
# WebSocketMultiplayerPeer server with SceneMultiplayer and an auth_callback, which a Node client
# built on @gdvariant/multiplayer joins.
#
#   godot4 --headless --path DIR -s server.gd -- --port=N --seed=S --count=C
#
# DIR holds a copy of tools/multiplayer/project and tools/live/values-4.gd. When a peer is
# admitted (its send_auth data must be "let me in"), the server calls from_server("hello") and
# C random values as take2(v, var_to_bytes(v)) on it. It checks the client's take2(v, bytes) calls
# (var_to_bytes(v) == bytes) and answers take1("done") with from_server(["checked", ok, bad]).
# It exits 0 when the client leaves. Lines "SERVER ..." go to stdout.

const TIMEOUT_MS = 40000

var gen = preload("res://values-4.gd").new()
var ok = 0
var bad = 0
var t0 = 0
var game
var started = false

func arg(name, default):
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func _initialize():
	t0 = Time.get_ticks_msec()
	gen.rng.seed = int(arg("seed", "1"))

func _process(_d):
	if Time.get_ticks_msec() - t0 > TIMEOUT_MS:
		print("SERVER timeout")
		quit(3)
		return true
	if not started:
		started = true
		start()
	return false

func start():
	game = Node.new()
	game.name = "Game"
	game.set_script(load("res://game.gd"))
	get_root().add_child(game)
	var mp = get_multiplayer() as SceneMultiplayer
	mp.auth_callback = func(p, data):
		if data.get_string_from_utf8() == "let me in":
			mp.complete_auth(p)
		else:
			mp.disconnect_peer(p)
	mp.peer_connected.connect(func(p):
		print("SERVER peer ", p)
		game.rpc_id(p, "from_server", "hello")
		for i in range(int(arg("count", "40"))):
			var v = gen.rand_value(0)
			game.rpc_id(p, "take2", v, var_to_bytes(v)))
	mp.peer_disconnected.connect(func(p):
		print("SERVER peer left ", p)
		quit(0))
	var peer = WebSocketMultiplayerPeer.new()
	var err = peer.create_server(int(arg("port", "0")), "127.0.0.1")
	if err != OK:
		print("SERVER create_server failed ", err)
		quit(6)
		return
	mp.multiplayer_peer = peer
	print("SERVER listening")

func got(node, method, args):
	var sender = get_multiplayer().get_remote_sender_id()
	if method == "take2":
		if var_to_bytes(args[0]) == args[1]:
			ok += 1
		else:
			bad += 1
			print("SERVER mismatch ", var_to_str(args[0]))
	elif method == "take1" and args[0] == "done":
		game.rpc_id(sender, "from_server", ["checked", ok, bad])

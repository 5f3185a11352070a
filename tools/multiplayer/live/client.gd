extends SceneTree
# Live client for packages/multiplayer/test/live-server.test.ts: a stock Godot 4 game client
# (WebSocketMultiplayerPeer + SceneMultiplayer, the default multiplayer of the SceneTree) that
# joins the Node server built on @gdvariant/multiplayer.
#
#   godot4 --headless --path DIR -s client.gd -- --url=ws://127.0.0.1:N --seed=S --count=C --password=P
#
# DIR holds a copy of tools/multiplayer/project and tools/live/values-4.gd.
# The scene is the capture scene's: /root/Game (game.gd), Game/Board with a synchronizer
# (position always; score and tags on change), Game/World and Game/Spawner (player.tscn, made
# here, and a custom spawn function).
# Once admitted: sends C random values with take2(v, var_to_bytes(v)), then take1("sent").
# The server answers with its own take2(v, bytes) calls, which this client checks, then with
# from_server commands: "report" (answer take1(["checked", ok, bad]) and, if another client is
# known, call take1 on it through the relay), "state" (answer take1(["state", board, world])),
# "bye" (leave). A relayed take1 is reported as take1(["relayed", sender, arg]); another client
# leaving as take1(["left", id]). Lines "CLIENT ..." go to stdout; exit code 0 when done.

const TIMEOUT_MS = 40000

var gen = preload("res://values-4.gd").new()
const Scene = preload("res://scene.gd")
var ok = 0
var bad = 0
var others = []
var t0 = 0
var game
var leaving = false

func arg(name, default):
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func _initialize():
	t0 = Time.get_ticks_msec()
	gen.rng.seed = int(arg("seed", "1"))

var started = false

func _process(_d):
	if Time.get_ticks_msec() - t0 > TIMEOUT_MS:
		print("CLIENT timeout")
		quit(3)
		return true
	if not started:
		started = true
		start()
	return false

func start():
	Scene.make_player_scene()
	game = Node.new()
	game.name = "Game"
	game.set_script(load("res://game.gd"))
	get_root().add_child(game)
	var board = Node2D.new()
	board.name = "Board"
	board.set_script(load("res://board.gd"))
	game.add_child(board)
	Scene.add_board_sync(board)
	var world = Node.new()
	world.name = "World"
	game.add_child(world)
	Scene.add_spawner(game)

	var mp = get_multiplayer() as SceneMultiplayer
	var password = arg("password", "")
	if password != "":
		mp.peer_authenticating.connect(func(p): mp.send_auth(p, password.to_utf8_buffer()))
		mp.auth_callback = func(p, data):
			print("CLIENT auth reply ", data.get_string_from_utf8())
			mp.complete_auth(p)
	mp.connected_to_server.connect(on_connected)
	mp.server_disconnected.connect(func():
		print("CLIENT server disconnected")
		if leaving:
			return
		quit(0 if password == "wrong" else 4))
	mp.connection_failed.connect(func():
		print("CLIENT connection failed")
		quit(0 if password == "wrong" else 5))
	mp.peer_connected.connect(func(p):
		if p != 1:
			others.append(p))
	mp.peer_disconnected.connect(func(p):
		if p != 1:
			others.erase(p)
			game.rpc_id(1, "take1", ["left", p]))
	var peer = WebSocketMultiplayerPeer.new()
	var err = peer.create_client(arg("url", ""))
	if err != OK:
		print("CLIENT create_client failed ", err)
		quit(6)
		return
	mp.multiplayer_peer = peer

func on_connected():
	print("CLIENT connected as ", get_multiplayer().get_unique_id())
	var n = int(arg("count", "40"))
	for i in range(n):
		var v = gen.rand_value(0)
		game.rpc_id(1, "take2", v, var_to_bytes(v))
	game.rpc_id(1, "take1", "sent")

# Called by game.gd for every call this client receives.
func got(node, method, args):
	var sender = get_multiplayer().get_remote_sender_id()
	if method == "take2":
		if var_to_bytes(args[0]) == args[1]:
			ok += 1
		else:
			bad += 1
			print("CLIENT mismatch ", var_to_str(args[0]))
	elif method == "take1":
		game.rpc_id(1, "take1", ["relayed", sender, args[0]])
	elif method == "from_server":
		var cmd = args[0]
		if cmd == "report":
			game.rpc_id(1, "take1", ["checked", ok, bad])
			for o in others:
				game.rpc_id(o, "take1", "hello from %d" % get_multiplayer().get_unique_id())
		elif cmd == "state":
			var board = game.get_node("Board")
			var world = []
			for c in game.get_node("World").get_children():
				world.append([String(c.name), c.position, c.hp, c.label])
			game.rpc_id(1, "take1", ["state", var_to_str([board.position, board.score, board.tags]), var_to_str(world)])
		elif cmd == "bye":
			print("CLIENT bye")
			leaving = true
			get_multiplayer().multiplayer_peer.close()
			quit(0)

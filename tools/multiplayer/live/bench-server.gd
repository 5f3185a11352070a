extends SceneTree
# The engine side of bench/multiplayer/vs-engine.mjs: a stock Godot 4 WebSocketMultiplayerPeer
# server whose /root/Game has the bench's RPCs (move, chat, state) and counts the calls.
#
#   godot4 --headless --path DIR -s bench-server.gd -- --port=N
#
# DIR holds a copy of tools/multiplayer/project. Prints "BENCH listening", then "BENCH count N"
# every 10,000 calls; exits when the client leaves.

var count = 0
var started = false

class BenchGame extends Node:
	var tree
	@rpc("any_peer")
	func chat(_text):
		tree.hit()
	@rpc("any_peer")
	func move(_to, _seq):
		tree.hit()
	@rpc("any_peer")
	func state(_s):
		tree.hit()

func arg(name, default):
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func hit():
	count += 1
	if count % 10000 == 0:
		print("BENCH count %d" % count)

func _process(_d):
	if started:
		return false
	started = true
	var game = BenchGame.new()
	game.name = "Game"
	game.tree = self
	get_root().add_child(game)
	var peer = WebSocketMultiplayerPeer.new()
	peer.inbound_buffer_size = 1 << 22
	peer.max_queued_packets = 1 << 16
	var err = peer.create_server(int(arg("port", "0")), "127.0.0.1")
	if err != OK:
		print("BENCH create_server failed ", err)
		quit(6)
		return true
	get_multiplayer().multiplayer_peer = peer
	get_multiplayer().peer_disconnected.connect(func(_p): quit(0))
	print("BENCH listening")
	return false

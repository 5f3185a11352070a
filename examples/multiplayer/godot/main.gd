extends Node
# Joins the Node server (ws://127.0.0.1:9080, or --url=...) with a name (--name=..., sent as
# SceneMultiplayer authentication data), then plays: arrow keys move, Enter says hello. With
# --bot it moves and chats by itself, prints what it sees ("SEEN name x y at t" for every player,
# "CHAT who: text" for every line), and quits after --seconds (default 5).

var bot := false
var seconds := 5.0
var elapsed := 0.0
var next_move := 0.0
var next_chat := 0.5
var next_seen := 1.0
var cheated := false
@onready var game = $Game

func arg(name, default):
	for a in OS.get_cmdline_user_args():
		if a == "--" + name:
			return "true"
		if a.begins_with("--" + name + "="):
			return a.substr(name.length() + 3)
	return default

func _ready():
	bot = arg("bot", "false") == "true"
	seconds = float(arg("seconds", "5"))
	var my_name = arg("name", "Player%d" % (randi() % 1000))
	$Spawner.spawn_function = make_player
	var mp = multiplayer as SceneMultiplayer
	# Authentication: the name goes as auth data; this side is done at once (complete_auth), and
	# the server admits the client when it accepts the name.
	mp.peer_authenticating.connect(func(id):
		mp.send_auth(id, my_name.to_utf8_buffer())
		mp.complete_auth(id))
	mp.auth_callback = func(_id, _data): pass
	mp.connected_to_server.connect(func(): print("JOINED as %s (peer %d)" % [my_name, multiplayer.get_unique_id()]))
	mp.server_disconnected.connect(func():
		print("DISCONNECTED")
		get_tree().quit(1 if bot else 0))
	var peer = WebSocketMultiplayerPeer.new()
	peer.create_client(arg("url", "ws://127.0.0.1:9080"))
	multiplayer.multiplayer_peer = peer

# Main/Spawner's spawn function: the server sends { name, peer }; position is synchronized.
func make_player(data):
	var p = Node2D.new()
	p.set_script(load("res://player.gd"))
	p.player_name = data.name
	p.color = Color.from_hsv(fmod(data.peer * 0.618, 1.0), 0.7, 0.9)
	var sync = MultiplayerSynchronizer.new()
	sync.name = "Sync"
	sync.root_path = NodePath("..")
	var cfg = SceneReplicationConfig.new()
	cfg.add_property(NodePath(".:position"))
	cfg.property_set_spawn(NodePath(".:position"), true)
	cfg.property_set_replication_mode(NodePath(".:position"), SceneReplicationConfig.REPLICATION_MODE_ALWAYS)
	sync.replication_config = cfg
	p.add_child(sync)
	return p

func _process(delta):
	if multiplayer.multiplayer_peer.get_connection_status() != MultiplayerPeer.CONNECTION_CONNECTED or not multiplayer.get_peers().has(1):
		return
	elapsed += delta
	var dir := Vector2.ZERO
	if bot:
		dir = Vector2.RIGHT.rotated(elapsed)
		if not cheated and elapsed > 1.0:
			# Asks for a 50x step: the server moves no faster than its speed.
			cheated = true
			dir = Vector2(50, 0)
	else:
		dir = Input.get_vector("ui_left", "ui_right", "ui_up", "ui_down")
		if Input.is_action_just_pressed("ui_accept"):
			game.rpc_id(1, "chat", "hello")
	if dir != Vector2.ZERO and elapsed >= next_move:
		next_move = elapsed + 0.05
		game.rpc_id(1, "move", dir)
	if bot and elapsed >= next_chat:
		next_chat = elapsed + 1.0
		game.rpc_id(1, "chat", "hi at %.1f s" % elapsed)
	if elapsed >= next_seen:
		next_seen = elapsed + 1.0
		for p in $World.get_children():
			print("SEEN %s %.1f %.1f at %.2f" % [p.player_name, p.position.x, p.position.y, elapsed])
	if bot and elapsed >= seconds:
		multiplayer.multiplayer_peer.close()
		get_tree().quit(0)

extends RefCounted
# The replicated parts of the capture and live scenes, built the same way by every engine run:
# player.tscn (a Node2D with a synchronizer: position always, hp on change, label at spawn only),
# the Board's synchronizer (position always; score and tags on change) and the Spawner (the
# player scene, and a custom spawn function taking {name, hp, label}).

static func make_player_scene():
	var p = Node2D.new()
	p.name = "Player"
	p.set_script(load("res://player.gd"))
	var s = MultiplayerSynchronizer.new()
	s.name = "Sync"
	s.root_path = NodePath("..")
	var cfg = SceneReplicationConfig.new()
	for prop in [[".:position", SceneReplicationConfig.REPLICATION_MODE_ALWAYS], [".:hp", SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE], [".:label", SceneReplicationConfig.REPLICATION_MODE_NEVER]]:
		cfg.add_property(NodePath(prop[0]))
		cfg.property_set_spawn(NodePath(prop[0]), true)
		cfg.property_set_replication_mode(NodePath(prop[0]), prop[1])
	s.replication_config = cfg
	p.add_child(s)
	s.owner = p
	var ps = PackedScene.new()
	ps.pack(p)
	ResourceSaver.save(ps, "res://player.tscn")
	p.free()

static func add_board_sync(board):
	var s = MultiplayerSynchronizer.new()
	s.name = "Sync"
	s.root_path = NodePath("..")
	var cfg = SceneReplicationConfig.new()
	for prop in [[".:position", SceneReplicationConfig.REPLICATION_MODE_ALWAYS], [".:score", SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE], [".:tags", SceneReplicationConfig.REPLICATION_MODE_ON_CHANGE]]:
		cfg.add_property(NodePath(prop[0]))
		cfg.property_set_replication_mode(NodePath(prop[0]), prop[1])
	s.replication_config = cfg
	board.add_child(s)

static func add_spawner(game):
	var spawner = MultiplayerSpawner.new()
	spawner.name = "Spawner"
	spawner.spawn_path = NodePath("../World")
	spawner.add_spawnable_scene("res://player.tscn")
	spawner.spawn_function = func(data):
		var n = load("res://player.tscn").instantiate()
		n.name = data.name
		n.hp = data.hp
		n.label = data.label
		return n
	game.add_child(spawner)

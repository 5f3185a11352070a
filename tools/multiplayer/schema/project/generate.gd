extends SceneTree
# Ground truth for the `.gd` -> TypeScript RPC schema: for every script here, the engine's
# get_rpc_config(); for scenes the engine writes here (main.tscn instancing actor.tscn), every
# node's path from the scene root and its script. Prints one JSON document on a line "@@ ".

func _initialize():
	# actor.tscn: a node with the derived script and a child with another.
	var actor = Node2D.new()
	actor.name = "Actor"
	actor.set_script(load("res://derived_by_path.gd"))
	var hand = Node.new()
	hand.name = "Hand"
	hand.set_script(load("res://annotations.gd"))
	actor.add_child(hand)
	hand.owner = actor
	var ps = PackedScene.new()
	ps.pack(actor)
	ResourceSaver.save(ps, "res://actor.tscn")
	actor.free()
	# main.tscn: scripted nodes, an unscripted one, nested paths, and the actor scene instanced.
	var main = Node.new()
	main.name = "Main"
	main.set_script(load("res://no_rpc.gd"))
	var game = Node.new()
	game.name = "Game"
	game.set_script(load("res://annotations.gd"))
	main.add_child(game)
	game.owner = main
	var plain = Node.new()
	plain.name = "Plain"
	game.add_child(plain)
	plain.owner = main
	var named = Node2D.new()
	named.name = "Named"
	named.set_script(load("res://derived_by_name.gd"))
	plain.add_child(named)
	named.owner = main
	var inst = load("res://actor.tscn").instantiate()
	inst.name = "Player One"
	game.add_child(inst)
	inst.owner = main
	ps = PackedScene.new()
	ps.pack(main)
	ResourceSaver.save(ps, "res://main.tscn")
	main.free()

	var out = {"engine": Engine.get_version_info().string, "scripts": {}, "scenes": {}, "files": {}}
	out["sources"] = {}
	for f in ["annotations.gd", "base.gd", "derived_by_path.gd", "derived_by_name.gd", "no_rpc.gd"]:
		out.sources["res://" + f] = FileAccess.get_file_as_string("res://" + f)
		var cfg = load("res://" + f).get_rpc_config()
		var methods = {}
		for k in cfg.keys():
			methods[String(k)] = cfg[k]
		out.scripts["res://" + f] = methods
	for f in ["main.tscn", "actor.tscn"]:
		out.files["res://" + f] = FileAccess.get_file_as_string("res://" + f)
		var root = load("res://" + f).instantiate()
		var nodes = {}
		walk(root, root, nodes)
		out.scenes["res://" + f] = nodes
		root.free()
	print("@@ " + JSON.stringify(out))
	quit()

func walk(root, node, nodes):
	var path = String(root.name) if node == root else String(root.name) + "/" + String(root.get_path_to(node))
	var s = node.get_script()
	nodes[path] = s.resource_path if s != null else ""
	for c in node.get_children():
		walk(root, c, nodes)

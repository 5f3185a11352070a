# A Godot 4 client for the echo server (run the server first):
#   godot --headless --path examples/echo-server/godot -s client.gd [-- --port=4242]
extends SceneTree

func _init():
	var port = 4242
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--port="):
			port = int(a.substr(7))
	var tcp = StreamPeerTCP.new()
	tcp.connect_to_host("127.0.0.1", port)
	var t0 = Time.get_ticks_msec()
	tcp.poll()
	while tcp.get_status() == StreamPeerTCP.STATUS_CONNECTING and Time.get_ticks_msec() - t0 < 5000:
		OS.delay_msec(5)
		tcp.poll()
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		print("cannot connect to 127.0.0.1:%d" % port)
		quit(1)
		return
	var player = {"name": "Zoë 🎮", "id": 9007199254740993, "position": Vector2(12.5, -3),
		"inventory": PackedStringArray(["sword", "potion"]), "hp": 100}
	var ok = true
	for message in ["hello from Godot ✓", player]:
		tcp.put_var(message)
		var echo = tcp.get_var()
		var same = var_to_str(echo) == var_to_str(message)
		ok = ok and same
		print("echo ", "ok" if same else "DIFFERS", ": ", var_to_str(echo))
	tcp.disconnect_from_host()
	quit(0 if ok else 1)

# A Godot 3 client for the echo server started with `--godot3`:
#   godot3-server --no-window -s examples/echo-server/godot/client3.gd [--port=4242]
extends SceneTree

func _init():
	var port = 4242
	for a in OS.get_cmdline_args():
		if a.begins_with("--port="):
			port = int(a.substr(7))
	var tcp = StreamPeerTCP.new()
	tcp.connect_to_host("127.0.0.1", port)
	var t0 = OS.get_ticks_msec()
	while tcp.get_status() == StreamPeerTCP.STATUS_CONNECTING and OS.get_ticks_msec() - t0 < 5000:
		OS.delay_msec(5)
	if tcp.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		print("cannot connect to 127.0.0.1:%d" % port)
		quit(1)
		return
	var player = {"name": "Zoë 🎮", "id": 9007199254740993, "position": Vector2(12.5, -3),
		"inventory": PoolStringArray(["sword", "potion"]), "hp": 100}
	var ok = true
	for message in ["hello from Godot ✓", player]:
		tcp.put_var(message)
		var echo = tcp.get_var()
		var same = var2str(echo) == var2str(message)
		ok = ok and same
		print("echo ", "ok" if same else "DIFFERS", ": ", var2str(echo))
	tcp.disconnect_from_host()
	quit(0 if ok else 1)

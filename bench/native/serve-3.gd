# The native engine as a benchmark subject that takes turns with the JS subjects (Godot 3):
# bench/src/engine.mjs starts it once per measuring process and hands it one command at a time
# through files in --dir (Godot 3.2 has no stdin reading in GDScript and opens no pipes):
# it polls for <dir>/cmd, removes it, and answers in <dir>/ans (written as ans.tmp, renamed).
#   godot3-server --no-window -s serve-3.gd --dir=DIR
#   load <path>      reads a workload, checks bytes2var/var2bytes round-trips it: `ok <bytes>`
#   decode <n>       n calls of bytes2var on it, timed with OS.get_ticks_usec(): `<usec>`
#   encode <n>       n calls of var2bytes of its value: `<usec>`
#   quit
# Failures answer `error <what>`. The loop's own cost is one interpreted call per iteration,
# negligible against a 100 KB+ workload. It gives up after 10 minutes without a command.
extends SceneTree

var bytes = PoolByteArray()
var value = null

func time_decode(n: int) -> int:
	var t0 = OS.get_ticks_usec()
	for _i in range(n):
		var _v = bytes2var(bytes)
	return OS.get_ticks_usec() - t0

func time_encode(n: int) -> int:
	var t0 = OS.get_ticks_usec()
	for _i in range(n):
		var _b = var2bytes(value)
	return OS.get_ticks_usec() - t0

func answer(line: String) -> String:
	if line.begins_with("load "):
		var path = line.substr(5, line.length() - 5)
		var f = File.new()
		if f.open(path, File.READ) != OK:
			return "error cannot read " + path
		bytes = f.get_buffer(f.get_len())
		f.close()
		value = bytes2var(bytes)
		if var2bytes(value) != bytes:
			return "error " + path + " does not round-trip"
		return "ok " + str(bytes.size())
	var parts = line.split(" ", false)
	if parts.size() == 2 and (parts[0] == "decode" or parts[0] == "encode") and bytes.size() > 0:
		var n = int(parts[1])
		return str(time_decode(n) if parts[0] == "decode" else time_encode(n))
	return "error bad command: " + line

func _init():
	var dir = ""
	for arg in OS.get_cmdline_args():
		if arg.begins_with("--dir="):
			dir = arg.substr(6, arg.length() - 6)
	var d = Directory.new()
	var idle_since = OS.get_ticks_msec()
	while dir != "" and OS.get_ticks_msec() - idle_since < 600000:
		if not d.file_exists(dir + "/cmd"):
			OS.delay_usec(100)
			continue
		var f = File.new()
		f.open(dir + "/cmd", File.READ)
		var line = f.get_as_text().strip_edges()
		f.close()
		d.remove(dir + "/cmd")
		if line == "quit":
			break
		var out = File.new()
		out.open(dir + "/ans.tmp", File.WRITE)
		out.store_string(answer(line))
		out.close()
		d.rename(dir + "/ans.tmp", dir + "/ans")
		idle_since = OS.get_ticks_msec()
	quit()

# The native engine as a benchmark subject that takes turns with the JS subjects (Godot 4):
# the same protocol as serve-3.gd, with bytes_to_var / var_to_bytes and Time.get_ticks_usec().
#   godot4 --headless --path PROJECT -s serve-4.gd -- --dir=DIR
extends SceneTree

var bytes = PackedByteArray()
var value = null

func time_decode(n: int) -> int:
	var t0 = Time.get_ticks_usec()
	for _i in range(n):
		var _v = bytes_to_var(bytes)
	return Time.get_ticks_usec() - t0

func time_encode(n: int) -> int:
	var t0 = Time.get_ticks_usec()
	for _i in range(n):
		var _b = var_to_bytes(value)
	return Time.get_ticks_usec() - t0

func answer(line: String) -> String:
	if line.begins_with("load "):
		var path = line.substr(5)
		bytes = FileAccess.get_file_as_bytes(path)
		if bytes.size() == 0:
			return "error cannot read " + path
		value = bytes_to_var(bytes)
		if var_to_bytes(value) != bytes:
			return "error " + path + " does not round-trip"
		return "ok " + str(bytes.size())
	var parts = line.split(" ", false)
	if parts.size() == 2 and (parts[0] == "decode" or parts[0] == "encode") and bytes.size() > 0:
		var n = int(parts[1])
		return str(time_decode(n) if parts[0] == "decode" else time_encode(n))
	return "error bad command: " + line

func _init():
	var dir = ""
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--dir="):
			dir = arg.substr(6)
	var idle_since = Time.get_ticks_msec()
	while dir != "" and Time.get_ticks_msec() - idle_since < 600000:
		if not FileAccess.file_exists(dir + "/cmd"):
			OS.delay_usec(100)
			continue
		var line = FileAccess.get_file_as_string(dir + "/cmd").strip_edges()
		DirAccess.remove_absolute(dir + "/cmd")
		if line == "quit":
			break
		var out = FileAccess.open(dir + "/ans.tmp", FileAccess.WRITE)
		out.store_string(answer(line))
		out.close()
		DirAccess.rename_absolute(dir + "/ans.tmp", dir + "/ans")
		idle_since = Time.get_ticks_msec()
	quit()

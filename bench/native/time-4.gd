# Times the native engine's bytes_to_var / var_to_bytes on each benchmark workload (Godot 4).
#   godot4 --headless --path PROJECT -s time-4.gd -- --dir=WORKLOAD_DIR [--repeats=7] [--min-ms=150] [--only=a,b]
# Same protocol and output as time-3.gd: a warm-up call, a calibration to --min-ms per repeat,
# then --repeats timed repeats (Time.get_ticks_usec()); lines
# `NT <name> <decode|encode> <bytes> <iterations> <usec per repeat, comma-separated>`, `NT done ok`.
extends SceneTree

const NAMES = ["float32-array", "string-int-dict", "nested-mix", "string-array", "vector3-array", "typed-int-array", "typed-vector3-array"]

var repeats = 7
var min_usec = 150000

func time_decode(bytes: PackedByteArray, n: int) -> int:
	var t0 = Time.get_ticks_usec()
	for _i in range(n):
		var _v = bytes_to_var(bytes)
	return Time.get_ticks_usec() - t0

func time_encode(value, n: int) -> int:
	var t0 = Time.get_ticks_usec()
	for _i in range(n):
		var _b = var_to_bytes(value)
	return Time.get_ticks_usec() - t0

func measure(name: String, op: String, bytes: PackedByteArray, value) -> void:
	var n = 1
	while true:
		var t = time_decode(bytes, n) if op == "decode" else time_encode(value, n)
		if t >= min_usec or n >= 1 << 24:
			break
		n *= 2
	var times = PackedStringArray()
	for _r in range(repeats):
		times.append(str(time_decode(bytes, n) if op == "decode" else time_encode(value, n)))
	print("NT ", name, " ", op, " ", bytes.size(), " ", n, " ", ",".join(times))

func _init():
	var dir = ""
	var only = PackedStringArray()
	for arg in OS.get_cmdline_user_args():
		if arg.begins_with("--dir="):
			dir = arg.substr(6)
		elif arg.begins_with("--repeats="):
			repeats = int(arg.substr(10))
		elif arg.begins_with("--min-ms="):
			min_usec = int(arg.substr(9)) * 1000
		elif arg.begins_with("--only="):
			only = arg.substr(7).split(",")
	for name in NAMES:
		if only.size() > 0 and not name in only:
			continue
		var bytes = FileAccess.get_file_as_bytes(dir + "/" + name + ".bin")
		if bytes.size() == 0:
			print("NT error cannot read ", name)
			continue
		var value = bytes_to_var(bytes)
		if var_to_bytes(value) != bytes:
			print("NT error ", name, " does not round-trip")
		measure(name, "decode", bytes, value)
		measure(name, "encode", bytes, value)
	print("NT done ok")
	quit()

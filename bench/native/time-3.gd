# Times the native engine's bytes2var / var2bytes on each benchmark workload (Godot 3).
#   godot3-server --no-window -s time-3.gd --dir=WORKLOAD_DIR [--repeats=7] [--min-ms=150] [--only=name,name]
# For each workload: one untimed warm-up call, then a calibration that picks the iteration count
# for a repeat to last at least --min-ms, then --repeats timed repeats (OS.get_ticks_usec()).
# Output: `NT <name> <decode|encode> <bytes> <iterations> <usec per repeat, comma-separated>`,
# then `NT done ok`. The runner (bench/src/native.mjs) turns these into medians.
extends SceneTree

const NAMES = ["float32-array", "string-int-dict", "nested-mix", "string-array", "vector3-array"]

var repeats = 7
var min_usec = 150000

func read_bytes(path: String) -> PoolByteArray:
	var f = File.new()
	if f.open(path, File.READ) != OK:
		return PoolByteArray()
	var b = f.get_buffer(f.get_len())
	f.close()
	return b

func time_decode(bytes: PoolByteArray, n: int) -> int:
	var t0 = OS.get_ticks_usec()
	for _i in range(n):
		var _v = bytes2var(bytes)
	return OS.get_ticks_usec() - t0

func time_encode(value, n: int) -> int:
	var t0 = OS.get_ticks_usec()
	for _i in range(n):
		var _b = var2bytes(value)
	return OS.get_ticks_usec() - t0

func measure(name: String, op: String, bytes: PoolByteArray, value) -> void:
	var n = 1
	while true:
		var t = time_decode(bytes, n) if op == "decode" else time_encode(value, n)
		if t >= min_usec or n >= 1 << 24:
			break
		n *= 2
	var times = []
	for _r in range(repeats):
		times.append(str(time_decode(bytes, n) if op == "decode" else time_encode(value, n)))
	print("NT ", name, " ", op, " ", bytes.size(), " ", n, " ", PoolStringArray(times).join(","))

func _init():
	var dir = ""
	var only = []
	for arg in OS.get_cmdline_args():
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
		var bytes = read_bytes(dir + "/" + name + ".bin")
		if bytes.size() == 0:
			print("NT error cannot read ", name)
			continue
		var value = bytes2var(bytes)
		if var2bytes(value) != bytes:
			print("NT error ", name, " does not round-trip")
		measure(name, "decode", bytes, value)
		measure(name, "encode", bytes, value)
	print("NT done ok")
	quit()

extends SceneTree
# Fixture generator for the JSON formatting flags of the gdvariant CLI (--indent, --sort-keys,
# --full-precision, --full-objects) and the demo's JSON.from_native view. Needs tools/live/values-4.gd
# beside it as res://values-4.gd (tools/godot-4/generate-json-flags.mjs copies both into a temp
# project). Prints:
#   @@N<TAB>label<TAB>hex of var_to_bytes_with_objects(v)<TAB>combo<TAB>JSON.stringify(JSON.from_native(v, full), indent, sort, precise), c_escape'd
#   @@P<TAB>label<TAB>hex<TAB>combo<TAB>JSON.stringify(v, indent, sort, precise), c_escape'd
#   @@D<TAB>label<TAB>hex<TAB>same (1 / 0: var_to_bytes(JSON.to_native(JSON.parse_string(text), true)) == hex)<TAB>
#       JSON.stringify(JSON.from_native(v, true), "\t") c_escape'd: the demo's view
# combo = <indent><s|u><p|d>[o]: indent n "" / t "\t" / 2 "  " / 4 "    ", sort_keys true / false,
# full_precision true / false, o: full_objects (written only for values holding an object).

var gen = preload("res://values-4.gd").new()
const INDENTS = {"n": "", "t": "\t", "2": "  ", "4": "    "}

func hex_of(v) -> String:
	return var_to_bytes_with_objects(v).hex_encode()

func combos(full: bool) -> Array:
	var out = []
	for i in INDENTS.keys():
		for s in ["s", "u"]:
			for p in ["p", "d"]:
				out.append(i + s + p + ("o" if full else ""))
	return out

func stringify(v, combo: String) -> String:
	return JSON.stringify(v, INDENTS[combo[0]], combo[1] == "s", combo[2] == "p")

func emit(label: String, v, has_object: bool) -> void:
	var hex = hex_of(v)
	for combo in combos(has_object):
		print("@@N\t", label, "\t", hex, "\t", combo, "\t", stringify(JSON.from_native(v, has_object), combo).c_escape())
	if not has_object:
		for combo in combos(false):
			print("@@P\t", label, "\t", hex, "\t", combo, "\t", stringify(v, combo).c_escape())

func demo(label: String, v) -> void:
	var text = JSON.stringify(JSON.from_native(v, true), "\t")
	var back = JSON.to_native(JSON.parse_string(text), true)
	var same = var_to_bytes_with_objects(back) == var_to_bytes_with_objects(v)
	print("@@D\t", label, "\t", hex_of(v), "\t", 1 if same else 0, "\t", text.c_escape())

func fixed() -> Array:
	# Numbers where the flags differ (full_precision, 14-digit "f:" strings), keys in an order
	# sort_keys changes, nesting that indent shows.
	var typed: Dictionary[String, float] = {"b": 0.1, "a": 1.0 / 3.0}
	return [
		1.0 / 3.0,
		[0.1, 1e20, 1.0 / 3.0, 123456789012345678, -0.0, PackedFloat64Array([1.0 / 3.0, 1e-7]), PackedInt64Array([9007199254740993])],
		{"zeta": 1, "alpha": [Vector2(0.1, 2.5), {"b": null, "a": true}], 3: "three", "mid": typed},
		[[], {}, [[]], PackedByteArray(), Color(0.2, 0.4, 0.6, 1.0)],
	]

func _init():
	var seed_ = 3535
	var count = 16
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--seed="): seed_ = int(a.substr(7))
		if a.begins_with("--count="): count = int(a.substr(8))
	gen.rng.seed = seed_
	print("ENGINE ", Engine.get_version_info().string)
	var k = 0
	for v in fixed():
		emit("fixed_%d" % k, v, false)
		k += 1
	var res = Resource.new()
	res.resource_name = "saved"
	emit("object_0", [res, {"x": 1.0 / 3.0}], true)
	for i in range(count):
		emit("random_%d" % i, gen.rand_value(0), false)
	# The demo's view: the sample the demo test opens, and a value the engine's round trip changes.
	for a in OS.get_cmdline_user_args():
		if a.begins_with("--demo="):
			var f = FileAccess.open(a.substr(7), FileAccess.READ)
			demo("nested_big", bytes_to_var(f.get_buffer(f.get_length())))
	demo("lossy", [1.0 / 3.0, 0.5, PackedInt64Array([9007199254740993]), "s"])
	quit()

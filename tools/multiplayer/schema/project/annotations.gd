extends Node
# Every spelling of @rpc the parser must read the way the engine does.

const NOT_AN_RPC = "@rpc(\"any_peer\") func fake_in_string(): pass"
var doc = """
@rpc
func fake_in_multiline_string():
"""

@rpc
func bare():
	pass

@rpc("any_peer")
func any_peer_only(a, b = 2):
	pass

@rpc("any_peer", "call_local", "unreliable", 2) func same_line(x): pass

@rpc('call_local', 'any_peer')
func single_quotes_reordered():
	pass

@rpc(
	"authority",
	"call_remote",
	"unreliable_ordered",
	7
)
func multi_line_args():
	pass

@rpc("any_peer") # a comment after the annotation
# a comment line between
@warning_ignore("unused_parameter")
func with_other_annotation(unused):
	pass

@rpc("reliable", "any_peer")
func Zed():
	pass

@rpc("any_peer")
func zed():
	pass

@rpc("any_peer")
func éclair():
	pass

@rpc("call_local")
func _private_looking():
	pass

func not_an_rpc():
	pass

class Inner:
	@rpc("any_peer")
	func inner_rpc():
		pass

@rpc("any_peer", "call_remote", "reliable", 255)
func last_one():
	pass

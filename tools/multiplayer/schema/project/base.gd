extends Node2D
class_name BaseActor
# A base class with RPCs: scripts that extend it (by path or by class name) inherit them.

@rpc("any_peer", "call_local")
func base_move(to):
	pass

@rpc
func base_sync(state):
	pass

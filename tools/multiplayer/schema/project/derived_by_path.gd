extends "res://base.gd"

@rpc("any_peer", "unreliable")
func derived_jump():
	pass

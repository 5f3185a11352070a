extends BaseActor

@rpc("any_peer")
func named_wave():
	pass

extends Node
# The game's RPCs. The Node server (../server.mjs) handles chat and move and calls said; the
# stubs stay here because both sides number methods by their sorted names and compare a
# checksum of them.

@rpc("any_peer")
func chat(_text):
	pass

@rpc("any_peer", "call_remote", "unreliable_ordered")
func move(_dir):
	pass

@rpc("authority")
func said(who, text):
	print("CHAT %s: %s" % [who, text])

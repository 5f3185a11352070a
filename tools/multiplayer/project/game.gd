extends Node
# The RPC surface of the capture scene. Method ids are the indices of the names sorted:
# bytes=0, from_server=1, ping=2, take0=3, take1=4, take2=5, take3=6, take5=7.

@rpc("any_peer", "call_remote", "reliable", 0)
func take0():
	get_tree().got(self, "take0", [])

@rpc("any_peer")
func take1(a):
	get_tree().got(self, "take1", [a])

@rpc("any_peer")
func take2(a, b):
	get_tree().got(self, "take2", [a, b])

@rpc("any_peer")
func take3(a, b, c):
	get_tree().got(self, "take3", [a, b, c])

@rpc("any_peer")
func take5(a, b, c, d, e):
	get_tree().got(self, "take5", [a, b, c, d, e])

@rpc("authority", "call_remote", "unreliable", 1)
func from_server(a):
	get_tree().got(self, "from_server", [a])

@rpc("any_peer", "call_local", "unreliable_ordered", 2)
func ping(a):
	get_tree().got(self, "ping", [a])

@rpc("any_peer", "call_remote", "reliable", 3)
func bytes(a):
	get_tree().got(self, "bytes", [a])

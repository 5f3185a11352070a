extends MultiplayerPeerExtension
# A MultiplayerPeer that links SceneMultiplayer instances inside one process and records every
# packet the engine puts on it: sender, destination, channel, transfer mode and the bytes.
# Topology is a star like WebSocketMultiplayerPeer's: clients link only to the server (id 1)
# and reach each other through SceneMultiplayer's SYS RELAY (relay is supported, as for
# WebSocket).

var id := 1
var net: Dictionary  # shared: "peers" -> {id: peer}, "log" -> Array of packet records
var links := {}
var inbox: Array = []
var current = null
var target := 0
var channel := 0
var mode := TRANSFER_MODE_RELIABLE
var status := CONNECTION_CONNECTED
var refusing := false

func _get_available_packet_count() -> int:
	return inbox.size()

func _get_packet_script() -> PackedByteArray:
	current = inbox.pop_front()
	return current.data

func _put_packet_script(buffer: PackedByteArray) -> Error:
	var dests = []
	if target > 0:
		if not links.has(target):
			return ERR_INVALID_PARAMETER
		dests.append(target)
	else:
		for p in links.keys():
			if target < 0 and p == -target:
				continue
			dests.append(p)
	for d in dests:
		net.log.append({"from": id, "to": d, "target": target, "channel": channel, "mode": mode, "hex": buffer.hex_encode()})
		net.peers[d].inbox.append({"data": buffer.duplicate(), "from": id, "channel": channel, "mode": mode})
	return OK

func _front():
	return inbox[0] if inbox.size() > 0 else current

func _get_packet_peer() -> int:
	var p = _front()
	return p.from if p != null else 1

func _get_packet_channel() -> int:
	var p = _front()
	return p.channel if p != null else 0

func _get_packet_mode() -> TransferMode:
	var p = _front()
	return p.mode if p != null else TRANSFER_MODE_RELIABLE

func _get_max_packet_size() -> int:
	return 1 << 24

func _set_transfer_channel(c: int) -> void:
	channel = c

func _get_transfer_channel() -> int:
	return channel

func _set_transfer_mode(m: TransferMode) -> void:
	mode = m

func _get_transfer_mode() -> TransferMode:
	return mode

func _set_target_peer(p: int) -> void:
	target = p

func _is_server() -> bool:
	return id == 1

func _poll() -> void:
	pass

func _close() -> void:
	for p in links.keys():
		_disconnect_peer(p, true)
	status = CONNECTION_DISCONNECTED

func _disconnect_peer(p: int, _force: bool) -> void:
	if not links.has(p):
		return
	var other = net.peers[p]
	links.erase(p)
	other.links.erase(id)
	net.log.append({"from": id, "to": p, "target": p, "channel": -1, "mode": -1, "hex": "", "event": "disconnect"})
	if id != 1:
		status = CONNECTION_DISCONNECTED
	if other.id != 1:
		other.status = CONNECTION_DISCONNECTED
	other.emit_signal("peer_disconnected", id)
	emit_signal("peer_disconnected", p)

func _get_unique_id() -> int:
	return id

func _set_refuse_new_connections(r: bool) -> void:
	refusing = r

func _is_refusing_new_connections() -> bool:
	return refusing

func _is_server_relay_supported() -> bool:
	return true

func _get_connection_status() -> ConnectionStatus:
	return status

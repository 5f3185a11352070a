import { DecodeError } from "@gdvariant/core";
import { COMMAND, COMMAND_MASK } from "./commands.js";
import { decodePacketWith, readCall } from "./decode-packet.js";
import { ProtocolError } from "./errors.js";
import { checkSize, countPacket } from "./limits.js";
import type { Packet } from "./packet-types.js";
import { onConfirmPath, onSimplifyPath } from "./path-cache.js";
import { authStep, fail, onPeerList } from "./peers.js";
import { replicationPath } from "./replication.js";
import { onCall } from "./rpc-dispatch.js";
import type { PeerState, SessionCore } from "./session-core.js";

// The receive path: limits first, then the packet decoded and routed to the part that handles
// its command; relayed packets are checked before they are forwarded or processed.

/** @internal One packet from a directly linked peer. Never throws. */
export function receive(core: SessionCore, peer: number, bytes: Uint8Array): void {
  const st = core.peers.get(peer);
  if (st === undefined || st.link === undefined) return;
  try {
    countPacket(st, core.limits);
    checkSize(peer, bytes, core.limits);
    if (st.admitted && bytes.length > 0 && (bytes[0]! & COMMAND_MASK) === COMMAND.REMOTE_CALL) {
      receiveCall(core, st, bytes);
      return;
    }
    const packet = decode(core, peer, bytes);
    if (!st.admitted) {
      authStep(core, st, packet);
      return;
    }
    process(core, st, packet);
  } catch (e) {
    fail(core, st, e);
  }
}

/** The usual packet, straight from its bytes: what decode + process do, without the packet. */
function receiveCall(core: SessionCore, st: PeerState, bytes: Uint8Array): void {
  const call = core.call;
  let args: unknown[];
  try {
    args = readCall(bytes, core.reader, call);
  } catch (e) {
    throw malformed(st.id, e);
  }
  onCall(core, st, call.node, call.method, args);
}

function decode(core: SessionCore, peer: number, bytes: Uint8Array): Packet {
  if (bytes.length > 1 && (bytes[0]! & 7) === 7 && bytes[1]! > 3) {
    throw new ProtocolError(`unknown SYS command ${bytes[1]}`, {
      code: "unknown-command",
      peer,
      offset: 1,
    });
  }
  try {
    return decodePacketWith(bytes, core.reader);
  } catch (e) {
    throw malformed(peer, e);
  }
}

function malformed(peer: number, e: unknown): ProtocolError {
  const offset = DecodeError.is(e) ? e.offset : 0;
  return new ProtocolError("malformed packet", { code: "malformed", peer, offset, cause: e });
}

/** A packet from `st` (directly, or relayed with `st` its source). */
function process(core: SessionCore, st: PeerState, packet: Packet): void {
  const peer = st.id;
  switch (packet.type) {
    case "remote-call":
      onCall(core, st, packet.node, packet.method, packet.args);
      return;
    case "simplify-path":
      onSimplifyPath(core, st, packet);
      return;
    case "confirm-path":
      onConfirmPath(core, st, packet.id);
      return;
    case "raw":
      core.events.emit("raw", peer, packet.data);
      return;
    case "auth":
      if (packet.data.length !== 0)
        throw new ProtocolError("AUTH after authentication", { code: "not-allowed", peer });
      return;
    case "add-peer":
    case "del-peer":
      onPeerList(core, st, packet);
      return;
    case "relay":
      relay(core, st, packet.peer, packet.packet);
      return;
    default:
      // SPAWN, DESPAWN, SYNC, delta: only from the authority (the server, for this library).
      if (core.isServer)
        throw new ProtocolError(`${packet.type} from a client`, { code: "not-allowed", peer });
      core.events.emit("replication", peer, packet, replicationPath(st, packet));
  }
}

function isSys(packet: Packet): boolean {
  return (
    packet.type === "relay" ||
    packet.type === "auth" ||
    packet.type === "add-peer" ||
    packet.type === "del-peer"
  );
}

function relay(core: SessionCore, st: PeerState, target: number, inner: Uint8Array): void {
  if (!core.isServer) {
    // From the server: `target` is the source; the packet is processed as if it sent it.
    if (st.id !== 1) throw new ProtocolError("relay from a client", { code: "not-allowed", peer: st.id });
    const source = core.peers.get(target);
    if (source === undefined)
      throw new ProtocolError(`relay from unknown peer ${target}`, { code: "unknown-peer", peer: 1 });
    const packet = decode(core, 1, inner);
    if (isSys(packet)) {
      throw new ProtocolError("SYS packet inside a relay", { code: "not-allowed", peer: 1, offset: 6 });
    }
    process(core, source, packet);
    return;
  }
  if (core.options.relay === false)
    throw new ProtocolError("relay is off", { code: "not-allowed", peer: st.id });
  // Checked before forwarding, so one client cannot make the others choke on it.
  const packet = decode(core, st.id, inner);
  if (isSys(packet)) {
    throw new ProtocolError("SYS packet inside a relay", { code: "not-allowed", peer: st.id, offset: 6 });
  }
  const forward = core.encode({ type: "relay", peer: st.id, packet: inner });
  if (target > 0) {
    const dest = core.peers.get(target);
    if (dest === undefined || !dest.admitted || target === 1) {
      throw new ProtocolError(`relay to peer ${target}, not connected`, {
        code: "unknown-peer",
        peer: st.id,
        offset: 2,
      });
    }
    core.sendTo(dest, forward);
    return;
  }
  for (const other of core.peers.values()) {
    if (other === st || other.id === -target || !other.admitted || other.link === undefined) continue;
    core.sendTo(other, forward);
  }
  if (target !== -1) process(core, st, packet);
}

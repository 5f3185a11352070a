import { GdVariantError } from "@gdvariant/core";
import { ProtocolError } from "./errors.js";
import { disconnects } from "./limits.js";
import type { Packet, PeerPacket } from "./packet-types.js";
import { spawnAll } from "./replication.js";
import type { PeerState, SessionCore } from "./session-core.js";
import type { AuthAnswer, Link } from "./session-types.js";

// Who is connected: opening and closing links, authentication (SYS AUTH both ways), admitting
// and dropping peers with the ADD_PEER / DEL_PEER the server tells the others, and the error
// policy's disconnect.

const NO_LINK: Link | undefined = undefined;

/** @internal A peer's link opened; with authentication pending, its timeout starts. */
export function open(core: SessionCore, peer: number, link: Link, authenticated: boolean): void {
  const st = core.newPeer(peer, link);
  if (authenticated) {
    admit(core, st);
    return;
  }
  st.authTimer = setTimeout(() => {
    if (!st.admitted && core.peers.get(peer) === st) refuse(core, st);
  }, core.limits.authTimeoutMs);
}

/** @internal A peer's link closed. */
export function closed(core: SessionCore, peer: number): void {
  const st = core.peers.get(peer);
  if (st === undefined || st.link === undefined) return;
  drop(core, st);
}

/** @internal Closes a directly linked peer's link (no `error` event). */
export function disconnect(core: SessionCore, peer: number): void {
  const st = core.peers.get(peer);
  if (st?.link === undefined) return;
  st.link.close();
  drop(core, st);
}

function admit(core: SessionCore, st: PeerState): void {
  if (st.authTimer !== undefined) clearTimeout(st.authTimer);
  st.authTimer = undefined;
  if (core.relays) {
    // As _admit_peer: tell the others about the newcomer and the newcomer about the others.
    for (const other of core.peers.values()) {
      if (!other.admitted || other === st) continue;
      core.sendTo(other, core.encode({ type: "add-peer", peer: st.id }));
      core.sendTo(st, core.encode({ type: "add-peer", peer: other.id }));
    }
  }
  st.admitted = true;
  if (core.isServer) spawnAll(core, st);
  core.events.emit("join", st.id);
}

function drop(core: SessionCore, st: PeerState): void {
  if (st.authTimer !== undefined) clearTimeout(st.authTimer);
  core.peers.delete(st.id);
  if (!st.admitted) {
    core.events.emit("authFailed", st.id);
    return;
  }
  if (core.relays) {
    const bytes = core.encode({ type: "del-peer", peer: st.id });
    for (const other of core.peers.values())
      if (other.admitted && other.link !== undefined) core.sendTo(other, bytes);
  }
  if (st.link !== undefined && !core.isServer) {
    // The client lost the server: every relayed peer goes too.
    for (const other of [...core.peers.values()]) {
      core.peers.delete(other.id);
      if (other.admitted) core.events.emit("leave", other.id);
    }
  }
  core.events.emit("leave", st.id);
}

function refuse(core: SessionCore, st: PeerState): void {
  st.link?.close();
  drop(core, st);
}

/** @internal A packet of a peer not yet admitted: only AUTH. */
export function authStep(core: SessionCore, st: PeerState, packet: Packet): void {
  if (packet.type !== "auth") {
    throw new ProtocolError(`${packet.type} before authentication`, {
      code: "not-authenticated",
      peer: st.id,
    });
  }
  const data = packet.data;
  if (data.length === 0) {
    st.remoteDone = true;
    if (st.localDone) admit(core, st);
    return;
  }
  core.events.emit("authData", st.id, data);
  const hook = core.authenticate;
  if (hook === undefined) return;
  Promise.resolve()
    .then(() => hook(st.id, data))
    .then(
      (answer) => answerAuth(core, st, answer),
      (e) => {
        fail(
          core,
          st,
          new ProtocolError("authentication hook failed", {
            code: "handler-failed",
            peer: st.id,
            cause: e,
          }),
        );
        if (core.peers.get(st.id) === st && !st.admitted) refuse(core, st);
      },
    );
}

function answerAuth(core: SessionCore, st: PeerState, answer: AuthAnswer): void {
  if (core.peers.get(st.id) !== st || st.admitted || st.localDone) return;
  if (answer === false) {
    refuse(core, st);
    return;
  }
  if (typeof answer === "object") st.link?.send(core.encode({ type: "auth", data: answer.reply }));
  st.localDone = true;
  st.link?.send(core.encode({ type: "auth", data: new Uint8Array(0) }));
  if (st.remoteDone) admit(core, st);
}

/** @internal Completes this side's authentication with a peer, as `complete_auth`. */
export function completeAuth(core: SessionCore, peer: number): void {
  const st = core.peers.get(peer);
  if (st === undefined) return;
  answerAuth(core, st, true);
}

/** @internal Sends this side's authentication data to a peer. */
export function sendAuth(core: SessionCore, peer: number, data: Uint8Array): void {
  const st = core.peers.get(peer);
  if (st?.link === undefined) return;
  if (data.length > 0) st.link.send(core.encode({ type: "auth", data }));
}

/** @internal ADD_PEER / DEL_PEER from the server (client side). */
export function onPeerList(core: SessionCore, st: PeerState, packet: PeerPacket): void {
  if (core.isServer || st.id !== 1)
    throw new ProtocolError(`${packet.type} from a client`, { code: "not-allowed", peer: st.id });
  if (packet.type === "add-peer") {
    if (!core.peers.has(packet.peer) && packet.peer !== core.id)
      admit(core, core.newPeer(packet.peer, NO_LINK));
  } else {
    const other = core.peers.get(packet.peer);
    if (other !== undefined && other.link === undefined) drop(core, other);
  }
}

/** @internal A protocol error of `st`: reported, and by the policy, the peer disconnected. */
export function fail(core: SessionCore, st: PeerState, e: unknown): void {
  const error = ProtocolError.is(e)
    ? e
    : new ProtocolError(GdVariantError.is(e) ? e.message : "internal error", {
        code: "malformed",
        peer: st.id,
        cause: e,
      });
  const disconnect = disconnects(error, st, core.limits);
  const direct = core.peers.get(error.peer)?.link !== undefined ? core.peers.get(error.peer)! : st;
  if (disconnect && direct.link !== undefined && core.peers.get(direct.id) === direct) {
    direct.link.close();
    drop(core, direct);
  }
  core.events.emit("error", error, disconnect);
}

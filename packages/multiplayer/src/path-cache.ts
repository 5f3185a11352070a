import { ProtocolError } from "./errors.js";
import type { SimplifyPathPacket } from "./packet-types.js";
import { rpcTable } from "./rpc-config.js";
import type { PeerState, SessionCore } from "./session-core.js";

// The path cache both ways: this side's ids for its paths (announced with SIMPLIFY_PATH before
// use, confirmed by the peer), and the ids a peer announces (answered with CONFIRM_PATH).

/** @internal This side's path-cache ids, from 1. */
export class PathCache {
  private readonly ids = new Map<string, number>();
  private readonly paths = new Map<number, string>();
  private next = 1;

  /** The id of `path`, given on first use. */
  idOf(path: string): number {
    let id = this.ids.get(path);
    if (id === undefined) {
      id = this.next++;
      this.ids.set(path, id);
      this.paths.set(id, path);
    }
    return id;
  }

  pathOf(id: number): string | undefined {
    return this.paths.get(id);
  }
}

/** @internal Sends SIMPLIFY_PATH when the peer has not had it; true when it confirmed the path. */
export function announce(core: SessionCore, st: PeerState, path: string, id: number): boolean {
  const c = st.confirmed.get(path);
  if (c !== undefined) return c;
  const checksum = (core.tables.get(path) ?? rpcTable({})).checksum;
  core.sendTo(st, core.encode({ type: "simplify-path", checksum, id, path }));
  st.confirmed.set(path, false);
  return false;
}

/** @internal A peer's SIMPLIFY_PATH: cached (bounded), answered with CONFIRM_PATH. */
export function onSimplifyPath(core: SessionCore, st: PeerState, packet: SimplifyPathPacket): void {
  const peer = st.id;
  const table = core.tables.get(packet.path) ?? (core.isServer ? undefined : replicatedTable(packet.path));
  if (table === undefined) {
    throw new ProtocolError(`unknown path ${packet.path}`, { code: "unknown-path", peer, offset: 38 });
  }
  if (st.recv.has(packet.id))
    throw new ProtocolError(`duplicate path id ${packet.id}`, { code: "malformed", peer, offset: 34 });
  if (st.recv.size >= core.limits.maxPathCache) {
    throw new ProtocolError(`more than ${core.limits.maxPathCache} cached paths`, {
      code: "limit-exceeded",
      peer,
    });
  }
  st.recv.set(packet.id, packet.path);
  const valid = table.checksum === packet.checksum;
  core.sendTo(st, core.encode({ type: "confirm-path", valid, id: packet.id }));
  if (!valid) {
    core.events.emit(
      "error",
      new ProtocolError(`RPC checksum of ${packet.path} differs`, {
        code: "checksum-mismatch",
        peer,
        offset: 1,
      }),
      false,
    );
  }
}

/** @internal A peer's CONFIRM_PATH of one of our ids. */
export function onConfirmPath(core: SessionCore, st: PeerState, id: number): void {
  const path = core.paths.pathOf(id);
  if (path !== undefined && st.confirmed.has(path)) st.confirmed.set(path, true);
}

/** A client answers SIMPLIFY_PATH for synchronizers and spawners it was not told about. */
function replicatedTable(_path: string) {
  return rpcTable({});
}

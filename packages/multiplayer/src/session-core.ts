import { createCodec } from "@gdvariant/godot-4";
import { type CompressedReader, compressedReader } from "./compressed-variant.js";
import { type CallFields, callFields } from "./decode-packet.js";
import { Emitter } from "./emitter.js";
import { encodePacketWith } from "./encode-packet.js";
import { type PeerCounters, type ResolvedLimits, resolveLimits } from "./limits.js";
import type { Packet } from "./packet-types.js";
import { CHUNK, PacketWriter } from "./packet-writer.js";
import { PathCache } from "./path-cache.js";
import { ReplicationState } from "./replication.js";
import { type RpcTable, rpcTable } from "./rpc-config.js";
import type { AuthAnswer, Link, SessionEvents, SessionOptions } from "./session-types.js";

// What every part of a session shares: its peers, its declared nodes, its limits, its value
// reader and packet writer, and how a packet reaches a peer.

/** @internal One peer as the session knows it. */
export interface PeerState extends PeerCounters {
  readonly id: number;
  /** The link for a directly connected peer; undefined for one reached through the server. */
  readonly link: Link | undefined;
  admitted: boolean;
  localDone: boolean;
  remoteDone: boolean;
  authTimer: ReturnType<typeof setTimeout> | undefined;
  /** The peer's announced path-cache ids. */
  readonly recv: Map<number, string>;
  /** Our paths announced to the peer: confirmed or not yet. */
  readonly confirmed: Map<string, boolean>;
  syncTime: number;
  /** Synchronizer key -> on-change property names sent at least once. */
  readonly watched: Map<string, Set<string>>;
  /** Spawned nodes (net ids) this peer has. */
  readonly spawned: Set<number>;
}

/** @internal The state of a {@link Session} and the primitives its parts share. */
export class SessionCore {
  id: number;
  readonly events: Emitter<SessionEvents>;
  readonly peers = new Map<number, PeerState>();
  readonly tables = new Map<string, RpcTable>();
  /** This side's path-cache ids. */
  readonly paths = new PathCache();
  readonly replication = new ReplicationState();
  readonly limits: ResolvedLimits;
  readonly reader: CompressedReader;
  /** Where each received REMOTE_CALL is read (no packet object on the receive path). */
  readonly call: CallFields = callFields();
  // One chunk for the packets this side makes (each a view of it, never written again), and a
  // kept codec for their values.
  private readonly writer = new PacketWriter(CHUNK, createCodec());
  /** Set on a client: the server's authentication is expected/given. */
  authenticate: ((peer: number, data: Uint8Array) => AuthAnswer | Promise<AuthAnswer>) | undefined;

  constructor(
    readonly options: SessionOptions,
    id: number,
  ) {
    this.id = id;
    this.events = new Emitter(reportListenerError);
    for (const [path, decl] of Object.entries(options.nodes ?? {}))
      this.tables.set(path, rpcTable(decl.rpc ?? {}));
    this.limits = resolveLimits(options);
    this.reader = compressedReader({
      values: options.values ?? "js",
      maxDepth: this.limits.maxDepth,
      maxTotalBytes: this.limits.maxPacketSize,
      ...(options.dictionaries === undefined ? {} : { dictionaries: options.dictionaries }),
    });
  }

  get isServer(): boolean {
    return this.id === 1;
  }

  /** The server relays client-to-client packets and tells clients about each other. */
  get relays(): boolean {
    return this.isServer && this.options.relay !== false;
  }

  encode(packet: Packet): Uint8Array {
    return encodePacketWith(this.writer, packet);
  }

  newPeer(id: number, link: Link | undefined): PeerState {
    const st: PeerState = {
      id,
      link,
      admitted: false,
      localDone: false,
      remoteDone: false,
      authTimer: undefined,
      recv: new Map(),
      confirmed: new Map(),
      errors: 0,
      windowStart: 0,
      windowCount: 0,
      syncTime: 0,
      watched: new Map(),
      spawned: new Set(),
    };
    this.peers.set(id, st);
    return st;
  }

  /** The admitted peers `to` names (0: every peer, -N: every peer but N). */
  targets(to: number): PeerState[] {
    if (to > 0) {
      const st = this.peers.get(to);
      if (st === undefined || !st.admitted) throw new Error(`peer ${to} is not connected`);
      return [st];
    }
    return [...this.peers.values()].filter((p) => p.admitted && p.id !== -to);
  }

  sendTo(st: PeerState, bytes: Uint8Array): void {
    if (st.link !== undefined) {
      st.link.send(bytes);
      return;
    }
    // A peer behind the server (client side): through SYS RELAY.
    const server = this.peers.get(1);
    server?.link?.send(this.encode({ type: "relay", peer: st.id, packet: bytes }));
  }
}

function reportListenerError(e: unknown): void {
  // A throwing listener must not break the session; it is reported once, as a handler error.
  queueMicrotask(() => {
    throw e;
  });
}

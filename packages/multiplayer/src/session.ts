import { DecodeError, GdVariantError, type ToJSOptions } from "@gdvariant/core";
import { createCodec } from "@gdvariant/godot-4";
import { CUSTOM_SPAWN } from "./commands.js";
import { type CompressedReader, compressedReader } from "./compressed-variant.js";
import { decodePacketWith } from "./decode-packet.js";
import { Emitter } from "./emitter.js";
import { deltaPackets, encodePacketWith, syncPackets } from "./encode-packet.js";
import { ProtocolError, type ProtocolErrorCode } from "./errors.js";
import type { Packet } from "./packet-types.js";
import { CHUNK, PacketWriter } from "./packet-writer.js";
import { type ReplicationConfig, type SplitConfig, splitConfig } from "./replication-config.js";
import { type RpcMethods, type RpcTable, rpcTable } from "./rpc-config.js";

/** One connection to a remote peer, as a transport gives it. */
export interface Link {
  /**
   * Sends one packet (one binary message). `bytes` may be a view of a larger buffer the session
   * keeps: its bytes are never written again, so a transport may queue it as it is.
   */
  send(bytes: Uint8Array): void;
  /** Closes the connection. */
  close(): void;
}

/** A node the application declares: its `@rpc` methods and who has authority over it. */
export interface NodeDeclaration {
  readonly rpc?: RpcMethods;
  /** The peer with authority over the node (default 1, the server), for `"authority"` methods. */
  readonly authority?: number;
}

/** What a handler is told about a call besides its arguments. */
export interface CallContext {
  /** The caller (`multiplayer.get_remote_sender_id()`); this peer's own id for a local call. */
  readonly peer: number;
  readonly path: string;
  readonly method: string;
}

/** A call handler: the context, then the call's arguments. */
// Handlers name their own argument types (what the game's GDScript sends).
export type RpcHandler = (ctx: CallContext, ...args: any[]) => unknown;

/** What the authentication hook answers: accept, accept with data for the peer, or refuse. */
export type AuthAnswer = boolean | { readonly reply: Uint8Array };

/** The limits and policies of a session; every one has a default. */
export interface SessionLimits {
  /** Path-cache entries a peer may announce (SIMPLIFY_PATH). Default 4,096. */
  readonly maxPathCache?: number;
  /** Bytes in one packet. Default 1,048,576 (1 MiB). */
  readonly maxPacketSize?: number;
  /** Packets a peer may send per second before it is disconnected. Default 2,000. */
  readonly maxPacketsPerSecond?: number;
  /** Protocol errors a peer may cause before it is disconnected. Default 16. */
  readonly maxErrors?: number;
  /** Nesting depth of a value in a packet. Default 64 (the engine allows 1,024). */
  readonly maxDepth?: number;
  /** Milliseconds a peer may take to authenticate. Default 3,000 (the engine's default). */
  readonly authTimeoutMs?: number;
  /**
   * Bytes of one SYNC or delta packet this side sends; more states go in more packets, as the
   * engine's `max_sync_packet_size` / `max_delta_packet_size`. Default 1,350 (the engine's).
   */
  readonly maxSyncPacketSize?: number;
}

/** Options of a session (server or client). */
export interface SessionOptions extends SessionLimits {
  /** The nodes this side knows, by path relative to the multiplayer root (e.g. `"Game"`). */
  readonly nodes?: Readonly<Record<string, NodeDeclaration>>;
  /** Handlers by node path, then method name. */
  readonly handlers?: Readonly<Record<string, Readonly<Record<string, RpcHandler>>>>;
  /** Arguments as plain JS (`"js"`, the default, the `decodeJS` mapping) or model values. */
  readonly values?: "js" | "model";
  /** `decodeJS`'s dictionary mapping for `values: "js"` (default `"auto"`). */
  readonly dictionaries?: ToJSOptions["dictionaries"];
  /** Relay client-to-client packets and tell clients about each other (default true). */
  readonly relay?: boolean;
}

/** Events of a session. */
export type SessionEvents = {
  /** A peer was admitted (authenticated, when there is a hook). */
  join: (peer: number) => void;
  /** A peer left (or was disconnected). */
  leave: (peer: number) => void;
  /** A call arrived (before its handler runs; also for methods without a handler). */
  call: (ctx: CallContext, args: readonly unknown[]) => void;
  /** `send_bytes` data arrived. */
  raw: (peer: number, data: Uint8Array) => void;
  /** A peer broke the protocol; `disconnected` says whether the policy dropped it. */
  error: (error: ProtocolError, disconnected: boolean) => void;
  /** A peer's authentication was refused or timed out. */
  authFailed: (peer: number) => void;
  /** Authentication data arrived (client side: the server's reply). */
  authData: (peer: number, data: Uint8Array) => void;
  /** Replication from the authority (client side): SPAWN, DESPAWN, SYNC and delta packets. */
  replication: (peer: number, packet: Packet, path: string | undefined) => void;
};

interface PeerState {
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
  errors: number;
  windowStart: number;
  windowCount: number;
  syncTime: number;
  /** Synchronizer key -> on-change property names sent at least once. */
  readonly watched: Map<string, Set<string>>;
  /** Spawned nodes (net ids) this peer has. */
  readonly spawned: Set<number>;
}

/** @internal A replicated node: a static synchronizer or a spawned node's synchronizer. */
interface Replica {
  readonly config: SplitConfig;
  readonly values: Map<string, unknown>;
  /** On-change properties changed since the last delta, per peer. */
  readonly dirty: Map<number, Set<string>>;
}

/** A server-side synchronizer: set its properties; the session sends them. */
export interface SynchronizerHandle {
  set(property: string, value: unknown): void;
  get(property: string): unknown;
}

/** What {@link SpawnerHandle.spawn} takes. */
export interface SpawnOptions {
  /** The node's name on every peer. */
  readonly name: string;
  /** Index of the spawner's spawnable scene; omit for a custom spawn (`spawn_function`). */
  readonly scene?: number;
  /** The custom spawn's argument (given to `spawn_function`). */
  readonly arg?: unknown;
  /** The node's synchronizers' configs, in the order the scene has them. */
  readonly synchronizers?: readonly ReplicationConfig[];
  /** Initial property values, by property name, for every synchronizer. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** A spawned node: set its properties (all its synchronizers), or despawn it. */
export interface SpawnedHandle extends SynchronizerHandle {
  readonly netId: number;
  readonly name: string;
  despawn(): void;
}

/** A server-side MultiplayerSpawner. */
export interface SpawnerHandle {
  spawn(options: SpawnOptions): SpawnedHandle;
}

interface SpawnedNode {
  readonly spawner: string;
  readonly netId: number;
  readonly name: string;
  readonly scene: number;
  readonly arg: unknown;
  readonly syncs: { readonly netId: number; readonly replica: Replica }[];
}

const PATH_FLAG = 0x80000000;
const NO_LINK: Link | undefined = undefined;

/**
 * The state of one side of SceneMultiplayer: peers, path caches both ways, authentication,
 * relay, RPC dispatch and replication. Transport-agnostic: a transport calls {@link open},
 * {@link receive} and {@link closed}; the session sends through each peer's {@link Link}.
 * `receive` never throws: a bad packet becomes an `error` event (see {@link SessionLimits} for
 * the policy).
 */
export class Session {
  /** This side's peer id: 1 for the server. */
  id: number;
  readonly events: Emitter<SessionEvents>;
  private readonly peers = new Map<number, PeerState>();
  private readonly tables = new Map<string, RpcTable>();
  private readonly cacheIds = new Map<string, number>();
  private readonly cachePaths = new Map<number, string>();
  private nextCacheId = 1;
  private lastNetId = 0;
  private readonly statics = new Map<string, Replica>();
  private readonly spawned = new Map<number, SpawnedNode>();
  private readonly limits: Required<SessionLimits>;
  private readonly reader: CompressedReader;
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
    this.events = new Emitter((e) => this.reportListenerError(e));
    for (const [path, decl] of Object.entries(options.nodes ?? {}))
      this.tables.set(path, rpcTable(decl.rpc ?? {}));
    this.limits = {
      maxPathCache: options.maxPathCache ?? 4096,
      maxPacketSize: options.maxPacketSize ?? 1 << 20,
      maxPacketsPerSecond: options.maxPacketsPerSecond ?? 2000,
      maxErrors: options.maxErrors ?? 16,
      maxDepth: options.maxDepth ?? 64,
      authTimeoutMs: options.authTimeoutMs ?? 3000,
      maxSyncPacketSize: options.maxSyncPacketSize ?? 1350,
    };
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

  /** Admitted peers (on a client: the server and the clients the server told about). */
  get peerIds(): number[] {
    return [...this.peers.values()].filter((p) => p.admitted).map((p) => p.id);
  }

  // --- transport side ---------------------------------------------------------------------------

  /**
   * A peer's link opened (server: a client got its id; client: the server answered). With an
   * authentication hook the peer waits for AUTH, else it is admitted at once.
   */
  open(peer: number, link: Link, authenticated = this.authenticate === undefined): void {
    const st = this.newPeer(peer, link);
    if (authenticated) {
      this.admit(st);
      return;
    }
    st.authTimer = setTimeout(() => {
      if (!st.admitted && this.peers.get(peer) === st) this.refuse(st);
    }, this.limits.authTimeoutMs);
  }

  /** A peer's link closed. */
  closed(peer: number): void {
    const st = this.peers.get(peer);
    if (st === undefined || st.link === undefined) return;
    this.drop(st);
  }

  /** One packet from a directly linked peer. Never throws. */
  receive(peer: number, bytes: Uint8Array): void {
    const st = this.peers.get(peer);
    if (st === undefined || st.link === undefined) return;
    try {
      this.rate(st);
      if (bytes.length > this.limits.maxPacketSize) {
        throw new ProtocolError(`packet of ${bytes.length} bytes`, { code: "limit-exceeded", peer });
      }
      const packet = this.decode(peer, bytes);
      if (!st.admitted) {
        this.authStep(st, packet);
        return;
      }
      this.process(st, packet);
    } catch (e) {
      this.fail(st, e);
    }
  }

  // --- application side -------------------------------------------------------------------------

  /**
   * Calls `method` of the node at `path` on peer `to` (0: every peer, -N: every peer but N), as
   * `rpc_id` does, sending the path first where the peer has not cached it. Runs the local
   * handler too when the method is `callLocal` and this peer is among the targets.
   * @throws {Error} when the node or method is not declared or the peer is unknown.
   * @throws {EncodeError} for arguments the engine cannot hold.
   */
  rpc(to: number, path: string, method: string, args: readonly unknown[]): void {
    const table = this.tables.get(path);
    const m = table?.byName.get(method);
    if (m === undefined) throw new Error(`no RPC method ${method} declared on ${path}`);
    const targets = this.targets(to);
    const id = this.cacheId(path);
    let all = true;
    for (const t of targets) if (!this.announce(t, path, id)) all = false;
    if (all) {
      const bytes = this.encode({ type: "remote-call", node: id, method: m.id, args });
      for (const t of targets) this.sendTo(t, bytes);
    } else {
      let confirmedBytes: Uint8Array | undefined;
      let pathBytes: Uint8Array | undefined;
      for (const t of targets) {
        if (t.confirmed.get(path) === true) {
          confirmedBytes ??= this.encode({
            type: "remote-call",
            node: id,
            method: m.id,
            args,
            nodeIdWidth: 4,
          });
          this.sendTo(t, confirmedBytes);
        } else {
          pathBytes ??= this.encode({ type: "remote-call", node: path, method: m.id, args });
          this.sendTo(t, pathBytes);
        }
      }
    }
    if (m.callLocal && (to === 0 || to === this.id || (to < 0 && -to !== this.id))) {
      this.dispatch({ peer: this.id, path, method }, args);
    }
  }

  /** `send_bytes`: a RAW packet to `to` (0: every peer, -N: all but N). */
  sendBytes(to: number, data: Uint8Array): void {
    const bytes = this.encode({ type: "raw", data });
    for (const t of this.targets(to)) this.sendTo(t, bytes);
  }

  /** Disconnects a directly linked peer (no `error` event). */
  disconnect(peer: number): void {
    const st = this.peers.get(peer);
    if (st?.link === undefined) return;
    st.link.close();
    this.drop(st);
  }

  /** Completes a client's authentication with the server: sends `data`, then "done". */
  sendAuth(peer: number, data: Uint8Array): void {
    const st = this.peers.get(peer);
    if (st?.link === undefined) return;
    if (data.length > 0) st.link.send(this.encode({ type: "auth", data }));
  }

  /** Declares a static MultiplayerSynchronizer (server side) at `path` (the synchronizer node). */
  synchronizer(
    path: string,
    config: ReplicationConfig,
    values: Readonly<Record<string, unknown>> = {},
  ): SynchronizerHandle {
    const replica = this.replica(config, values);
    this.statics.set(path, replica);
    return this.handle(replica);
  }

  /** Declares a MultiplayerSpawner (server side) at `path` (the spawner node). */
  spawner(path: string): SpawnerHandle {
    return {
      spawn: (o) => {
        const netId = ++this.lastNetId;
        const syncs = (o.synchronizers ?? []).map((c) => ({
          netId: ++this.lastNetId,
          replica: this.replica(c, o.values ?? {}),
        }));
        const node: SpawnedNode = {
          spawner: path,
          netId,
          name: o.name,
          scene: o.scene ?? CUSTOM_SPAWN,
          arg: o.arg,
          syncs,
        };
        this.spawned.set(netId, node);
        for (const st of this.peers.values())
          if (st.admitted && st.link !== undefined) this.sendSpawn(st, node);
        const set = (k: string, v: unknown) => {
          for (const s of syncs) if (s.replica.values.has(k)) this.setValue(s.replica, k, v);
        };
        return {
          netId,
          name: o.name,
          set,
          get: (k) => syncs.find((s) => s.replica.values.has(k))?.replica.values.get(k),
          despawn: () => {
            if (!this.spawned.delete(netId)) return;
            const bytes = this.encode({ type: "despawn", netId });
            for (const st of this.peers.values()) if (st.spawned.delete(netId)) this.sendTo(st, bytes);
          },
        };
      },
    };
  }

  /**
   * One network frame of replication (the engine's `on_network_process`): a SYNC of every
   * "always" property and a delta of changed "on change" properties, to every admitted peer.
   */
  tick(): void {
    for (const st of this.peers.values()) {
      if (!st.admitted || st.link === undefined) continue;
      const entries: { netId: number; state: unknown[] }[] = [];
      const deltas: { netId: number; indexes: bigint; state: unknown[] }[] = [];
      const add = (key: string, netId: number, r: Replica) => {
        if (r.config.always.length > 0)
          entries.push({ netId, state: r.config.always.map((k) => r.values.get(k)) });
        const sent = st.watched.get(key) ?? new Set<string>();
        st.watched.set(key, sent);
        const dirty = r.dirty.get(st.id);
        let mask = 0n;
        const state: unknown[] = [];
        r.config.onChange.forEach((k, i) => {
          if (!sent.has(k) || dirty?.has(k)) {
            mask |= 1n << BigInt(i);
            state.push(r.values.get(k));
            sent.add(k);
          }
        });
        dirty?.clear();
        if (state.length > 0) deltas.push({ netId, indexes: mask, state });
      };
      for (const [path, r] of this.statics) {
        const id = this.cacheId(path);
        if (!this.announce(st, path, id)) continue; // sent once the peer confirms the path
        add(path, (PATH_FLAG | id) >>> 0, r);
      }
      for (const node of this.spawned.values()) {
        if (!st.spawned.has(node.netId)) continue;
        for (const s of node.syncs) add(`#${s.netId}`, s.netId, s.replica);
      }
      if (entries.length > 0) {
        st.syncTime = (st.syncTime + 1) & 0xffff;
        for (const bytes of syncPackets(st.syncTime, entries, this.limits.maxSyncPacketSize))
          this.sendTo(st, bytes);
      }
      for (const bytes of deltaPackets(deltas, this.limits.maxSyncPacketSize)) this.sendTo(st, bytes);
    }
  }

  // --- internals --------------------------------------------------------------------------------

  private encode(packet: Packet): Uint8Array {
    return encodePacketWith(this.writer, packet);
  }

  private newPeer(id: number, link: Link | undefined): PeerState {
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

  private admit(st: PeerState): void {
    if (st.authTimer !== undefined) clearTimeout(st.authTimer);
    st.authTimer = undefined;
    if (this.isServer && this.options.relay !== false) {
      // As _admit_peer: tell the others about the newcomer and the newcomer about the others.
      for (const other of this.peers.values()) {
        if (!other.admitted || other === st) continue;
        this.sendTo(other, this.encode({ type: "add-peer", peer: st.id }));
        this.sendTo(st, this.encode({ type: "add-peer", peer: other.id }));
      }
    }
    st.admitted = true;
    if (this.isServer) for (const node of this.spawned.values()) this.sendSpawn(st, node);
    this.events.emit("join", st.id);
  }

  private drop(st: PeerState): void {
    if (st.authTimer !== undefined) clearTimeout(st.authTimer);
    this.peers.delete(st.id);
    if (!st.admitted) {
      this.events.emit("authFailed", st.id);
      return;
    }
    if (this.isServer && this.options.relay !== false) {
      const bytes = this.encode({ type: "del-peer", peer: st.id });
      for (const other of this.peers.values())
        if (other.admitted && other.link !== undefined) this.sendTo(other, bytes);
    }
    if (st.link !== undefined && !this.isServer) {
      // The client lost the server: every relayed peer goes too.
      for (const other of [...this.peers.values()]) {
        this.peers.delete(other.id);
        if (other.admitted) this.events.emit("leave", other.id);
      }
    }
    this.events.emit("leave", st.id);
  }

  private refuse(st: PeerState): void {
    st.link?.close();
    this.drop(st);
  }

  private authStep(st: PeerState, packet: Packet): void {
    if (packet.type !== "auth") {
      throw new ProtocolError(`${packet.type} before authentication`, {
        code: "not-authenticated",
        peer: st.id,
      });
    }
    if (packet.data.length === 0) {
      st.remoteDone = true;
      if (st.localDone) this.admit(st);
      return;
    }
    this.events.emit("authData", st.id, packet.data);
    const hook = this.authenticate;
    if (hook === undefined) return;
    Promise.resolve()
      .then(() => hook(st.id, packet.data))
      .then(
        (answer) => this.answerAuth(st, answer),
        (e) => {
          this.fail(
            st,
            new ProtocolError("authentication hook failed", {
              code: "handler-failed",
              peer: st.id,
              cause: e,
            }),
          );
          if (this.peers.get(st.id) === st && !st.admitted) this.refuse(st);
        },
      );
  }

  private answerAuth(st: PeerState, answer: AuthAnswer): void {
    if (this.peers.get(st.id) !== st || st.admitted || st.localDone) return;
    if (answer === false) {
      this.refuse(st);
      return;
    }
    if (typeof answer === "object") st.link?.send(this.encode({ type: "auth", data: answer.reply }));
    st.localDone = true;
    st.link?.send(this.encode({ type: "auth", data: new Uint8Array(0) }));
    if (st.remoteDone) this.admit(st);
  }

  /** Completes this side's authentication with a peer (client side), as `complete_auth`. */
  completeAuth(peer: number): void {
    const st = this.peers.get(peer);
    if (st === undefined) return;
    this.answerAuth(st, true);
  }

  private decode(peer: number, bytes: Uint8Array): Packet {
    if (bytes.length > 1 && (bytes[0]! & 7) === 7 && bytes[1]! > 3) {
      throw new ProtocolError(`unknown SYS command ${bytes[1]}`, {
        code: "unknown-command",
        peer,
        offset: 1,
      });
    }
    try {
      return decodePacketWith(bytes, this.reader);
    } catch (e) {
      const offset = DecodeError.is(e) ? e.offset : 0;
      throw new ProtocolError("malformed packet", { code: "malformed", peer, offset, cause: e });
    }
  }

  private rate(st: PeerState): void {
    const now = Date.now();
    if (now - st.windowStart >= 1000) {
      st.windowStart = now;
      st.windowCount = 0;
    }
    if (++st.windowCount > this.limits.maxPacketsPerSecond) {
      throw new ProtocolError(`more than ${this.limits.maxPacketsPerSecond} packets per second`, {
        code: "limit-exceeded",
        peer: st.id,
      });
    }
  }

  /** A packet from `st` (directly, or relayed with `st` its source). */
  private process(st: PeerState, packet: Packet): void {
    const peer = st.id;
    switch (packet.type) {
      case "remote-call": {
        const path = typeof packet.node === "string" ? packet.node : st.recv.get(packet.node);
        const table = path === undefined ? undefined : this.tables.get(path);
        if (path === undefined || table === undefined) {
          throw new ProtocolError(`call on unknown node ${String(packet.node)}`, {
            code: "unknown-path",
            peer,
            offset: 1,
          });
        }
        const m = table.methods[packet.method];
        if (m === undefined) {
          throw new ProtocolError(`method id ${packet.method} on ${path}`, {
            code: "unknown-method",
            peer,
            offset: 1,
          });
        }
        if (
          m.mode === "disabled" ||
          (m.mode === "authority" && peer !== (this.options.nodes?.[path]?.authority ?? 1))
        ) {
          throw new ProtocolError(`${m.name} on ${path} refuses peer ${peer}`, { code: "not-allowed", peer });
        }
        this.dispatch({ peer, path, method: m.name }, packet.args);
        return;
      }
      case "simplify-path": {
        const table =
          this.tables.get(packet.path) ?? (this.isServer ? undefined : this.replicatedTable(packet.path));
        if (table === undefined) {
          throw new ProtocolError(`unknown path ${packet.path}`, { code: "unknown-path", peer, offset: 38 });
        }
        if (st.recv.has(packet.id))
          throw new ProtocolError(`duplicate path id ${packet.id}`, { code: "malformed", peer, offset: 34 });
        if (st.recv.size >= this.limits.maxPathCache) {
          throw new ProtocolError(`more than ${this.limits.maxPathCache} cached paths`, {
            code: "limit-exceeded",
            peer,
          });
        }
        st.recv.set(packet.id, packet.path);
        const valid = table.checksum === packet.checksum;
        this.sendTo(st, this.encode({ type: "confirm-path", valid, id: packet.id }));
        if (!valid) {
          this.events.emit(
            "error",
            new ProtocolError(`RPC checksum of ${packet.path} differs`, {
              code: "checksum-mismatch",
              peer,
              offset: 1,
            }),
            false,
          );
        }
        return;
      }
      case "confirm-path": {
        const path = this.cachePaths.get(packet.id);
        if (path !== undefined && st.confirmed.has(path)) st.confirmed.set(path, true);
        return;
      }
      case "raw":
        this.events.emit("raw", peer, packet.data);
        return;
      case "auth":
        if (packet.data.length !== 0)
          throw new ProtocolError("AUTH after authentication", { code: "not-allowed", peer });
        return;
      case "add-peer":
      case "del-peer":
        if (this.isServer || peer !== 1)
          throw new ProtocolError(`${packet.type} from a client`, { code: "not-allowed", peer });
        if (packet.type === "add-peer") {
          if (!this.peers.has(packet.peer) && packet.peer !== this.id)
            this.admit(this.newPeer(packet.peer, NO_LINK));
        } else {
          const other = this.peers.get(packet.peer);
          if (other !== undefined && other.link === undefined) this.drop(other);
        }
        return;
      case "relay":
        this.relay(st, packet.peer, packet.packet);
        return;
      default:
        // SPAWN, DESPAWN, SYNC, delta: only from the authority (the server, for this library).
        if (this.isServer)
          throw new ProtocolError(`${packet.type} from a client`, { code: "not-allowed", peer });
        this.events.emit("replication", peer, packet, this.replicationPath(st, packet));
    }
  }

  private relay(st: PeerState, target: number, inner: Uint8Array): void {
    if (!this.isServer) {
      // From the server: `target` is the source; the packet is processed as if it sent it.
      if (st.id !== 1) throw new ProtocolError("relay from a client", { code: "not-allowed", peer: st.id });
      const source = this.peers.get(target);
      if (source === undefined)
        throw new ProtocolError(`relay from unknown peer ${target}`, { code: "unknown-peer", peer: 1 });
      const packet = this.decode(1, inner);
      if (
        packet.type === "relay" ||
        packet.type === "auth" ||
        packet.type === "add-peer" ||
        packet.type === "del-peer"
      ) {
        throw new ProtocolError("SYS packet inside a relay", { code: "not-allowed", peer: 1, offset: 6 });
      }
      this.process(source, packet);
      return;
    }
    if (this.options.relay === false)
      throw new ProtocolError("relay is off", { code: "not-allowed", peer: st.id });
    // Checked before forwarding, so one client cannot make the others choke on it.
    const packet = this.decode(st.id, inner);
    if (
      packet.type === "relay" ||
      packet.type === "auth" ||
      packet.type === "add-peer" ||
      packet.type === "del-peer"
    ) {
      throw new ProtocolError("SYS packet inside a relay", { code: "not-allowed", peer: st.id, offset: 6 });
    }
    const forward = this.encode({ type: "relay", peer: st.id, packet: inner });
    if (target > 0) {
      const dest = this.peers.get(target);
      if (dest === undefined || !dest.admitted || target === 1) {
        throw new ProtocolError(`relay to peer ${target}, not connected`, {
          code: "unknown-peer",
          peer: st.id,
          offset: 2,
        });
      }
      this.sendTo(dest, forward);
      return;
    }
    for (const other of this.peers.values()) {
      if (other === st || other.id === -target || !other.admitted || other.link === undefined) continue;
      this.sendTo(other, forward);
    }
    if (target !== -1) this.process(st, packet);
  }

  private dispatch(ctx: CallContext, args: readonly unknown[]): void {
    this.events.emit("call", ctx, args);
    const handler = this.options.handlers?.[ctx.path]?.[ctx.method];
    if (handler === undefined) return;
    try {
      // The usual argument counts without a spread.
      const n = args.length;
      const r =
        n === 0
          ? handler(ctx)
          : n === 1
            ? handler(ctx, args[0])
            : n === 2
              ? handler(ctx, args[0], args[1])
              : handler(ctx, ...args);
      if (r instanceof Promise) r.catch((e) => this.handlerFailed(ctx, e));
    } catch (e) {
      this.handlerFailed(ctx, e);
    }
  }

  private handlerFailed(ctx: CallContext, e: unknown): void {
    this.events.emit(
      "error",
      new ProtocolError(`handler ${ctx.path}.${ctx.method} failed`, {
        code: "handler-failed",
        peer: ctx.peer,
        cause: e,
      }),
      false,
    );
  }

  private fail(st: PeerState, e: unknown): void {
    const error = ProtocolError.is(e)
      ? e
      : new ProtocolError(GdVariantError.is(e) ? e.message : "internal error", {
          code: "malformed",
          peer: st.id,
          cause: e,
        });
    const severe: readonly ProtocolErrorCode[] = ["not-authenticated", "limit-exceeded"];
    const disconnect = severe.includes(error.code) || ++st.errors >= this.limits.maxErrors;
    const direct = this.peers.get(error.peer)?.link !== undefined ? this.peers.get(error.peer)! : st;
    if (disconnect && direct.link !== undefined && this.peers.get(direct.id) === direct) {
      direct.link.close();
      this.drop(direct);
    }
    this.events.emit("error", error, disconnect);
  }

  private reportListenerError(e: unknown): void {
    // A throwing listener must not break the session; it is reported once, as a handler error.
    queueMicrotask(() => {
      throw e;
    });
  }

  private targets(to: number): PeerState[] {
    if (to > 0) {
      const st = this.peers.get(to);
      if (st === undefined || !st.admitted) throw new Error(`peer ${to} is not connected`);
      return [st];
    }
    return [...this.peers.values()].filter((p) => p.admitted && p.id !== -to);
  }

  private cacheId(path: string): number {
    let id = this.cacheIds.get(path);
    if (id === undefined) {
      id = this.nextCacheId++;
      this.cacheIds.set(path, id);
      this.cachePaths.set(id, path);
    }
    return id;
  }

  /** Sends SIMPLIFY_PATH when the peer has not had it; true when it confirmed the path. */
  private announce(st: PeerState, path: string, id: number): boolean {
    const c = st.confirmed.get(path);
    if (c !== undefined) return c;
    const checksum = (this.tables.get(path) ?? rpcTable({})).checksum;
    this.sendTo(st, this.encode({ type: "simplify-path", checksum, id, path }));
    st.confirmed.set(path, false);
    return false;
  }

  private sendTo(st: PeerState, bytes: Uint8Array): void {
    if (st.link !== undefined) {
      st.link.send(bytes);
      return;
    }
    // A peer behind the server (client side): through SYS RELAY.
    const server = this.peers.get(1);
    server?.link?.send(this.encode({ type: "relay", peer: st.id, packet: bytes }));
  }

  private replica(config: ReplicationConfig, values: Readonly<Record<string, unknown>>): Replica {
    const split = splitConfig(config);
    const map = new Map<string, unknown>();
    for (const p of config) map.set(p.name, values[p.name] ?? null);
    return { config: split, values: map, dirty: new Map() };
  }

  private handle(r: Replica): SynchronizerHandle {
    return { set: (k, v) => this.setValue(r, k, v), get: (k) => r.values.get(k) };
  }

  private setValue(r: Replica, k: string, v: unknown): void {
    if (!r.values.has(k)) throw new Error(`no replicated property ${k}`);
    r.values.set(k, v);
    if (r.config.onChange.includes(k)) {
      for (const st of this.peers.values()) {
        const d = r.dirty.get(st.id) ?? new Set<string>();
        r.dirty.set(st.id, d);
        d.add(k);
      }
    }
  }

  private sendSpawn(st: PeerState, node: SpawnedNode): void {
    const spawner = this.cacheId(node.spawner);
    this.announce(st, node.spawner, spawner);
    const state = node.syncs.flatMap((s) => s.replica.config.spawn.map((k) => s.replica.values.get(k)));
    const base = {
      type: "spawn" as const,
      scene: node.scene,
      spawner,
      netId: node.netId,
      syncIds: node.syncs.map((s) => s.netId),
      name: node.name,
      state,
    };
    this.sendTo(st, this.encode(node.scene === CUSTOM_SPAWN ? { ...base, arg: node.arg } : base));
    st.spawned.add(node.netId);
  }

  /** A client answers SIMPLIFY_PATH for synchronizers and spawners it was not told about. */
  private replicatedTable(_path: string): RpcTable {
    return rpcTable({});
  }

  private replicationPath(st: PeerState, packet: Packet): string | undefined {
    if (packet.type === "spawn") return st.recv.get(packet.spawner);
    return undefined;
  }
}

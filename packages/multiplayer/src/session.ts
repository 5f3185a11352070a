import type { Emitter } from "./emitter.js";
import { closed, completeAuth, disconnect, open, sendAuth } from "./peers.js";
import { receive } from "./receive.js";
import { type SpawnerHandle, type SynchronizerHandle, spawner, synchronizer, tick } from "./replication.js";
import type { ReplicationConfig } from "./replication-config.js";
import { sendRpc } from "./rpc-dispatch.js";
import { SessionCore } from "./session-core.js";
import type { AuthAnswer, Link, SessionEvents, SessionOptions } from "./session-types.js";

export type { SessionLimits } from "./limits.js";
export type { SpawnedHandle, SpawnerHandle, SpawnOptions, SynchronizerHandle } from "./replication.js";
export type {
  AuthAnswer,
  CallContext,
  Link,
  NodeDeclaration,
  RpcHandler,
  SessionEvents,
  SessionOptions,
} from "./session-types.js";

/**
 * The state of one side of SceneMultiplayer: peers, path caches both ways, authentication,
 * relay, RPC dispatch and replication. Transport-agnostic: a transport calls {@link open},
 * {@link receive} and {@link closed}; the session sends through each peer's {@link Link}.
 * `receive` never throws: a bad packet becomes an `error` event (see {@link SessionLimits} for
 * the policy).
 */
export class Session {
  private readonly core: SessionCore;

  constructor(options: SessionOptions, id: number) {
    this.core = new SessionCore(options, id);
  }

  /** This side's peer id: 1 for the server. */
  get id(): number {
    return this.core.id;
  }
  set id(id: number) {
    this.core.id = id;
  }

  get options(): SessionOptions {
    return this.core.options;
  }

  get events(): Emitter<SessionEvents> {
    return this.core.events;
  }

  /** Set on a client: the server's authentication is expected/given. */
  get authenticate(): ((peer: number, data: Uint8Array) => AuthAnswer | Promise<AuthAnswer>) | undefined {
    return this.core.authenticate;
  }
  set authenticate(hook: ((peer: number, data: Uint8Array) => AuthAnswer | Promise<AuthAnswer>) | undefined) {
    this.core.authenticate = hook;
  }

  get isServer(): boolean {
    return this.core.isServer;
  }

  /** Admitted peers (on a client: the server and the clients the server told about). */
  get peerIds(): number[] {
    return [...this.core.peers.values()].filter((p) => p.admitted).map((p) => p.id);
  }

  // --- transport side ---------------------------------------------------------------------------

  /**
   * A peer's link opened (server: a client got its id; client: the server answered). With an
   * authentication hook the peer waits for AUTH, else it is admitted at once.
   */
  open(peer: number, link: Link, authenticated = this.core.authenticate === undefined): void {
    open(this.core, peer, link, authenticated);
  }

  /** A peer's link closed. */
  closed(peer: number): void {
    closed(this.core, peer);
  }

  /** One packet from a directly linked peer. Never throws. */
  receive(peer: number, bytes: Uint8Array): void {
    receive(this.core, peer, bytes);
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
    sendRpc(this.core, to, path, method, args);
  }

  /** `send_bytes`: a RAW packet to `to` (0: every peer, -N: all but N). */
  sendBytes(to: number, data: Uint8Array): void {
    const bytes = this.core.encode({ type: "raw", data });
    for (const t of this.core.targets(to)) this.core.sendTo(t, bytes);
  }

  /** Disconnects a directly linked peer (no `error` event). */
  disconnect(peer: number): void {
    disconnect(this.core, peer);
  }

  /** Completes a client's authentication with the server: sends `data`, then "done". */
  sendAuth(peer: number, data: Uint8Array): void {
    sendAuth(this.core, peer, data);
  }

  /** Completes this side's authentication with a peer (client side), as `complete_auth`. */
  completeAuth(peer: number): void {
    completeAuth(this.core, peer);
  }

  /** Declares a static MultiplayerSynchronizer (server side) at `path` (the synchronizer node). */
  synchronizer(
    path: string,
    config: ReplicationConfig,
    values: Readonly<Record<string, unknown>> = {},
  ): SynchronizerHandle {
    return synchronizer(this.core, path, config, values);
  }

  /** Declares a MultiplayerSpawner (server side) at `path` (the spawner node). */
  spawner(path: string): SpawnerHandle {
    return spawner(this.core, path);
  }

  /**
   * One network frame of replication (the engine's `on_network_process`): a SYNC of every
   * "always" property and a delta of changed "on change" properties, to every admitted peer.
   */
  tick(): void {
    tick(this.core);
  }
}

import type { ReplicationConfig } from "./replication-config.js";
import {
  type AuthAnswer,
  type Link,
  Session,
  type SessionOptions,
  type SpawnerHandle,
  type SynchronizerHandle,
} from "./session.js";
import { type WebSocketServerLike, wrapServerSocket } from "./websocket-server.js";

/** Options of {@link createServer}. */
export interface ServerOptions extends SessionOptions {
  /**
   * A `ws` `WebSocketServer` (or anything with its `connection` event) the server takes
   * connections from: Godot's `WebSocketMultiplayerPeer.create_client(url)` connects to it.
   */
  readonly webSocketServer: WebSocketServerLike;
  /**
   * Decides a peer's authentication from the data its `send_auth` sent: `true` accepts,
   * `{ reply }` accepts and sends `reply` (its `auth_callback` sees it), `false` refuses and
   * disconnects. Without a hook, peers are admitted at once (the clients must then have no
   * `auth_callback` either).
   */
  readonly authenticate?: (peer: number, data: Uint8Array) => AuthAnswer | Promise<AuthAnswer>;
  /** Milliseconds between replication frames (SYNC and delta packets). Default 50; 0: none. */
  readonly syncIntervalMs?: number;
  /** Makes peer ids (default: random in 2..2^31-1, as the engine's `generate_unique_id`). */
  readonly generateId?: () => number;
  /** Connections at once (authenticating or admitted); more are closed at once. Default 4,096. */
  readonly maxPeers?: number;
}

/** A SceneMultiplayer server (peer 1) speaking to Godot 4 clients. */
export interface MultiplayerServer {
  /** Admitted peers. */
  readonly peers: readonly number[];
  /** Listens to `join`, `leave`, `call`, `raw`, `error`, `authFailed` (see `SessionEvents`). */
  readonly on: Session["events"]["on"];
  /**
   * `rpc_id(peer, ...)` on the node at `path` (0: every peer, -N: all but N).
   * @throws {Error} for a node or method not declared, or a peer not connected.
   */
  rpc(peer: number, path: string, method: string, ...args: unknown[]): void;
  /** `rpc(...)`: the call on every peer. @throws as {@link MultiplayerServer.rpc}. */
  broadcast(path: string, method: string, ...args: unknown[]): void;
  /** `send_bytes`: a RAW packet (0: every peer). */
  sendBytes(peer: number, data: Uint8Array): void;
  /** Disconnects a peer. */
  disconnect(peer: number): void;
  /** A MultiplayerSynchronizer at `path` whose properties this server owns. */
  synchronizer(
    path: string,
    config: ReplicationConfig,
    values?: Readonly<Record<string, unknown>>,
  ): SynchronizerHandle;
  /** A MultiplayerSpawner at `path` whose nodes this server spawns. */
  spawner(path: string): SpawnerHandle;
  /** One replication frame now (the interval timer calls it too). */
  tick(): void;
  /** Stops the replication timer and disconnects every peer (the WebSocket server stays). */
  close(): void;
}

/**
 * A SceneMultiplayer server over WebSocket in a few lines: declare the nodes and their `@rpc`
 * methods as the game's scripts have them, handle calls, call clients.
 *
 * @example
 * ```ts
 * const server = createServer({
 *   webSocketServer: new WebSocketServer({ host: "127.0.0.1", port: 9080 }),
 *   nodes: { Game: { rpc: { chat: { mode: "any_peer" } } } },
 *   handlers: { Game: { chat: (ctx, text) => server.broadcast("Game", "chat", `${ctx.peer}: ${text}`) } },
 * });
 * ```
 */
export function createServer(options: ServerOptions): MultiplayerServer {
  const session = new Session(options, 1);
  session.authenticate = options.authenticate;
  const used = new Set<number>();
  const generate =
    options.generateId ??
    (() => {
      const buf = new Uint32Array(1);
      crypto.getRandomValues(buf);
      return Math.max(2, buf[0]! & 0x7fffffff);
    });
  const links = new Map<number, Link>();
  const maxPeers = options.maxPeers ?? 4096;
  options.webSocketServer.on("connection", (socket) => {
    if (links.size >= maxPeers) {
      socket.close();
      return;
    }
    let id = generate();
    while (used.has(id) || id < 2) id = generate();
    used.add(id);
    const conn = wrapServerSocket(socket);
    // WebSocketMultiplayerPeer: the server's first message is the client's id, an int32.
    const hello = new Uint8Array(4);
    new DataView(hello.buffer).setInt32(0, id, true);
    conn.link.send(hello);
    links.set(id, conn.link);
    conn.onMessage((bytes) => session.receive(id, bytes));
    conn.onClose(() => {
      links.delete(id);
      used.delete(id);
      session.closed(id);
    });
    session.open(id, conn.link);
  });
  const interval = options.syncIntervalMs ?? 50;
  const timer = interval > 0 ? setInterval(() => session.tick(), interval) : undefined;
  (timer as { unref?: () => void } | undefined)?.unref?.();
  return {
    get peers() {
      return session.peerIds;
    },
    on: (event, listener) => session.events.on(event, listener),
    rpc: (peer, path, method, ...args) => session.rpc(peer, path, method, args),
    broadcast: (path, method, ...args) => session.rpc(0, path, method, args),
    sendBytes: (peer, data) => session.sendBytes(peer, data),
    disconnect: (peer) => session.disconnect(peer),
    synchronizer: (path, config, values) => session.synchronizer(path, config, values),
    spawner: (path) => session.spawner(path),
    tick: () => session.tick(),
    close: () => {
      if (timer !== undefined) clearInterval(timer);
      for (const id of [...links.keys()]) session.disconnect(id);
    },
  };
}

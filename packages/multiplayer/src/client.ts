import { Session, type SessionOptions } from "./session.js";
import { messageBytes } from "./websocket-server.js";

/** The part of the platform `WebSocket` (or `ws`'s) the client uses. */
export interface ClientSocketLike {
  binaryType: string;
  send(data: Uint8Array): void;
  close(): void;
  addEventListener(event: "message", listener: (e: { data: unknown }) => void): void;
  addEventListener(event: "open" | "close" | "error", listener: (e: unknown) => void): void;
}

/** Options of {@link connect}. */
export interface ClientOptions extends SessionOptions {
  /** A WebSocket constructor (default `globalThis.WebSocket`; in Node 20, `ws`'s `WebSocket`). */
  readonly WebSocket?: new (
    url: string,
  ) => ClientSocketLike;
  /**
   * Authentication with a server that has an `auth_callback`: `data` goes with `send_auth`, and
   * this side completes at once (`complete_auth`). Omit for a server without one.
   */
  readonly auth?: { readonly data: Uint8Array };
}

/** A SceneMultiplayer client (a bot, a test driver) joined to a Godot 4 server. */
export interface MultiplayerClient {
  /** This client's peer id, from the server. */
  readonly id: number;
  /** The server (1) and the other clients the server told about. */
  readonly peers: readonly number[];
  readonly on: Session["events"]["on"];
  /** `rpc_id(peer, ...)`: 1 is the server, others go through its relay; 0 is everyone. */
  rpc(peer: number, path: string, method: string, ...args: unknown[]): void;
  sendBytes(peer: number, data: Uint8Array): void;
  close(): void;
}

/**
 * Joins a Godot 4 server (`WebSocketMultiplayerPeer.create_server`) at `url`; resolves once the
 * server admitted this client.
 * @throws {Error} (the promise rejects) when the connection closes or fails before admission.
 */
export function connect(url: string, options: ClientOptions = {}): Promise<MultiplayerClient> {
  const Ctor =
    options.WebSocket ?? (globalThis as { WebSocket?: new (url: string) => ClientSocketLike }).WebSocket;
  if (Ctor === undefined)
    return Promise.reject(new Error("no WebSocket: pass options.WebSocket (ws's WebSocket in Node 20)"));
  const socket = new Ctor(url);
  socket.binaryType = "arraybuffer";
  const session = new Session(options, 0);
  let open = true;
  const link = {
    send: (b: Uint8Array) => {
      if (open) socket.send(b);
    },
    close: () => {
      open = false;
      socket.close();
    },
  };
  const client: MultiplayerClient = {
    get id() {
      return session.id;
    },
    get peers() {
      return session.peerIds;
    },
    on: (event, listener) => session.events.on(event, listener),
    rpc: (peer, path, method, ...args) => session.rpc(peer, path, method, args),
    sendBytes: (peer, data) => session.sendBytes(peer, data),
    close: () => link.close(),
  };
  return new Promise((resolve, reject) => {
    let admitted = false;
    session.events.on("join", (peer) => {
      if (peer === 1 && !admitted) {
        admitted = true;
        resolve(client);
      }
    });
    socket.addEventListener("message", (e) => {
      const bytes = messageBytes(e.data);
      if (session.id === 0) {
        // The first message is this client's id (int32, at least 2).
        const id = bytes.length === 4 ? new DataView(bytes.buffer, bytes.byteOffset, 4).getInt32(0, true) : 0;
        if (id < 2) {
          link.close();
          reject(new Error("invalid id from the server"));
          return;
        }
        session.id = id;
        session.open(1, link, options.auth === undefined);
        if (options.auth !== undefined) {
          session.sendAuth(1, options.auth.data);
          session.completeAuth(1);
        }
        return;
      }
      session.receive(1, bytes);
    });
    socket.addEventListener("close", () => {
      open = false;
      session.closed(1);
      if (!admitted) reject(new Error("connection closed before the server admitted this client"));
    });
    socket.addEventListener("error", () => {
      if (!admitted) reject(new Error("connection failed"));
    });
  });
}

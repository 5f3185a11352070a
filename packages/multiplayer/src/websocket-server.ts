import type { Link } from "./session.js";

/**
 * The part of a `ws` WebSocket (server side) this package uses: structural, so the library
 * imports no WebSocket package itself.
 */
export interface ServerSocketLike {
  send(data: Uint8Array, options?: { binary?: boolean }): void;
  close(): void;
  on(event: "message", listener: (data: unknown, isBinary: boolean) => void): unknown;
  on(event: "close", listener: () => void): unknown;
  on(event: "error", listener: (error: unknown) => void): unknown;
}

/** The part of a `ws` `WebSocketServer` this package uses. */
export interface WebSocketServerLike {
  on(event: "connection", listener: (socket: ServerSocketLike) => void): unknown;
}

/** What a server transport hands the server for each new connection. */
export interface IncomingConnection {
  readonly link: Link;
  onMessage(listener: (bytes: Uint8Array) => void): void;
  onClose(listener: () => void): void;
}

// One options object for every send (ws copies it into its own).
const BINARY = { binary: true } as const;

/** @internal Bytes of a `ws` message (Buffer, ArrayBuffer or fragments) as one Uint8Array. */
export function messageBytes(data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (Array.isArray(data)) {
    const parts = data as Uint8Array[];
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
  if (typeof data === "string") return new TextEncoder().encode(data);
  return new Uint8Array(0);
}

/** @internal Wraps one `ws` server-side socket. */
export function wrapServerSocket(socket: ServerSocketLike): IncomingConnection {
  let open = true;
  return {
    link: {
      send: (bytes) => {
        if (open) socket.send(bytes, BINARY);
      },
      close: () => {
        if (!open) return;
        open = false;
        socket.close();
      },
    },
    onMessage: (listener) => socket.on("message", (data) => listener(messageBytes(data))),
    onClose: (listener) =>
      socket.on("close", () => {
        open = false;
        listener();
      }),
  };
}

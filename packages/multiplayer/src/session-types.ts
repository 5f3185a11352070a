import type { ToJSOptions } from "@gdvariant/core";
import type { ProtocolError } from "./errors.js";
import type { SessionLimits } from "./limits.js";
import type { Packet } from "./packet-types.js";
import type { RpcMethods } from "./rpc-config.js";

// The public types of a session: what a transport gives it, what the application declares and
// hears.

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

import { GdVariantError } from "@gdvariant/core";

const PROTOCOL_BRAND = Symbol.for("gdvariant.error.protocol");

/**
 * Why a peer's packet broke the protocol (its bytes decoded, or failed to, and the session
 * refused what they asked). A closed union:
 *
 * - `malformed`: the packet's bytes are not a valid packet (the `cause` is the `DecodeError`,
 *   with its own code and offset).
 * - `unknown-command`: byte 0 names no command, or a SYS packet names no sub-command.
 * - `unknown-path`: a call or spawn names a path-cache id the peer never announced, or a path no
 *   declared node has.
 * - `unknown-method`: the method id is out of range for the node.
 * - `checksum-mismatch`: a peer announced a node whose RPC checksum differs from the declared one
 *   (as the engine, the path is still confirmed as "not valid" and its calls still run).
 * - `not-allowed`: the method's mode refuses this caller (`authority` from a non-authority,
 *   `disabled`), or a client sent what only the server may (ADD_PEER, DEL_PEER, SPAWN...).
 * - `not-authenticated`: a packet other than AUTH before authentication completed.
 * - `unknown-peer`: a relay to a peer that is not connected.
 * - `limit-exceeded`: a limit of the session was passed (path-cache entries per peer, packet
 *   size, packets per second, pending authentications).
 * - `handler-failed`: the application's handler threw (the error is the `cause`).
 */
export type ProtocolErrorCode =
  | "malformed"
  | "unknown-command"
  | "unknown-path"
  | "unknown-method"
  | "checksum-mismatch"
  | "not-allowed"
  | "not-authenticated"
  | "unknown-peer"
  | "limit-exceeded"
  | "handler-failed";

/**
 * A peer broke the protocol. Carries the `code`, the `peer` that sent the packet and the byte
 * `offset` in its packet where the problem was found (0 when the whole packet is at fault).
 */
export class ProtocolError extends GdVariantError {
  readonly [PROTOCOL_BRAND] = true;
  readonly code: ProtocolErrorCode;
  readonly peer: number;
  readonly offset: number;

  constructor(
    detail: string,
    options: { code: ProtocolErrorCode; peer: number; offset?: number; cause?: unknown },
  ) {
    super(`${detail} (${options.code}, peer ${options.peer}, offset ${options.offset ?? 0})`, {
      dialect: "godot-4",
      cause: options.cause,
    });
    this.name = "ProtocolError";
    this.code = options.code;
    this.peer = options.peer;
    this.offset = options.offset ?? 0;
  }

  /** True for a protocol error from any installed copy of the library. */
  static override is(error: unknown): error is ProtocolError {
    return (
      typeof error === "object" &&
      error !== null &&
      (error as Record<symbol, unknown>)[PROTOCOL_BRAND] === true
    );
  }
}

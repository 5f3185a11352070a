import { ProtocolError, type ProtocolErrorCode } from "./errors.js";

// A session's limits and the policy that applies them: defaults, the packet rate window, and
// which errors disconnect a peer.

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

/** @internal Every limit with its default. */
export type ResolvedLimits = Required<SessionLimits>;

/** @internal The limits of `options`, defaults filled in. */
export function resolveLimits(options: SessionLimits): ResolvedLimits {
  return {
    maxPathCache: options.maxPathCache ?? 4096,
    maxPacketSize: options.maxPacketSize ?? 1 << 20,
    maxPacketsPerSecond: options.maxPacketsPerSecond ?? 2000,
    maxErrors: options.maxErrors ?? 16,
    maxDepth: options.maxDepth ?? 64,
    authTimeoutMs: options.authTimeoutMs ?? 3000,
    maxSyncPacketSize: options.maxSyncPacketSize ?? 1350,
  };
}

/** @internal What the policy keeps per peer. */
export interface PeerCounters {
  readonly id: number;
  errors: number;
  windowStart: number;
  windowCount: number;
}

/**
 * @internal Counts one packet of `st` in its one-second window (a window starts at the first
 * packet 1,000 ms or more after the last window's start).
 * @throws {ProtocolError} `limit-exceeded` past `maxPacketsPerSecond` in the window.
 */
export function countPacket(st: PeerCounters, limits: ResolvedLimits): void {
  const now = Date.now();
  if (now - st.windowStart >= 1000) {
    st.windowStart = now;
    st.windowCount = 0;
  }
  if (++st.windowCount > limits.maxPacketsPerSecond) {
    throw new ProtocolError(`more than ${limits.maxPacketsPerSecond} packets per second`, {
      code: "limit-exceeded",
      peer: st.id,
    });
  }
}

/** @internal Refuses a packet over `maxPacketSize` before any work. */
export function checkSize(peer: number, bytes: Uint8Array, limits: ResolvedLimits): void {
  if (bytes.length > limits.maxPacketSize) {
    throw new ProtocolError(`packet of ${bytes.length} bytes`, { code: "limit-exceeded", peer });
  }
}

const SEVERE: readonly ProtocolErrorCode[] = ["not-authenticated", "limit-exceeded"];

/**
 * @internal Counts an error of `st`; true when the policy disconnects it (a severe code at once,
 * any other after `maxErrors`).
 */
export function disconnects(error: ProtocolError, st: PeerCounters, limits: ResolvedLimits): boolean {
  return SEVERE.includes(error.code) || ++st.errors >= limits.maxErrors;
}

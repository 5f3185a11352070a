// Length-prefixed framing (store_var files, StreamPeer.put_var and PacketPeerStream streams):
//
//   record = u32 L (little-endian; big-endian for files/peers with big_endian set) | L bytes
//
// The chain of length words must land exactly on the end of the input. It is checked before any
// Variant is walked, so inputs that are not length-prefixed cost a few word reads.

/** One record: its length word at `at`, the Variant bytes in [start, end). */
export interface RecordSpan {
  readonly at: number;
  readonly start: number;
  readonly end: number;
}

/** The records found, and where the chain broke if it did. */
export interface Chain {
  readonly records: readonly RecordSpan[];
  readonly failure?: {
    readonly offset: number;
    readonly code: "truncated" | "framing";
    readonly message: string;
    readonly missing?: number;
  };
}

/**
 * Follows the length words from offset 0. `undefined` when the first word cannot start a record
 * (under 4, or longer than the input), which is the common case for a raw dump.
 */
export function followChain(bytes: Uint8Array, bigEndian: boolean): Chain | undefined {
  const n = bytes.length;
  if (n < 8) return undefined;
  const first = word(bytes, 0, bigEndian);
  if (first < 4 || first > n - 4) return undefined;
  const records: RecordSpan[] = [];
  let at = 0;
  while (at < n) {
    if (n - at < 4) {
      return {
        records,
        failure: {
          offset: at,
          code: "truncated",
          message: `length word needs 4 bytes, ${n - at} left`,
          missing: 4 - (n - at),
        },
      };
    }
    const length = word(bytes, at, bigEndian);
    if (length < 4 || length > 0x7fffffff) {
      return {
        records,
        failure: { offset: at, code: "framing", message: `length word ${length} cannot hold a Variant` },
      };
    }
    if (length > n - at - 4) {
      return {
        records,
        failure: {
          offset: at,
          code: "truncated",
          message: `record needs ${length} bytes, ${n - at - 4} left`,
          missing: length - (n - at - 4),
        },
      };
    }
    records.push({ at, start: at + 4, end: at + 4 + length });
    at += 4 + length;
  }
  return { records };
}

function word(b: Uint8Array, at: number, bigEndian: boolean): number {
  return bigEndian
    ? ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0
    : (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;
}

import { readLengthWord } from "./as-bytes.js";
import { lengthProblem } from "./check-length.js";
import { MAX_FRAME_LENGTH } from "./options.js";

// A store_var file (and a StreamPeer.put_var / PacketPeerStream stream) is records back to back:
//
//   record = u32 L (little-endian; big-endian when the file had big_endian / endian_swap set)
//            L bytes: one Variant (always little-endian) + bytes get_var ignores

/** Why a chain of records stopped before the end of the input. */
export interface RecordStop {
  /** Offset of the length word that could not start a record. */
  readonly offset: number;
  /**
   * `truncated` the input ends inside the word or the record; `framing` a word that cannot be
   * right (negative as the engine's int32, or under 4: no Variant fits); `limit-exceeded` a word
   * over `maxPacketSize`.
   */
  readonly code: "truncated" | "framing" | "limit-exceeded";
  readonly message: string;
  /** `truncated`: how many more bytes the record needs. */
  readonly missing?: number;
}

/**
 * The records of an input, as its length words chain: record `i`'s length word is at
 * {@link recordOffset}, its bytes end at `ends[i]` (4 bytes a record, whatever the count).
 */
export interface RecordChain {
  readonly count: number;
  /** Where each record ends (the first `count` entries). */
  readonly ends: Uint32Array;
  /** Why the chain stopped before the end of the input; undefined when it ends exactly there. */
  readonly stop: RecordStop | undefined;
}

/** Options of {@link walkRecords}. */
export interface RecordChainOptions {
  /** Length words are big-endian. Default false. */
  bigEndian?: boolean;
  /** Largest record accepted. Default 2^31 - 1 (the engine's int32 limit). */
  maxPacketSize?: number;
}

/** The offset of record `i`'s length word. */
export function recordOffset(chain: RecordChain, i: number): number {
  return i === 0 ? 0 : chain.ends[i - 1]!;
}

/**
 * Follows the length words of `bytes` from offset 0 to the end, or to the first word that cannot
 * start a record: the one walker of store_var framing (files, streams, auto-detect's guesses, the
 * CLI and the demo). Reads no Variant. Never throws.
 */
export function walkRecords(bytes: Uint8Array, options: RecordChainOptions = {}): RecordChain {
  const bigEndian = options.bigEndian === true;
  const max = options.maxPacketSize ?? MAX_FRAME_LENGTH;
  const n = bytes.length;
  let ends = new Uint32Array(16);
  let count = 0;
  let at = 0;
  let stop: RecordStop | undefined;
  while (at < n) {
    if (n - at < 4) {
      const left = n - at;
      stop = {
        offset: at,
        code: "truncated",
        message: `length word needs 4 bytes, ${left} left`,
        missing: 4 - left,
      };
      break;
    }
    const length = readLengthWord(bytes, at, bigEndian);
    const problem = lengthProblem(length, max);
    if (problem !== undefined) {
      stop = { offset: at, ...problem };
      break;
    }
    const left = n - at - 4;
    if (length > left) {
      // The engine's get_var fails the same way: get_buffer(L) returns fewer than L bytes.
      const message = `record needs ${length} bytes, ${left} left`;
      stop = { offset: at, code: "truncated", message, missing: length - left };
      break;
    }
    if (count === ends.length) {
      const grown = new Uint32Array(count * 2);
      grown.set(ends);
      ends = grown;
    }
    at += 4 + length;
    ends[count++] = at;
  }
  return { count, ends, stop };
}

import type { DecodeOptions, EncodeOptions } from "../dialect/options.js";
import type { Value } from "../value/types.js";

/**
 * Largest packet the engine's `PacketPeer` encodes by default (`encode_buffer_max_size`,
 * 8 MiB). The stream and packet helpers refuse bigger frames unless told otherwise.
 */
export const DEFAULT_MAX_PACKET_SIZE = 0x800000;

// The engine reads a frame length with get_32() into an `int`: 2^31 and up are negative there,
// and a negative length makes StreamPeer.get_var fail. No frame can be longer than this.
export const MAX_FRAME_LENGTH = 0x7fffffff;

/** Options shared by every reader of length-prefixed records (`store_var` files, `put_var` streams). */
export interface FrameDecodeOptions extends Omit<DecodeOptions, "offset"> {
  /**
   * The u32 length words are big-endian, as written by a `File` with `endian_swap = true`
   * (3.x), a `FileAccess` with `big_endian = true` (4.x) or a `StreamPeer` with
   * `big_endian = true`. The Variant bytes themselves are always little-endian.
   * `PacketPeerStream` always uses little-endian words. Default false.
   */
  bigEndian?: boolean;
  /**
   * Largest frame (the length word's value) accepted, in bytes. A longer length fails with
   * `limit-exceeded` the moment its length word is complete, before anything is buffered.
   * Default: {@link DEFAULT_MAX_PACKET_SIZE} (8 MiB) for streams and packets, no limit beyond
   * the input's own size for `store_var` files.
   */
  maxPacketSize?: number;
}

/** Options of the writers of length-prefixed records. */
export interface FrameEncodeOptions extends EncodeOptions {
  /** Write big-endian length words (see {@link FrameDecodeOptions.bigEndian}). Default false. */
  bigEndian?: boolean;
  /**
   * Largest encoded Variant accepted, in bytes; a bigger one fails with `limit-exceeded`, as
   * the engine's `put_var` fails with ERR_OUT_OF_MEMORY past `encode_buffer_max_size`.
   * Default: {@link DEFAULT_MAX_PACKET_SIZE} (8 MiB) for streams and packets, 2^31 - 1 for files.
   */
  maxPacketSize?: number;
}

/** One length-prefixed record read from a file or a stream. */
export interface FrameRecord {
  /** The decoded Variant. */
  readonly value: Value;
  /** Absolute byte offset of the record's length word in the file or stream. */
  readonly offset: number;
  /** The length word: bytes of the record after the word. */
  readonly length: number;
  /** Bytes the Variant took; less than `length` when the record has trailing bytes (ignored, as by `get_var`). */
  readonly valueLength: number;
}

// Options are user input: anything that is not a usable number falls back to the default, and
// the value is clamped to what a length word can mean, so no option can make a limit throw.
export function resolveMaxPacketSize(value: number | undefined, fallback: number): number {
  if (value === undefined || typeof value !== "number" || Number.isNaN(value)) return fallback;
  return Math.min(Math.max(Math.floor(value), 0), MAX_FRAME_LENGTH);
}

import type { Dialect } from "../dialect/contract.js";
import { encodeWith } from "../dialect/encoder.js";
import { EncodeError } from "../errors.js";
import { writeLengthWord } from "./as-bytes.js";
import { DEFAULT_MAX_PACKET_SIZE, type FrameEncodeOptions, resolveMaxPacketSize } from "./options.js";

// StreamPeer.put_var (TCP, StreamPeerBuffer, TLS) and PacketPeerStream both write
//
//   u32 L | L bytes of Variant
//
// StreamPeer writes L with put_32, so it follows the peer's big_endian flag; PacketPeerStream
// always writes it little-endian. With the default flags the two are byte-identical (the engine's
// own test reads a StreamPeerBuffer.put_var stream through a PacketPeerStream).

/**
 * One `StreamPeer.put_var` / `PacketPeerStream.put_var` frame: the u32 length word, then the
 * Variant bytes. Concatenated frames form a stream that {@link StreamDecoder} reads back.
 *
 * @param options `bigEndian` (default false; `PacketPeerStream` is always little-endian),
 *   `maxPacketSize` (default 8 MiB, the engine's `PacketPeer` limit), `maxDepth` (default 1024),
 *   `maxTotalBytes` (default 1 GiB).
 * @throws {EncodeError} when the dialect cannot write the value, or it is over `maxPacketSize`
 *   (`limit-exceeded`); nothing else.
 */
export function encodeStreamFrame(
  dialect: Dialect,
  value: unknown,
  options: FrameEncodeOptions = {},
): Uint8Array {
  const max = resolveMaxPacketSize(options.maxPacketSize, DEFAULT_MAX_PACKET_SIZE);
  const bytes = encodeWith(dialect, value, options);
  if (bytes.length > max) {
    throw new EncodeError(`value of ${bytes.length} bytes is over maxPacketSize ${max}`, {
      code: "limit-exceeded",
      dialect: dialect.id,
    });
  }
  // One copy to put the word in front; encodeWith sizes its output for the value alone.
  const out = new Uint8Array(4 + bytes.length);
  writeLengthWord(out, 0, bytes.length, options.bigEndian === true);
  out.set(bytes, 4);
  return out;
}

import type { Dialect } from "../dialect/contract.js";
import { decodeWith } from "../dialect/decoder.js";
import { encodeWith } from "../dialect/encoder.js";
import type { DecodeOptions, EncodeOptions } from "../dialect/options.js";
import { DecodeError, EncodeError } from "../errors.js";
import type { Value } from "../value/types.js";
import { asBytes } from "./as-bytes.js";
import { DEFAULT_MAX_PACKET_SIZE, resolveMaxPacketSize } from "./options.js";

// PacketPeer.put_var sends exactly the Variant's bytes as one packet, with no length word: the
// transport (ENet, UDP, WebSocket, WebRTC) frames packets itself.

/** Options of {@link encodePacket}. */
export interface PacketEncodeOptions extends EncodeOptions {
  /**
   * Largest packet written, in bytes; a bigger value fails with `limit-exceeded`, as the
   * engine's `put_var` fails past `encode_buffer_max_size`. Default 8 MiB (the engine's default).
   */
  maxPacketSize?: number;
}

/** Options of {@link decodePacket}. */
export interface PacketDecodeOptions extends Omit<DecodeOptions, "offset"> {
  /** Largest packet accepted, in bytes (`limit-exceeded` past it). Default 8 MiB. */
  maxPacketSize?: number;
}

/**
 * One `PacketPeer` packet (WebSocket message, UDP datagram, ENet packet) holding `value`, as
 * `PacketPeer.put_var` sends it: the Variant bytes with no length word.
 * @param options `maxPacketSize` (default 8 MiB), `maxDepth` (default 1024), `maxTotalBytes`.
 * @throws {EncodeError} when the dialect cannot write the value or the packet is over
 *   `maxPacketSize` (`limit-exceeded`); nothing else.
 */
export function encodePacket(
  dialect: Dialect,
  value: unknown,
  options: PacketEncodeOptions = {},
): Uint8Array {
  const max = resolveMaxPacketSize(options.maxPacketSize, DEFAULT_MAX_PACKET_SIZE);
  const bytes = encodeWith(dialect, value, options);
  if (bytes.length > max) {
    throw new EncodeError(`packet of ${bytes.length} bytes is over maxPacketSize ${max}`, {
      code: "limit-exceeded",
      dialect: dialect.id,
    });
  }
  return bytes;
}

/**
 * The value in one `PacketPeer` packet, as `PacketPeer.get_var` reads it: bytes after the
 * Variant are ignored unless `exact` is set.
 * @param options `maxPacketSize` (default 8 MiB) and the decode options (`allowObjects`
 *   default false, limits, `copy` default false: packed arrays may view `packet`).
 * @throws {DecodeError} for a malformed or oversized packet (`limit-exceeded`); nothing else.
 */
export function decodePacket(
  dialect: Dialect,
  packet: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: PacketDecodeOptions = {},
): Value {
  const bytes = asBytes(packet, dialect.id, 0);
  const max = resolveMaxPacketSize(options.maxPacketSize, DEFAULT_MAX_PACKET_SIZE);
  if (bytes.length > max) {
    throw new DecodeError(`packet of ${bytes.length} bytes is over maxPacketSize ${max}`, {
      code: "limit-exceeded",
      offset: 0,
      dialect: dialect.id,
    });
  }
  return decodeWith(dialect, bytes, { ...options, offset: 0 });
}

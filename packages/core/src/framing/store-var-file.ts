import type { Dialect } from "../dialect/contract.js";
import { encodeWith } from "../dialect/engine.js";
import { DecodeError, EncodeError } from "../errors.js";
import { asBytes, readLengthWord, writeLengthWord } from "./as-bytes.js";
import { checkFrameLength } from "./check-length.js";
import { FrameValueDecoder } from "./decode-frame.js";
import {
  type FrameDecodeOptions,
  type FrameEncodeOptions,
  type FrameRecord,
  MAX_FRAME_LENGTH,
  resolveMaxPacketSize,
} from "./options.js";

// A store_var file is records back to back, nothing else (no header, no count):
//
//   record = u32 L (little-endian; big-endian when the file had big_endian / endian_swap set)
//            L bytes: one Variant (always little-endian) + bytes get_var ignores
//
// StreamPeer.put_var writes exactly the same records, so this reads a captured stream too.

/**
 * Reads every record of a file written with `store_var` (`File` in 2.x/3.x, `FileAccess` in
 * 4.x), or of a captured `StreamPeer.put_var` stream. Bytes after the Variant inside a record are
 * ignored, as `get_var` does (`valueLength` tells how many the Variant took); set `exact` to
 * refuse them instead.
 *
 * @param options `bigEndian` (default false), `maxPacketSize` (default: no limit beyond the
 *   file), and the decode options (`allowObjects` default false, limits, `copy` default false:
 *   packed arrays may view `bytes`).
 * @returns the records in file order, each with the absolute offset of its length word.
 * @throws {DecodeError} with the absolute byte offset in the file: `truncated` when the file
 *   ends inside a record, `framing` for a length word that cannot be right (negative as an
 *   int32, under 4, or too short for its Variant), `limit-exceeded` past `maxPacketSize`, or
 *   any error of the Variant inside. Nothing else.
 */
export function readStoreVarFile(
  dialect: Dialect,
  bytes: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: FrameDecodeOptions = {},
): FrameRecord[] {
  options ??= {}; // null from an untyped caller is no options
  const input = asBytes(bytes, dialect.id, 0);
  const bigEndian = options.bigEndian === true;
  const maxPacketSize = resolveMaxPacketSize(options.maxPacketSize, MAX_FRAME_LENGTH);
  const frames = new FrameValueDecoder(dialect, options, false);
  const records: FrameRecord[] = [];
  let at = 0;
  while (at < input.length) {
    if (input.length - at < 4) {
      throw new DecodeError(`length word needs 4 bytes, ${input.length - at} left`, {
        code: "truncated",
        offset: at,
        dialect: dialect.id,
      });
    }
    const length = readLengthWord(input, at, bigEndian);
    checkFrameLength(length, at, maxPacketSize, dialect.id);
    const start = at + 4;
    if (input.length - start < length) {
      // The engine's get_var fails the same way: get_buffer(L) returns fewer than L bytes.
      throw new DecodeError(`record needs ${length} bytes, ${input.length - start} left`, {
        code: "truncated",
        offset: at,
        dialect: dialect.id,
      });
    }
    const { value, valueLength } = frames.decode(input.subarray(start, start + length), start, false);
    records.push({ value, offset: at, length, valueLength });
    at = start + length;
  }
  return records;
}

/**
 * Writes values as `store_var` would, one record each: the bytes of a whole file. The same
 * bytes are a `StreamPeer.put_var` stream (and, little-endian, a `PacketPeerStream`).
 * Plain JS values are accepted as by the dialect's `encode`.
 *
 * @param options `bigEndian` (default false), `maxPacketSize` (default 2^31 - 1: the largest
 *   length the engine reads back), `maxDepth` (default 1024), `maxTotalBytes` per value
 *   (default 1 GiB).
 * @throws {EncodeError} when a value cannot be written or is over `maxPacketSize`
 *   (`limit-exceeded`); nothing else.
 */
export function writeStoreVarFile(
  dialect: Dialect,
  values: Iterable<unknown>,
  options: FrameEncodeOptions = {},
): Uint8Array {
  options ??= {}; // null from an untyped caller is no options
  const maxPacketSize = resolveMaxPacketSize(options.maxPacketSize, MAX_FRAME_LENGTH);
  const parts: Uint8Array[] = [];
  let total = 0;
  let index = 0;
  for (const value of values) {
    let bytes: Uint8Array;
    try {
      bytes = encodeWith(dialect, value, options);
    } catch (e) {
      // Say which record failed: `[3].inventory` rather than `.inventory`.
      if (EncodeError.is(e)) e.prependPath(index);
      throw e;
    }
    if (bytes.length > maxPacketSize) {
      throw new EncodeError(`value of ${bytes.length} bytes is over maxPacketSize ${maxPacketSize}`, {
        code: "limit-exceeded",
        path: [index],
        dialect: dialect.id,
      });
    }
    parts.push(bytes);
    total += 4 + bytes.length;
    index++;
  }
  const out = new Uint8Array(total);
  const bigEndian = options.bigEndian === true;
  let at = 0;
  for (const p of parts) {
    writeLengthWord(out, at, p.length, bigEndian);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

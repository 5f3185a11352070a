import { MODEL } from "../dialect/builder.js";
import type { Dialect } from "../dialect/contract.js";
import { encodeWith } from "../dialect/encoder.js";
import { readRecordsWith } from "../dialect/read-records.js";
import { DecodeError, EncodeError } from "../errors.js";
import type { Value } from "../value/types.js";
import { asBytes, writeLengthWord } from "./as-bytes.js";
import { rebaseError } from "./decode-frame.js";
import {
  type FrameDecodeOptions,
  type FrameEncodeOptions,
  type FrameRecord,
  MAX_FRAME_LENGTH,
  resolveMaxPacketSize,
} from "./options.js";
import { recordOffset, walkRecords } from "./record-chain.js";

// A store_var file is records back to back, nothing else (no header, no count):
//
//   record = u32 L (little-endian; big-endian when the file had big_endian / endian_swap set)
//            L bytes: one Variant (always little-endian) + bytes get_var ignores
//
// StreamPeer.put_var writes exactly the same records, so this reads a captured stream too.

/** What {@link readRecords} read: the records, and the error that stopped it, if one did. */
export interface RecordsRead {
  /** The records read, in file order, up to the first that failed. */
  readonly records: FrameRecord[];
  /** Why the reading stopped before the end (framing, or the Variant of the next record). */
  readonly error: DecodeError | undefined;
}

/** Options of {@link readRecords}: those of {@link readStoreVarFile}, and a listener. */
export interface ReadRecordsOptions extends FrameDecodeOptions {
  /** Told of each record as it is read (spans and parts of record `index` come before it). */
  onRecord?: (record: FrameRecord, index: number) => void;
}

/**
 * Reads the records of a file written with `store_var` (`File` in 2.x/3.x, `FileAccess` in 4.x),
 * or of a captured `StreamPeer.put_var` stream, up to the end or to the first record that cannot
 * be read, and says where and why it stopped: the records before a failure are kept. One reader
 * reads every record (`walkRecords` finds them). Bytes after the Variant inside a record are
 * ignored, as `get_var` does (`valueLength` tells how many the Variant took); set `exact` to
 * refuse them instead.
 *
 * @param options as {@link readStoreVarFile}, and `onRecord`.
 * @returns the records read, with the absolute offset of each length word, and the error that
 *   stopped the reading (offsets absolute in the file), if any.
 * @throws {DecodeError} only when `bytes` is not binary input.
 */
export function readRecords(
  dialect: Dialect,
  bytes: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: ReadRecordsOptions = {},
): RecordsRead {
  const input = asBytes(bytes, dialect.id, 0);
  const maxPacketSize = resolveMaxPacketSize(options.maxPacketSize, MAX_FRAME_LENGTH);
  const chain = walkRecords(input, { bigEndian: options.bigEndian === true, maxPacketSize });
  const records: FrameRecord[] = [];
  const onRecord = options.onRecord;
  const { error } = readRecordsWith(
    dialect,
    input,
    chain,
    options,
    MODEL,
    undefined,
    (i, value, valueEnd) => {
      const offset = recordOffset(chain, i);
      const record: FrameRecord = {
        value: value as Value,
        offset,
        length: chain.ends[i]! - offset - 4,
        valueLength: valueEnd - offset - 4,
      };
      records.push(record);
      onRecord?.(record, i);
    },
  );
  // Inside a complete record, running out of bytes is a framing error: get_var cannot read more.
  if (error !== undefined)
    return {
      records,
      error: rebaseError(
        error,
        0,
        chain.ends[records.length]! - recordOffset(chain, records.length) - 4,
        dialect,
      ) as DecodeError,
    };
  const stop = chain.stop;
  if (stop === undefined) return { records, error: undefined };
  return {
    records,
    error: new DecodeError(stop.message, { code: stop.code, offset: stop.offset, dialect: dialect.id }),
  };
}

/**
 * Reads every record of a file written with `store_var` (`File` in 2.x/3.x, `FileAccess` in
 * 4.x), or of a captured `StreamPeer.put_var` stream: {@link readRecords}, all or nothing.
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
  const { records, error } = readRecords(dialect, bytes, options);
  if (error !== undefined) throw error;
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

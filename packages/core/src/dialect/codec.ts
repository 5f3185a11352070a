import { ByteWriter } from "../bytes/writer.js";
import { EncodeError } from "../errors.js";
import type { ToJSOptions } from "../value/js.js";
import { jsBuilder } from "../value/js-builder.js";
import type { Value } from "../value/types.js";
import { MODEL } from "./builder.js";
import type { Dialect } from "./contract.js";
import {
  decodeOptions as checkDecodeOptions,
  type KeptReading,
  newKeptReading,
  readKeeping,
} from "./decoder.js";
import { encodeIntoWith, encodeOptions, encodeWith, keptEncoder } from "./encoder.js";
import type { DecodeOptions, EncodeOptions } from "./options.js";

/** Options of {@link createCodecWith}: the decode, encode and `toJS` options, and the chunk size. */
export interface CodecOptions extends DecodeOptions, EncodeOptions, ToJSOptions {
  /**
   * Bytes of the output chunk the codec keeps and hands out `encode` results from (default
   * 8,192; at least 256). Larger values are written to a buffer of their own.
   */
  chunkSize?: number;
}

/**
 * A codec object: decode and encode with state the caller keeps, for a connection that reads and
 * writes the same few message shapes again and again. Results (values, bytes, errors) are those
 * of the stateless functions with the same options.
 *
 * What one codec keeps, and so the most it holds: up to 256 dictionary key strings of at most
 * 16 ASCII bytes by place (reused when a key's bytes match the one last read at the same place in
 * a dictionary of the same size) and 1,024 more by a hash of their bytes (found when the place's
 * misses), with their bytes (20 KiB of words); for writing, the bytes of up to 256 String keys by place and
 * 512 more by string (emptied when full), each of at most 16 bytes of UTF-8 (20 KiB of words,
 * besides the strings and the table of them); and one output chunk of `chunkSize` bytes
 * (default 8 KiB). Nothing is shared between codecs, and nothing lives at module level.
 */
export interface VariantCodec {
  /**
   * Decodes one Variant, as the dialect's `decode` with the codec's options.
   * @throws {DecodeError} as the dialect's `decode`.
   */
  decode(bytes: Uint8Array): Value;
  /**
   * Decodes one Variant to plain JavaScript, as the dialect's `decodeJS` with the codec's options.
   * @throws {DecodeError} as the dialect's `decodeJS`.
   */
  decodeJS(bytes: Uint8Array): unknown;
  /**
   * Encodes a value (model or plain JS), as the dialect's `encode` with the codec's options.
   * The result is a view into the codec's output chunk: each call writes after the bytes of the
   * calls before, and a new chunk is made when one is full, so bytes once returned are never
   * written again and stay valid as long as the caller holds them. A held result keeps its chunk
   * (`chunkSize` bytes) alive: copy it (`slice()`) to keep a few bytes for long.
   * @throws {EncodeError} as the dialect's `encode`.
   */
  encode(value: unknown): Uint8Array;
  /**
   * Encodes a value into the caller's `target` from `offset` (default 0), as the dialect's
   * `encodeInto` with the codec's options, and returns the number of bytes written.
   * @throws {EncodeError} as the dialect's `encodeInto`.
   */
  encodeInto(value: unknown, target: Uint8Array, offset?: number): number;
}

/** The default output chunk of a codec. */
export const DEFAULT_CODEC_CHUNK = 8192;
// Below this many free bytes the chunk is replaced before a call: a small message would not fit.
const MIN_ROOM = 256;

/**
 * Makes a codec object ({@link VariantCodec}) that reads with `reading` and writes with
 * `writing` (a dialect package passes the dialects of its options), with `decodeOptions` and
 * `encodeOptions` (the same object when the package has one option set).
 * @throws {EncodeError} `invalid-value` for malformed encode options or a `chunkSize` that is
 *   not a number of 256 or more.
 */
export function createCodecWith(
  reading: Dialect,
  writing: Dialect,
  decodeOptions: DecodeOptions & ToJSOptions = {},
  encodeOpts: EncodeOptions & { chunkSize?: number } = {},
): VariantCodec {
  const encoding = encodeOptions(encodeOpts, writing);
  decodeOptions = checkDecodeOptions(decodeOptions, reading);
  const chunkSize = encoding.chunkSize ?? DEFAULT_CODEC_CHUNK;
  if (!(typeof chunkSize === "number" && chunkSize >= MIN_ROOM && chunkSize <= 1 << 30)) {
    throw new EncodeError(`option chunkSize must be a number from ${MIN_ROOM} to 2^30, not ${chunkSize}`, {
      code: "invalid-value",
      dialect: writing.id,
    });
  }
  // decodeJS ignores onSpan (as decodeJSWith does).
  let jsOptions: DecodeOptions = decodeOptions;
  if (decodeOptions.onSpan !== undefined) {
    const { onSpan: _ignored, ...rest } = decodeOptions;
    jsOptions = rest;
  }
  const builder = jsBuilder(decodeOptions);
  const kept: KeptReading = newKeptReading();
  let chunk = new Uint8Array(chunkSize);
  let used = 0;
  // True while encode writes into the chunk: a call made meanwhile (a getter of the value that
  // encodes with this codec) takes the stateless path, so it cannot write over the bytes of the
  // call it is inside.
  let writing_ = false;
  const writer = new ByteWriter(chunk);
  const encoder = keptEncoder(writing, encoding, writer);

  return {
    decode: (bytes) => readKeeping(reading, bytes, decodeOptions, MODEL, kept).value as Value,
    decodeJS: (bytes) => readKeeping(reading, bytes, jsOptions, builder, kept).value,
    encode(value) {
      if (writing_) return encodeWith(writing, value, encoding);
      if (chunk.length - used < MIN_ROOM) {
        chunk = new Uint8Array(chunkSize);
        used = 0;
      }
      const start = used;
      writer.restart(chunk, start);
      writing_ = true;
      try {
        encoder.run(value);
      } finally {
        writing_ = false;
      }
      const end = writer.pos;
      if (writer.buffer !== chunk) {
        // It outgrew the chunk: what it wrote in the chunk was never handed out, so the chunk
        // goes on from `start`. The bytes are a view of the buffer it grew into (which also holds
        // a copy of the chunk before `start`) when they are at least half of it, as encodeWith's:
        // nothing writes there again (the next call restarts the writer in the chunk or a target).
        // Else they are copied out at their exact size (takeFrom).
        return writer.takeFrom(start);
      }
      // The next call starts after these bytes, on an 8-byte boundary.
      used = Math.min(chunk.length, (end + 7) & ~7);
      return writer.viewFrom(start);
    },
    encodeInto(value, target, offset = 0) {
      if (writing_) return encodeIntoWith(writing, value, target, offset, encoding);
      // The kept encoder with the writer restarted in `target` (never grown): the chunk and
      // `used` are not touched, and the next encode restarts the writer in the chunk.
      writing_ = true;
      try {
        return encoder.into(value, target, offset);
      } finally {
        writing_ = false;
      }
    },
  };
}

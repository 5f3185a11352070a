import type { Dialect } from "../dialect/contract.js";
import { DecodeError, GdVariantError } from "../errors.js";
import type { Value } from "../value/types.js";
import { asBytes, readLengthWord } from "./as-bytes.js";
import { checkFrameLength } from "./check-length.js";
import { FrameValueDecoder } from "./decode-frame.js";
import {
  DEFAULT_MAX_PACKET_SIZE,
  type FrameDecodeOptions,
  type FrameRecord,
  resolveMaxPacketSize,
} from "./options.js";

/** Options of {@link StreamDecoder}. */
export interface StreamDecoderOptions extends FrameDecodeOptions {
  /**
   * Copy packed arrays out of the chunks passed to `push`. Default true for frames that lie
   * whole inside one chunk (a transport may reuse its buffers), and packed arrays of frames that
   * span chunks view a buffer of the decoder's own, which is never reused. Set false to let
   * them view your chunks too.
   */
  copy?: boolean;
}

// Smallest buffer started for a frame that spans chunks; it grows by doubling up to the frame's
// length, so a peer that announces 8 MiB and sends 10 bytes costs kilobytes, not megabytes.
const MIN_FRAME_BUFFER = 4096;

/**
 * Incremental reader of a `StreamPeer.put_var` / `PacketPeerStream` byte stream (TCP, TLS,
 * pipes): feed it chunks of any size, split anywhere (inside a length word too), and it returns
 * every value whose frame is complete.
 *
 * Bounded: it holds at most one unfinished frame, grown only as its bytes arrive, and a length
 * word over `maxPacketSize` (default 8 MiB) fails the moment its fourth byte arrives. Errors
 * carry the absolute byte offset in the stream. After an error the decoder is failed: every
 * later call throws the same error (the stream cannot be resynchronised).
 *
 * ```ts
 * const decoder = new StreamDecoder(dialect);
 * socket.on("data", (chunk) => { for (const v of decoder.push(chunk)) handle(v); });
 * socket.on("end", () => decoder.end());
 * ```
 */
export class StreamDecoder {
  readonly dialect: Dialect;
  private readonly bigEndian: boolean;
  private readonly maxPacketSize: number;
  private readonly frames: FrameValueDecoder;
  // Length word in progress, for words split across chunks.
  private readonly word = new Uint8Array(4);
  private wordHave = 0;
  // Frame in progress: -1 while reading a length word.
  private frameLength = -1;
  private frameStart = 0;
  private frame: Uint8Array | undefined;
  private frameHave = 0;
  private pos = 0;
  private failure: GdVariantError | undefined;

  /**
   * @param options `bigEndian` length words (default false), `maxPacketSize` (default 8 MiB),
   *   `copy` (see {@link StreamDecoderOptions.copy}), `exact` (refuse bytes after the Variant
   *   inside a frame; default false: ignored, as `get_var` does), and the decode options
   *   (`allowObjects` default false, `maxDepth` 1024, `maxCollectionLength`, `maxTotalBytes`).
   */
  constructor(dialect: Dialect, options: StreamDecoderOptions = {}) {
    options ??= {}; // null from an untyped caller is no options
    this.dialect = dialect;
    this.bigEndian = options.bigEndian === true;
    this.maxPacketSize = resolveMaxPacketSize(options.maxPacketSize, DEFAULT_MAX_PACKET_SIZE);
    this.frames = new FrameValueDecoder(dialect, options, true);
  }

  /** Bytes consumed so far: the absolute offset of the next byte. */
  get position(): number {
    return this.pos;
  }

  /** Bytes held for the unfinished frame (its length word included). */
  get bufferedBytes(): number {
    return this.frameLength < 0 ? this.wordHave : 4 + this.frameHave;
  }

  /** True between frames: ending the stream here loses nothing. */
  get atBoundary(): boolean {
    return this.frameLength < 0 && this.wordHave === 0;
  }

  /** The error that failed this decoder, if any. */
  get error(): GdVariantError | undefined {
    return this.failure;
  }

  /**
   * Feeds a chunk; returns the values of every frame it completes, in order.
   * @throws {DecodeError} see {@link StreamDecoder.pushRecords}. Values completed earlier in
   *   the same chunk are not returned then; use {@link StreamDecoder.write} to receive them.
   */
  push(chunk: Uint8Array | ArrayBuffer | ArrayBufferView): Value[] {
    const values: Value[] = [];
    this.write(chunk, (r) => values.push(r.value));
    return values;
  }

  /**
   * Like {@link StreamDecoder.push}, with each value's record: absolute offset, frame length and
   * the bytes the Variant took.
   * @throws {DecodeError} `framing` for a length word that cannot be right (negative as an
   *   int32, under 4, or too short for its Variant), `limit-exceeded` past `maxPacketSize`, or
   *   any error of a Variant, with its absolute offset; `invalid-data` when the chunk is not
   *   bytes. Nothing else.
   */
  pushRecords(chunk: Uint8Array | ArrayBuffer | ArrayBufferView): FrameRecord[] {
    const records: FrameRecord[] = [];
    this.write(chunk, (r) => records.push(r));
    return records;
  }

  /**
   * Feeds a chunk and calls `onRecord` for each completed frame as soon as it is decoded, so
   * the values before a bad frame are delivered before the error is thrown.
   * @throws {DecodeError} as {@link StreamDecoder.pushRecords}. An exception thrown by
   *   `onRecord` propagates unchanged; the rest of that chunk is then unread, so the decoder
   *   fails (later calls throw a `DecodeError` whose `cause` is that exception).
   */
  write(chunk: Uint8Array | ArrayBuffer | ArrayBufferView, onRecord: (record: FrameRecord) => void): void {
    if (this.failure) throw this.failure;
    let bytes: Uint8Array;
    try {
      bytes = asBytes(chunk, this.dialect.id, this.pos);
    } catch (e) {
      throw this.fail(e);
    }
    const n = bytes.length;
    let i = 0;
    while (i < n) {
      if (this.frameLength < 0) {
        let length: number;
        if (this.wordHave === 0 && n - i >= 4) {
          length = readLengthWord(bytes, i, this.bigEndian);
          i += 4;
          this.pos += 4;
        } else {
          this.word[this.wordHave++] = bytes[i++]!;
          this.pos++;
          if (this.wordHave < 4) continue;
          this.wordHave = 0;
          length = readLengthWord(this.word, 0, this.bigEndian);
        }
        this.frameStart = this.pos - 4;
        try {
          checkFrameLength(length, this.frameStart, this.maxPacketSize, this.dialect.id);
        } catch (e) {
          throw this.fail(e);
        }
        this.frameLength = length;
        this.frameHave = 0;
        continue;
      }
      const need = this.frameLength - this.frameHave;
      if (this.frameHave === 0 && n - i >= need) {
        // The whole frame is in this chunk: decode it where it lies, no copy.
        const record = this.finish(bytes.subarray(i, i + need), true);
        i += need;
        this.emit(onRecord, record, i < n);
        continue;
      }
      const take = Math.min(need, n - i);
      this.grow(this.frameHave + take);
      this.frame!.set(bytes.subarray(i, i + take), this.frameHave);
      this.frameHave += take;
      this.pos += take;
      i += take;
      if (this.frameHave === this.frameLength) {
        const frame = this.frame!.subarray(0, this.frameLength);
        // `finish` advances pos by the frame length; these bytes were counted as they came.
        this.pos -= this.frameLength;
        const record = this.finish(frame, false);
        this.emit(onRecord, record, i < n);
      }
    }
  }

  /**
   * Declares the end of the stream.
   * @throws {DecodeError} `truncated` (at the unfinished frame's offset) when the stream ended
   *   inside a frame; the decoder's earlier error if it failed. Nothing else.
   */
  end(): void {
    if (this.failure) throw this.failure;
    if (this.atBoundary) return;
    const have = this.bufferedBytes;
    const at = this.frameLength < 0 ? this.pos - this.wordHave : this.frameStart;
    const what =
      this.frameLength < 0
        ? `stream ended inside a length word (${have} of 4 bytes)`
        : `stream ended inside a frame (${this.frameHave} of ${this.frameLength} bytes)`;
    throw this.fail(new DecodeError(what, { code: "truncated", offset: at, dialect: this.dialect.id }));
  }

  // A callback that throws leaves the rest of the chunk unread: the stream is out of step
  // from there on, unless the chunk ended with that record.
  private emit(onRecord: (record: FrameRecord) => void, record: FrameRecord, more: boolean): void {
    try {
      onRecord(record);
    } catch (e) {
      if (more) {
        this.fail(
          new DecodeError("a record callback threw; the rest of its chunk was not read", {
            code: "invalid-data",
            offset: this.pos,
            dialect: this.dialect.id,
            cause: e,
          }),
        );
      }
      throw e;
    }
  }

  private finish(frame: Uint8Array, callerOwned: boolean): FrameRecord {
    const offset = this.frameStart;
    const length = this.frameLength;
    let decoded: { value: Value; valueLength: number };
    try {
      decoded = this.frames.decode(frame, offset + 4, callerOwned);
    } catch (e) {
      throw this.fail(e);
    }
    this.pos += length;
    this.frameLength = -1;
    this.frame = undefined;
    this.frameHave = 0;
    return { value: decoded.value, offset, length, valueLength: decoded.valueLength };
  }

  // A fresh buffer per frame: values decoded from it may view it, so it is never reused.
  private grow(need: number): void {
    const cur = this.frame;
    if (cur !== undefined && cur.length >= need) return;
    const cap = Math.min(this.frameLength, Math.max(need, MIN_FRAME_BUFFER, cur ? cur.length * 2 : 0));
    const next = new Uint8Array(cap);
    if (cur !== undefined) next.set(cur.subarray(0, this.frameHave));
    this.frame = next;
  }

  private fail(e: unknown): GdVariantError {
    const err = GdVariantError.is(e)
      ? e
      : new DecodeError(`unexpected failure: ${String(e)}`, {
          code: "invalid-data",
          offset: this.pos,
          dialect: this.dialect.id,
          cause: e,
        });
    this.failure = err;
    this.frame = undefined;
    return err;
  }
}

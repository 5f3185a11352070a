import type { Dialect } from "../dialect/contract.js";
import type { Value } from "../value/types.js";
import type { FrameEncodeOptions, FrameRecord } from "./options.js";
import { StreamDecoder, type StreamDecoderOptions } from "./stream-decoder.js";
import { encodeStreamFrame } from "./stream-frame.js";

/** Chunks from anywhere: an async or sync iterable (a Node stream, a generator, an array) or a WHATWG `ReadableStream`. */
export type ChunkSource =
  | AsyncIterable<Uint8Array | ArrayBuffer | ArrayBufferView>
  | Iterable<Uint8Array | ArrayBuffer | ArrayBufferView>
  | ReadableStream<Uint8Array | ArrayBuffer | ArrayBufferView>;

// ReadableStream is not async-iterable in every browser yet, so it is read through a reader.
async function* chunksOf(source: ChunkSource): AsyncGenerator<Uint8Array | ArrayBuffer | ArrayBufferView> {
  if (typeof (source as ReadableStream).getReader === "function") {
    const reader = (source as ReadableStream<Uint8Array | ArrayBuffer | ArrayBufferView>).getReader();
    let done = false;
    try {
      while (true) {
        const r = await reader.read();
        if (r.done) {
          done = true;
          return;
        }
        yield r.value;
      }
    } finally {
      // Leaving early (break, an error) cancels the source, as for-await over a ReadableStream does.
      if (!done) await reader.cancel().catch(() => {});
      reader.releaseLock();
    }
  } else {
    yield* source as AsyncIterable<Uint8Array>;
  }
}

/**
 * Reads the frames of a `StreamPeer.put_var` / `PacketPeerStream` byte stream as records (value,
 * absolute offset, length). See {@link decodeStream}.
 * @throws {DecodeError} as {@link StreamDecoder}, after every record before the bad frame was
 *   yielded; errors of the source itself propagate unchanged.
 */
export async function* decodeStreamRecords(
  dialect: Dialect,
  source: ChunkSource,
  options: StreamDecoderOptions = {},
): AsyncGenerator<FrameRecord, void, undefined> {
  options ??= {}; // null from an untyped caller is no options
  const decoder = new StreamDecoder(dialect, options);
  const ready: FrameRecord[] = [];
  for await (const chunk of chunksOf(source)) {
    // Records the chunk completed before a bad frame are delivered first, then its error.
    let failed = false;
    let failure: unknown;
    try {
      decoder.write(chunk, (r) => ready.push(r));
    } catch (e) {
      failed = true;
      failure = e;
    }
    for (let i = 0; i < ready.length; i++) yield ready[i]!;
    ready.length = 0;
    if (failed) throw failure;
  }
  decoder.end();
}

/**
 * Reads the values of a `StreamPeer.put_var` / `PacketPeerStream` byte stream from any chunk
 * source (chunks split anywhere), as an async iterator:
 *
 * ```ts
 * for await (const value of decodeStream(dialect, socket)) console.log(value);
 * ```
 *
 * Back-pressure: the next chunk is pulled only when the values of the last one were taken.
 * Leaving the loop early ends the source's iteration (a Node stream is destroyed by its own
 * iterator; pass `stream.iterator({ destroyOnReturn: false })` to keep it).
 * @param options as {@link StreamDecoder}: `bigEndian` (default false), `maxPacketSize`
 *   (default 8 MiB), `copy`, `exact`, `allowObjects` (default false) and the decode limits.
 * @throws {DecodeError} as {@link StreamDecoder} (`truncated` when the source ends inside a
 *   frame), after every value before the bad frame was yielded; errors of the source itself
 *   propagate unchanged.
 */
export async function* decodeStream(
  dialect: Dialect,
  source: ChunkSource,
  options: StreamDecoderOptions = {},
): AsyncGenerator<Value, void, undefined> {
  options ??= {}; // null from an untyped caller is no options
  for await (const record of decodeStreamRecords(dialect, source, options)) yield record.value;
}

/**
 * Encodes values (sync or async iterable) as `StreamPeer.put_var` frames, one chunk per value.
 * @param options `bigEndian` (default false), `maxPacketSize` (default 8 MiB), `maxDepth`
 *   (default 1024), `maxTotalBytes` (default 1 GiB).
 * @throws {EncodeError} for a value the dialect cannot write, after the frames before it.
 */
export async function* encodeStream(
  dialect: Dialect,
  values: AsyncIterable<unknown> | Iterable<unknown>,
  options: FrameEncodeOptions = {},
): AsyncGenerator<Uint8Array, void, undefined> {
  options ??= {}; // null from an untyped caller is no options
  for await (const value of values as AsyncIterable<unknown>)
    yield encodeStreamFrame(dialect, value, options);
}

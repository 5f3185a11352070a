import type { Dialect } from "../dialect/contract.js";
import type { DecodeError } from "../errors.js";
import type { Value } from "../value/types.js";
import type { FrameEncodeOptions } from "./options.js";
import { StreamDecoder, type StreamDecoderOptions } from "./stream-decoder.js";
import { encodeStreamFrame } from "./stream-frame.js";

/**
 * A WHATWG `TransformStream` from bytes (any chunking) to values, for `StreamPeer.put_var` /
 * `PacketPeerStream` streams. Works wherever `TransformStream` exists: browsers, Node 18+,
 * Deno, Bun. Back-pressure is the stream's own: chunks are taken only as values are read.
 *
 * ```ts
 * const values = response.body.pipeThrough(createDecodeStream(dialect));
 * for await (const v of values) console.log(v);
 * ```
 *
 * A bad frame errors the stream with the {@link StreamDecoder}'s error (a `DecodeError` with
 * the absolute offset); so does a stream that ends inside a frame (`truncated`).
 * @param options as {@link StreamDecoder}: `bigEndian` (default false), `maxPacketSize`
 *   (default 8 MiB), `copy`, `exact`, `allowObjects` (default false) and the decode limits.
 * @throws nothing itself; the stream errors with a {@link DecodeError} (read it from the
 *   readable side).
 */
export function createDecodeStream(
  dialect: Dialect,
  options: StreamDecoderOptions = {},
): TransformStream<Uint8Array | ArrayBuffer | ArrayBufferView, Value> {
  options ??= {}; // null from an untyped caller is no options
  const decoder = new StreamDecoder(dialect, options);
  return new TransformStream({
    transform(chunk, controller) {
      decoder.write(chunk, (r) => controller.enqueue(r.value));
    },
    flush() {
      decoder.end();
    },
  });
}

/**
 * A WHATWG `TransformStream` from values to `StreamPeer.put_var` frames (one chunk per value),
 * which a Godot `StreamPeerTCP.get_var` or `PacketPeerStream.get_var` reads.
 * Plain JS values are accepted as by the dialect's `encode`.
 * @param options `bigEndian` (default false), `maxPacketSize` (default 8 MiB), `maxDepth`
 *   (default 1024), `maxTotalBytes` (default 1 GiB).
 * @throws nothing itself; a value that cannot be written errors the stream with its
 *   `EncodeError`.
 */
export function createEncodeStream(
  dialect: Dialect,
  options: FrameEncodeOptions = {},
): TransformStream<unknown, Uint8Array> {
  options ??= {}; // null from an untyped caller is no options
  return new TransformStream({
    transform(value, controller) {
      controller.enqueue(encodeStreamFrame(dialect, value, options));
    },
  });
}

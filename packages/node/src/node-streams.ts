import { Transform } from "node:stream";
import {
  type Dialect,
  encodeStreamFrame,
  type FrameEncodeOptions,
  StreamDecoder,
  type StreamDecoderOptions,
} from "@gdvariant/core";

/**
 * A Node `Transform` from bytes to values (object mode on its readable side), for
 * `stream.pipeline(socket, createVariantDecoder(dialect), handler)`. The Node-streams twin of
 * core's WHATWG `createDecodeStream`.
 * @param options as core's `StreamDecoder`: `bigEndian` (default false), `maxPacketSize`
 *   (default 8 MiB), `copy`, `exact`, `allowObjects` (default false), decode limits.
 *   A bad frame, or an end inside a frame, destroys the transform with the `DecodeError`.
 */
export function createVariantDecoder(dialect: Dialect, options: StreamDecoderOptions = {}): Transform {
  const decoder = new StreamDecoder(dialect, options);
  return new Transform({
    readableObjectMode: true,
    transform(chunk: Uint8Array, _encoding, callback) {
      try {
        decoder.write(chunk, (r) => this.push(r.value));
        callback();
      } catch (e) {
        callback(e as Error);
      }
    },
    flush(callback) {
      try {
        decoder.end();
        callback();
      } catch (e) {
        callback(e as Error);
      }
    },
  });
}

/**
 * A Node `Transform` from values (object mode on its writable side) to `put_var` frames.
 * Node object streams cannot carry `null`: write `{ kind: "nil" }` for a Godot null.
 * @param options `bigEndian` (default false), `maxPacketSize` (default 8 MiB), `maxDepth`
 *   (default 1024), `maxTotalBytes`. A value the dialect cannot write destroys the transform
 *   with its `EncodeError`.
 */
export function createVariantEncoder(dialect: Dialect, options: FrameEncodeOptions = {}): Transform {
  return new Transform({
    writableObjectMode: true,
    transform(value: unknown, _encoding, callback) {
      try {
        callback(null, encodeStreamFrame(dialect, value, options));
      } catch (e) {
        callback(e as Error);
      }
    },
  });
}

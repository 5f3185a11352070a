import { Gunzip, gzipSync, Unzlib, zlibSync } from "fflate";
import { concat } from "./bytes.js";

// Deflate (mode 1: zlib-wrapped, windowBits 15) and GZip (mode 3: windowBits 15 + 16) through
// fflate. The engine compresses with zlib's default level (Z_DEFAULT_COMPRESSION = 6).

/** What went wrong in a Deflate/GZip block. */
export class InflateError extends Error {
  constructor(
    message: string,
    readonly overflow = false,
  ) {
    super(message);
  }
}

/** Compresses one block: zlib stream for Deflate, gzip member (mtime 0) for GZip. */
export function deflateBlock(src: Uint8Array, gzip: boolean): Uint8Array {
  return gzip ? gzipSync(src, { level: 6, mtime: 0 }) : zlibSync(src, { level: 6 });
}

/**
 * Inflates one block into at most `maxOut` bytes, 1 KiB of input at a time, stopping as soon as
 * the output passes `maxOut` (a bomb costs at most ~1 MiB of work past the limit).
 */
export function inflateBlock(src: Uint8Array, maxOut: number, gzip: boolean): Uint8Array {
  // Output kept as fflate's chunks (memory follows what really comes out, not maxOut).
  const chunks: Uint8Array[] = [];
  let op = 0;
  let ended = false;
  const ondata = (chunk: Uint8Array, final: boolean): void => {
    if (op + chunk.length > maxOut) throw new InflateError(`output passes ${maxOut} bytes`, true);
    chunks.push(chunk);
    op += chunk.length;
    if (final) ended = true;
  };
  const stream = gzip ? new Gunzip(ondata) : new Unzlib(ondata);
  const STEP = 1024;
  try {
    if (src.length === 0) stream.push(src, true);
    for (let at = 0; at < src.length; at += STEP)
      stream.push(src.subarray(at, at + STEP), at + STEP >= src.length);
  } catch (e) {
    if (e instanceof InflateError) throw e;
    throw new InflateError(`bad ${gzip ? "GZip" : "Deflate"} data: ${(e as Error).message}`);
  }
  if (!ended) throw new InflateError(`the ${gzip ? "GZip" : "Deflate"} stream does not end`);
  return concat(chunks);
}

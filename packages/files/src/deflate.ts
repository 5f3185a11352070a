import { gzipSync, zlibSync } from "fflate";

// Writing Deflate (mode 1: zlib-wrapped, windowBits 15) and GZip (mode 3: windowBits 15 + 16)
// blocks through fflate; the engine compresses with zlib's default level (Z_DEFAULT_COMPRESSION
// = 6). Reading is inflate.ts.

/** Compresses one block: zlib stream for Deflate, gzip member (mtime 0) for GZip. */
export function deflateBlock(src: Uint8Array, gzip: boolean): Uint8Array {
  return gzip ? gzipSync(src, { level: 6, mtime: 0 }) : zlibSync(src, { level: 6 });
}

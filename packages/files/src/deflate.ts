import { gzipSync, zlibSync } from "fflate";
import { adler32, crc32 } from "./checksums.js";

// Writing Deflate (mode 1: zlib-wrapped, windowBits 15) and GZip (mode 3: windowBits 15 + 16)
// blocks through fflate; the engine compresses with zlib's default level (Z_DEFAULT_COMPRESSION
// = 6). Reading is inflate.ts.

/**
 * Below this many bytes a block is written stored (RFC 1951 BTYPE 00): fflate's compressor sets
 * up ~100 KB of tables per call, which made `compress --block-size 1` of 1 MB take minutes, and
 * a few bytes do not compress anyway. Every inflater (the engine's zlib too) reads it.
 */
const STORE_BELOW = 64;

function le32(v: number): number[] {
  return [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, v >>> 24];
}

/** A stream of one stored block, in a zlib wrapper or a gzip member (mtime 0, OS 3 as fflate). */
function stored(src: Uint8Array, gzip: boolean): Uint8Array {
  const n = src.length;
  const head = gzip ? [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3] : [0x78, 0x01];
  const block = [1, n & 255, n >>> 8, ~n & 255, (~n >>> 8) & 255];
  const tail = gzip ? [...le32(crc32(src, 0, n)), ...le32(n)] : le32(adler32(src, 0, n)).reverse(); // Adler-32 is big-endian
  const out = new Uint8Array(head.length + block.length + n + tail.length);
  out.set(head);
  out.set(block, head.length);
  out.set(src, head.length + block.length);
  out.set(tail, head.length + block.length + n);
  return out;
}

/** Compresses one block: zlib stream for Deflate, gzip member (mtime 0) for GZip. */
export function deflateBlock(src: Uint8Array, gzip: boolean): Uint8Array {
  if (src.length < STORE_BELOW) return stored(src, gzip);
  return gzip ? gzipSync(src, { level: 6, mtime: 0 }) : zlibSync(src, { level: 6 });
}

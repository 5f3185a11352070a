import { putU32 } from "./bytes.js";

// Writing Zstandard (reading is zstd-decode.ts). No pure-JS Zstd encoder exists, so this makes
// a valid frame of Raw and RLE blocks (RFC 8878 section 3.1): any Zstd decoder, the engine's
// ZSTD_decompressDCtx included, reads it; it is not smaller than its input.
//
//   frame  = magic 28 B5 2F FD | FHD A0 (4-byte content size, single segment, no checksum)
//            | u32 content size | blocks
//   block  = 3-byte LE header: bit 0 last, bits 1-2 type (0 raw, 1 RLE), bits 3-23 size | body

const MAGIC = 0xfd2fb528;
const MAX_BLOCK = 128 * 1024;

/** Writes `src` as one Zstd frame of raw (or RLE, for a run of one byte) blocks. */
export function zstdStore(src: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(src.length / MAX_BLOCK));
  const out = new Uint8Array(9 + blocks * 3 + src.length);
  putU32(out, 0, MAGIC);
  out[4] = 0xa0;
  putU32(out, 5, src.length);
  let op = 9;
  for (let i = 0; i < blocks; i++) {
    const chunk = src.subarray(i * MAX_BLOCK, Math.min(src.length, (i + 1) * MAX_BLOCK));
    const rle = chunk.length > 1 && chunk.every((b) => b === chunk[0]);
    const header = (chunk.length << 3) | ((rle ? 1 : 0) << 1) | (i === blocks - 1 ? 1 : 0);
    out[op++] = header & 0xff;
    out[op++] = (header >>> 8) & 0xff;
    out[op++] = (header >>> 16) & 0xff;
    if (rle) out[op++] = chunk[0]!;
    else {
      out.set(chunk, op);
      op += chunk.length;
    }
  }
  return out.slice(0, op);
}

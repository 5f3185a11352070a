import { Decompress } from "fzstd";
import { concat, putU32, u32 } from "./bytes.js";

// Zstandard. Reading uses fzstd (pure JS). No pure-JS Zstd encoder exists, so writing makes a
// valid frame of Raw and RLE blocks (RFC 8878 section 3.1): any Zstd decoder, the engine's
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

/** What went wrong in a Zstd block, with the offset inside the block. */
export class ZstdError extends Error {
  constructor(
    message: string,
    readonly at: number,
    readonly overflow = false,
  ) {
    super(message);
  }
}

/**
 * Checks a frame header before fzstd sees it, so that a hostile window or content size cannot
 * make it allocate: the content size (when given) must be at most `maxOut`, the window at most
 * 128 MiB (zstd's own default decoder limit, ZSTD_WINDOWLOG_LIMIT_DEFAULT = 27).
 */
function checkFrameHeader(src: Uint8Array, maxOut: number): void {
  if (src.length < 6) throw new ZstdError("a Zstd frame needs at least 6 bytes", src.length);
  if (u32(src, 0) !== MAGIC) throw new ZstdError("not a Zstd frame (bad magic)", 0);
  const fhd = src[4]!;
  const fcsFlag = fhd >> 6;
  const single = (fhd >> 5) & 1;
  if (fhd & 8) throw new ZstdError("reserved bit set in the frame header", 4);
  let at = 5;
  let window = 0;
  if (!single) {
    const wd = src[at++]!;
    const base = 2 ** (10 + (wd >> 3));
    window = base + (base / 8) * (wd & 7);
  }
  at += [0, 1, 2, 4][fhd & 3]!;
  const fcsSize = [single ? 1 : 0, 2, 4, 8][fcsFlag]!;
  if (src.length < at + fcsSize) throw new ZstdError("frame header is cut short", src.length);
  if (fcsSize > 0) {
    let fcs = 0;
    for (let i = fcsSize - 1; i >= 0; i--) fcs = fcs * 256 + src[at + i]!;
    if (fcsSize === 2) fcs += 256;
    if (fcs > maxOut) throw new ZstdError(`frame says ${fcs} bytes, the block holds ${maxOut}`, at, true);
  }
  if (window > 1 << 27) throw new ZstdError(`window of ${window} bytes is larger than 128 MiB`, 5);
}

/**
 * Decompresses a Zstd block into at most `maxOut` bytes, feeding fzstd 4 KiB at a time and
 * stopping as soon as the output passes `maxOut` (a bomb costs at most one Zstd block more).
 */
export function zstdDecompress(src: Uint8Array, maxOut: number): Uint8Array {
  checkFrameHeader(src, maxOut);
  const chunks: Uint8Array[] = [];
  let op = 0;
  const d = new Decompress((chunk: Uint8Array) => {
    if (op + chunk.length > maxOut) throw new ZstdError(`output passes ${maxOut} bytes`, 0, true);
    // fzstd may hand out a view of its window: copy.
    chunks.push(chunk.slice());
    op += chunk.length;
  });
  const STEP = 4096;
  try {
    for (let at = 0; at < src.length; at += STEP)
      d.push(src.subarray(at, at + STEP), at + STEP >= src.length);
    if (src.length === 0) d.push(src, true);
  } catch (e) {
    if (e instanceof ZstdError) throw e;
    throw new ZstdError(`bad Zstd data: ${(e as Error).message}`, 0);
  }
  return concat(chunks);
}

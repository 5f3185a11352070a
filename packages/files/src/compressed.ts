import type { BrotliDecoder } from "./brotli.js";
import { asBytes, concat, putU32, u32 } from "./bytes.js";
import { deflateBlock, InflateError, inflateBlock } from "./deflate.js";
import { FileError } from "./errors.js";
import { FastLzError, fastlzCompress, fastlzDecompress } from "./fastlz.js";
import { ZstdError, zstdDecompress, zstdStore } from "./zstd.js";

// FileAccessCompressed (core/io/file_access_compressed.cpp, the same in 3.x and 4.x):
//
//   "GCPF"  u32 mode  u32 block_size  u32 total  u32 csize[total / block_size + 1]
//   blocks (block i inflates to block_size bytes, the last to total % block_size)  "GCPF"
//
// The block count is always total / block_size + 1, so a total that is a multiple of the block
// size ends with an empty block (compressed as an empty input: FastLZ pads it to 16 zero bytes).
// Compression::Mode: 0 FastLZ, 1 Deflate, 2 Zstd, 3 GZip, 4 Brotli (4.1+, read only).

/** `"GCPF"` read as a little-endian u32. */
export const GCPF_MAGIC = 0x46504347;

/** The compression modes, by the engine's Compression::Mode number. */
export const COMPRESSION_MODES = { fastlz: 0, deflate: 1, zstd: 2, gzip: 3, brotli: 4 } as const;

/** A compression mode name. */
export type CompressionMode = keyof typeof COMPRESSION_MODES;

const MODE_NAMES: readonly CompressionMode[] = ["fastlz", "deflate", "zstd", "gzip", "brotli"];

/** The engine's block size for `open_compressed` (FileAccessCompressed::configure's default). */
export const DEFAULT_BLOCK_SIZE = 4096;

/** Default of `maxBytes`: the largest plaintext a compressed file may declare (256 MiB). */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** What the header of a compressed file says. */
export interface CompressedInfo {
  readonly mode: CompressionMode;
  readonly blockSize: number;
  /** Plaintext length. */
  readonly length: number;
  /** Compressed size of each block, in file order. */
  readonly blockSizes: readonly number[];
  /** Offset of the first block. */
  readonly dataOffset: number;
  /** True when the file ends with the trailing "GCPF" right after the last block. */
  readonly trailer: boolean;
}

/** True when `bytes` starts with `GCPF`. */
export function isCompressed(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && u32(bytes, 0) === GCPF_MAGIC;
}

function fail(detail: string, code: FileError["code"], offset: number, cause?: unknown): never {
  throw new FileError(detail, { code, offset, layer: "compressed", cause });
}

/**
 * Reads the header and block table of a compressed file, checking that every block lies inside
 * the file before anything is allocated.
 *
 * @param options `maxBytes` (default 256 MiB): a larger declared plaintext is refused.
 * @throws {FileError} `bad-magic`, `truncated`, `corrupt` (block size 0, unknown mode),
 *   `limit-exceeded`.
 */
export function readCompressedInfo(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: { readonly maxBytes?: number } = {},
): CompressedInfo {
  const bytes = asBytes(input);
  if (!isCompressed(bytes)) fail("not a compressed file (no GCPF magic)", "bad-magic", 0);
  if (bytes.length < 16)
    fail(`the header needs 16 bytes, the file has ${bytes.length}`, "truncated", bytes.length);
  const modeNumber = u32(bytes, 4);
  const mode = MODE_NAMES[modeNumber];
  if (mode === undefined)
    fail(`compression mode ${modeNumber} is not one this library reads`, "unsupported", 4);
  const blockSize = u32(bytes, 8);
  if (blockSize === 0) fail("block size 0", "corrupt", 8);
  const length = u32(bytes, 12);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (length > maxBytes)
    fail(`the plaintext would be ${length} bytes, over maxBytes ${maxBytes}`, "limit-exceeded", 12);
  const count = Math.floor(length / blockSize) + 1;
  const dataOffset = 16 + 4 * count;
  if (dataOffset > bytes.length)
    fail(`the block table needs ${count} entries, the file ends first`, "truncated", bytes.length);
  const blockSizes: number[] = [];
  let end = dataOffset;
  for (let i = 0; i < count; i++) {
    const size = u32(bytes, 16 + 4 * i);
    end += size;
    if (end > bytes.length)
      fail(`block ${i} (${size} bytes) runs past the end of the file`, "truncated", 16 + 4 * i);
    blockSizes.push(size);
  }
  const trailer = bytes.length === end + 4 && u32(bytes, end) === GCPF_MAGIC;
  return { mode, blockSize, length, blockSizes, dataOffset, trailer };
}

/** Options of {@link decompressFile}. */
export interface DecompressOptions {
  /** Largest plaintext accepted, in bytes. Default 256 MiB. */
  readonly maxBytes?: number;
  /** A Brotli decoder (from {@link loadBrotli}); needed for mode 4 with the synchronous call. */
  readonly brotli?: BrotliDecoder;
}

/** The plaintext of a compressed file and what its header said. */
export interface DecompressResult extends CompressedInfo {
  readonly plaintext: Uint8Array;
}

function inflate(
  mode: CompressionMode,
  src: Uint8Array,
  expect: number,
  at: number,
  brotli: BrotliDecoder | undefined,
): Uint8Array {
  try {
    switch (mode) {
      case "fastlz": {
        // The engine decompresses a block under 16 bytes into a 16-byte buffer (the writer padded it).
        const out = fastlzDecompress(src, Math.max(16, expect));
        return expect < 16 && out.length === 16 ? out.subarray(0, expect) : out;
      }
      case "deflate":
      case "gzip":
        return inflateBlock(src, expect, mode === "gzip");
      case "zstd":
        return zstdDecompress(src, expect);
      case "brotli": {
        if (brotli === undefined)
          fail(
            "a Brotli file needs the Brotli decoder: use decompressFileAsync or pass `brotli`",
            "unsupported",
            at,
          );
        return brotli(src, expect);
      }
    }
  } catch (e) {
    if (FileError.is(e)) throw e;
    const inner = e instanceof FastLzError || e instanceof ZstdError ? at + e.at : at;
    const overflow =
      ((e instanceof FastLzError || e instanceof ZstdError || e instanceof InflateError) && e.overflow) ||
      (e instanceof Error && /not large enough/.test(e.message));
    fail(
      overflow
        ? `block inflates past its declared ${expect} bytes`
        : `bad ${mode} block: ${(e as Error).message}`,
      "corrupt",
      inner,
      e,
    );
  }
}

/**
 * Decompresses a file written by `open_compressed` (Godot 3.x or 4.x): FastLZ, Deflate, Zstd,
 * GZip, and Brotli when a decoder is given. Every block must inflate to exactly its share of the
 * plaintext; no block may produce more (checked while inflating, so a bomb stops early).
 *
 * @throws {FileError} `corrupt` with the offset of the bad block, and the errors of
 *   {@link readCompressedInfo}; `unsupported` for Brotli without a decoder.
 */
export function decompressFile(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: DecompressOptions = {},
): DecompressResult {
  const bytes = asBytes(input);
  const info = readCompressedInfo(bytes, options);
  // Blocks are kept as they come and joined at the end: memory follows what the blocks really
  // inflate to, never only what the header claims.
  const blocks: Uint8Array[] = [];
  let at = info.dataOffset;
  const count = info.blockSizes.length;
  for (let i = 0; i < count; i++) {
    const size = info.blockSizes[i]!;
    const expect = i === count - 1 ? info.length % info.blockSize : info.blockSize;
    const out = inflate(info.mode, bytes.subarray(at, at + size), expect, at, options.brotli);
    if (out.length !== expect)
      fail(`block ${i} inflates to ${out.length} bytes, not ${expect}`, "corrupt", at);
    blocks.push(out);
    at += size;
  }
  return { ...info, plaintext: blocks.length === 1 ? blocks[0]! : concat(blocks) };
}

/** {@link decompressFile}, loading the Brotli decoder first when the file is Brotli. */
export async function decompressFileAsync(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: DecompressOptions = {},
): Promise<DecompressResult> {
  const bytes = asBytes(input);
  if (options.brotli === undefined && readCompressedInfo(bytes, options).mode === "brotli") {
    const { loadBrotli } = await import("./brotli.js");
    return decompressFile(bytes, { ...options, brotli: await loadBrotli() });
  }
  return decompressFile(bytes, options);
}

/** Options of {@link compressFile}. */
export interface CompressOptions {
  /** Default `fastlz` (the engine's default). Brotli cannot be written, as in the engine. */
  readonly mode?: Exclude<CompressionMode, "brotli">;
  /** Default 4096, the engine's. */
  readonly blockSize?: number;
}

/**
 * Compresses `plaintext` the way `open_compressed` writes it, for either engine to read: header,
 * block table, blocks (the last one empty when the length is a multiple of the block size, as
 * the engine writes it), trailing magic. Zstd blocks are stored (raw blocks in a valid frame).
 *
 * @throws {FileError} `unsupported` for Brotli or an unknown mode, `corrupt` for a block size
 *   that is not a positive integer under 2^31, `limit-exceeded` for a plaintext of 4 GiB or more.
 */
export function compressFile(
  plaintextInput: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: CompressOptions = {},
): Uint8Array {
  const plaintext = asBytes(plaintextInput);
  const mode = options.mode ?? "fastlz";
  const blockSize = options.blockSize ?? DEFAULT_BLOCK_SIZE;
  if (!(mode in COMPRESSION_MODES) || mode === ("brotli" as string))
    fail(`cannot write mode ${String(mode)}`, "unsupported", 0);
  if (!Number.isInteger(blockSize) || blockSize < 1 || blockSize >= 2 ** 31)
    fail(`block size ${blockSize} is not an integer from 1 to 2^31 - 1`, "corrupt", 8);
  if (plaintext.length >= 2 ** 32) fail("a compressed file holds less than 4 GiB", "limit-exceeded", 12);
  const count = Math.floor(plaintext.length / blockSize) + 1;
  const head = new Uint8Array(16 + 4 * count);
  putU32(head, 0, GCPF_MAGIC);
  putU32(head, 4, COMPRESSION_MODES[mode]);
  putU32(head, 8, blockSize);
  putU32(head, 12, plaintext.length);
  const blocks: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const chunk = plaintext.subarray(i * blockSize, Math.min(plaintext.length, (i + 1) * blockSize));
    const block =
      mode === "fastlz"
        ? fastlzCompress(chunk)
        : mode === "zstd"
          ? zstdStore(chunk)
          : deflateBlock(chunk, mode === "gzip");
    putU32(head, 16 + 4 * i, block.length);
    blocks.push(block);
  }
  const tail = new Uint8Array(4);
  putU32(tail, 0, GCPF_MAGIC);
  return concat([head, ...blocks, tail]);
}

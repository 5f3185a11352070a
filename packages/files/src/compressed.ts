import { asBytes, limitOf, oneOf, optionsOf } from "./arguments.js";
import type { BrotliDecoder } from "./brotli.js";
import { concat, putU32, u32 } from "./bytes.js";
import { CodecError } from "./codec-error.js";
import { deflateBlock } from "./deflate.js";
import { FileError } from "./errors.js";
import { fastlzCompress, fastlzDecompress } from "./fastlz.js";
import { InflateTables, inflateBlock } from "./inflate.js";
import { Output } from "./output.js";
import { zstdStore } from "./zstd.js";
import { ZstdTables, zstdDecompress } from "./zstd-decode.js";

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
const WRITE_MODES = ["fastlz", "deflate", "zstd", "gzip"] as const;

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
 * @throws {FileError} `bad-magic`, `truncated`, `corrupt` (block size 0), `unsupported` (a mode
 *   number this library does not read), `limit-exceeded`, `invalid-argument` (input that is not
 *   bytes, a `maxBytes` that is not a whole number of 0 or more).
 */
export function readCompressedInfo(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: { readonly maxBytes?: number } = {},
): CompressedInfo {
  const bytes = asBytes(input, "compressed");
  const maxBytes = limitOf(
    optionsOf(options, "compressed").maxBytes,
    DEFAULT_MAX_BYTES,
    "maxBytes",
    "compressed",
  );
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
  /**
   * Largest plaintext accepted, in bytes (a whole number, 0 or more): a header that declares
   * more is refused before anything is inflated. Default 256 MiB.
   */
  readonly maxBytes?: number;
  /** A Brotli decoder (from {@link loadBrotli}); needed for mode 4 with the synchronous call. */
  readonly brotli?: BrotliDecoder;
}

/** The plaintext of a compressed file and what its header said. */
export interface DecompressResult extends CompressedInfo {
  readonly plaintext: Uint8Array;
}

/**
 * What the decoders reuse from block to block of one file, made at first use: a block of a
 * file of many tiny blocks allocates nothing.
 */
class Scratch {
  private small: Output | undefined;
  private inflate: InflateTables | undefined;
  private zstd: ZstdTables | undefined;
  /** A 16-byte output for FastLZ blocks under 16 bytes. */
  smallOutput(): Output {
    this.small ??= new Output(16);
    this.small.pos = 0;
    this.small.begin(16);
    return this.small;
  }
  readonly inflateTables = (): InflateTables => {
    this.inflate ??= new InflateTables();
    return this.inflate;
  };
  zstdTables(): ZstdTables {
    this.zstd ??= new ZstdTables();
    return this.zstd;
  }
}

/** Inflates one block into `out` (its share: `expect` bytes). @throws {CodecError} or FileError. */
function inflate(
  mode: CompressionMode,
  src: Uint8Array,
  out: Output,
  expect: number,
  at: number,
  brotli: BrotliDecoder | undefined,
  scratch: Scratch,
): void {
  switch (mode) {
    case "fastlz": {
      if (expect >= 16) {
        fastlzDecompress(src, out);
        return;
      }
      // The engine decompresses a block under 16 bytes into a 16-byte buffer (the writer padded
      // it) and keeps the first `expect` bytes.
      const small = scratch.smallOutput();
      fastlzDecompress(src, small);
      const n = small.pos === 16 ? expect : small.pos;
      out.reserve(out.pos, n).set(small.buf.subarray(0, n), out.pos);
      out.pos += n;
      return;
    }
    case "deflate":
    case "gzip":
      inflateBlock(src, out, mode === "gzip", scratch.inflateTables);
      return;
    case "zstd":
      zstdDecompress(src, out, scratch.zstdTables());
      return;
    case "brotli": {
      if (brotli === undefined)
        fail(
          "a Brotli file needs the Brotli decoder: use decompressFileAsync or pass `brotli`",
          "unsupported",
          at,
        );
      let plain: Uint8Array;
      try {
        plain = brotli(src, expect);
      } catch (e) {
        if (e instanceof Error && /not large enough/.test(e.message))
          throw new CodecError(e.message, 0, true);
        throw new CodecError((e as Error)?.message ?? String(e), 0);
      }
      out.reserve(out.pos, plain.length).set(plain, out.pos);
      out.pos += plain.length;
    }
  }
}

/**
 * Decompresses a file written by `open_compressed` (Godot 3.x or 4.x): FastLZ, Deflate, Zstd,
 * GZip, and Brotli when a decoder is given. Every block must inflate to exactly its share of the
 * plaintext, checked while inflating (a bomb stops at its share), and its checksums (Adler-32,
 * CRC-32, Zstd's content checksum) must match, as the engine's zlib and zstd require. Time and
 * memory follow the bytes read and written: the plaintext grows as blocks really fill it (at
 * most twice its size at any moment), never to what the header only claims.
 *
 * @throws {FileError} `corrupt` with the offset of the bad block (or of the fault inside it),
 *   the errors of {@link readCompressedInfo}; `unsupported` for Brotli without a decoder.
 */
export function decompressFile(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: DecompressOptions = {},
): DecompressResult {
  const bytes = asBytes(input, "compressed");
  const opts = optionsOf(options, "compressed");
  if (opts.brotli !== undefined && typeof opts.brotli !== "function")
    fail("brotli must be a decoder function (from loadBrotli)", "invalid-argument", 0);
  const info = readCompressedInfo(bytes, opts);
  const out = new Output(info.length);
  const scratch = new Scratch();
  let at = info.dataOffset;
  const count = info.blockSizes.length;
  for (let i = 0; i < count; i++) {
    const size = info.blockSizes[i]!;
    const expect = i === count - 1 ? info.length % info.blockSize : info.blockSize;
    const start = out.pos;
    out.begin(expect);
    try {
      inflate(info.mode, bytes.subarray(at, at + size), out, expect, at, opts.brotli, scratch);
    } catch (e) {
      if (!(e instanceof CodecError)) throw e;
      fail(
        e.overflow
          ? `block inflates past its declared ${expect} bytes`
          : `bad ${info.mode} block: ${e.message}`,
        "corrupt",
        at + Math.min(e.at, size),
        e,
      );
    }
    if (out.pos - start !== expect)
      fail(`block ${i} inflates to ${out.pos - start} bytes, not ${expect}`, "corrupt", at);
    at += size;
  }
  return { ...info, plaintext: out.bytes() };
}

/** {@link decompressFile}, loading the Brotli decoder first when the file is Brotli. */
export async function decompressFileAsync(
  input: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: DecompressOptions = {},
): Promise<DecompressResult> {
  const bytes = asBytes(input, "compressed");
  const opts = optionsOf(options, "compressed");
  if (opts.brotli === undefined && readCompressedInfo(bytes, opts).mode === "brotli") {
    const { loadBrotli } = await import("./brotli.js");
    return decompressFile(bytes, { ...opts, brotli: await loadBrotli() });
  }
  return decompressFile(bytes, opts);
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
 * @throws {FileError} `unsupported` for Brotli, `invalid-argument` for a plaintext that is not
 *   bytes, a mode that is none of the four, a block size that is not a whole number from 1 to
 *   2^31 - 1; `limit-exceeded` for a plaintext of 4 GiB or more.
 */
export function compressFile(
  plaintextInput: Uint8Array | ArrayBuffer | ArrayBufferView,
  options: CompressOptions = {},
): Uint8Array {
  const plaintext = asBytes(plaintextInput, "compressed", "the plaintext");
  const opts = optionsOf(options, "compressed");
  if (opts.mode === ("brotli" as string))
    fail("cannot write mode brotli (the engine only reads it)", "unsupported", 0);
  const mode = opts.mode === undefined ? "fastlz" : oneOf(opts.mode, WRITE_MODES, "mode", "compressed");
  const blockSize = opts.blockSize === undefined ? DEFAULT_BLOCK_SIZE : opts.blockSize;
  if (typeof blockSize !== "number" || !Number.isInteger(blockSize) || blockSize < 1 || blockSize >= 2 ** 31)
    fail(`block size ${String(blockSize)} is not a whole number from 1 to 2^31 - 1`, "invalid-argument", 0);
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

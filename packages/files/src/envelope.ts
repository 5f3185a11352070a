import type { BrotliDecoder } from "./brotli.js";
import { CodecError } from "./codec-error.js";
import type { CompressionMode } from "./compressed.js";
import { deflateBlock } from "./deflate.js";
import { FileError } from "./errors.js";
import { fastlzCompress, fastlzDecompress } from "./fastlz.js";
import { inflateBlock } from "./inflate.js";
import { Output } from "./output.js";
import { zstdStore } from "./zstd.js";
import { zstdDecompress } from "./zstd-decode.js";

// PackedByteArray.compress(mode) (PoolByteArray.compress in 3.x; core/variant/variant_call.cpp
// _compress, then Compression::compress in core/io/compression.cpp) writes the compressed
// stream alone, with no header or size:
//
//   fastlz   a raw FastLZ stream (an input under 16 bytes is zero-padded to 16 first); no magic,
//            and decompress() needs the size: read here only when the caller's detector reads
//            what comes out
//   deflate  a zlib stream (windowBits 15): 78 01 / 78 5e / 78 9c / 78 da ...
//   zstd     a Zstandard frame: 28 b5 2f fd
//   gzip     a gzip member (windowBits 15 + 16): 1f 8b 08
//   brotli   (4.1+, decompress only) a raw Brotli stream; no magic, read like FastLZ
//
// None of the magic bytes can start a Variant (the first byte of a header is a type id below
// 64) or a store_var record (the length word would be over 2^31 or a record of exactly those
// sizes, which the caller's detector would then have to read).

/** A compression envelope of `PackedByteArray.compress()`: the mode, nothing else is stored. */
export type EnvelopeMode = CompressionMode;

/** The envelope mode its first bytes show (zlib, gzip, Zstd), or undefined. */
export function envelopeMagic(bytes: Uint8Array): "deflate" | "gzip" | "zstd" | undefined {
  if (bytes.length < 4) return undefined;
  const [a, b, c, d] = [bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!];
  if (a === 0x1f && b === 0x8b && c === 0x08) return "gzip";
  if (a === 0x28 && b === 0xb5 && c === 0x2f && d === 0xfd) return "zstd";
  // zlib: CM 8, a 32 KiB window (CINFO 7: the engine's windowBits 15), no preset dictionary,
  // and the header check (CMF * 256 + FLG a multiple of 31).
  if (a === 0x78 && (b & 0x20) === 0 && (a * 256 + b) % 31 === 0) return "deflate";
  return undefined;
}

/**
 * True when `bytes` can be a FastLZ stream: the level in the top 3 bits of the first byte is 1
 * or 2 (0 or 1 stored) and the first instruction is a literal run. Many Variants pass this too:
 * it only says whether trying costs anything.
 */
export function mayBeFastLz(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0]! >> 5 <= 1;
}

function fail(detail: string, offset: number, cause?: unknown): never {
  throw new FileError(detail, { code: "corrupt", offset, layer: "compressed", cause });
}

/**
 * Decompresses a `PackedByteArray.compress()` envelope of `mode`, up to `maxBytes` of output.
 *
 * @param brotli a decoder from {@link loadBrotli}, needed for `brotli`.
 * @throws {FileError} (layer `compressed`) `corrupt` for a stream that does not decompress,
 *   `limit-exceeded` past `maxBytes`, `unsupported` for Brotli without a decoder.
 */
export function openEnvelope(
  bytes: Uint8Array,
  mode: EnvelopeMode,
  maxBytes: number,
  brotli?: BrotliDecoder,
): Uint8Array {
  // The output grows as bytes really come out, never past maxBytes (no size is stored).
  const out = new Output(maxBytes);
  out.begin(maxBytes);
  try {
    switch (mode) {
      case "gzip":
      case "deflate":
        // The trailer (CRC-32 and size, or Adler-32) is checked, as the engine's zlib does.
        inflateBlock(bytes, out, mode === "gzip");
        return out.bytes();
      case "zstd":
        zstdDecompress(bytes, out);
        return out.bytes();
      case "fastlz":
        fastlzDecompress(bytes, out);
        return out.bytes();
      case "brotli":
        if (brotli === undefined)
          throw new FileError("a Brotli envelope needs the Brotli decoder", {
            code: "unsupported",
            offset: 0,
            layer: "compressed",
          });
        return brotli(bytes, maxBytes);
    }
  } catch (e) {
    if (FileError.is(e)) throw e;
    const overflow =
      (e instanceof CodecError && e.overflow) || (e instanceof Error && /not large enough/.test(e.message));
    if (overflow)
      throw new FileError(`the ${mode} envelope inflates past maxBytes ${maxBytes}`, {
        code: "limit-exceeded",
        offset: 0,
        layer: "compressed",
        cause: e,
      });
    fail(
      `bad ${mode} envelope: ${e instanceof Error ? e.message : String(e)}`,
      e instanceof CodecError ? e.at : 0,
      e,
    );
  }
}

/**
 * Compresses `plaintext` as `PackedByteArray.compress(mode)` does, for the engine's
 * `decompress` / `decompress_dynamic` to read (Zstd frames are stored blocks).
 *
 * @throws {FileError} `unsupported` for Brotli (the engine cannot write it either).
 */
export function sealEnvelope(plaintext: Uint8Array, mode: EnvelopeMode): Uint8Array {
  switch (mode) {
    case "gzip":
    case "deflate":
      return deflateBlock(plaintext, mode === "gzip");
    case "zstd":
      return zstdStore(plaintext);
    case "fastlz": {
      // Compression::compress pads an input under 16 bytes with zeros to 16.
      if (plaintext.length >= 16) return fastlzCompress(plaintext);
      const padded = new Uint8Array(16);
      padded.set(plaintext);
      return fastlzCompress(padded);
    }
    case "brotli":
      throw new FileError("Brotli cannot be written (the engine only reads it)", {
        code: "unsupported",
        offset: 0,
        layer: "compressed",
      });
  }
}

import {
  type Builder,
  canonicalInt64,
  DecodeError,
  type DecodeOptions,
  jsBuilder,
  MODEL,
  readWith,
  type ToJSOptions,
} from "@gdvariant/core";
import { dialect, encode, type Godot4EncodeOptions, TYPE_COUNT, TYPE_ID } from "@gdvariant/godot-4";

// MultiplayerAPI::encode_and_compress_variant: one meta byte, then the value.
//
//   meta: | 7 6  | 5 4 3 2 1 0 |
//          mode     type id       mode for INT: 0 = 8-bit, 1 = 16, 2 = 32, 3 = 64 (signed, LE)
//                                 BOOL: bit 7 is the value, no payload
//   every other type: the ordinary encode_variant bytes, whose first byte (the low byte of the
//   header word) is the type id already, mode bits clear.
//
// So the compressed form is made by the ordinary writer and read by the ordinary reader; only
// bool and int are re-packed here. A meta byte with mode bits on another type reads as an
// unknown type, as in the engine (decode_variant masks the header with 0xFF).
const MODE_SHIFT = 6;
const BOOL_TRUE = 0x80;
const TYPE_MASK = 0x3f;
const INT_WIDTHS = [1, 2, 4, 8] as const;

/** Options of {@link encodeCompressed}: godot-4's encode options (target version, limits). */
export type CompressedEncodeOptions = Godot4EncodeOptions;

/**
 * Options of {@link decodeCompressed}: core's decode limits (`maxDepth` default 1024,
 * `maxCollectionLength` 16,777,216, `maxTotalBytes` 1 GiB, `allowObjects` default false, as the
 * engine's `allow_object_decoding`), plus `values`: `"model"` (default) for the lossless model,
 * `"js"` for plain JavaScript (the `decodeJS` mapping, with `dictionaries`).
 */
export interface CompressedDecodeOptions
  extends Omit<DecodeOptions, "offset" | "exact" | "onSpan">,
    ToJSOptions {
  values?: "model" | "js";
}

/**
 * Encodes one value in the compressed form SceneMultiplayer puts in RPC arguments and
 * synchronizer state (`MultiplayerAPI::encode_and_compress_variant`): a bool in one byte, an int
 * in 1, 2, 4 or 8 bytes after its meta byte, anything else as `var_to_bytes` does. Takes model
 * values or plain JS (integer numbers are ints, see `encode`).
 *
 * @example
 * ```ts
 * encodeCompressed(-129); // Uint8Array [0x42, 0x7f, 0xff]: INT, 16-bit
 * ```
 * @throws {EncodeError} as godot-4's `encode`.
 */
export function encodeCompressed(value: unknown, options?: CompressedEncodeOptions): Uint8Array {
  const plain = encode(value, options);
  return compress(plain);
}

/** @internal Re-packs an ordinary encoding of one value into the compressed form. */
export function compress(plain: Uint8Array): Uint8Array {
  const type = plain[0];
  if (type === TYPE_ID.BOOL) return Uint8Array.of(TYPE_ID.BOOL | (plain[4] !== 0 ? BOOL_TRUE : 0));
  if (type !== TYPE_ID.INT) return plain;
  const view = new DataView(plain.buffer, plain.byteOffset, plain.byteLength);
  // Header bit 16 (byte 2, bit 0) is FLAG_64: the payload is an int64.
  const v = (plain[2]! & 1) === 1 ? view.getBigInt64(4, true) : BigInt(view.getInt32(4, true));
  const mode =
    v >= -128n && v <= 127n
      ? 0
      : v >= -32768n && v <= 32767n
        ? 1
        : v >= -2147483648n && v <= 2147483647n
          ? 2
          : 3;
  const width = INT_WIDTHS[mode]!;
  const out = new Uint8Array(1 + width);
  out[0] = TYPE_ID.INT | (mode << MODE_SHIFT);
  const ov = new DataView(out.buffer);
  if (width === 1) ov.setInt8(1, Number(v));
  else if (width === 2) ov.setInt16(1, Number(v), true);
  else if (width === 4) ov.setInt32(1, Number(v), true);
  else ov.setBigInt64(1, v, true);
  return out;
}

/** One compressed value read back, and the bytes it took. */
export interface CompressedResult {
  readonly value: unknown;
  readonly length: number;
}

/**
 * Reads one compressed value (see {@link encodeCompressed}) at `offset` of `bytes`, reading no
 * further than `end` (default `bytes.length`).
 *
 * @throws {DecodeError} `truncated` when the bytes end early, `unknown-type` for a type id the
 *   engine does not have (or mode bits on a type other than int and bool), any code of godot-4's
 *   `decode` for the value itself; offsets are into `bytes`.
 */
export function decodeCompressed(
  bytes: Uint8Array,
  offset = 0,
  options: CompressedDecodeOptions = {},
  end = bytes.length,
): CompressedResult {
  return readCompressed(bytes, offset, end, options, builderFor(options));
}

/** @internal The builder for the `values` option. */
export function builderFor(options: CompressedDecodeOptions): Builder {
  return options.values === "js" ? jsBuilder(options) : MODEL;
}

/** @internal {@link decodeCompressed} with the builder made once by the caller. */
export function readCompressed(
  bytes: Uint8Array,
  offset: number,
  end: number,
  options: CompressedDecodeOptions,
  builder: Builder,
): CompressedResult {
  if (offset >= end) throw truncated(offset);
  const meta = bytes[offset]!;
  const type = meta & TYPE_MASK;
  if (type >= TYPE_COUNT) {
    throw new DecodeError(`unknown compressed type ${type}`, {
      code: "unknown-type",
      offset,
      dialect: "godot-4",
    });
  }
  if (type === TYPE_ID.BOOL) return { value: builder.bool((meta & BOOL_TRUE) !== 0), length: 1 };
  if (type === TYPE_ID.INT) {
    const width = INT_WIDTHS[meta >> MODE_SHIFT]!;
    if (offset + 1 + width > end) throw truncated(end);
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const at = offset + 1;
    const v =
      width === 1
        ? view.getInt8(at)
        : width === 2
          ? view.getInt16(at, true)
          : width === 4
            ? view.getInt32(at, true)
            : canonicalInt64(view.getBigInt64(at, true));
    return { value: builder.int(v), length: 1 + width };
  }
  const input = end === bytes.length ? bytes : bytes.subarray(0, end);
  const r = readWith(dialect, input, { ...options, offset }, builder);
  return { value: r.value, length: r.length };
}

function truncated(offset: number): DecodeError {
  return new DecodeError("compressed value ends early", { code: "truncated", offset, dialect: "godot-4" });
}

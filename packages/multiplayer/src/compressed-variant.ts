import {
  type Builder,
  canonicalInt64,
  checkOptions,
  DecodeError,
  type DecodeOptions,
  EncodeError,
  jsBuilder,
  type KeptReading,
  MODEL,
  newKeptReading,
  readKeeping,
  type ToJSOptions,
} from "@gdvariant/core";
import { dialect, encode, type Godot4EncodeOptions, TYPE_COUNT, TYPE_ID } from "@gdvariant/godot-4";
import { PacketWriter } from "./packet-writer.js";

// MultiplayerAPI::encode_and_compress_variant: one meta byte, then the value.
//
//   meta: | 7 6  | 5 4 3 2 1 0 |
//          mode     type id       mode for INT: 0 = 8-bit, 1 = 16, 2 = 32, 3 = 64 (signed, LE)
//                                 BOOL: bit 7 is the value, no payload
//   every other type: the ordinary encode_variant bytes, whose first byte (the low byte of the
//   header word) is the type id already, mode bits clear.
//
// So the compressed form is written by the ordinary writer (godot-4's encode, or a session's
// kept codec) and read by the ordinary reader; only bool and int are packed here. A meta byte
// with mode bits on another type reads as an unknown type, as in the engine (decode_variant
// masks the header with 0xFF).
const MODE_SHIFT = 6;
const BOOL_TRUE = 0x80;
const TYPE_MASK = 0x3f;
const INT_WIDTHS = [1, 2, 4, 8] as const;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

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
  const w = new PacketWriter();
  if (!isScalar(value)) {
    // The ordinary bytes are the compressed form, unless they turn out an int or bool.
    const plain = encode(value, options);
    if (plain[0] !== TYPE_ID.INT && plain[0] !== TYPE_ID.BOOL) return plain;
  }
  writeCompressed(w, value, options);
  return w.finish();
}

function isScalar(v: unknown): boolean {
  if (typeof v === "boolean" || typeof v === "number" || typeof v === "bigint") return true;
  const kind = typeof v === "object" && v !== null ? (v as { kind?: unknown }).kind : undefined;
  return kind === "int" || kind === "bool";
}

/** @internal Appends the compressed form of `value` to `w`. */
export function writeCompressed(
  w: PacketWriter,
  value: unknown,
  options: CompressedEncodeOptions | undefined,
): void {
  // Bools and ints, plain or model: the meta byte and the smallest width, no Variant header.
  if (typeof value === "boolean") {
    w.u8(TYPE_ID.BOOL | (value ? BOOL_TRUE : 0));
    return;
  }
  if (typeof value === "number" && Number.isSafeInteger(value)) {
    writeInt(w, value);
    return;
  }
  if (typeof value === "object" && value !== null) {
    const kind = (value as { kind?: unknown }).kind;
    if (kind === "bool") {
      w.u8(TYPE_ID.BOOL | ((value as { value: unknown }).value ? BOOL_TRUE : 0));
      return;
    }
    if (kind === "int") {
      const v = (value as { value: unknown }).value;
      if (typeof v === "number" && Number.isSafeInteger(v)) {
        writeInt(w, v);
        return;
      }
    }
  }
  // Everything else: the ordinary bytes. Ints that only the ordinary writer takes (bigint, model
  // int64, integers past 2^53) are re-packed after.
  const at = w.length;
  // A session's codec (kept encoder, written into the chunk), else a value's own bytes.
  if (w.codec !== undefined && options === undefined) w.variant(value);
  else w.bytes(encode(value, options));
  if (w.buf[at] === TYPE_ID.INT) {
    // Header bit 16 (byte 2, bit 0) is FLAG_64: the payload is an int64.
    const v = (w.buf[at + 2]! & 1) === 1 ? w.view.getBigInt64(at + 4, true) : w.view.getInt32(at + 4, true);
    w.length = at;
    writeInt(w, v);
  } else if (w.buf[at] === TYPE_ID.BOOL) {
    const v = w.buf[at + 4] !== 0;
    w.length = at;
    w.u8(TYPE_ID.BOOL | (v ? BOOL_TRUE : 0));
  }
}

function writeInt(w: PacketWriter, v: number | bigint): void {
  if (typeof v === "bigint") {
    if (v < INT64_MIN || v > INT64_MAX)
      throw new EncodeError(`int ${v} does not fit 64 bits`, { code: "out-of-range", dialect: "godot-4" });
    if (v >= -2147483648n && v <= 2147483647n) {
      writeInt(w, Number(v));
      return;
    }
    w.room(9);
    w.buf[w.length] = TYPE_ID.INT | (3 << MODE_SHIFT);
    w.view.setBigInt64(w.length + 1, v, true);
    w.length += 9;
    return;
  }
  if (v < -2147483648 || v > 2147483647) {
    writeInt(w, BigInt(v));
    return;
  }
  const mode = v >= -128 && v <= 127 ? 0 : v >= -32768 && v <= 32767 ? 1 : 2;
  w.room(5);
  const at = w.length;
  w.buf[at] = TYPE_ID.INT | (mode << MODE_SHIFT);
  if (mode === 0) w.view.setInt8(at + 1, v);
  else if (mode === 1) w.view.setInt16(at + 1, v, true);
  else w.view.setInt32(at + 1, v, true);
  w.length = at + 1 + INT_WIDTHS[mode]!;
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
  return readCompressed(bytes, offset, end, compressedReader(options));
}

/**
 * @internal What reading values needs, made once per session (or per call of the stateless
 * functions): the builder, one options object of a fixed shape whose `offset` each read sets (a
 * fresh object per value made the reader several times slower), and core's kept reading: the
 * reader of the last input (so the values of one packet share one reader and its DataView) and
 * the dictionary keys last read.
 */
export interface CompressedReader {
  readonly builder: Builder;
  readonly options: {
    offset: number;
    maxDepth: number | undefined;
    maxCollectionLength: number | undefined;
    maxTotalBytes: number | undefined;
    allowObjects: boolean | undefined;
  };
  readonly kept: KeptReading;
  /** The options were checked (on the first Variant read, as `readWith` checks them per read). */
  checked: boolean;
  /** Where the value {@link readValue} read last ends. */
  next: number;
}

/** @internal */
export function compressedReader(options: CompressedDecodeOptions): CompressedReader {
  return {
    builder: options.values === "js" ? jsBuilder(options) : MODEL,
    options: {
      offset: 0,
      maxDepth: options.maxDepth,
      maxCollectionLength: options.maxCollectionLength,
      maxTotalBytes: options.maxTotalBytes,
      allowObjects: options.allowObjects,
    },
    kept: newKeptReading(),
    checked: false,
    next: 0,
  };
}

/** @internal {@link decodeCompressed} with the reader state made by the caller. */
export function readCompressed(
  bytes: Uint8Array,
  offset: number,
  end: number,
  r: CompressedReader,
): CompressedResult {
  const value = readValue(end === bytes.length ? bytes : bytes.subarray(0, end), offset, r);
  return { value, length: r.next - offset };
}

/**
 * @internal One compressed value at `offset` of `input` (which ends where the values end: a
 * caller reading several values of one packet passes the same array each time, so they share
 * one reader); where it ends goes to `r.next`.
 * @throws {DecodeError} as {@link decodeCompressed}.
 */
export function readValue(input: Uint8Array, offset: number, r: CompressedReader): unknown {
  const end = input.length;
  if (offset >= end) throw truncated(offset);
  const meta = input[offset]!;
  const type = meta & TYPE_MASK;
  if (type >= TYPE_COUNT) {
    throw new DecodeError(`unknown compressed type ${type}`, {
      code: "unknown-type",
      offset,
      dialect: "godot-4",
    });
  }
  const builder = r.builder;
  if (type === TYPE_ID.BOOL) {
    r.next = offset + 1;
    return builder.bool((meta & BOOL_TRUE) !== 0);
  }
  if (type === TYPE_ID.INT) {
    const width = INT_WIDTHS[meta >> MODE_SHIFT]!;
    const at = offset + 1;
    if (at + width > end) throw truncated(end);
    r.next = at + width;
    // Little-endian, signed, from the bytes (no DataView per value).
    if (width === 1) return builder.int((input[at]! << 24) >> 24);
    if (width === 2) return builder.int(((input[at]! | (input[at + 1]! << 8)) << 16) >> 16);
    if (width === 4)
      return builder.int(
        input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16) | (input[at + 3]! << 24),
      );
    const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
    return builder.int(canonicalInt64(view.getBigInt64(at, true)));
  }
  if (!r.checked) {
    // As readWith does before reading (readKeeping trusts its caller to have done it).
    checkOptions(
      r.options,
      (m) => new DecodeError(m, { code: "invalid-data", offset: 0, dialect: "godot-4" }),
    );
    r.checked = true;
  }
  r.options.offset = offset;
  const v = readKeeping(dialect, input, r.options as DecodeOptions, builder, r.kept);
  r.next = offset + v.length;
  return v.value;
}

function truncated(offset: number): DecodeError {
  return new DecodeError("compressed value ends early", { code: "truncated", offset, dialect: "godot-4" });
}

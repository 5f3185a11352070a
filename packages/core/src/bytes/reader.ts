import { DecodeError, type DecodeErrorCode } from "../errors.js";
import type { Int64 } from "../value/types.js";
import { utf8At } from "./utf8.js";

/** True on little-endian hosts (every shipped JS engine today); typed-array views need it. */
export const HOST_LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Canonical Int64 from a bigint: a number when it is safe. */
export function canonicalInt64(v: bigint): Int64 {
  // Literals: a module-level BigInt(...) stays in every bundle (bundlers cannot prove it pure).
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v;
}

type TypedArrayCtor<T> = {
  new (length: number): T;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): T;
  readonly BYTES_PER_ELEMENT: number;
};

/**
 * @internal What a probing reader (`probeWith`) throws for any failure, made once: a reading
 * that fails makes no error object, builds no message and no path. Never escapes `probeWith`.
 */
export const MISS = /* @__PURE__ */ Object.freeze({ miss: true }) as unknown as DecodeError;

/**
 * Little-endian reader over any `Uint8Array` view (subarrays included). Positions and error
 * offsets are indices into that view. One DataView is built from `byteOffset`/`byteLength`.
 *
 * Every read checks the bytes left first and throws a {@link DecodeError} with code `truncated`
 * at the current position, so nothing is allocated for a count the input cannot back.
 */
export class ByteReader {
  // Fields `declare`d, made by the constructor alone (see Decoder's: V8 then knows their types).
  declare readonly bytes: Uint8Array;
  declare readonly view: DataView;
  /** Current position, an index into `bytes`. */
  declare pos: number;
  /** End of the readable range (exclusive); a record reader moves it record by record. */
  declare end: number;
  /** Dialect id put on errors. */
  declare dialect: string | undefined;
  /** Set by `probeWith`: a failure throws {@link MISS} instead of a new DecodeError. */
  declare probe: boolean;

  constructor(bytes: Uint8Array, start = 0, end = bytes.length) {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = start;
    this.end = end;
    this.dialect = undefined;
    this.probe = false;
  }

  /** Bytes left to read. */
  get remaining(): number {
    return this.end - this.pos;
  }

  /** A DecodeError at `offset` (default: the current position); {@link MISS} when probing. */
  error(code: DecodeErrorCode, message: string, offset = this.pos): DecodeError {
    if (this.probe) return MISS;
    return new DecodeError(message, { code, offset, dialect: this.dialect });
  }

  /**
   * A `truncated` DecodeError at `offset`: the read wanted `needed` bytes from the current
   * position, and its `missing` says how many of them the input lacks; {@link MISS} when probing.
   */
  truncated(message: string, needed: number, offset = this.pos): DecodeError {
    if (this.probe) return MISS;
    const missing = needed - (this.end - this.pos);
    return new DecodeError(message, { code: "truncated", offset, dialect: this.dialect, missing });
  }

  /** Throws `truncated` unless `n` more bytes exist. */
  need(n: number, what = "value"): void {
    if (n > this.end - this.pos) {
      throw this.truncated(`${what} needs ${n} bytes, ${this.end - this.pos} left`, n);
    }
  }

  skip(n: number): void {
    this.need(n);
    this.pos += n;
  }

  u8(): number {
    this.need(1);
    return this.bytes[this.pos++]!;
  }

  u32(): number {
    if (this.end - this.pos < 4) this.need(4, "u32");
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  i32(): number {
    if (this.end - this.pos < 4) this.need(4, "i32");
    const v = this.view.getInt32(this.pos, true);
    this.pos += 4;
    return v;
  }

  u64(): bigint {
    this.need(8, "u64");
    const v = this.view.getBigUint64(this.pos, true);
    this.pos += 8;
    return v;
  }

  i64(): bigint {
    this.need(8, "i64");
    const v = this.view.getBigInt64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** i64 in canonical {@link Int64} form (a number when safe). Avoids a bigint when it can. */
  i64n(): Int64 {
    this.need(8, "i64");
    const lo = this.view.getUint32(this.pos, true);
    const hi = this.view.getInt32(this.pos + 4, true);
    this.pos += 8;
    // |value| < 2^53 when hi is in [-2^21, 2^21): hi * 2^32 + lo is then exact in a double.
    if (hi >= -0x200000 && hi < 0x200000) {
      const v = hi * 4294967296 + lo;
      if (v !== -9007199254740992) return v;
    }
    // Past it, a bigint from the two halves. (DataView.getBigInt64 here made decodeJS of
    // Array[int] 2.8% cheaper but the tagged decode 17% dearer: bench/CHANGELOG.md.)
    return (BigInt(hi) << 32n) | BigInt(lo);
  }

  f32(): number {
    if (this.end - this.pos < 4) this.need(4, "f32");
    const v = this.view.getFloat32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f64(): number {
    this.need(8, "f64");
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  /** `n` bytes as a view into the input (no copy). */
  bytesView(n: number): Uint8Array {
    this.need(n);
    const out = this.bytes.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** Skips padding after `n` payload bytes; the padding content is ignored. */
  skipPadding(n: number, required = true): void {
    const pad = (4 - (n & 3)) & 3;
    if (required) this.need(pad, "padding");
    this.pos = Math.min(this.pos + pad, this.end);
  }

  /**
   * Length-prefixed UTF-8: u32 N, N bytes, padding to 4 (content ignored, must be present, as
   * the engine requires). Stops at the first NUL, drops a leading BOM.
   */
  string(): string {
    const at = this.pos;
    const n = this.u32();
    if (n > 0x7fffffff) throw this.error("invalid-data", `string length ${n} has the sign bit set`, at);
    const padded = n + ((4 - (n & 3)) & 3);
    if (padded > this.end - this.pos) {
      throw this.truncated(
        `string of ${n} bytes (+padding) needs ${padded} bytes, ${this.end - this.pos} left`,
        padded,
      );
    }
    const s = utf8At(this.bytes, this.view, this.pos, n);
    if (s === undefined) throw this.error("invalid-utf8", "string is not valid UTF-8", this.pos);
    this.pos += padded;
    return s;
  }

  /**
   * `count` elements of a typed array. A view into the input when the data is aligned for the
   * element type, the host is little-endian and `copy` is false; otherwise one bulk copy.
   */
  typed<T extends ArrayBufferView>(ctor: TypedArrayCtor<T>, count: number, copy: boolean): T {
    const size = ctor.BYTES_PER_ELEMENT;
    const byteLength = count * size;
    this.need(byteLength, "packed array data");
    const abs = this.bytes.byteOffset + this.pos;
    let out: T;
    if (HOST_LITTLE_ENDIAN) {
      if (!copy && abs % size === 0) {
        out = new ctor(this.bytes.buffer, abs, count);
      } else {
        out = new ctor(count);
        new Uint8Array(out.buffer, 0, byteLength).set(this.bytes.subarray(this.pos, this.pos + byteLength));
      }
    } else {
      out = new ctor(count);
      swapBytes(this.bytes, this.pos, new Uint8Array(out.buffer, 0, byteLength), 0, byteLength, size);
    }
    this.pos += byteLength;
    return out;
  }
}

/**
 * Copies `length` bytes of `src` from `from` into `dst` at `to`, reversing the byte order of each
 * `size`-byte element: how little-endian wire data becomes a typed array's memory on a
 * big-endian host, and back.
 */
export function swapBytes(
  src: Uint8Array,
  from: number,
  dst: Uint8Array,
  to: number,
  length: number,
  size: number,
): void {
  for (let i = 0; i < length; i += size) {
    for (let j = 0; j < size; j++) dst[to + i + j] = src[from + i + size - 1 - j]!;
  }
}

import { Header } from "../codecs/define.js";
import { describeJS } from "../describe.js";
import { isInt64 } from "../value/int64.js";
import type { Int64 } from "../value/types.js";
import { HOST_LITTLE_ENDIAN, swapBytes } from "./reader.js";
import { encodeLongInto, encodeShortInto, Utf8, utf8Length } from "./utf8.js";

/** Thrown by a writer made with {@link ByteWriter.into} when a write does not fit. */
export class TargetTooSmall extends Error {
  /** Bytes from the start of the target the failing write needed. */
  readonly needed: number;
  constructor(needed: number) {
    super(`the write needs ${needed} bytes of the target`);
    this.needed = needed;
  }
}

// What a write refuses: the engine's writer turns it into EncodeError `invalid-value` with the
// path of the value being written.
function notA(what: string, x: unknown): TypeError {
  return new TypeError(`expected ${what}, not ${describeJS(x)}`);
}

// `x`, which a float write takes: DataView would convert anything else ("1" to 1).
function num(x: unknown): number {
  if (typeof x !== "number") throw notA("a number", x);
  return x;
}

/**
 * Growable little-endian writer. Doubles its buffer and keeps one cached DataView
 * (as protobuf-es `binary-encoding.ts` does). Padding is always written as zeros.
 */
export class ByteWriter {
  // The fields without a value are `declare`d, made by `use` alone (as the reader's: a class
  // field without a value is first defined as undefined, after which V8 knows neither a number
  // field's representation nor an object field's map, and checks both at every load). Not fields
  // with initializers either: the constructor's bytecode, with what it inlines, is what V8 weighs
  // when it inlines `new Encoder`.
  declare private buf: Uint8Array;
  declare private view: DataView;
  // buf.buffer and buf.byteOffset, read once per buffer: the getters are calls into the VM,
  // each as costly as a small write (viewFrom makes a view per codec encode).
  declare private arrayBuffer: ArrayBufferLike;
  declare private byteOffset: number;
  // buf.length when its view was made: a resizable buffer's view may have changed length since.
  declare private length: number;
  /** Bytes written so far. */
  pos = 0;
  // Where a write must stop before `ensure` calls `grow`: the buffer's length, or the limit
  // when that is less. One comparison per write covers both.
  declare private cap: number;
  // Set by `into`: the caller's buffer, which is never replaced.
  private fixed = false;
  private limit = Infinity;
  // The limit as set (setLimit), and where this writing started in `buf` (restart): `limit` is
  // their sum.
  private maxBytes = Infinity;
  private base = 0;
  // Set with `limit` (a finite limit is only ever set by setLimit, which every encoder calls).
  declare private overLimit: (needed: number) => Error;

  /** @param initial the first buffer's capacity in bytes, or the buffer to start in (its content is overwritten). */
  constructor(initial: number | Uint8Array = 256) {
    this.use(typeof initial === "number" ? new Uint8Array(Math.max(16, initial)) : initial);
  }

  // Writes go to `buf` from now on (its content from `pos` on may be overwritten). The view is
  // made first: a buffer that cannot be viewed (detached) throws and leaves the writer as it was.
  private use(buf: Uint8Array): void {
    const arrayBuffer = buf.buffer;
    const byteOffset = buf.byteOffset;
    const length = buf.byteLength;
    this.view = new DataView(arrayBuffer, byteOffset, length);
    this.buf = buf;
    this.arrayBuffer = arrayBuffer;
    this.byteOffset = byteOffset;
    this.length = length;
    this.cap = Math.min(length, this.limit);
  }

  /**
   * Caps the bytes written at `limit`: a write that would take the total past it throws the
   * error `error(needed)` returns (`needed`: the total the write asked for), and writes nothing.
   * A `limit` that is not a number (or NaN) sets none.
   * The check costs nothing per write: it is the comparison that decides whether to grow.
   */
  setLimit(limit: number, error: (needed: number) => Error): void {
    // Anything that does not compare as a number (NaN, say) is no limit: `cap` must never pass
    // the buffer's end.
    // biome-ignore lint/complexity/useMathMinMax: Math.min would keep NaN, the case this is for
    this.maxBytes = limit <= Infinity ? limit : Infinity;
    this.limit = this.base + this.maxBytes;
    this.overLimit = error;
    this.cap = Math.min(this.buf.length, this.limit);
  }

  /**
   * A writer over a caller's buffer: it writes into `target` and never grows; a write past its
   * end throws {@link TargetTooSmall}. `pos` counts from the start of `target`.
   */
  static into(target: Uint8Array): ByteWriter {
    const w = new ByteWriter(target);
    w.fixed = true;
    return w;
  }

  /**
   * Starts a new writing at `start` in `buffer` (the writer's buffer again, or another one),
   * keeping the DataView when the buffer is the same and of the same length: a codec object
   * writes message after message into one kept chunk (`dialect/codec.ts`). `pos` then counts
   * from the start of `buffer`, and the limit of {@link setLimit} (kept) from `start`. A grow
   * copies the bytes before `start` too (they are few: a chunk is small). With `fixed`, the
   * writer never leaves `buffer`, as one made with {@link into}: a write past its end throws
   * {@link TargetTooSmall} (`needed` counted from the start of `buffer`).
   * @throws {TypeError} when `buffer` cannot be viewed (detached); the writer is left as it was.
   */
  restart(buffer: Uint8Array, start: number, fixed = false): void {
    if (buffer !== this.buf || buffer.length !== this.length) this.use(buffer);
    this.fixed = fixed;
    this.base = start;
    this.limit = start + this.maxBytes;
    this.cap = Math.min(this.length, this.limit);
    this.pos = start;
  }

  /** The bytes from `start` to the position, as a view of the buffer (see {@link restart}). */
  viewFrom(start: number): Uint8Array {
    // A constructor call, not subarray: subarray looks up the species constructor per call.
    return new Uint8Array(this.arrayBuffer, this.byteOffset + start, this.pos - start);
  }

  /** The buffer being written (grows replace it). */
  get buffer(): Uint8Array {
    return this.buf;
  }

  /**
   * The bytes from `start` to the position, for a writer whose buffer nothing writes again: a
   * view of the buffer when they are at least half of it, else a copy at their exact size (a
   * view would keep the whole buffer alive for a few bytes).
   */
  takeFrom(start: number): Uint8Array {
    return (this.pos - start) * 2 >= this.length ? this.viewFrom(start) : this.buf.slice(start, this.pos);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    const need = this.pos + n;
    if (need > this.cap) this.grow(need);
  }

  /**
   * Makes room now for 8 times the bytes written since `from` (more of the same to come: the
   * rest of a container after its first eighth), where that grows the buffer: one grow to about
   * the size needed instead of a doubling per size up to there. Never throws: room past the
   * limit is not made, none in a caller's buffer, and where so large a buffer cannot be had
   * (a first eighth far larger than the rest) writing goes on by doubling.
   */
  room(from: number): void {
    const need = Math.min(this.pos * 9 - from * 8, this.limit);
    if (need > this.cap && !this.fixed)
      try {
        this.grow(need);
      } catch {}
  }

  private grow(need: number): void {
    if (need > this.limit) throw this.overLimit(need);
    if (this.fixed) throw new TargetTooSmall(need);
    // Doubling, or exactly what is needed when one write needs more than that (a large packed
    // array): the result is a view on this buffer, so it should not hold twice the bytes.
    const next = new Uint8Array(Math.max(this.buf.length * 2, need));
    next.set(this.buf.subarray(0, this.pos));
    this.use(next);
  }

  /**
   * Writes again the `n` bytes written from `from` (both multiples of 4: whole Variant words),
   * as a repeated dictionary key is.
   */
  repeat(from: number, n: number): void {
    this.ensureKey(n);
    const v = this.view;
    const to = this.pos;
    for (let i = 0; i < n; i += 4) v.setUint32(to + i, v.getUint32(from + i, true), true);
    this.pos = to + n;
  }

  // Room for a String key's `n` bytes written again: where they do not fit, the header word is
  // made room for first, then the rest, as writing the key anew does (u32, then string): a
  // target too small reports the byte it reached the same way however the key was written.
  private ensureKey(n: number): void {
    if (this.pos + n > this.cap) {
      this.ensure(4);
      this.ensure(n);
    }
  }

  /**
   * The word `tag`, then {@link string}'s bytes of `s`: a tagged Variant String. Where the worst
   * case (3 bytes per UTF-16 unit) fits and `s` is short, one room check for the whole, the
   * bytes by encodeShortInto and the two words written after it; anything else as `u32` then `string`
   * (the same bytes, and the same `needed` where a write does not fit).
   */
  taggedString(tag: number, s: string): void {
    const at = this.pos;
    const n = s.length;
    if (n > Utf8.SHORT_ENCODE || at + 11 + n * 3 > this.cap) {
      this.u32(tag);
      this.string(s);
      return;
    }
    const buf = this.buf;
    const start = at + 8;
    const v = this.view;
    let end = start + encodeShortInto(s, v, buf, start);
    v.setUint32(at, tag >>> 0, true);
    v.setUint32(at + 4, end - start, true);
    // Zero padding up to a multiple of 4 (stores, as `pad`).
    while ((end - start) & 3) buf[end++] = 0;
    this.pos = end;
  }

  /**
   * The word `tag`, then `n` (2 to 4) f32s of `a`, `b`, `c`, `d`: a Vector2, Vector3 or Color.
   * One room check where 20 bytes fit, else as `u32` then `f32`s (the same bytes, errors and
   * `needed`).
   */
  taggedFloats(tag: number, n: number, a: unknown, b: unknown, c: unknown, d: unknown): void {
    const at = this.pos;
    if (at + 20 > this.cap) {
      this.u32(tag);
      this.f32(a as number);
      this.f32(b as number);
      if (n > 2) this.f32(c as number);
      if (n > 3) this.f32(d as number);
      return;
    }
    // In the order of the writes above: a value that is not a number throws after those before it.
    const v = this.view;
    v.setUint32(at, tag >>> 0, true);
    v.setFloat32(at + 4, num(a), true);
    v.setFloat32(at + 8, num(b), true);
    if (n > 2) v.setFloat32(at + 12, num(c), true);
    if (n > 3) v.setFloat32(at + 16, num(d), true);
    this.pos = at + 4 + n * 4;
  }

  /**
   * A float: the word `tag` (with {@link Header.FLAG_64} where `x` is not exact as an f32), then
   * `x` as an f32 or f64. One room check where 12 bytes fit, else as `u32` then `f32` or `f64`
   * (the same bytes and the same `needed`).
   */
  taggedFloat(tag: number, x: number): void {
    const at = this.pos;
    const narrow = Math.fround(x) === x;
    if (!narrow) tag |= Header.FLAG_64;
    if (at + 12 > this.cap) {
      this.u32(tag);
      if (narrow) this.f32(x);
      else this.f64(x);
      return;
    }
    const v = this.view;
    v.setInt32(at, tag, true);
    if (narrow) {
      v.setFloat32(at + 4, x, true);
      this.pos = at + 8;
    } else {
      v.setFloat64(at + 4, x, true);
      this.pos = at + 12;
    }
  }

  /**
   * The numbers `a` and `b` as two words (each as `u32` writes it: modulo 2^32), behind one room
   * check where 8 bytes fit, else as `u32` then `u32` (the same bytes and the same `needed`): a
   * header and its value or count.
   */
  wordPair(a: number, b: number): void {
    const at = this.pos;
    if (at + 8 > this.cap) {
      this.u32(a);
      this.u32(b);
      return;
    }
    const v = this.view;
    v.setInt32(at, a | 0, true);
    v.setInt32(at + 4, b | 0, true);
    this.pos = at + 8;
  }

  /** The little-endian word written at `at`. */
  wordAt(at: number): number {
    return this.view.getInt32(at, true);
  }

  /**
   * Writes `n` little-endian words of `src` from `from` (a kept dictionary key's
   * bytes, whole Variant words). A loop of pointer steps, small enough for V8 to inline into
   * the encoder's key writing with room to spare for the value writes around it.
   */
  words(src: Int32Array, from: number, n: number): void {
    this.ensureKey(n * 4);
    const v = this.view;
    let to = this.pos;
    const end = to + n * 4;
    // (n is at least 2: a String's header and length.)
    do {
      v.setInt32(to, src[from++]!, true);
      to += 4;
    } while (to < end);
    this.pos = end;
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, v >>> 0, true);
    this.pos += 4;
  }

  i32(v: number): void {
    this.ensure(4);
    this.view.setInt32(this.pos, v | 0, true);
    this.pos += 4;
  }

  /** Overwrites a u32 at an earlier position (length words written after their content). */
  patchU32(at: number, v: number): void {
    this.view.setUint32(at, v >>> 0, true);
  }

  /**
   * int64 from an {@link Int64} (number or bigint).
   * @throws {TypeError} for anything else: a fraction, a number or bigint outside int64
   *   (DataView would write a bigint modulo 2^64).
   */
  i64(v: Int64): void {
    if (!isInt64(v)) throw notA("an int64", v);
    this.ensure(8);
    if (typeof v === "number") {
      // Safe integers: split into two 32-bit halves without a bigint.
      const lo = v % 4294967296;
      const hi = (v - lo) / 4294967296;
      this.view.setUint32(this.pos, lo >>> 0, true);
      this.view.setInt32(this.pos + 4, lo < 0 ? hi - 1 : hi, true);
    } else {
      this.view.setBigInt64(this.pos, v, true);
    }
    this.pos += 8;
  }

  /** @throws {TypeError} for what is not a number (DataView would convert it: "1" to 1). */
  f32(v: number): void {
    num(v);
    this.ensure(4);
    this.view.setFloat32(this.pos, v, true);
    this.pos += 4;
  }

  /** @throws {TypeError} for what is not a number. */
  f64(v: number): void {
    num(v);
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }

  /** Raw bytes, no length, no padding. */
  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
  }

  /** Zero padding after `n` payload bytes, up to a multiple of 4. */
  pad(n: number): void {
    const p = (4 - (n & 3)) & 3;
    if (p === 0) return;
    this.ensure(p);
    // At most three bytes: stores instead of a TypedArray#fill call, which took 8% of a
    // dictionary encode's CPU profile (bench/README.md, "Hot-path changes").
    const buf = this.buf;
    let at = this.pos;
    buf[at++] = 0;
    if (p > 1) buf[at++] = 0;
    if (p > 2) buf[at++] = 0;
    this.pos = at;
  }

  /**
   * Length-prefixed UTF-8 with zero padding. With `nul`, a NUL byte is appended and counted in
   * the length (PackedStringArray elements: u32 N+1, N bytes, NUL, padding).
   */
  string(s: string, nul = false): void {
    // Anything else would make NaN of the position and cut the output short.
    if (typeof s !== "string") throw notA("a string", s);
    const worst = 4 + s.length * 3 + 4;
    // Room for the worst case (3 bytes per UTF-16 unit). Where that would not fit (a caller's
    // buffer or the limit near its end, or a buffer about to grow) the exact UTF-8 length is
    // counted first, so that only a string that really does not fit fails.
    if (this.pos + worst > this.cap) {
      const n = utf8Length(s) + (nul ? 1 : 0);
      this.ensure(4 + n + ((4 - (n & 3)) & 3));
    } else this.ensure(worst);
    const start = this.pos + 4;
    // A longer string into a view made by the constructor (subarray looks up the species).
    let n =
      s.length > Utf8.SHORT_ENCODE
        ? this.longString(s, start)
        : encodeShortInto(s, this.view, this.buf, start);
    if (nul) this.buf[start + n++] = 0;
    this.view.setUint32(this.pos, n, true);
    this.pos = start + n;
    this.pad(n);
  }

  // A String's bytes at `start` by TextEncoder, into a view made by the constructor (subarray
  // looks up the species constructor). Kept out of `string`, which is inlined in the encoder's
  // key writing (in `string` it cost nested-mix encode 8%).
  private longString(s: string, start: number): number {
    return encodeLongInto(s, new Uint8Array(this.arrayBuffer, this.byteOffset + start, this.length - start));
  }

  /** The bytes of a typed array in little-endian order (one bulk copy on LE hosts). */
  typed(data: ArrayBufferView & { readonly length: number; readonly BYTES_PER_ELEMENT: number }): void {
    const byteLength = data.byteLength;
    this.ensure(byteLength);
    if (HOST_LITTLE_ENDIAN) {
      this.buf.set(new Uint8Array(data.buffer, data.byteOffset, byteLength), this.pos);
    } else {
      const src = new Uint8Array(data.buffer, data.byteOffset, byteLength);
      swapBytes(src, 0, this.buf, this.pos, byteLength, data.BYTES_PER_ELEMENT);
    }
    this.pos += byteLength;
  }

  /**
   * Floats as f32 or f64 from any array-like of numbers.
   * @throws {TypeError} for an element of a plain array that is not a number.
   */
  floats(data: ArrayLike<number>, wide: boolean): void {
    const n = data.length;
    if (!ArrayBuffer.isView(data)) {
      for (let i = 0; i < n; i++) if (typeof data[i] !== "number") throw notA("a number", data[i]);
    }
    if (wide) {
      this.ensure(n * 8);
      for (let i = 0; i < n; i++) this.view.setFloat64(this.pos + i * 8, data[i]!, true);
      this.pos += n * 8;
    } else {
      this.ensure(n * 4);
      for (let i = 0; i < n; i++) this.view.setFloat32(this.pos + i * 4, data[i]!, true);
      this.pos += n * 4;
    }
  }

  /**
   * The bytes written. A view on the writer's buffer (no copy); the writer must not be used
   * afterwards.
   */
  finish(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

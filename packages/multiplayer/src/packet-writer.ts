import { EncodeError, encodeUtf8 } from "@gdvariant/core";

function range(detail: string): EncodeError {
  return new EncodeError(detail, { code: "out-of-range", dialect: "godot-4" });
}

/**
 * @internal A growing little-endian byte buffer: packet headers, and values written in place by
 * godot-4's `encodeInto` (the buffer doubles and the value is written again when it did not fit).
 */
export class PacketWriter {
  buf: Uint8Array;
  view: DataView;
  length = 0;

  /**
   * @param size - the first buffer. 64 bytes for a one-off packet: V8 keeps a typed array this
   *   small on the JS heap, where a larger one is a separate allocation (~2.5 µs per packet in
   *   bench/multiplayer/rpc.mjs). A session keeps one large writer for all its packets instead.
   * @param reused - values are written into the buffer in place (`encodeInto`); a one-off
   *   writer takes each value's own `encode` bytes, since a value that does not fit would cost
   *   a failed write and its error.
   */
  constructor(
    size = 64,
    readonly reused = false,
  ) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }

  /** Starts the next packet in the same buffer. */
  reset(): void {
    this.length = 0;
  }

  /** Makes room for `n` more bytes. */
  room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }
  u8(v: number): this {
    this.room(1);
    this.buf[this.length++] = v;
    return this;
  }
  u16(v: number): this {
    this.room(2);
    this.view.setUint16(this.length, v, true);
    this.length += 2;
    return this;
  }
  u32(v: number): this {
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff) throw range(`${v} does not fit 32 bits`);
    this.room(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
    return this;
  }
  i32(v: number): this {
    if (!Number.isInteger(v) || v < -0x80000000 || v > 0x7fffffff)
      throw range(`peer ${v} does not fit 32 bits`);
    this.room(4);
    this.view.setInt32(this.length, v, true);
    this.length += 4;
    return this;
  }
  u64(v: bigint): this {
    this.room(8);
    this.view.setBigUint64(this.length, BigInt.asUintN(64, v), true);
    this.length += 8;
    return this;
  }
  bytes(b: Uint8Array): this {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
    return this;
  }
  cString(s: string): this {
    return this.bytes(encodeUtf8(s)).u8(0);
  }
  patchU32(at: number, v: number): void {
    this.view.setUint32(at, v, true);
  }
  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

import { EncodeError, encodeUtf8, type VariantCodec } from "@gdvariant/core";

/** A session's chunk: its packets are views into it, so it is replaced, never written again. */
export const CHUNK = 1 << 16;
// Below this many free bytes a chunk is replaced before a packet (a small one would not fit).
const MIN_ROOM = 512;

function range(detail: string): EncodeError {
  return new EncodeError(detail, { code: "out-of-range", dialect: "godot-4" });
}

/**
 * @internal A growing little-endian byte buffer for packets. A one-off writer (`encodePacket`)
 * starts small and hands out each packet as a copy of its own; a session's writer is a chunk
 * that packets are written into one after the other and handed out as views (never written
 * again), with values written into it by the session's kept godot-4 codec.
 */
export class PacketWriter {
  buf: Uint8Array;
  view: DataView;
  /** End of the bytes written: an index into `buf` (the packet starts at `start`). */
  length = 0;
  /** Where the packet being written starts in `buf` (0 for a one-off writer). */
  start = 0;

  /**
   * @param size - the first buffer. 64 bytes for a one-off packet: V8 keeps a typed array this
   *   small on the JS heap, where a larger one is a separate allocation (~2.5 µs per packet in
   *   bench/multiplayer/rpc.mjs). A session's chunk is larger (each packet a view into it).
   * @param codec - a session's codec: its writer is a chunk, and values without encode options
   *   are written into it with the codec's kept encoder ({@link variant}), where a one-off
   *   writer copies in each value's own `encode` bytes.
   */
  constructor(
    size = 64,
    readonly codec: VariantCodec | undefined = undefined,
  ) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }

  /** Starts the next packet: after the last one in a chunk, or in a fresh chunk when it is full. */
  reset(): void {
    if (this.codec === undefined) {
      this.length = 0;
      return;
    }
    // The bytes handed out stay as they are: the next packet starts after them (8-aligned).
    let at = (this.length + 7) & ~7;
    if (this.buf.length - at < MIN_ROOM) {
      this.buf = new Uint8Array(CHUNK);
      this.view = new DataView(this.buf.buffer);
      at = 0;
    }
    this.start = at;
    this.length = at;
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
  /**
   * Writes a Variant with the session's codec straight into the buffer (`encodeInto`, its kept
   * encoder). One that does not fit the room left is written by `codec.encode` and copied in
   * after the buffer grows (a new one: bytes handed out are never written again).
   */
  variant(value: unknown): this {
    const codec = this.codec!;
    try {
      this.length += codec.encodeInto(value, this.buf, this.length);
    } catch (e) {
      if (!(EncodeError.is(e) && e.code === "target-too-small")) throw e;
      this.bytes(codec.encode(value));
    }
    return this;
  }
  cString(s: string): this {
    return this.bytes(encodeUtf8(s)).u8(0);
  }
  patchU32(at: number, v: number): void {
    this.view.setUint32(at, v, true);
  }
  /** The packet: a view of the chunk (a session's writer), else a copy at its size. */
  finish(): Uint8Array {
    return this.codec === undefined
      ? this.buf.slice(0, this.length)
      : this.buf.subarray(this.start, this.length);
  }
}

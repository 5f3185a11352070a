import { connect } from "node:net";
import type { Duplex } from "node:stream";
import {
  type Dialect,
  encodeStreamFrame,
  type FrameEncodeOptions,
  StreamDecoder,
  type StreamDecoderOptions,
  type Value,
} from "@gdvariant/core";

/** Options of {@link VariantSocket}: one set for both directions, so the two sides agree. */
export interface VariantSocketOptions extends StreamDecoderOptions, FrameEncodeOptions {
  /**
   * Length words are big-endian (a Godot `StreamPeer` with `big_endian = true`), both ways.
   * `PacketPeerStream` always uses little-endian. Default false.
   */
  bigEndian?: boolean;
  /**
   * Largest frame read or written, in bytes. A peer announcing more fails the socket the moment
   * its length word is complete. Default 8 MiB (the engine's `PacketPeer` default).
   */
  maxPacketSize?: number;
  /**
   * Decoded values held before the socket is paused (TCP back-pressure then slows the peer).
   * One chunk may complete a few more. Default 64.
   */
  highWaterMark?: number;
  /**
   * Destroy the socket when the peer sends bytes that are not a valid stream (a bad length word
   * or Variant): the stream cannot be resynchronised after that. Default true.
   */
  destroyOnError?: boolean;
}

interface Waiter {
  resolve(value: Value | undefined): void;
  reject(error: unknown): void;
}

/**
 * Godot `StreamPeer.put_var` / `get_var` over a Node duplex stream (`net.Socket`, `tls.TLSSocket`,
 * a `Duplex` pair): `send` writes values with back-pressure, `receive` and `for await` read them.
 * The format is the one `StreamPeerTCP.put_var` and `PacketPeerStream` use: a u32 length, then the
 * Variant bytes.
 *
 * Reading is bounded: at most one unfinished frame is buffered, a length over `maxPacketSize`
 * fails at once, and the socket is paused while `highWaterMark` values wait to be read.
 */
export class VariantSocket implements AsyncIterable<Value> {
  /** The underlying stream. */
  readonly stream: Duplex;
  readonly dialect: Dialect;
  private readonly decoder: StreamDecoder;
  private readonly encodeOptions: FrameEncodeOptions;
  private readonly highWaterMark: number;
  private readonly destroyOnError: boolean;
  private readonly queue: Value[] = [];
  private head = 0;
  private readonly waiters: Waiter[] = [];
  private ended = false;
  private failed = false;
  private failure: unknown;

  /**
   * Starts reading `stream` at once (values queue until read). Prefer {@link attachVariantSocket}.
   * @param options see {@link VariantSocketOptions}; defaults: little-endian, 8 MiB frames,
   *   `highWaterMark` 64, `destroyOnError` true, objects refused (`allowObjects` false).
   */
  constructor(stream: Duplex, dialect: Dialect, options: VariantSocketOptions = {}) {
    this.stream = stream;
    this.dialect = dialect;
    this.decoder = new StreamDecoder(dialect, options);
    const enc: FrameEncodeOptions = {};
    if (options.bigEndian !== undefined) enc.bigEndian = options.bigEndian;
    if (options.maxPacketSize !== undefined) enc.maxPacketSize = options.maxPacketSize;
    if (options.maxDepth !== undefined) enc.maxDepth = options.maxDepth;
    if (options.maxTotalBytes !== undefined) enc.maxTotalBytes = options.maxTotalBytes;
    this.encodeOptions = enc;
    this.highWaterMark = Math.max(1, options.highWaterMark ?? 64);
    this.destroyOnError = options.destroyOnError ?? true;
    stream.on("data", (chunk: Uint8Array) => this.onData(chunk));
    stream.on("end", () => this.onEnd());
    stream.on("error", (err) => this.fail(err));
    stream.on("close", () => this.onEnd());
  }

  /** Values received and not read yet. */
  get queuedValues(): number {
    return this.queue.length - this.head;
  }

  /**
   * The next value from the peer, or `undefined` once the stream ended cleanly (between frames).
   * Values that arrived before an error are returned first.
   * @throws {DecodeError} (as a rejection) when the peer sent a bad frame or the stream ended
   *   inside one (`truncated`); the stream's own error (`ECONNRESET`...) when it failed.
   */
  receive(): Promise<Value | undefined> {
    if (this.head < this.queue.length) {
      const v = this.queue[this.head]!;
      this.queue[this.head++] = undefined as unknown as Value;
      if (this.head === this.queue.length) {
        this.queue.length = 0;
        this.head = 0;
      }
      if (this.stream.isPaused() && !this.ended && !this.failed && this.queuedValues < this.highWaterMark) {
        this.stream.resume();
      }
      return Promise.resolve(v);
    }
    if (this.failed) return Promise.reject(this.failure);
    if (this.ended) return Promise.resolve(undefined);
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      if (this.stream.isPaused()) this.stream.resume();
    });
  }

  /**
   * Async iteration over the received values; ends when the peer ends the stream. Leaving the
   * loop early keeps the socket open, and a later loop (or `receive`) goes on from there.
   */
  [Symbol.asyncIterator](): AsyncIterator<Value> {
    return {
      next: async () => {
        const value = await this.receive();
        return value === undefined ? { done: true, value: undefined } : { done: false, value };
      },
      return: async () => ({ done: true, value: undefined }),
    };
  }

  /**
   * Sends one value as a `put_var` frame. Resolves once the stream accepted it: at once while
   * its buffer has room, after `'drain'` otherwise, so `await`ing each send applies TCP
   * back-pressure. Plain JS values are accepted as by the dialect's `encode`.
   * @throws {EncodeError} (as a rejection) when the dialect cannot write the value or it is over
   *   `maxPacketSize`; the stream's error when it is closed or fails first.
   */
  send(value: unknown): Promise<void> {
    let frame: Uint8Array;
    try {
      frame = encodeStreamFrame(this.dialect, value, this.encodeOptions);
    } catch (e) {
      return Promise.reject(e);
    }
    return writeWithBackPressure(this.stream, frame);
  }

  /** Ends the writing side (the peer reads the end of stream); resolves once flushed. */
  end(): Promise<void> {
    return new Promise((resolve) => this.stream.end(() => resolve()));
  }

  /** Closes the stream at once, both ways. */
  destroy(): void {
    this.stream.destroy();
  }

  private onData(chunk: Uint8Array): void {
    if (this.failed) return;
    try {
      this.decoder.write(chunk, (r) => this.deliver(r.value));
    } catch (e) {
      this.fail(e);
      if (this.destroyOnError) this.stream.destroy();
      return;
    }
    if (this.queuedValues >= this.highWaterMark) this.stream.pause();
  }

  private deliver(value: Value): void {
    const w = this.waiters.shift();
    if (w !== undefined) w.resolve(value);
    else this.queue.push(value);
  }

  private onEnd(): void {
    if (this.ended || this.failed) return;
    try {
      this.decoder.end();
    } catch (e) {
      this.fail(e);
      return;
    }
    this.ended = true;
    for (const w of this.waiters.splice(0)) w.resolve(undefined);
  }

  private fail(error: unknown): void {
    if (this.failed) return;
    this.failed = true;
    this.failure = error;
    for (const w of this.waiters.splice(0)) w.reject(error);
  }
}

/** Writes `chunk`; resolves at once when the stream has room, else on `'drain'`. */
export function writeWithBackPressure(
  stream: Duplex | NodeJS.WritableStream,
  chunk: Uint8Array,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (err?: unknown) => {
      if (settled) return;
      settled = true;
      stream.off("drain", onDrain);
      stream.off("close", onClose);
      if (err === undefined) resolve();
      else reject(err);
    };
    const onDrain = () => done();
    const onClose = () =>
      done(
        Object.assign(new Error("stream closed before the frame was written"), {
          code: "ERR_STREAM_DESTROYED",
        }),
      );
    const ok = stream.write(chunk, (err?: Error | null) => {
      if (err) done(err);
    });
    if (ok) {
      done();
      return;
    }
    stream.on("drain", onDrain);
    stream.on("close", onClose);
  });
}

/**
 * Reads and writes Godot values on a `net.Socket` (or any Node `Duplex`). See {@link VariantSocket}.
 *
 * ```ts
 * net.createServer((socket) => {
 *   const peer = attachVariantSocket(socket, dialect);
 *   for await (const value of peer) await peer.send(value); // echo
 * });
 * ```
 * @param options see {@link VariantSocketOptions} (little-endian, 8 MiB frames, `highWaterMark`
 *   64, `destroyOnError` true, objects refused).
 * @throws nothing; errors arrive through `receive` and `send`.
 */
export function attachVariantSocket(
  stream: Duplex,
  dialect: Dialect,
  options: VariantSocketOptions = {},
): VariantSocket {
  return new VariantSocket(stream, dialect, options);
}

/**
 * Connects to a TCP server (a Godot `TCPServer`, or one built on this package) and resolves with
 * a {@link VariantSocket} once connected.
 * @param options the socket options, plus `timeoutMs` for the connection (default 10,000).
 * @throws the connection's error (`ECONNREFUSED`...), or an `ETIMEDOUT` error, as a rejection.
 */
export function connectVariantSocket(
  port: number,
  host: string,
  dialect: Dialect,
  options: VariantSocketOptions & { timeoutMs?: number } = {},
): Promise<VariantSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(Object.assign(new Error(`connection to ${host}:${port} timed out`), { code: "ETIMEDOUT" }));
    }, options.timeoutMs ?? 10_000);
    socket.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.once("connect", () => {
      clearTimeout(timer);
      socket.setNoDelay(true);
      resolve(new VariantSocket(socket, dialect, options));
    });
  });
}

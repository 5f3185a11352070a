// VariantSocket and the Node Transforms over real loopback TCP sockets (no engine here; the
// engine conversations are in live-godot3/4.test.ts).
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import { PassThrough, Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { DecodeError, EncodeError, encodeStreamFrame, equals, type Value } from "@gdvariant/core";
import { dialect as godot4 } from "@gdvariant/godot-4";
import {
  attachVariantSocket,
  connectVariantSocket,
  createVariantDecoder,
  createVariantEncoder,
  VariantSocket,
} from "@gdvariant/node";
import { afterEach, describe, expect, it } from "vitest";

const servers: Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A loopback server; resolves with its port and the first accepted socket (as a promise). */
async function listen(): Promise<{ port: number; accepted: Promise<Socket> }> {
  let accept!: (s: Socket) => void;
  const accepted = new Promise<Socket>((r) => (accept = r));
  const server = createServer((s) => accept(s));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { port: (server.address() as AddressInfo).port, accepted };
}

const sample: Value[] = [
  { kind: "string", value: "héllo wörld ✓ 🎮" },
  { kind: "int", value: 2n ** 62n + 1n },
  {
    kind: "dictionary",
    entries: [
      [
        { kind: "string", value: "nested" },
        { kind: "array", items: [{ kind: "float", value: 0.1 }] },
      ],
    ],
  },
  { kind: "packedInt64Array", data: BigInt64Array.from([1n, -(2n ** 63n)]) },
  { kind: "nil" },
];

describe("VariantSocket over TCP", () => {
  it("echoes values both ways (server and client built on the package)", async () => {
    const { port, accepted } = await listen();
    const client = await connectVariantSocket(port, "127.0.0.1", godot4);
    const server = attachVariantSocket(await accepted, godot4);
    const echo = (async () => {
      for await (const v of server) await server.send(v);
      await server.end();
    })();
    for (const v of sample) await client.send(v);
    const back: Value[] = [];
    for (let i = 0; i < sample.length; i++) back.push((await client.receive())!);
    await client.end();
    await echo;
    expect(await client.receive()).toBeUndefined();
    expect(back.every((v, i) => equals(v, sample[i]!))).toBe(true);
  });

  it("a frame larger than the socket buffers arrives whole (70 kB PackedByteArray, 1 MiB string)", async () => {
    const { port, accepted } = await listen();
    const client = await connectVariantSocket(port, "127.0.0.1", godot4);
    const server = attachVariantSocket(await accepted, godot4);
    const big: Value = {
      kind: "packedByteArray",
      data: Uint8Array.from({ length: 70000 }, (_, i) => (i * 7) & 255),
    };
    const huge: Value = { kind: "string", value: "é".repeat(1 << 19) };
    await Promise.all([client.send(big), client.send(huge)]);
    expect(equals((await server.receive())!, big)).toBe(true);
    expect(equals((await server.receive())!, huge)).toBe(true);
    client.destroy();
  });

  it("pauses the socket while highWaterMark values wait, and resumes as they are read", async () => {
    const { port, accepted } = await listen();
    const raw = connect(port, "127.0.0.1");
    const server = attachVariantSocket(await accepted, godot4, { highWaterMark: 4 });
    // 2000 frames of ~1 kB: 2 MB, far more than one socket read.
    const pad = "x".repeat(1000);
    for (let i = 0; i < 2000; i++) raw.write(encodeStreamFrame(godot4, [i, pad]));
    await new Promise((r) => setTimeout(r, 200));
    expect(server.stream.isPaused()).toBe(true);
    // One socket read (at most 64 kB) past the mark, not the whole 2 MB.
    expect(server.queuedValues).toBeLessThan(100);
    for (let i = 0; i < 2000; i++) {
      const v = await server.receive();
      expect(v?.kind === "array" && v.items[0]).toEqual({ kind: "int", value: i });
    }
    raw.destroy();
  });

  it("send waits for 'drain' when the peer does not read", async () => {
    const { port, accepted } = await listen();
    const client = await connectVariantSocket(port, "127.0.0.1", godot4);
    const peer = await accepted;
    peer.pause(); // never reads
    const value: Value = { kind: "packedByteArray", data: new Uint8Array(1 << 20) };
    let pending = false;
    for (let i = 0; i < 64 && !pending; i++) {
      const p = client.send(value);
      const state = await Promise.race([
        p.then(() => "done"),
        new Promise((r) => setTimeout(() => r("waiting"), 50)),
      ]);
      pending = state === "waiting";
    }
    expect(pending).toBe(true);
    client.destroy();
    peer.destroy();
  });

  it("a hostile length word fails receive with DecodeError(framing) and destroys the socket", async () => {
    const { port, accepted } = await listen();
    const raw = connect(port, "127.0.0.1");
    const server = attachVariantSocket(await accepted, godot4);
    raw.write(Buffer.concat([encodeStreamFrame(godot4, "first"), Buffer.from([0xf0, 0xff, 0xff, 0xff])]));
    expect(await server.receive()).toEqual({ kind: "string", value: "first" });
    const err = await server.receive().catch((e) => e);
    expect(DecodeError.is(err) && [err.code, err.offset]).toEqual(["framing", 20]);
    await new Promise((r) => setTimeout(r, 20));
    expect(server.stream.destroyed).toBe(true);
    raw.destroy();
  });

  it("a peer that closes inside a frame fails receive with truncated", async () => {
    const { port, accepted } = await listen();
    const raw = connect(port, "127.0.0.1");
    const server = attachVariantSocket(await accepted, godot4);
    raw.end(encodeStreamFrame(godot4, "cut").subarray(0, 9));
    const err = await server.receive().catch((e) => e);
    expect(DecodeError.is(err) && [err.code, err.offset]).toEqual(["truncated", 0]);
  });

  it("refuses values over maxPacketSize, and values the dialect cannot write, with EncodeError", async () => {
    const s = new VariantSocket(new PassThrough(), godot4, { maxPacketSize: 1024 });
    const e1 = await s.send("x".repeat(2000)).catch((e) => e);
    expect(EncodeError.is(e1) && e1.code).toBe("limit-exceeded");
    const e2 = await s
      .send({ kind: "image", format: 0, mipmaps: 0, width: 0, height: 0, data: new Uint8Array() })
      .catch((e) => e);
    expect(EncodeError.is(e2) && e2.code).toBe("unsupported-kind");
  });

  it("writes and reads big-endian length words when asked", async () => {
    const pipe = new PassThrough();
    const s = new VariantSocket(pipe, godot4, { bigEndian: true });
    await s.send(7);
    expect(await s.receive()).toEqual({ kind: "int", value: 7 });
  });
});

describe("Node Transforms", () => {
  it("createVariantEncoder | createVariantDecoder round-trips, byte by byte in between", async () => {
    const out: Value[] = [];
    const oneByte = new (class extends PassThrough {
      override _transform(chunk: Buffer, _e: BufferEncoding, cb: () => void) {
        for (const b of chunk) this.push(Buffer.from([b]));
        cb();
      }
    })();
    await pipeline(
      Readable.from(sample),
      createVariantEncoder(godot4),
      oneByte,
      createVariantDecoder(godot4),
      new Writable({
        objectMode: true,
        write(v: Value, _e, cb) {
          out.push(v);
          cb();
        },
      }),
    );
    expect(out.length).toBe(sample.length);
    expect(out.every((v, i) => equals(v, sample[i]!))).toBe(true);
  });

  it("createVariantDecoder fails the pipeline with the DecodeError", async () => {
    const err = await pipeline(
      Readable.from([Buffer.from([0xff, 0xff, 0xff, 0xff])]),
      createVariantDecoder(godot4),
      new Writable({ objectMode: true, write: (_v, _e, cb) => cb() }),
    ).catch((e) => e);
    expect(DecodeError.is(err) && err.code).toBe("framing");
  });
});

// The streaming surfaces (WHATWG TransformStream, async iterators) and property round trips:
// random values through every writer, read back from random chunkings.
import {
  createDecodeStream,
  createEncodeStream,
  decodePacket,
  decodeStream,
  decodeStreamRecords,
  encodePacket,
  encodeStream,
  encodeStreamFrame,
  equals,
  type FrameRecord,
  readStoreVarFile,
  StreamDecoder,
  type Value,
  writeStoreVarFile,
} from "@gdvariant/core";
import { commonValue34 as valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { godot3, godot4, hexToBytes, loadFixture } from "./framing-helpers.js";

/** Splits `bytes` at the given cut points (sorted, deduplicated, clamped). */
function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => Math.min(c, bytes.length)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of points) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  out.push(bytes.subarray(prev));
  return out;
}

const allEqual = (a: readonly Value[], b: readonly Value[]) =>
  a.length === b.length && a.every((v, i) => equals(v, b[i]!));

describe("property round trips", () => {
  it.each([
    ["godot-3", godot3],
    ["godot-4", godot4],
  ] as const)("%s: writeStoreVarFile -> any chunking -> the same values", (_n, dialect) => {
    fc.assert(
      fc.property(
        fc.array(valueArb, { maxLength: 8 }),
        fc.array(fc.nat({ max: 2000 }), { maxLength: 12 }),
        fc.boolean(),
        (values, cuts, bigEndian) => {
          const bytes = writeStoreVarFile(dialect, values, { bigEndian });
          const whole = readStoreVarFile(dialect, bytes, { bigEndian }).map((r) => r.value);
          const d = new StreamDecoder(dialect, { bigEndian });
          const streamed = splitAt(bytes, cuts).flatMap((c) => d.push(c));
          d.end();
          return allEqual(whole, values) && allEqual(streamed, values) && d.position === bytes.length;
        },
      ),
      { numRuns: 300 },
    );
  });

  it("encodePacket / decodePacket round trip", () => {
    fc.assert(
      fc.property(valueArb, (v) => equals(decodePacket(godot4, encodePacket(godot4, v)), v)),
      { numRuns: 300 },
    );
  });

  it("values decoded from a chunk are independent of it (packed arrays are copied by default)", () => {
    const frame = encodeStreamFrame(godot4, { kind: "packedByteArray", data: new Uint8Array([1, 2, 3]) });
    const chunk = frame.slice();
    const [v] = new StreamDecoder(godot4).push(chunk);
    chunk.fill(0);
    expect(Array.from((v as { data: Uint8Array }).data)).toEqual([1, 2, 3]);
  });

  it("Node Buffer chunks give plain Uint8Array copies (Buffer#slice does not copy)", () => {
    const frame = encodeStreamFrame(godot4, { kind: "packedByteArray", data: new Uint8Array([4, 5, 6]) });
    const chunk = Buffer.from(frame);
    const [v] = new StreamDecoder(godot4).push(chunk);
    chunk.fill(0);
    const data = (v as { data: Uint8Array }).data;
    expect(data.constructor).toBe(Uint8Array);
    expect(Array.from(data)).toEqual([4, 5, 6]);
    expect(equals(v!, { kind: "packedByteArray", data: new Uint8Array([4, 5, 6]) })).toBe(true);
  });
});

async function collect<T>(source: AsyncIterable<T> | ReadableStream<T>): Promise<T[]> {
  const out: T[] = [];
  if ("getReader" in source) {
    // ReadableStream is not async-iterable in TypeScript's DOM library (nor in every browser).
    const reader = source.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) out.push(r.value);
    return out;
  }
  for await (const v of source) out.push(v);
  return out;
}

function readableOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

describe("WHATWG TransformStreams", () => {
  const fx = loadFixture("godot-4.6.3.txt");
  const stream = hexToBytes(fx.get("streampeer_le")!);
  const expected = readStoreVarFile(godot4, stream).map((r) => r.value);

  it("createDecodeStream reads an engine stream fed in 7-byte chunks", async () => {
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < stream.length; i += 7) chunks.push(stream.subarray(i, i + 7));
    const values = await collect(readableOf(chunks).pipeThrough(createDecodeStream(godot4)));
    expect(allEqual(values, expected)).toBe(true);
  });

  it("createEncodeStream -> createDecodeStream is the identity, and its bytes are the engine's frames", async () => {
    const encoded = await collect(
      new ReadableStream<unknown>({
        start(c) {
          for (const v of expected) c.enqueue(v);
          c.close();
        },
      }).pipeThrough(createEncodeStream(godot4)),
    );
    expect(encoded.length).toBe(expected.length);
    const back = await collect(readableOf(encoded).pipeThrough(createDecodeStream(godot4)));
    expect(allEqual(back, expected)).toBe(true);
  });

  it("a stream ending inside a frame errors with truncated", async () => {
    const cut = readableOf([stream.subarray(0, stream.length - 3)]).pipeThrough(createDecodeStream(godot4));
    await expect(collect(cut)).rejects.toMatchObject({ code: "truncated" });
  });

  it("a hostile length errors the stream at once with framing", async () => {
    const bad = readableOf([new Uint8Array([0xf0, 0xff, 0xff, 0xff])]).pipeThrough(
      createDecodeStream(godot4),
    );
    await expect(collect(bad)).rejects.toMatchObject({ code: "framing", offset: 0 });
  });

  it("applies back-pressure: a slow reader keeps the writer waiting", async () => {
    const ts = createDecodeStream(godot4);
    const writer = ts.writable.getWriter();
    const frame = encodeStreamFrame(godot4, 1);
    // Nobody reads: after the first chunk the writable side reports no room.
    void writer.write(frame);
    void writer.write(frame);
    await new Promise((r) => setTimeout(r, 10));
    expect(writer.desiredSize).toBeLessThanOrEqual(0);
    const reader = ts.readable.getReader();
    expect((await reader.read()).value).toEqual({ kind: "int", value: 1 });
  });
});

describe("async iterators", () => {
  const values: Value[] = [
    { kind: "string", value: "héllo 🎮" },
    { kind: "int", value: 2n ** 62n },
    { kind: "array", items: [{ kind: "float", value: 0.1 }] },
  ];

  it("decodeStream reads arrays, generators and ReadableStreams of chunks", async () => {
    const frames = await collect(encodeStream(godot4, values));
    const bytes = new Uint8Array(frames.reduce((n, f) => n + f.length, 0));
    let at = 0;
    for (const f of frames) {
      bytes.set(f, at);
      at += f.length;
    }
    const ones = Array.from(bytes, (b) => new Uint8Array([b]));
    async function* gen() {
      for (const c of ones) yield c;
    }
    for (const source of [[bytes], ones, gen(), readableOf(ones)]) {
      expect(allEqual(await collect(decodeStream(godot4, source)), values)).toBe(true);
    }
    const records: FrameRecord[] = await collect(decodeStreamRecords(godot4, [bytes]));
    expect(records.map((r) => r.offset)).toEqual([
      0,
      frames[0]!.length,
      frames[0]!.length + frames[1]!.length,
    ]);
  });

  it("delivers the values before a bad frame, then throws its DecodeError", async () => {
    const good = encodeStreamFrame(godot4, "ok");
    const bytes = new Uint8Array(good.length + 4);
    bytes.set(good);
    bytes.set([0xf0, 0xff, 0xff, 0xff], good.length);
    const seen: Value[] = [];
    await expect(
      (async () => {
        for await (const v of decodeStream(godot4, [bytes])) seen.push(v);
      })(),
    ).rejects.toMatchObject({ code: "framing", offset: good.length });
    expect(seen).toEqual([{ kind: "string", value: "ok" }]);
  });

  it("leaving the loop early cancels a ReadableStream source", async () => {
    let cancelled = false;
    const src = new ReadableStream<Uint8Array>({
      pull(c) {
        c.enqueue(encodeStreamFrame(godot4, 1));
      },
      cancel() {
        cancelled = true;
      },
    });
    for await (const _v of decodeStream(godot4, src)) break;
    expect(cancelled).toBe(true);
  });
});

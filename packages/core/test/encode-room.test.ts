// A container's rest is made room for after its first eighth (ByteWriter.room, called by the
// encoder's loops over a plain or model array, a model dictionary's entries and a plain object's
// keys past 128): an estimate that is too small or too large, at every cut (n >> 3 for every
// count), must change neither the bytes nor any error, and the result keeps the view-or-copy rule
// of a grown buffer.
import {
  createCodecWith,
  decodeJSWith,
  EncodeError,
  type EncodeOptions,
  encodeIntoWith,
  encodeWith,
} from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { modern } from "./support/dialects.js";

function outcome(fn: () => Uint8Array | number): string {
  try {
    const r = fn();
    return typeof r === "number" ? `ok ${r}` : `ok ${r.length}`;
  } catch (e) {
    if (!EncodeError.is(e)) throw e;
    return `${e.code} ${JSON.stringify(e.path)} ${e.message}`;
  }
}

// n strings: the first eighth (the sample) of `head` characters, the rest of `tail`.
function strings(n: number, head: number, tail: number): string[] {
  return Array.from({ length: n }, (_, i) => (i < n >> 3 ? "h" : "t").repeat(i < n >> 3 ? head : tail));
}
// A plain object of n keys with those strings as values (keys past 128: the keys loop).
function record(values: string[]): Record<string, string> {
  return Object.fromEntries(values.map((v, i) => [`k${i}`, v]));
}
// Bytes of a Variant String of `n` ASCII characters: header, length, bytes, padding.
const stringBytes = (n: number) => 8 + ((n + 3) & ~3);

const shapes: [string, number, number][] = [
  ["uniform", 9, 9],
  ["sample larger (estimate too large)", 200, 0],
  ["sample smaller (estimate too small)", 0, 200],
];
const counts = [...Array.from({ length: 41 }, (_, n) => n), 127, 128, 129, 130, 135, 136, 200, 2000];
// Byte for byte (toEqual walks a large array slowly).
const same = (a: Uint8Array, b: Uint8Array) => expect(Buffer.compare(a, b)).toBe(0);

describe("room for a container's rest", () => {
  it("writes the bytes encodeInto writes, for every count and estimate, array and object", () => {
    const codec = createCodecWith(modern, modern, {}, { chunkSize: 256 });
    for (const [, head, tail] of shapes) {
      for (const n of counts) {
        const items = strings(n, head, tail);
        for (const v of [items, record(items)]) {
          const bytes = encodeWith(modern, v);
          const target = new Uint8Array(bytes.length);
          expect(encodeIntoWith(modern, v, target)).toBe(bytes.length);
          same(bytes, target);
          expect(decodeJSWith(modern, bytes)).toEqual(v);
          same(codec.encode(v), target);
          // A view when at least half of its buffer, else a copy at its exact size.
          expect(bytes.buffer.byteLength).toBeLessThanOrEqual(2 * bytes.length);
          expect(bytes.buffer.byteLength).toBeGreaterThanOrEqual(bytes.length);
        }
      }
    }
  });

  it("model arrays and dictionaries too", () => {
    for (const [, head, tail] of shapes) {
      for (const n of counts) {
        const items = strings(n, head, tail).map((s) => ({ kind: "string", value: s }));
        const entries = items.map((s, i) => [{ kind: "int", value: i }, s]);
        for (const v of [
          { kind: "array", items },
          { kind: "dictionary", entries },
        ]) {
          const bytes = encodeWith(modern, v);
          const target = new Uint8Array(bytes.length);
          expect(encodeIntoWith(modern, v, target)).toBe(bytes.length);
          same(bytes, target);
          expect(bytes.buffer.byteLength).toBeLessThanOrEqual(2 * bytes.length);
        }
      }
    }
  });

  it("grows a large uniform array once to about its size (doubling would leave up to half unused)", () => {
    // 10,000 strings of 8 characters: 16 bytes each after the 8 of the array's header.
    const v = strings(10_000, 8, 8);
    const bytes = encodeWith(modern, v);
    expect(bytes.length).toBe(8 + 10_000 * stringBytes(8));
    expect(bytes.buffer.byteLength).toBeLessThan(1.2 * bytes.length);
    const codec = createCodecWith(modern, modern);
    expect(codec.encode(v).buffer.byteLength).toBeLessThan(1.2 * bytes.length);
    // Keys k0 to k9999 and values of 12 characters: 396,008 bytes (doubling: 524,288).
    const obj = encodeWith(modern, record(strings(10_000, 12, 12)));
    expect(obj.length).toBe(8 + 1000 * stringBytes(4) + 9000 * stringBytes(5) + 10_000 * stringBytes(12));
    expect(obj.buffer.byteLength).toBeLessThan(1.2 * obj.length);
    const model = {
      kind: "dictionary",
      // 12 characters: 280,008 bytes, which doubling from 256 would hold in 524,288.
      entries: strings(10_000, 12, 12).map((s, i) => [
        { kind: "int", value: i },
        { kind: "string", value: s },
      ]),
    };
    const dict = encodeWith(modern, model);
    expect(dict.length).toBe(8 + 10_000 * (8 + stringBytes(12)));
    expect(dict.buffer.byteLength).toBeLessThan(1.2 * dict.length);
  });

  it("an estimate past maxTotalBytes changes no outcome: the write that crosses it fails", () => {
    // 16 strings: 2 of 100 characters (the sample: room for 8 times their bytes is asked), then
    // 14 of 1. The whole is far less than the estimate.
    for (const v of [strings(16, 100, 1), record(strings(200, 100, 1))]) {
      const n = encodeWith(modern, v).length;
      for (const limit of [n, n - 1, n - 13, 300]) {
        const o: EncodeOptions = { maxTotalBytes: limit };
        const target = new Uint8Array(n + 4096);
        expect(outcome(() => encodeIntoWith(modern, v, target, 0, o))).toBe(
          outcome(() => encodeWith(modern, v, o)),
        );
        expect(outcome(() => createCodecWith(modern, modern, {}, o).encode(v))).toBe(
          outcome(() => encodeWith(modern, v, o)),
        );
      }
    }
    const v = strings(16, 100, 1);
    const n = 8 + 2 * stringBytes(100) + 14 * stringBytes(1);
    expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: n }))).toBe(`ok ${n}`);
    expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: n - 1 }))).toMatch(/^limit-exceeded \[15\] /);
    expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: n - 13 }))).toMatch(
      /^limit-exceeded \[14\] /,
    );
  });

  it("an estimate whose buffer cannot be had is dropped: the bytes come by doubling", () => {
    // 64 strings: the first 8 (the sample) of 1,000 characters, the rest empty. The whole is
    // 8,520 bytes, which doubling holds in 16,384; the estimate asks for about 72,000.
    const v = strings(64, 1000, 0);
    const expected = encodeWith(modern, v);
    expect(expected.length).toBe(8 + 8 * stringBytes(1000) + 56 * stringBytes(0));
    const Real = globalThis.Uint8Array;
    let refused = 0;
    // A Uint8Array that fails as an allocation does past 32 KiB.
    const Small = new Proxy(Real, {
      construct(target, args, newTarget) {
        if (typeof args[0] === "number" && args[0] > 32_768) {
          refused++;
          throw new RangeError("Array buffer allocation failed");
        }
        return Reflect.construct(target, args, newTarget);
      },
    });
    globalThis.Uint8Array = Small;
    let bytes: Uint8Array;
    try {
      bytes = encodeWith(modern, v);
    } finally {
      globalThis.Uint8Array = Real;
    }
    expect(refused).toBeGreaterThan(0);
    same(bytes, expected);
  });

  it("a target too small reports the byte the failing write reached, whatever the estimate", () => {
    const v = strings(16, 100, 1);
    const n = 8 + 2 * stringBytes(100) + 14 * stringBytes(1);
    for (const size of [n - 1, n - 12, 250]) {
      const failure = outcome(() => encodeIntoWith(modern, v, new Uint8Array(size)));
      expect(failure).toMatch(/^target-too-small /);
      // A string is written as its header word, then its length, bytes and padding: the first
      // of those writes that does not fit is the one reported.
      const starts = [8, 8 + stringBytes(100)];
      for (let i = 0; i < 14; i++) starts.push(starts[starts.length - 1]! + stringBytes(i < 1 ? 100 : 1));
      const writes = starts.flatMap((at, i) => [at + 4, at + stringBytes(i < 2 ? 100 : 1)]);
      const reached = writes.find((e) => e > size)!;
      expect(failure).toContain(`a write reached byte ${reached})`);
      const codec = createCodecWith(modern, modern);
      expect(outcome(() => codec.encodeInto(v, new Uint8Array(size)))).toBe(failure);
    }
  });
});

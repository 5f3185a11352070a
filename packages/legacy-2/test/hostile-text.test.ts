// toText on hostile values: chains of dictionary keys, pool-array keys, cycles, malformed and
// very deep values give text or an EncodeError, in time that grows with the input.
import { EncodeError, GdVariantError, type Value } from "@gdvariant/core";
import { decode, encode, toText } from "@gdvariant/legacy-2";
import { describe, expect, it } from "vitest";

const int = (value: number): Value => ({ kind: "int", value });

function bestTime(f: () => void, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("legacy-2 toText on hostile values", () => {
  it("writes a chain of dictionaries, each the key of the next, in linear time (12 KB took 1.4 s)", () => {
    const chain = (n: number): Value => {
      let v: Value = { kind: "dictionary", entries: [] };
      for (let i = 0; i < n; i++) v = { kind: "dictionary", entries: [[v, int(1)]] };
      return decode(encode(v));
    };
    const small = chain(250);
    const large = chain(1000);
    const ts = bestTime(() => toText(small));
    const tl = bestTime(() => toText(large));
    expect(tl).toBeLessThan(1000);
    expect(tl).toBeLessThan(Math.max(8 * ts, 50));
  });

  it("sorts thousands of distinct pool-array keys in linear time", () => {
    const dump = (n: number) =>
      decode(
        encode({
          kind: "dictionary",
          entries: Array.from({ length: n }, (_, i): [Value, Value] => [
            { kind: "packedByteArray", data: Uint8Array.of(i & 255, i >> 8) },
            { kind: "nil" },
          ]),
        }),
      );
    const small = dump(2000);
    const large = dump(8000);
    const ts = bestTime(() => toText(small));
    const tl = bestTime(() => toText(large));
    expect(tl).toBeLessThan(2000);
    expect(tl).toBeLessThan(Math.max(8 * ts, 50));
  });

  it("refuses a dictionary that is its own key, and 10,000-deep values, with depth-exceeded", () => {
    const self: { kind: "dictionary"; entries: [Value, Value][] } = { kind: "dictionary", entries: [] };
    self.entries.push([self, int(1)]);
    let deep: Value = int(1);
    for (let i = 0; i < 10_000; i++) deep = { kind: "array", items: [deep] };
    for (const v of [self, deep]) {
      const e = errorOf(() => toText(v));
      expect(EncodeError.is(e) && e.code).toBe("depth-exceeded");
    }
  });

  it("gives an EncodeError for malformed values", () => {
    for (const m of [
      { kind: "string", value: 5 },
      { kind: "image", format: 99 },
      { kind: "vector2" },
      null,
    ]) {
      const e = errorOf(() => toText(m as unknown as Value));
      expect(e === undefined || GdVariantError.is(e)).toBe(true);
    }
  });
});

// Hostile values for the text writers of every dialect, and the scaling check they share: work
// is judged by how it grows (four times the input in under eight times the CPU time), never by a
// tight wall-clock limit, so a loaded machine does not decide.
import { describe, expect, it } from "vitest";
import type { Value } from "../../core/src/value/types.js";
import { sharedSubtrees } from "./hostile-js.js";
import { cpuTime, expectGrowthUnder } from "./timing.js";

// GdVariantError.is, by the brand every copy of core sets (this package has no runtime
// dependency on core).
const isOwnError = (e: unknown): boolean =>
  typeof e === "object" &&
  e !== null &&
  (e as Record<symbol, unknown>)[Symbol.for("gdvariant.error")] === true;
const codeOf = (e: unknown): unknown => (isOwnError(e) ? (e as { code?: unknown }).code : undefined);

/** CPU milliseconds `f` takes: the best of `runs`. */
export function bestTime(f: () => void, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) best = Math.min(best, cpuTime(f).ms);
  return best;
}

/** Asserts that `large` (on four times the input of `small`) scales linearly, within a limit. */
export function expectLinear(small: () => void, large: () => void, limitMs = 1000): void {
  // Linear work is about 4x; quadratic is 16x. The floor keeps tiny times from deciding. CPU
  // time, fastest of up to 15 runs taking turns: a busy machine does not decide (wall-clock best
  // of 3 failed a CI run at 69 ms against 62).
  const { largeMs } = expectGrowthUnder(8, small, large, { floorMs: 50, rounds: 15 });
  expect(largeMs).toBeLessThan(limitMs);
}

/** What `f` throws, or undefined. */
export function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** A dialect's text writer and the codec to make its input with. */
export interface TextWriterUnderTest {
  readonly id: string;
  decode(bytes: Uint8Array): Value;
  encode(value: Value): Uint8Array;
  toText(value: Value): string;
}

const int = (value: number): Value => ({ kind: "int", value });

/**
 * The hostile-value tests every text writer passes: chains of dictionary keys and thousands of
 * pool-array keys in linear time, a dictionary that is its own key refused, malformed values
 * giving the project's errors. `deep` says what 10,000 levels give: `"refused"`
 * (`depth-exceeded`) or `"capped"` (text, as the engine prints past its recursion limit).
 */
export function describeHostileText(w: TextWriterUnderTest, deep: "refused" | "capped"): void {
  describe(`${w.id} toText on hostile values`, () => {
    it("writes a chain of dictionaries, each the key of the next, in linear time", () => {
      const chain = (n: number): Value => {
        let v: Value = { kind: "dictionary", entries: [] };
        for (let i = 0; i < n; i++) v = { kind: "dictionary", entries: [[v, int(1)]] };
        return w.decode(w.encode(v));
      };
      const small = chain(250);
      const large = chain(1000);
      expectLinear(
        () => w.toText(small),
        () => w.toText(large),
      );
    });

    it("sorts thousands of distinct pool-array keys in linear time", () => {
      const dump = (n: number) =>
        w.decode(
          w.encode({
            kind: "dictionary",
            entries: Array.from({ length: n }, (_, i): [Value, Value] => [
              { kind: "packedByteArray", data: Uint8Array.of(i & 255, i >> 8) },
              { kind: "nil" },
            ]),
          }),
        );
      const small = dump(2000);
      const large = dump(8000);
      expectLinear(
        () => w.toText(small),
        () => w.toText(large),
        2000,
      );
    });

    it("holds about twice its text in heap for a large packed array (a rope held 12 times)", () => {
      const data = Uint8Array.from({ length: 4 << 20 }, (_, i) => i & 255);
      const floats = Float32Array.from({ length: 1 << 20 }, (_, i) => i / 7);
      for (const v of [
        { kind: "packedByteArray", data },
        { kind: "packedFloat32Array", data: floats },
      ] as Value[]) {
        const before = process.memoryUsage().heapUsed;
        const text = w.toText(v);
        const grown = process.memoryUsage().heapUsed - before;
        expect(text.length).toBeGreaterThan(data.length);
        expect(grown).toBeLessThan(6 * text.length);
      }
    });

    it("refuses a value of 41 arrays, each holding the one below twice, with limit-exceeded at once", () => {
      // 2^40 leaves: before, godot-4 ran out of memory after a minute, godot-3 printed for 45 s,
      // legacy-2 failed with a RangeError ("invalid size"). The value is measured first.
      const reads = { count: 0, limit: 1_000_000 };
      const e = errorOf(() => w.toText(sharedSubtrees(40, reads) as Value));
      expect(codeOf(e)).toBe("limit-exceeded");
      expect(reads.count).toBeLessThan(1000);
      // Held in many places within the limit, it is printed once per place.
      const row: Value = { kind: "array", items: Array.from({ length: 50 }, (_, i) => int(i)) };
      const grid: Value = { kind: "array", items: Array.from({ length: 50 }, () => row) };
      expect(w.toText(grid)).toBe(w.toText(w.decode(w.encode(grid))));
    });

    it("refuses a dictionary that is its own key with depth-exceeded", () => {
      const self: { kind: "dictionary"; entries: [Value, Value][] } = { kind: "dictionary", entries: [] };
      self.entries.push([self, int(1)]);
      const e = errorOf(() => w.toText(self));
      expect(codeOf(e)).toBe("depth-exceeded");
    });

    it(`${deep === "refused" ? "refuses" : "caps"} a 10,000-deep value`, () => {
      let v: Value = int(1);
      for (let i = 0; i < 10_000; i++) v = { kind: "array", items: [v] };
      const e = errorOf(() => w.toText(v));
      if (deep === "refused") expect(codeOf(e)).toBe("depth-exceeded");
      else expect(e).toBeUndefined();
    });

    it("gives the project's errors for malformed values", () => {
      for (const m of [
        { kind: "string", value: 5 },
        { kind: "image", format: 99 },
        { kind: "vector2" },
        null,
      ]) {
        const e = errorOf(() => w.toText(m as unknown as Value));
        expect(e === undefined || isOwnError(e)).toBe(true);
      }
    });
  });
}

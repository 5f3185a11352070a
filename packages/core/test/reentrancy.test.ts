// The reader and writer keep no state between calls: every call has its own reader, writer and
// builder state, so a decode inside another decode's callback, an encode inside a getter that
// encode is reading, and decodes interleaved by `await` all give what they give alone.
import { decodeJSWith, decodeStream, decodeWith, encodeWith, type Value } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { legacy, modern } from "./support/dialects.js";

const inner = {
  kind: "dictionary",
  entries: [
    [
      { kind: "string", value: "k" },
      { kind: "int", value: 7 },
    ],
  ],
} as const;

describe("no state shared between calls", () => {
  it("decodes inside another decode's onSpan callback, in the same and another dialect", () => {
    const outerBytes = encodeWith(modern, { a: [1, 2.5, "x"], b: { c: [true, null] } });
    const innerModern = encodeWith(modern, inner);
    const innerLegacy = encodeWith(legacy, inner);
    const alone = decodeWith(modern, outerBytes);
    const seen: Value[] = [];
    const value = decodeWith(modern, outerBytes, {
      onSpan: () => {
        seen.push(decodeWith(modern, innerModern), decodeWith(legacy, innerLegacy));
        expect(decodeJSWith(modern, innerModern)).toEqual({ k: 7 });
      },
    });
    expect(value).toEqual(alone);
    expect(seen.length).toBeGreaterThan(10);
    for (const v of seen) expect(v).toEqual(inner);
  });

  it("encodes inside a getter that the writer is reading", () => {
    const plain = { hp: 3, names: ["a", "b"], pos: { kind: "vector2", x: 1, y: 2 } };
    const expected = encodeWith(modern, { outer: plain, after: "z" });
    let nested: Uint8Array | undefined;
    const tricky = {
      get outer() {
        nested = encodeWith(modern, plain);
        return plain;
      },
      after: "z",
    };
    expect(encodeWith(modern, tricky)).toEqual(expected);
    expect(nested).toEqual(encodeWith(modern, plain));
  });

  it("decodes two streams interleaved by await", async () => {
    const values = Array.from({ length: 20 }, (_, i) => ({ i, s: "x".repeat(i), f: i + 0.5 }));
    const frames = (d: typeof modern) => {
      const parts = values.map((v) => {
        const b = encodeWith(d, v);
        const out = new Uint8Array(b.length + 4);
        new DataView(out.buffer).setUint32(0, b.length, true);
        out.set(b, 4);
        return out;
      });
      return parts;
    };
    async function* chunks(parts: Uint8Array[]) {
      for (const p of parts) {
        // Cut every frame in two so that each stream waits mid-value.
        yield p.subarray(0, 3);
        await new Promise((r) => setTimeout(r, 0));
        yield p.subarray(3);
      }
    }
    const read = async (d: typeof modern) => {
      const out: unknown[] = [];
      for await (const v of decodeStream(d, chunks(frames(d)))) out.push(v);
      return out;
    };
    const [a, b] = await Promise.all([read(modern), read(legacy)]);
    expect(a).toEqual(values.map((v) => decodeWith(modern, encodeWith(modern, v))));
    expect(b).toEqual(values.map((v) => decodeWith(legacy, encodeWith(legacy, v))));
  });
});

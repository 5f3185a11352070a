// maxTotalBytes on encode is enforced by the writer, where a write decides whether to grow
// (ByteWriter.setLimit), not by a check after each value. The limit must stay exact: an
// output of exactly maxTotalBytes is written, one byte less is refused with limit-exceeded,
// also when a string's worst-case reservation (3 bytes per UTF-16 unit) would pass the limit.
import { EncodeError, type EncodeOptions, encodeIntoWith, encodeWith } from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS_WITH_LEAVES, modern } from "./support/dialects.js";

function outcome(fn: () => Uint8Array | number): string {
  try {
    const r = fn();
    return typeof r === "number" ? `ok ${r}` : `ok ${r.length}`;
  } catch (e) {
    if (!EncodeError.is(e)) throw e;
    return `${e.code} ${JSON.stringify(e.path, (_, x) => (typeof x === "bigint" ? `${x}n` : x))}`;
  }
}

describe("encode maxTotalBytes", () => {
  it("writes an output of exactly the limit and refuses one byte less, for encode and encodeInto", () => {
    for (const [d, leaves] of DIALECTS_WITH_LEAVES) {
      fc.assert(
        fc.property(valueArb(leaves, { depth: 3 }), (v) => {
          const bytes = encodeWith(d, v);
          const n = bytes.length;
          expect(encodeWith(d, v, { maxTotalBytes: n })).toEqual(bytes);
          const target = new Uint8Array(n + 64);
          expect(encodeIntoWith(d, v, target, 0, { maxTotalBytes: n })).toBe(n);
          const less: EncodeOptions = { maxTotalBytes: n - 1 };
          expect(outcome(() => encodeWith(d, v, less))).toMatch(/^limit-exceeded /);
          // encodeInto with room to spare: the limit, not the target, stops it, at the same value
          expect(outcome(() => encodeIntoWith(d, v, target, 0, less))).toBe(
            outcome(() => encodeWith(d, v, less)),
          );
        }),
        { numRuns: 150, seed: 23 },
      );
    }
  });

  it("lets a string end exactly at the limit though its worst case (3 bytes a unit) would not", () => {
    for (const s of ["a".repeat(100), "é".repeat(40), "日本".repeat(20), "x".repeat(5)]) {
      const v = { kind: "array", items: [{ kind: "string", value: s }] };
      const n = encodeWith(modern, v).length;
      expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: n }))).toBe(`ok ${n}`);
      expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: n - 1 }))).toBe("limit-exceeded [0]");
    }
  });

  it("names the value whose bytes cross the limit in the error's path", () => {
    const v = {
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "a" },
          { kind: "int", value: 1 },
        ],
        [
          { kind: "string", value: "b" },
          {
            kind: "array",
            items: [
              { kind: "int", value: 2 },
              { kind: "float", value: 0.5 },
            ],
          },
        ],
      ],
    };
    // header 4 + count 4, "a" 12, int 8, "b" 12, array header + count 8, int 8, float 8 = 64
    expect(encodeWith(modern, v).length).toBe(64);
    expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: 63 }))).toBe(
      'limit-exceeded [{"key":{"kind":"string","value":"b"}},1]',
    );
    expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: 20 }))).toBe(
      'limit-exceeded [{"key":{"kind":"string","value":"a"}}]',
    );
    expect(outcome(() => encodeWith(modern, v, { maxTotalBytes: 19 }))).toBe('limit-exceeded [{"keyAt":0}]');
  });

  it("refuses a limit that is not a number of 0 or more, and takes null options as none", () => {
    const v = { kind: "string", value: "x".repeat(1000) };
    const n = encodeWith(modern, v).length;
    expect(
      outcome(() => encodeWith(modern, v, { maxTotalBytes: undefined } as unknown as EncodeOptions)),
    ).toBe(`ok ${n}`);
    expect(outcome(() => encodeWith(modern, v, null as unknown as EncodeOptions))).toBe(`ok ${n}`);
    // Not a number, from a caller without types (a config file, say): NaN used to turn the limit
    // off (every comparison with it is false), and null options were a raw TypeError.
    for (const limit of [Number.NaN, "many", -1, null]) {
      for (const name of ["maxTotalBytes", "maxDepth", "maxCollectionLength"]) {
        const o = { [name]: limit } as EncodeOptions;
        expect(outcome(() => encodeWith(modern, v, o))).toBe("invalid-value []");
        expect(outcome(() => encodeIntoWith(modern, v, new Uint8Array(2000), 0, o))).toBe("invalid-value []");
      }
    }
    expect(outcome(() => encodeWith(modern, v, 5 as unknown as EncodeOptions))).toBe("invalid-value []");
  });
});

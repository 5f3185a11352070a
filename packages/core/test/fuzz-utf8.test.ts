// The JS UTF-8 paths (short strings) against the platform's TextDecoder/TextEncoder, which the
// long-string path uses: the same string, or the same refusal, for every input.

import { decodeUtf8 } from "@gdvariant/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
// encodeShortInto (the writer's in-place path) is internal (not exported):
// imported from source.
import { encodeShortInto, SHORT_ENCODE } from "../src/bytes/utf8.js";

const fatal = new TextDecoder("utf-8", { fatal: true });
const encoder = new TextEncoder();

// What Godot reads: up to the first NUL, leading BOM dropped, undefined when invalid.
function reference(bytes: Uint8Array, start: number, length: number): string | undefined {
  let stop = bytes.indexOf(0, start);
  if (stop < 0 || stop > start + length) stop = start + length;
  try {
    return fatal.decode(bytes.subarray(start, stop));
  } catch {
    return undefined;
  }
}

function check(bytes: Uint8Array, start = 0, length = bytes.length - start): void {
  const got = decodeUtf8(bytes, start, length);
  const want = reference(bytes, start, length);
  if (got !== want) {
    expect({ bytes: Array.from(bytes.subarray(start, start + length), (b) => b.toString(16)), got }).toEqual({
      bytes: Array.from(bytes.subarray(start, start + length), (b) => b.toString(16)),
      got: want,
    });
  }
}

// Bytes that hit every branch: ASCII, NUL, continuation bytes, every kind of lead byte,
// and the edges of the overlong / surrogate / range checks.
const interesting = [
  0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4,
  0xf5, 0xff, 0xbb,
];
const byte = fc.oneof(fc.constantFrom(...interesting), fc.integer({ min: 0, max: 255 }));

describe("decodeUtf8 (short-string path) agrees with TextDecoder", () => {
  it("every 1- and 2-byte input", () => {
    const b = new Uint8Array(2);
    for (let x = 0; x < 256; x++) {
      b[0] = x;
      check(b, 0, 1);
      for (let y = 0; y < 256; y++) {
        b[1] = y;
        check(b);
      }
    }
  });

  it("every 3-byte input with a 3-byte lead, and 4-byte leads with each continuation", () => {
    // Continuation candidates at the edges of every range check.
    const edges = [0x41, 0x7f, 0x80, 0x81, 0x8f, 0x90, 0x9f, 0xa0, 0xbe, 0xbf, 0xc0];
    const b = new Uint8Array(4);
    for (let x = 0xe0; x < 0x100; x++) {
      b[0] = x;
      for (const y of edges) {
        b[1] = y;
        for (const z of edges) {
          b[2] = z;
          check(b, 0, 3);
          b[3] = 0x80;
          check(b);
          b[3] = 0x41;
          check(b);
        }
      }
    }
  });

  it("BOMs at the start and elsewhere", () => {
    check(Uint8Array.of(0xef, 0xbb, 0xbf));
    check(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41));
    check(Uint8Array.of(0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf));
    check(Uint8Array.of(0x41, 0xef, 0xbb, 0xbf));
    check(Uint8Array.of(0x00, 0xef, 0xbb, 0xbf), 1);
  });

  it("random inputs of 0-40 bytes at random offsets", () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 44 }), fc.nat(4), (arr, skip) => {
        const b = Uint8Array.from(arr);
        const start = Math.min(skip, b.length);
        check(b, start, b.length - start);
      }),
      { numRuns: 20_000, seed: 7 },
    );
  });

  it("random inputs of 0-90 bytes, across the JS path's 64-byte limit", () => {
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 90 }), (arr) => check(Uint8Array.from(arr))),
      { numRuns: 20_000, seed: 13 },
    );
  });

  it("valid strings up to 40 code points, then each byte of them changed", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), fc.nat(), byte, (s, at, x) => {
        const b = encoder.encode(s);
        check(b);
        if (b.length > 0) {
          b[at % b.length] = x;
          check(b);
        }
      }),
      { numRuns: 20_000, seed: 17 },
    );
  });

  it("valid strings of every length around the short-string limit", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (s) => {
        const b = encoder.encode(s);
        check(b);
      }),
      { numRuns: 10_000, seed: 11 },
    );
  });
});

describe("encodeShortInto agrees with TextEncoder", () => {
  // It writes ASCII a word at a time, the last word's missing characters as zeros: the bytes past
  // the string's are zeros up to the next multiple of 4 (where a Variant's padding goes) or left
  // as they were, and nothing from there on is touched.
  it("random strings up to SHORT_ENCODE units, ASCII or not, at every offset mod 4", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom("\ud800", "\udc00", "\udbff\udfff", "é", "日", "\u007f", "\u0080"),
            fc.string({ unit: "binary-ascii", maxLength: 1 }),
            fc.string({ unit: "binary-ascii", maxLength: 1 }),
          ),
          maxLength: SHORT_ENCODE,
        }),
        fc.integer({ min: 0, max: 7 }),
        (s, offset) => {
          const target = new Uint8Array(offset + s.length * 3 + 8).fill(0xee);
          const view = new DataView(target.buffer);
          const n = encodeShortInto(s, view, target, offset);
          const expected = encoder.encode(s);
          expect(Array.from(target.subarray(offset, offset + n))).toEqual(Array.from(expected));
          const padded = offset + ((n + 3) & ~3);
          for (let i = offset + n; i < padded; i++) expect([0, 0xee]).toContain(target[i]);
          for (let i = padded; i < target.length; i++) expect(target[i]).toBe(0xee);
        },
      ),
      { numRuns: 10_000, seed: 7 },
    );
  });

  it("the edges of each UTF-8 length and of the surrogates, ASCII first and not", () => {
    const units = [0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff];
    const cases: string[] = [];
    for (const a of units) {
      for (const b of units)
        cases.push(String.fromCharCode(a, b), `ab${String.fromCharCode(a)}c${String.fromCharCode(b)}`);
    }
    cases.push(
      "\ud83d\ude00",
      "x\ud83d",
      "\ud83d",
      "\ude00\ud83d",
      "é".repeat(SHORT_ENCODE),
      `${"a".repeat(SHORT_ENCODE - 2)}\ud83d\ude00`,
    );
    for (const s of cases) {
      expect(s.length).toBeLessThanOrEqual(SHORT_ENCODE);
      const target = new Uint8Array(s.length * 3 + 8).fill(0xee);
      const n = encodeShortInto(s, new DataView(target.buffer), target, 1);
      expect(Array.from(target.subarray(1, 1 + n))).toEqual(Array.from(encoder.encode(s)));
      // Past the bytes: zeros up to the padding's end or untouched, and nothing after.
      const padded = 1 + ((n + 3) & ~3);
      for (let i = 1 + n; i < padded; i++) expect([0, 0xee]).toContain(target[i]);
      for (let i = padded; i < target.length; i++) expect(target[i]).toBe(0xee);
    }
  });
});

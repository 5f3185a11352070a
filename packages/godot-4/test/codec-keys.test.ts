// A codec keeps the bytes of the dictionary keys it writes: by slot (entry index and count) and,
// for the keys its slots do not hold, by string in a bounded bank (core dialect/encoder.ts,
// writeKeyIn). Whatever it keeps, every result must be the stateless function's.
import { createCodec, decode, decodeJS, encode, encodeInto } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";

// Keys of 1-20 bytes of UTF-8 (over 16 are never kept), ASCII and not.
const KEYS = [
  "a",
  "hp",
  "name",
  "é",
  "日本",
  "ключ",
  "\u{1f600}",
  "x".repeat(16),
  "y".repeat(17),
  "päyload_über",
];

function message(i: number): Record<string, unknown> {
  const m: Record<string, unknown> = {};
  const n = 1 + (i % 7);
  for (let j = 0; j < n; j++) m[`${KEYS[(i + j) % KEYS.length]}${i}`] = j % 2 ? `v${i}` : i * j;
  m.pos = { x: i, y: -i };
  return m;
}

function tryInto(f: () => number): unknown {
  try {
    return f();
  } catch (e) {
    return { code: (e as { code?: unknown }).code, message: (e as Error).message };
  }
}

describe("codec key bytes", () => {
  it("are encode's for more distinct keys than the codec keeps, over and over", () => {
    const codec = createCodec();
    // 1,500 messages of 2-8 keys each: the bank (512 keys) fills and starts again many times.
    const messages = Array.from({ length: 1500 }, (_, i) => message(i));
    for (let round = 0; round < 3; round++) {
      for (const m of messages) expect(codec.encode(m)).toEqual(encode(m));
      for (let i = messages.length - 1; i >= 0; i -= 7)
        expect(codec.encode(messages[i])).toEqual(encode(messages[i]));
    }
  });

  it("are encode's when the key at one place changes, and for model dictionaries", () => {
    const codec = createCodec();
    const seq: unknown[] = [];
    // (The empty key is two words kept: its header and length.)
    for (const k of ["a", "b", "a", "é", "e\u0301", "a", "ab", "a\u0000", "", "a", ""]) {
      seq.push({ [k]: 1, z: 2 }, { q: 0, [k]: 1 });
      seq.push({
        kind: "dictionary",
        entries: [
          [
            { kind: "string", value: k },
            { kind: "int", value: 3 },
          ],
        ],
      });
    }
    for (let r = 0; r < 2; r++) for (const v of seq) expect(codec.encode(v)).toEqual(encode(v as never));
  });

  it("are each codec's own: two codecs in turn over different keys", () => {
    const one = createCodec();
    const two = createCodec();
    for (let i = 0; i < 600; i++) {
      const a = message(i);
      const b = message(i + 5000);
      expect(one.encode(a)).toEqual(encode(a));
      expect(two.encode(b)).toEqual(encode(b));
      expect(two.encode(a)).toEqual(encode(a));
    }
  });

  it("are encode's when a getter of the value encodes with the same codec", () => {
    const codec = createCodec();
    for (let i = 0; i < 40; i++) codec.encode(message(i));
    const inner: Uint8Array[] = [];
    const make = (c: { encode(v: unknown): Uint8Array }) => ({
      [`${KEYS[4]}0`]: 1,
      get hp0() {
        inner.push(c.encode(message(3)), c.encode(message(900)));
        return 5;
      },
      [`${KEYS[2]}1`]: "x",
    });
    const got = codec.encode(make(codec));
    const want = encode(make({ encode: (v) => encode(v as never) }));
    expect(got).toEqual(want);
    expect(inner[0]).toEqual(encode(message(3)));
    expect(inner[1]).toEqual(encode(message(900)));
  });

  it("give encodeInto's result or error for every target size", () => {
    const codec = createCodec();
    for (let i = 0; i < 100; i++) codec.encode(message(i));
    for (const i of [5, 50, 99]) {
      // The message's keys are in the bank now (each was last written in another slot).
      const m = message(i);
      const size = encode(m).length;
      for (let n = 0; n <= size; n++) {
        const a = new Uint8Array(n);
        const b = new Uint8Array(n);
        // (A target too small may hold different partial bytes: only the result is the contract.)
        expect(tryInto(() => codec.encodeInto(m, a))).toEqual(tryInto(() => encodeInto(m, b)));
        if (n === size) expect(a).toEqual(b);
      }
    }
  });
});

// A codec keeps the dictionary keys it reads, by place (entry index and count): whatever it
// keeps, every value must be the stateless function's, property order included.
describe("codec key strings", () => {
  it("are decodeJS's and decode's for many distinct messages, in turn and in another order", () => {
    const codec = createCodec();
    const bytes = Array.from({ length: 1500 }, (_, i) => encode(message(i)));
    for (let round = 0; round < 2; round++) {
      for (const b of bytes) {
        const got = codec.decodeJS(b);
        expect(got).toEqual(decodeJS(b));
        expect(Object.keys(got as object)).toEqual(Object.keys(decodeJS(b) as object));
      }
      for (let i = bytes.length - 1; i >= 0; i -= 7)
        expect(codec.decode(bytes[i]!)).toEqual(decode(bytes[i]!));
    }
  });

  it("are decodeJS's when a known key comes at another place, with another value type or count", () => {
    const codec = createCodec();
    const seq: Record<string, unknown>[] = [
      { id: 1, hp: 2, name: "a" },
      { hp: 2, id: 1, name: "a" },
      { id: 1.5, hp: "x", name: { id: 3 } },
      { id: 1, hp: 2 },
      { name: "a", id: 1, hp: 2, extra: true },
      { hp: 2, x: 1, y: 2 },
    ];
    for (let r = 0; r < 3; r++) {
      for (const m of seq) {
        const b = encode(m);
        expect(Object.entries(codec.decodeJS(b) as object)).toEqual(Object.entries(decodeJS(b) as object));
      }
    }
    // A StringName and an int key with the bytes of a known String key, and a Map.
    const model = {
      kind: "dictionary",
      entries: [
        [
          { kind: "stringName", value: "id" },
          { kind: "int", value: 1 },
        ],
        [
          { kind: "int", value: 7 },
          { kind: "int", value: 2 },
        ],
        [
          { kind: "string", value: "hp" },
          { kind: "int", value: 3 },
        ],
      ],
    } as const;
    const b = encode(model as never);
    for (let r = 0; r < 3; r++) {
      expect(Object.entries(codec.decodeJS(b) as object)).toEqual(Object.entries(decodeJS(b) as object));
      expect(codec.decode(b)).toEqual(decode(b));
    }
  });

  it("are decodeJS's when the key at one place differs from the kept one in any word but the first", () => {
    const codec = createCodec();
    // Keys of one length (5-16 bytes) at one place: the same first 4 bytes, then one byte changed
    // in the second, third or fourth word (or its last 1-3 bytes).
    for (let n = 5; n <= 16; n++) {
      const base = "abcdefghijklmnop".slice(0, n);
      for (let at = 4; at < n; at++) {
        const other = `${base.slice(0, at)}Z${base.slice(at + 1)}`;
        for (const k of [base, other, base]) {
          const b = encode({ [k]: 1, z: 2 });
          expect(Object.entries(codec.decodeJS(b) as object)).toEqual(Object.entries(decodeJS(b) as object));
        }
      }
    }
  });
});

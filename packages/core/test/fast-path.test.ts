// The decoder reads common core codecs inline and decodes container elements in one loop
// (codecs/fast.ts, Decoder.decodeElements/decodeEntries). With `onSpan` set it takes the
// per-value path through every codec's own decode instead, so decoding the same bytes both
// ways must give the same value, or the same error (code, offset, path, message).
import { readFileSync } from "node:fs";
import {
  type ArrayValue,
  type Builder,
  createCodecWith,
  createDialect,
  DecodeError,
  type Dialect,
  type DictionaryValue,
  decodeJSWith,
  decodeWithLength,
  defineCodec,
  EncodeError,
  type EncodeOptions,
  encodeIntoWith,
  encodeWith,
  equals,
  jsBuilder,
  MODEL,
  readRecordsWith,
  toJS,
  type Value,
  walkRecords,
} from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS_WITH_LEAVES, hex, legacy, modern, modernDouble, unhex } from "./support/dialects.js";

const FIXTURES = readFileSync(new URL("./fixtures/godot-4.6.3-vectors.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split(" ") as [string, string]);

type Outcome =
  | { value: Value; length: number }
  | { code: string; offset: number; path: string; message: string };

function outcome(d: Dialect, bytes: Uint8Array, slow: boolean): Outcome {
  try {
    return decodeWithLength(d, bytes, { allowObjects: true, ...(slow ? { onSpan: () => {} } : {}) });
  } catch (e) {
    if (!DecodeError.is(e)) throw e;
    return {
      code: e.code,
      offset: e.offset,
      path: JSON.stringify(e.path, (_, x) => (typeof x === "bigint" ? `${x}n` : x)),
      message: e.message,
    };
  }
}

function expectSame(d: Dialect, bytes: Uint8Array, label: string): "value" | "error" {
  const fast = outcome(d, bytes, false);
  const slow = outcome(d, bytes, true);
  if ("value" in fast && "value" in slow) {
    expect(equals(fast.value, slow.value), label).toBe(true);
    expect(fast.length, label).toBe(slow.length);
    return "value";
  }
  expect(fast, label).toEqual(slow);
  return "error";
}

// A nested container of every fixture, so that fixture values also sit inside arrays and
// dictionaries (the loops of decodeElements/decodeEntries).
function nestedAll(): Uint8Array {
  const values = FIXTURES.filter(([l]) => !l.startsWith("filestore") && !l.startsWith("streampeer")).map(
    ([, h]) => decodeWithLength(modern, unhex(h), { allowObjects: true }).value,
  );
  return encodeWith(modern, {
    kind: "array",
    items: [
      { kind: "array", items: values },
      { kind: "dictionary", entries: values.map((v, i) => [v, { kind: "int", value: i }] as const) },
    ],
  });
}

describe("inline fast path and per-value path agree", () => {
  it("on every Godot 4.6.3 vector, every cut of it and every byte changed to 0x00, 0x7f or 0xff", () => {
    let errors = 0;
    let values = 0;
    for (const [label, h] of FIXTURES) {
      const bytes = unhex(h);
      expectSame(modern, bytes, label);
      for (let cut = 0; cut < bytes.length; cut++) {
        if (expectSame(modern, bytes.subarray(0, cut), `${label} cut ${cut}`) === "error") errors++;
      }
      for (let i = 0; i < bytes.length; i++) {
        for (const b of [0x00, 0x7f, 0xff]) {
          const m = bytes.slice();
          m[i] = b;
          if (expectSame(modern, m, `${label} [${i}]=${b}`) === "value") values++;
          else errors++;
        }
      }
    }
    // Both outcomes were exercised many times.
    expect(errors).toBeGreaterThan(1000);
    expect(values).toBeGreaterThan(1000);
  });

  it("on all vectors nested in an array and a dictionary, cut and flipped anywhere", () => {
    const bytes = nestedAll();
    expect(expectSame(modern, bytes, "whole")).toBe("value");
    let errors = 0;
    for (let cut = 0; cut < bytes.length; cut += 7) {
      if (expectSame(modern, bytes.subarray(0, cut), `cut ${cut}`) === "error") errors++;
    }
    for (let i = 0; i < bytes.length; i += 3) {
      const m = bytes.slice();
      m[i] = (m[i]! ^ 0x81) & 0xff;
      if (expectSame(modern, m, `flip ${i}`) === "error") errors++;
    }
    expect(errors).toBeGreaterThan(100);
    // A hang guard only: a thousand decodes and compares of the whole value took 18-41 s while
    // this 2-core machine ran other packages' tests and builds (default 30 s).
  }, 120_000);

  it("on random values and their mutations (4.x single and double, 2.x-like)", () => {
    for (const [d, leaves] of DIALECTS_WITH_LEAVES) {
      fc.assert(
        fc.property(
          valueArb(leaves, { depth: 4 }),
          fc.nat(),
          fc.integer({ min: 0, max: 255 }),
          (v, at, byte) => {
            const bytes = encodeWith(d, v);
            expectSame(d, bytes, "encoded");
            const m = bytes.slice();
            m[at % m.length] = byte;
            expectSame(d, m, "mutated");
            expectSame(d, bytes.subarray(0, at % bytes.length), "cut");
          },
        ),
        { numRuns: 300, seed: 9 },
      );
    }
  });

  it("depth limits: the same error at the same place either way", () => {
    // [[[...[1]...]]] 40 deep with maxDepth 20 and 40.
    let v: Value = { kind: "int", value: 1 };
    for (let i = 0; i < 40; i++)
      v =
        i % 2
          ? { kind: "array", items: [v] }
          : { kind: "dictionary", entries: [[{ kind: "string", value: "k" }, v]] };
    const bytes = encodeWith(modern, v);
    for (const maxDepth of [0, 1, 20, 39, 40]) {
      const run = (slow: boolean) => {
        try {
          return decodeWithLength(modern, bytes, { maxDepth, ...(slow ? { onSpan: () => {} } : {}) }).length;
        } catch (e) {
          if (!DecodeError.is(e)) throw e;
          return `${e.code} ${e.offset} ${JSON.stringify(e.path)}`;
        }
      };
      expect(run(false), `maxDepth ${maxDepth}`).toBe(run(true));
      if (maxDepth < 40) expect(String(run(false))).toMatch(/^depth-exceeded/);
    }
  });
});

// An Array[int] (4.x typed ARRAY, element type int) built word by word: its int elements are read
// by readElements from their header word, anything else through read.
function typedInts(): { bytes: Uint8Array; intStarts: number[] } {
  const words: number[] = [28 | (1 << 16), 2, 0];
  const intStarts: number[] = [];
  const int32 = (v: number) => {
    intStarts.push(words.length * 4);
    words.push(2, v);
  };
  const int64 = (lo: number, hi: number) => {
    intStarts.push(words.length * 4);
    words.push(2 | (1 << 16), lo, hi);
  };
  int32(7);
  int32(-1);
  int64(0, 1 << 20); // 2^52: a number
  int64(0xffffffff, 0x1fffff); // 2^53 - 1
  int64(0, 1 << 21); // 2^53: a bigint
  int64(1, 0x80000000); // -2^63 + 1
  words.push(3, 0x3fc00000); // a float, 1.5
  int32(0x7fffffff);
  words.push(4, 2, 0x6968); // a String "hi"
  words.push(28, 1, 2, 5); // an untyped Array of one int
  int64(5, 0);
  int32(-0x80000000);
  words[2] = 12;
  const bytes = new Uint8Array(words.length * 4);
  const view = new DataView(bytes.buffer);
  words.forEach((w, i) => {
    view.setUint32(i * 4, w >>> 0, true);
  });
  return { bytes, intStarts };
}

describe("Array[int] elements read by their header word", () => {
  // decodeJS (and a codec's) against toJS of decode, or the same error (decodeJS reports decode's).
  function expectSameJS(bytes: Uint8Array, label: string): void {
    let want: unknown;
    try {
      want = toJS(decodeWithLength(modern, bytes).value);
    } catch (e) {
      if (!DecodeError.is(e)) throw e;
      want = `${e.code} ${e.offset} ${JSON.stringify(e.path)}`;
    }
    let got: unknown;
    try {
      got = decodeJSWith(modern, bytes);
    } catch (e) {
      if (!DecodeError.is(e)) throw e;
      got = `${e.code} ${e.offset} ${JSON.stringify(e.path)}`;
    }
    expect(got, label).toEqual(want);
  }

  it("agree with the per-value path and decodeJS with decode, whole, cut anywhere and changed anywhere", () => {
    const { bytes } = typedInts();
    expect(expectSame(modern, bytes, "whole")).toBe("value");
    const v = decodeWithLength(modern, bytes).value as ArrayValue;
    expect(v.items.map((x) => (x.kind === "int" ? x.value : x.kind))).toEqual([
      7,
      -1,
      2 ** 52,
      2 ** 53 - 1,
      2n ** 53n,
      -(2n ** 63n) + 1n,
      "float",
      0x7fffffff,
      "string",
      "array",
      5,
      -0x80000000,
    ]);
    expectSameJS(bytes, "whole");
    expect(everyCutAndChange(bytes, expectSameJS)).toBeGreaterThan(100);
  });

  it("fail where the layout says: a cut 64-bit int, and past the last element", () => {
    const { bytes, intStarts } = typedInts();
    // The 64-bit int at index 4 cut after its header and 4 of its 8 bytes.
    const at = intStarts[4]!;
    for (const [cut, d] of [
      [at + 8, modern],
      [at + 8, modernDouble],
    ] as const) {
      try {
        decodeWithLength(d, bytes.subarray(0, cut));
        expect.unreachable();
      } catch (e) {
        if (!DecodeError.is(e)) throw e;
        expect([e.code, e.offset, e.path]).toEqual(["truncated", at + 4, [4]]);
      }
    }
  });

  it("are still told to an observer (onPart) one by one", () => {
    const { bytes, intStarts } = typedInts();
    const headers: number[] = [];
    decodeWithLength(modern, bytes, {
      onPart: (p) => {
        if (p.wireId === 2 && p.kind === "header") headers.push(p.start);
      },
    });
    // The 12 elements' ints and the one in the nested Array.
    expect(headers.sort((a, b) => a - b)).toEqual(
      [...intStarts, intStarts[6]! + 8 + 12 + 8].sort((a, b) => a - b),
    );
  });
});

// Every cut of `bytes` and every byte changed to one of a few values, compared both ways (the
// model through expectSame, decodeJS through `sameJS`); returns how many of them failed to decode.
function everyCutAndChange(bytes: Uint8Array, sameJS: (b: Uint8Array, label: string) => void): number {
  let errors = 0;
  for (let cut = 0; cut < bytes.length; cut++) {
    if (expectSame(modern, bytes.subarray(0, cut), `cut ${cut}`) === "error") errors++;
    sameJS(bytes.subarray(0, cut), `cut ${cut}`);
  }
  for (let i = 0; i < bytes.length; i++) {
    for (const b of [0x00, 0x01, 0x02, 0x03, 0x7f, 0x80, 0xff]) {
      const m = bytes.slice();
      m[i] = b;
      if (expectSame(modern, m, `[${i}]=${b}`) === "error") errors++;
      sameJS(m, `[${i}]=${b}`);
    }
  }
  return errors;
}
// A Dictionary (4.x) built word by word, with int and 32-bit float values (-0, a NaN, a
// subnormal, the int32 extremes) and bools (readEntries reads these by their header word for a
// builder of plain values) and others next to them: 64-bit ints and floats, a String, a nested
// Dictionary. `valueStarts`: where the 32-bit int and float values are.
function leafEntries(): { bytes: Uint8Array; valueStarts: number[]; otherStarts: number[] } {
  const words: number[] = [27, 0];
  const valueStarts: number[] = [];
  // The other int and float headers: the 64-bit values and the int key.
  const otherStarts: number[] = [];
  let n = 0;
  const key = (k: number) => {
    words.push(4, 1, 0x61 + k); // a String of one letter
    n++;
  };
  const leaf = (...w: number[]) => {
    valueStarts.push(words.length * 4);
    words.push(...w);
  };
  key(0);
  leaf(2, 7);
  key(1);
  leaf(3, 0x3fc00000); // 1.5
  key(2);
  leaf(3, 0x80000000); // -0
  key(3);
  leaf(3, 0x7fc00001); // a NaN
  key(4);
  leaf(2, 0x7fffffff);
  key(5);
  otherStarts.push(words.length * 4);
  words.push(2 | (1 << 16), 0, 1 << 21); // 2^53, a 64-bit int
  key(6);
  otherStarts.push(words.length * 4);
  words.push(3 | (1 << 16), 0, 0x3ff80000); // 1.5, a 64-bit float
  key(7);
  words.push(4, 2, 0x6968); // a String "hi"
  otherStarts.push(words.length * 4);
  words.push(2, 5); // an int key
  leaf(3, 0x00000001); // the smallest subnormal
  key(8);
  words.push(1, 1); // a bool
  key(9);
  words.push(27, 1, 4, 1, 0x78); // a Dictionary {x: ...
  leaf(2, -3); // ... -3}
  key(10);
  leaf(2, -0x80000000);
  // Bools of 0 and of a set bit past the first byte (true, as read reads it).
  key(11);
  words.push(1, 0);
  key(12);
  words.push(1, 0x100);
  words[1] = n + 1;
  const bytes = new Uint8Array(words.length * 4);
  const view = new DataView(bytes.buffer);
  words.forEach((w, i) => {
    view.setUint32(i * 4, w >>> 0, true);
  });
  return { bytes, valueStarts, otherStarts };
}

describe("Dictionary int and float values", () => {
  function expectSameJS(bytes: Uint8Array, label: string): void {
    const run = (f: () => unknown) => {
      try {
        return f();
      } catch (e) {
        if (!DecodeError.is(e)) throw e;
        return `${e.code} ${e.offset} ${JSON.stringify(e.path)}`;
      }
    };
    const want = run(() => toJS(decodeWithLength(modern, bytes, { onSpan: () => {} }).value));
    expect(
      run(() => decodeJSWith(modern, bytes)),
      label,
    ).toEqual(want);
    expect(
      run(() => codec.decodeJS(bytes)),
      label,
    ).toEqual(want);
  }
  const codec = createCodecWith(modern, modern);

  it("agree with the per-value path, and decodeJS and a codec's with toJS of it, whole, cut and changed anywhere", () => {
    const { bytes } = leafEntries();
    expect(expectSame(modern, bytes, "whole")).toBe("value");
    const v = decodeWithLength(modern, bytes).value as DictionaryValue;
    expect(v.entries.map(([, x]) => (x.kind === "int" || x.kind === "float" ? x.value : x.kind))).toEqual([
      7,
      1.5,
      -0,
      Number.NaN,
      0x7fffffff,
      2n ** 53n,
      1.5,
      "string",
      2 ** -149,
      "bool",
      "dictionary",
      -0x80000000,
      "bool",
      "bool",
    ]);
    expect(v.entries.slice(-2).map(([, x]) => x.kind === "bool" && x.value)).toEqual([false, true]);
    expectSameJS(bytes, "whole");
    expect(everyCutAndChange(bytes, expectSameJS)).toBeGreaterThan(100);
  });

  it("are still told to an observer (onPart) one by one", () => {
    const { bytes, valueStarts, otherStarts } = leafEntries();
    const headers: number[] = [];
    decodeWithLength(modern, bytes, {
      onPart: (p) => {
        if ((p.wireId === 2 || p.wireId === 3) && p.kind === "header") headers.push(p.start);
      },
    });
    expect(headers.sort((a, b) => a - b)).toEqual([...valueStarts, ...otherStarts].sort((a, b) => a - b));
  });

  // A reader's end before the input's (records): a value whose header the record holds but not
  // all of its payload is cut there, though the next record's bytes follow it in the input.
  it("stop at a record's end, where the model stops", () => {
    const outcome = (d: Dialect, input: Uint8Array, builder: Builder) => {
      const values: unknown[] = [];
      const { read, error } = readRecordsWith(d, input, walkRecords(input), {}, builder, undefined, (_, v) =>
        values.push(builder === jsBuilder() ? v : toJS(v as Value)),
      );
      return { read, values, error: error && `${error.code} ${error.offset}` };
    };
    // Also with a dialect that reads none of these kinds inline (each re-made without `inline`).
    const byCodec = new Set(["int", "float", "bool", "string"]);
    const noLeaves = createDialect({
      id: modern.id,
      name: modern.name,
      engineVersions: modern.engineVersions,
      typeCount: modern.typeCount,
      codecs: modern.codecs
        .filter((c) => c !== undefined)
        .map((c) =>
          byCodec.has(c.kind)
            ? defineCodec({ ...c, wireId: c.wireId, kind: c.kind, name: c.name, inline: undefined })
            : c,
        ),
    });
    let cut = 0;
    for (const [d, header, payload] of [
      [modern, 2, 7],
      [modern, 3, 0x3fc00000],
      [modern, 1, 1],
      [modern, 4, 1],
      [noLeaves, 2, 7],
      [noLeaves, 3, 0x3fc00000],
      [noLeaves, 1, 1],
    ] as const) {
      for (let k = 0; k <= 4; k++) {
        // {"a": value}, the value's payload cut to k of its 4 bytes (a String: its length word).
        const words = [27, 1, 4, 1, 0x61, header, payload];
        const variant = new Uint8Array(new Uint32Array(words).buffer).subarray(0, 24 + k);
        // The record of the cut Dictionary, then a record of an int.
        const input = new Uint8Array(4 + variant.length + 12);
        const view = new DataView(input.buffer);
        view.setUint32(0, variant.length, true);
        input.set(variant, 4);
        view.setUint32(4 + variant.length, 8, true);
        view.setUint32(8 + variant.length, 2, true);
        view.setUint32(12 + variant.length, 9, true);
        const model = outcome(d, input, MODEL);
        expect(outcome(d, input, jsBuilder()), `${d === modern} ${header} ${k}`).toEqual(model);
        // A String of length 1 needs 4 bytes more (its character and padding): cut at k = 4.
        expect(model.read, `${d === modern} ${header} ${k}`).toBe(k === 4 && header !== 4 ? 2 : 0);
        if (k < 4) cut++;
      }
    }
    expect(cut).toBe(28);
  });
});

// The same table with every codec re-made by defineCodec (so none is registered for the inline
// paths) and containers that go element by element through encodeElement/encodeKey/
// encodeEntryValue and decodeElement/decodeKey/decodeEntryValue, as a dialect author's own
// container codec would. With `leaves`, the leaf codecs lose their inline tags too, so that every
// leaf is written by its codec's own `header` and `encode` (no inline writes at all).
function perValue(d: Dialect, leaves = false): Dialect {
  const codecs = d.codecs
    .filter((c) => c !== undefined)
    .map((c) => {
      const base = defineCodec({
        ...c,
        wireId: c.wireId,
        kind: c.kind,
        name: c.name,
        ...(leaves ? { inline: undefined } : {}),
      });
      if (c.kind === "array")
        return defineCodec<ArrayValue>({
          ...base,
          kind: "array",
          decode: (ctx, header, start) => {
            if (header !== c.wireId) return c.decode(ctx, header, start) as ArrayValue;
            const n = ctx.reader.u32() & 0x7fffffff;
            ctx.checkCount(n, 4, start + 4);
            const items: Value[] = [];
            for (let i = 0; i < n; i++) items.push(ctx.decodeElement(i));
            return { kind: "array", items };
          },
          encode: (ctx, v, header) => {
            if (header !== c.wireId) return c.encode(ctx, v, header);
            ctx.writer.u32(v.items.length);
            for (let i = 0; i < v.items.length; i++) ctx.encodeElement(v.items[i]!, i);
          },
        });
      if (c.kind === "dictionary")
        return defineCodec<DictionaryValue>({
          ...base,
          kind: "dictionary",
          decode: (ctx, header, start) => {
            if (header !== c.wireId) return c.decode(ctx, header, start) as DictionaryValue;
            const n = ctx.reader.u32() & 0x7fffffff;
            ctx.checkCount(n, 8, start + 4);
            const entries: [Value, Value][] = [];
            for (let i = 0; i < n; i++) {
              const k = ctx.decodeKey(i);
              entries.push([k, ctx.decodeEntryValue(k)]);
            }
            return { kind: "dictionary", entries };
          },
          encode: (ctx, v, header) => {
            if (header !== c.wireId) return c.encode(ctx, v, header);
            ctx.writer.u32(v.entries.length);
            v.entries.forEach(([k, x], i) => {
              ctx.encodeKey(k, i);
              ctx.encodeEntryValue(x, k);
            });
          },
        });
      return base;
    });
  return createDialect({
    id: d.id,
    name: d.name,
    engineVersions: d.engineVersions,
    typeCount: d.typeCount,
    codecs,
  });
}

function encodeOutcome(d: Dialect, v: unknown, o: EncodeOptions = {}): string {
  try {
    return hex(encodeWith(d, v, o));
  } catch (e) {
    if (!EncodeError.is(e)) throw e;
    return `${e.code} ${JSON.stringify(e.path, (_, x) => (typeof x === "bigint" ? `${x}n` : x))} ${e.message}`;
  }
}

describe("inline encode and per-value encode agree", () => {
  const dialects = DIALECTS_WITH_LEAVES.map(([d, leaves]) => [d, perValue(d), leaves] as const);

  it("on random values, and on random values under maxTotalBytes and maxDepth limits", () => {
    for (const [fast, slow, leaves] of dialects) {
      fc.assert(
        fc.property(valueArb(leaves, { depth: 4 }), fc.nat(400), fc.nat(5), (v, maxTotalBytes, maxDepth) => {
          const bytes = encodeOutcome(fast, v);
          expect(bytes).toBe(encodeOutcome(slow, v));
          expect(encodeOutcome(fast, v, { maxTotalBytes })).toBe(encodeOutcome(slow, v, { maxTotalBytes }));
          expect(encodeOutcome(fast, v, { maxDepth })).toBe(encodeOutcome(slow, v, { maxDepth }));
          // and the per-value decoder reads what the inline encoder wrote
          const back = decodeWithLength(slow, unhex(bytes), { allowObjects: true }).value;
          expect(encodeOutcome(fast, back)).toBe(bytes);
        }),
        { numRuns: 300, seed: 11 },
      );
    }
  });

  it("on values whose payload is not the plain JS type (left to the codec, same result)", () => {
    const odd: unknown[] = [
      { kind: "int", value: 2 ** 31 },
      { kind: "int", value: -(2 ** 31) - 1 },
      { kind: "int", value: 2n ** 40n },
      { kind: "int", value: 1.5 },
      { kind: "int", value: Number.NaN },
      { kind: "int", value: "7" },
      { kind: "float", value: -0 },
      { kind: "float", value: Number.NaN },
      { kind: "float", value: 0.1 },
      { kind: "float", value: 1n },
      { kind: "string", value: 5 },
      { kind: "string", value: "\u{1F600}\ud800" },
      { kind: "stringName", value: null },
      { kind: "bool", value: "yes" },
      { kind: "vector2", x: "1", y: 2 },
      { kind: "vector3", x: 1 },
      { kind: "color", r: 0.5, g: 0.25, b: 1e40, a: Number.NaN },
      { kind: "nil", extra: 1 },
      // (A dictionary entry that is not a pair is refused by core's entry loop, which the
      // per-value codec here does not use: test/malformed tests of the dialects cover it.)
      { kind: "array", items: [undefined, null, 3, "x", [1, { a: 2.5 }]] },
    ];
    for (const [fast, slow] of dialects) {
      for (const v of odd) {
        for (const wrapped of [v, { kind: "array", items: [v] }, { kind: "dictionary", entries: [[v, v]] }]) {
          expect(
            encodeOutcome(fast, wrapped),
            JSON.stringify(wrapped, (_, x) => (typeof x === "bigint" ? `${x}n` : x)),
          ).toBe(encodeOutcome(slow, wrapped));
        }
      }
    }
  });
});

// Plain JS values as encode infers them (fromJS's rules, written without model values): numbers
// of every kind (int32 and past it, exact as an f32 or not, -0, NaN, the infinities), strings,
// booleans, null and undefined, bigints, arrays, Maps, and objects of Object.prototype or none,
// nested; object keys of 0-40 bytes, ASCII and not, repeated across objects (a codec keeps their
// bytes). The per-value dialect writes them through its codecs one by one (no inline ids, no
// plain-object loop, no inline leaves), the real one through encodeRecord, encodeNumber, wordPair, taggedFloat and,
// for a codec, its kept keys.
const plainNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.float(),
  fc.constantFrom(
    -0,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31),
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    -(2 ** 63),
    0.5,
    0.1,
    1e40,
    5e-324,
  ),
);
const plainLeaf = fc.oneof(
  plainNumber,
  fc.string({ maxLength: 12 }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
);
const plainKey = fc.constantFrom(
  "id",
  "hp",
  "name",
  "pos",
  "x",
  "y",
  "",
  "7",
  "é",
  "日本",
  "x".repeat(16),
  "y".repeat(17),
);
// (Maps only with `maps`: the per-value dialect's dictionary codec is handed a Map's JS keys as
// they are, which an error path cannot show as the encoder shows them.)
const plainArb = (maps: boolean): fc.Arbitrary<unknown> =>
  fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small" },
      plainLeaf,
      fc.array(tie("value"), { maxLength: 5 }),
      fc
        .tuple(fc.array(fc.tuple(plainKey, tie("value")), { maxLength: 7 }), fc.boolean())
        .map(([pairs, bare]) => {
          const o: Record<string, unknown> = bare ? Object.create(null) : {};
          for (const [k, v] of pairs) o[k] = v;
          return o;
        }),
      maps
        ? fc.array(fc.tuple(plainLeaf, tie("value")), { maxLength: 4 }).map((pairs) => new Map(pairs))
        : fc.array(tie("value"), { maxLength: 2 }),
    ),
  })).value;

// A plain value's objects as model dictionaries of String keys (what encode infers them to be),
// its arrays and leaves as they are: the per-value dialect's dictionary codec then shows a key
// in an error path as the encoder's plain-object loop does.
function modelKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(modelKeys);
  if (typeof v !== "object" || v === null) return v;
  return {
    kind: "dictionary",
    entries: Object.keys(v).map((k) => [
      { kind: "string", value: k },
      modelKeys((v as Record<string, unknown>)[k]),
    ]),
  };
}

describe("plain JS encode and per-value encode agree", () => {
  const dialects = DIALECTS_WITH_LEAVES.map(([d]) => [d, perValue(d, true)] as const);
  const show = (v: unknown) => String(JSON.stringify(v, (_, x) => (typeof x === "bigint" ? `${x}n` : x)));

  it("whole, under every limit, and in every target up to the size", () => {
    for (const [fast, slow] of dialects) {
      fc.assert(
        fc.property(plainArb(false), fc.nat(5), (v, maxDepth) => {
          const m = modelKeys(v);
          const bytes = encodeOutcome(fast, v);
          expect(bytes, show(v)).toBe(encodeOutcome(slow, m));
          expect(encodeOutcome(fast, v, { maxDepth })).toBe(encodeOutcome(slow, m, { maxDepth }));
          const n = bytes.length / 2 + 8;
          for (let size = 0; size <= n; size++) {
            expect(encodeOutcome(fast, v, { maxTotalBytes: size })).toBe(
              encodeOutcome(slow, m, { maxTotalBytes: size }),
            );
            expect(intoOutcome(fast, v, size)).toBe(intoOutcome(slow, m, size));
          }
        }),
        { numRuns: 150, seed: 47 },
      );
    }
  });

  it("a dialect's own dictionary codec handed a Map's JS keys reports a bad value under any key", () => {
    // The codec sees the Map's keys as they are (null, a number, a symbol): the path's text
    // must still be made, not fail with a TypeError.
    for (const [, slow] of dialects) {
      for (const key of [null, undefined, 5, "k", Symbol("s"), 7n, {}]) {
        let caught: unknown;
        try {
          encodeWith(slow, new Map<unknown, unknown>([[key, Symbol("bad")]]));
        } catch (e) {
          caught = e;
        }
        expect(EncodeError.is(caught), String(caught)).toBe(true);
        expect(String((caught as EncodeError).message)).toContain("symbol");
      }
    }
  });

  it("refuse a plain object, array or Map over maxCollectionLength as its model value is refused", () => {
    // (The per-value dialect's containers above do not check counts; the model value's codec does.)
    for (const [d] of DIALECTS_WITH_LEAVES) {
      for (let n = 0; n <= 4; n++) {
        const keys = Array.from({ length: n }, (_, i) => `k${i}`);
        const record = Object.fromEntries(keys.map((k, i) => [k, i]));
        const model: DictionaryValue = {
          kind: "dictionary",
          entries: keys.map((k, i) => [
            { kind: "string", value: k },
            { kind: "int", value: i },
          ]),
        };
        const items = keys.map((_, i) => i);
        const array: ArrayValue = { kind: "array", items: items.map((i) => ({ kind: "int", value: i })) };
        for (let limit = 0; limit <= 4; limit++) {
          const o = { maxCollectionLength: limit };
          expect(encodeOutcome(d, record, o), `${n} keys, limit ${limit}`).toBe(encodeOutcome(d, model, o));
          expect(encodeOutcome(d, new Map(Object.entries(record)), o)).toBe(encodeOutcome(d, model, o));
          expect(encodeOutcome(d, items, o), `${n} items, limit ${limit}`).toBe(encodeOutcome(d, array, o));
        }
      }
    }
  });

  it("and a codec kept across all of them writes the stateless function's bytes and errors", () => {
    for (const [d] of dialects) {
      const codec = createCodecWith(d, d);
      const codecOutcome = (f: () => Uint8Array | number, target?: Uint8Array): string => {
        try {
          const r = f();
          return hex(typeof r === "number" ? target!.subarray(0, r) : r);
        } catch (e) {
          if (!EncodeError.is(e)) throw e;
          return `${e.code} ${show(e.path)} ${e.message.replace(/\d+/g, "N")}`;
        }
      };
      fc.assert(
        fc.property(fc.array(plainArb(true), { minLength: 1, maxLength: 8 }), (values) => {
          for (const v of values) {
            const bytes = encodeOutcome(d, v);
            expect(
              codecOutcome(() => codec.encode(v)),
              show(v),
            ).toBe(bytes.includes(" ") ? codecOutcome(() => encodeWith(d, v)) : bytes);
            for (let size = 0; size <= bytes.length / 2 + 4; size++) {
              const target = new Uint8Array(size);
              expect(codecOutcome(() => codec.encodeInto(v, target), target)).toBe(intoOutcome(d, v, size));
            }
          }
        }),
        { numRuns: 50, seed: 53 },
      );
    }
  });
});

// Dictionaries of one shape repeat their keys: the decoder reuses the JS string of a short ASCII
// key read in the same slot (entry index and count) when the bytes are the same
// (Decoder.decodeKeyIn). Keys that differ by one byte, at the same length, with non-ASCII
// characters, a NUL, a BOM, 16 and 17 bytes, other kinds, and dictionaries of other sizes must
// still read as the engine reads them, and both paths must agree on every cut and changed byte.
describe("dictionary keys read again", () => {
  const keySets: string[][] = [
    ["id", "name", "pos"],
    ["id", "namf", "pos"],
    ["id", "name", "pos", "hp"],
    ["ID", "name", "pos"],
    ["id", "nämé", "pos"],
    ["id", "na\u0000e", "pos"],
    ["\uFEFFid", "name", "pos"],
    ["sixteen_bytes_ab", "seventeen_bytes_a", "x"],
    ["sixteen_bytes_ac", "seventeen_bytes_b", "x"],
    ["", "name", "pos"],
  ];
  const record = (keys: string[], k: number): DictionaryValue => ({
    kind: "dictionary",
    entries: keys.map((key, i) => [
      { kind: "string", value: key },
      { kind: "int", value: k * 10 + i },
    ]),
  });

  it("reads every key as written, in any order of shapes", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: keySets.length - 1 }), { maxLength: 30 }), (picks) => {
        const value: ArrayValue = {
          kind: "array",
          items: [
            ...picks.map((p, k) => record(keySets[p]!, k)),
            // A key of another kind in a slot a string key used.
            {
              kind: "dictionary",
              entries: [
                [{ kind: "int", value: 1 }, { kind: "nil" }],
                [{ kind: "stringName", value: "name" }, { kind: "nil" }],
                [{ kind: "string", value: "pos" }, { kind: "nil" }],
              ],
            },
          ],
        };
        const bytes = encodeWith(modern, value);
        const fast = decodeWithLength(modern, bytes);
        // As the engine reads strings: up to the first NUL, without a leading BOM.
        const read = (k: string) => k.split("\u0000")[0]!.replace(/^\uFEFF/, "");
        const expected: ArrayValue = {
          ...value,
          items: value.items.map((d) => ({
            kind: "dictionary",
            entries: (d as DictionaryValue).entries.map(([k, v]) => [
              k.kind === "string" ? { kind: "string", value: read(k.value) } : k,
              v,
            ]),
          })),
        };
        expect(equals(fast.value, expected)).toBe(true);
        expectSame(modern, bytes, `picks ${picks.join(",")}`);
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same value or error on every cut and every changed key byte", () => {
    const value: ArrayValue = {
      kind: "array",
      items: [
        record(keySets[0]!, 0),
        record(keySets[0]!, 1),
        record(keySets[1]!, 2),
        // "é" is one character from two bytes: a one-byte key 0xE9 in its slot is invalid UTF-8,
        // not "é" again.
        record(["é", "name", "pos"], 3),
        record(["x", "name", "pos"], 4),
      ],
    };
    const bytes = encodeWith(modern, value);
    for (let cut = 0; cut < bytes.length; cut++) expectSame(modern, bytes.subarray(0, cut), `cut ${cut}`);
    for (let at = 0; at < bytes.length; at++) {
      for (const x of [0x00, 0x01, 0x65, 0x80, 0xe9, 0xff]) {
        const b = bytes.slice();
        b[at] = x;
        expectSame(modern, b, `byte ${at} = ${x}`);
      }
    }
  });
});

// Keys at entry index 16 and on (past the places kept keys use): a String key is read straight by
// its header word (Decoder.readStringKey), and so is a 32-bit int value (intValue), anything else
// as any value. Keys at 15, 16 and 17 and
// far past, of every kind a key can be, short, long, non-ASCII, with a NUL or a BOM: the value or
// error (code, offset, path) must be the per-value path's, for decode, decodeJS and a codec's,
// whole, cut anywhere and with any byte changed; an observer must be told the same parts.
describe("dictionary keys and int values past the kept places", () => {
  const keyAt = (i: number): Value => {
    switch (i) {
      case 16:
        return { kind: "int", value: 16 };
      case 17:
        return { kind: "stringName", value: "k17" };
      case 18:
        return { kind: "string", value: "nämé" };
      case 19:
        return { kind: "string", value: "seventeen_bytes_a" };
      case 20:
        return { kind: "string", value: "" };
      case 21:
        return { kind: "string", value: "na\u0000e" };
      case 22:
        return { kind: "string", value: "\uFEFFbom" };
      case 23:
        return { kind: "float", value: 1.5 };
      default:
        return { kind: "string", value: `k${i}` };
    }
  };
  const dict = (
    n: number,
    keys: (i: number) => Value,
    values: (i: number) => Value = (i) => ({ kind: "int", value: i }),
  ): DictionaryValue => ({
    kind: "dictionary",
    entries: Array.from({ length: n }, (_, i) => [keys(i), values(i)] as const),
  });
  // Values past the kept places (int ones are read by their header word): 32- and 64-bit ints,
  // the int32 extremes, and values of other kinds between them.
  const valueAt = (i: number): Value => {
    switch (i % 8) {
      case 1:
        return { kind: "int", value: 2 ** 40 };
      case 2:
        return { kind: "float", value: 1.5 };
      case 3:
        return { kind: "int", value: -0x80000000 };
      case 4:
        return {
          kind: "dictionary",
          entries: [
            [
              { kind: "string", value: "x" },
              { kind: "int", value: -i },
            ],
          ],
        };
      case 5:
        return { kind: "string", value: "v" };
      case 6:
        return { kind: "int", value: 0x7fffffff };
      default:
        return { kind: "int", value: i };
    }
  };
  const codec = createCodecWith(modern, modern);
  const run = (f: () => unknown) => {
    try {
      return f();
    } catch (e) {
      if (!DecodeError.is(e)) throw e;
      return `${e.code} ${e.offset} ${JSON.stringify(e.path)}`;
    }
  };
  function expectSameJS(bytes: Uint8Array, label: string): void {
    const want = run(() => toJS(decodeWithLength(modern, bytes, { onSpan: () => {} }).value));
    expect(
      run(() => decodeJSWith(modern, bytes)),
      label,
    ).toEqual(want);
    // Twice: the second reading finds the first one's keys kept.
    for (let k = 0; k < 2; k++)
      expect(
        run(() => codec.decodeJS(bytes)),
        label,
      ).toEqual(want);
  }
  const partsOf = (bytes: Uint8Array, slow: boolean) => {
    const parts: string[] = [];
    const value = run(() =>
      toJS(
        decodeWithLength(modern, bytes, {
          onPart: (p) => parts.push(`${p.kind} ${p.start}-${p.end} ${p.value} ${p.name} ${p.wireId}`),
          ...(slow ? { onSpan: () => {} } : {}),
        }).value,
      ),
    );
    return { value, parts };
  };

  it("read as the per-value path reads them, whole, cut anywhere and changed anywhere", () => {
    // Keys 0-15 plain Strings, then every kind; then all String keys, for the straight reads.
    for (const bytes of [
      encodeWith(modern, dict(24, keyAt)),
      encodeWith(
        modern,
        dict(19, (i) => ({ kind: "string", value: `key${i}` })),
      ),
      encodeWith(
        modern,
        dict(25, (i) => ({ kind: "string", value: `k${i}` }), valueAt),
      ),
    ]) {
      expect(expectSame(modern, bytes, "whole")).toBe("value");
      expectSameJS(bytes, "whole");
      expect(everyCutAndChange(bytes, expectSameJS)).toBeGreaterThan(100);
    }
  });

  it("read the engine's strings far past, and fail there where the per-value path fails", () => {
    const value = dict(300, (i) => (i % 50 === 7 ? { kind: "int", value: i } : keyAt(16 + (i % 8))));
    const bytes = encodeWith(modern, value);
    const read = (k: Value): Value =>
      k.kind === "string" ? { kind: "string", value: k.value.split("\u0000")[0]!.replace(/^\uFEFF/, "") } : k;
    const expected: DictionaryValue = {
      ...value,
      entries: value.entries.map(([k, v]) => [read(k), v] as const),
    };
    expect(equals(decodeWithLength(modern, bytes).value, expected)).toBe(true);
    expectSameJS(bytes, "whole");
    // Every cut and changed byte of the last few entries (keys at 290-299).
    const from = bytes.length - 10 * 24;
    let errors = 0;
    for (let cut = from; cut < bytes.length; cut++) {
      if (expectSame(modern, bytes.subarray(0, cut), `cut ${cut}`) === "error") errors++;
      expectSameJS(bytes.subarray(0, cut), `cut ${cut}`);
    }
    for (let at = from; at < bytes.length; at++) {
      for (const x of [0x00, 0x01, 0x04, 0x80, 0xe9, 0xff]) {
        const b = bytes.slice();
        b[at] = x;
        expectSame(modern, b, `byte ${at} = ${x}`);
        expectSameJS(b, `byte ${at} = ${x}`);
      }
    }
    expect(errors).toBe(bytes.length - from);
  });

  it("a codec reads an empty String key as empty after a one-byte key its bytes hash with", () => {
    // "" and "\u0001" (0x01 padded) fall in one hashed slot of a codec's key table; the empty
    // key, at a place whose slot is empty, must not take the other's string from there.
    for (const k of ["\u0001", "\u0002", "a"]) {
      const c = createCodecWith(modern, modern);
      const first = encodeWith(
        modern,
        dict(1, () => ({ kind: "string", value: k })),
      );
      const empty = encodeWith(
        modern,
        dict(2, (i) => ({ kind: "string", value: i === 0 ? "" : "b" })),
      );
      expect(c.decodeJS(first)).toEqual(decodeJSWith(modern, first));
      expect(c.decodeJS(empty), k).toEqual(decodeJSWith(modern, empty));
      expect(equals(c.decode(empty), decodeWithLength(modern, empty).value), k).toBe(true);
    }
  });

  it("tell an observer (onPart) the parts the per-value path tells it", () => {
    const bytes = encodeWith(modern, dict(24, keyAt, valueAt));
    const fast = partsOf(bytes, false);
    expect(fast).toEqual(partsOf(bytes, true));
    expect(fast.parts.length).toBeGreaterThan(24 * 4);
    for (let cut = 0; cut < bytes.length; cut++) {
      expect(partsOf(bytes.subarray(0, cut), false), `cut ${cut}`).toEqual(
        partsOf(bytes.subarray(0, cut), true),
      );
    }
  });
});

// The encoder's mirror of decodeKeyIn (Encoder.encodeKeyIn): from the second dictionary of one
// encode on, a String key equal to the one last written in the same slot copies the bytes
// written then. The output must be the per-value encoder's (which writes every key through
// encodeKey, never copying) byte for byte, and so must every error under a limit or a small
// target, for keys that differ by one character, at the same length, non-ASCII, empty, long,
// equal strings that are different JS strings, and keys of other kinds in a slot a String used.
describe("dictionary keys written again", () => {
  const rebuilt = (s: string) => s.split("").join(""); // equal, and another JS string
  const keySets: string[][] = [
    ["id", "name", "pos"],
    ["id", "namf", "pos"],
    ["id", "name", "pos", "hp"],
    ["id", rebuilt("name"), rebuilt("pos")],
    ["id", "nämé", "pos"],
    ["id", "日本", "pos"],
    ["", "name", "pos"],
    ["a_key_of_forty_bytes_that_is_not_short__", "name", "pos"],
  ];
  // Every third record puts a StringName with the same text in slot 1 (where the dialect has
  // StringName).
  const key = (names: boolean, k: number, i: number, s: string): Value =>
    names && k % 3 === 2 && i === 1 ? { kind: "stringName", value: s } : { kind: "string", value: s };
  const records = (picks: number[], names: boolean): ArrayValue => ({
    kind: "array",
    items: picks.map((p, k) => ({
      kind: "dictionary",
      entries: keySets[p % keySets.length]!.map((s, i) => [
        key(names, k, i, s),
        i === 2
          ? { kind: "dictionary", entries: [[{ kind: "string", value: s }, { kind: "nil" }]] }
          : { kind: "int", value: k },
      ]),
    })),
  });
  const pick = fc.array(fc.integer({ min: 0, max: keySets.length - 1 }), { minLength: 1, maxLength: 24 });

  for (const [d, name, names] of [
    [modern, "4.x", true],
    [legacy, "2.x", false],
  ] as const) {
    const slow = perValue(d);

    it(`writes the per-value encoder's bytes (${name})`, () => {
      fc.assert(
        fc.property(pick, (picks) => {
          const v = records(picks, names);
          expect(encodeOutcome(d, v)).toBe(encodeOutcome(slow, v));
        }),
        { numRuns: 300, seed: 31 },
      );
    });

    it(`fails where the per-value encoder fails, under every limit and in every small target (${name})`, () => {
      fc.assert(
        fc.property(pick, (picks) => {
          const v = records(picks.slice(0, 6), names);
          const n = encodeWith(d, v).length;
          for (let limit = 0; limit <= n; limit += 4) {
            expect(encodeOutcome(d, v, { maxTotalBytes: limit })).toBe(
              encodeOutcome(slow, v, { maxTotalBytes: limit }),
            );
            expect(intoOutcome(d, v, limit)).toBe(intoOutcome(slow, v, limit));
          }
        }),
        { numRuns: 40, seed: 37 },
      );
    });
  }
  it("writes the string it read, for a key whose value changes between reads", () => {
    // A getter that answers "a", "bb", "a", ... : the encoder reads a String key's value once
    // per key written, and must write that string (and keep its bytes for the slot), not read
    // the value again.
    let reads = 0;
    const flipping = {
      kind: "string",
      get value() {
        return reads++ % 2 === 0 ? "a" : "bb";
      },
    } as unknown as Value;
    const dict: DictionaryValue = { kind: "dictionary", entries: [[flipping, { kind: "nil" }]] };
    const bytes = encodeWith(modern, { kind: "array", items: [dict, dict, dict, dict, dict] });
    expect(reads).toBe(5);
    const back = decodeWithLength(modern, bytes).value as ArrayValue;
    const keys = back.items.map((d) => ((d as DictionaryValue).entries[0]![0] as { value: string }).value);
    expect(keys).toEqual(["a", "bb", "a", "bb", "a"]);
  });
});

function intoOutcome(d: Dialect, v: unknown, room: number): string {
  try {
    const target = new Uint8Array(room);
    const n = encodeIntoWith(d, v, target);
    return hex(target.subarray(0, n));
  } catch (e) {
    if (!EncodeError.is(e)) throw e;
    return `${e.code} ${JSON.stringify(e.path)} ${e.message.replace(/\d+/g, "N")}`;
  }
}

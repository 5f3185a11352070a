// FactsObserver: the facts a reading counts, on bytes built here word by word (so the expected
// counts follow from how the bytes were made), and the reader's value is the model's; the plain-JS
// builder reads the same facts (an observer reads bytes, not what a builder made).
import {
  type Dialect,
  decodeJSWith,
  decodeWith,
  encodeWith,
  FACT_NAMES,
  Facts,
  FactsObserver,
  FULL_CHECKS,
  jsBuilder,
  MODEL,
  readWith,
  SAMPLE_STEP,
} from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS_WITH_LEAVES, modern } from "./support/dialects.js";

const words = (...w: number[]) => new Uint8Array(Uint32Array.from(w).buffer);
const f32 = (x: number) => new Uint32Array(Float32Array.of(x).buffer)[0]!;

function read(bytes: Uint8Array): Facts {
  const facts = new Facts();
  const r = readWith(modern, bytes, {}, MODEL, new FactsObserver(modern, bytes, facts));
  expect(r.length).toBe(bytes.length);
  expect(r.value).toEqual(decodeWith(modern, bytes));
  const js = new Facts();
  const j = readWith(modern, bytes, {}, jsBuilder(), new FactsObserver(modern, bytes, js));
  expect(j.value).toEqual(decodeJSWith(modern, bytes));
  expect(js).toEqual(facts);
  return facts;
}

const text = (s: string) => {
  const b = new TextEncoder().encode(s);
  const w = new Uint8Array(4 + ((b.length + 3) & ~3));
  new DataView(w.buffer).setUint32(0, b.length, true);
  w.set(b, 4);
  return [...new Uint32Array(w.buffer)];
};

describe("FACT_NAMES", () => {
  it("names each counter once, frozen, one name per counter", () => {
    expect(Object.isFrozen(FACT_NAMES)).toBe(true);
    expect(new Set(FACT_NAMES).size).toBe(FACT_NAMES.length);
    expect(new Facts().counts.length).toBe(FACT_NAMES.length);
    expect(FACT_NAMES.every((n) => /^[a-z][A-Za-z0-9]*$/.test(n))).toBe(true);
  });
});

describe("FactsObserver", () => {
  it("counts every value, header byte 1 and odd bool words", () => {
    // [true (word 2), 7 with header byte 1 set, nil]
    const f = read(words(28, 3, 1, 2, 0x102, 7, 0));
    expect([f.get("values"), f.get("containers"), f.get("boolOdd"), f.get("byte1"), f.get("int32")]).toEqual([
      4, 1, 1, 1, 1,
    ]);
    expect(f.at.byte1).toBe(16);
  });

  it("tells 64-bit ints that 32 bits hold from those that need 64", () => {
    const f = read(words(28, 2, 0x10002, 5, 0, 0x10002, 0, 1));
    expect([f.get("int64Fits32"), f.get("int64"), f.get("int32")]).toEqual([1, 1, 0]);
  });

  it("sees string padding, NUL bytes and control characters", () => {
    // "ab" with padding 0x4141 and "a\0" (length 2), and "\x01" with clean padding
    const b = words(28, 3, 4, 2, 0x41416261, 4, 2, 0x00000061, 4, 1, 0x00000001);
    const f = read(b);
    expect([f.get("strings"), f.get("stringPadDirty"), f.get("stringNul"), f.get("stringControl")]).toEqual([
      3, 1, 1, 1,
    ]);
  });

  it("finds NUL and control bytes anywhere in strings of any length (four at a time or one by one)", () => {
    const pool = [[0], [9], [10], [13], [0x1f], [0x20], [0x7e], [0x7f], [0x61], [0xc3, 0xa9]];
    let seed = 12345;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    let nul = 0;
    let control = 0;
    for (let t = 0; t < 400; t++) {
      const bytes: number[] = [];
      const len = rand(24);
      while (bytes.length < len)
        bytes.push(...pool[rand(t % 3 === 0 ? pool.length : 7) + (t % 3 === 0 ? 0 : 3)]!);
      // The facts a byte-by-byte reading finds: a NUL ends the look; control bytes before it.
      const at = bytes.indexOf(0);
      const seen = at < 0 ? bytes : bytes.slice(0, at);
      const wantControl = seen.some((c) => (c < 0x20 && c !== 9 && c !== 10 && c !== 13) || c === 0x7f);
      const body = new Uint8Array(8 + ((bytes.length + 3) & ~3));
      const view = new DataView(body.buffer);
      view.setUint32(0, 4, true);
      view.setUint32(4, bytes.length, true);
      body.set(bytes, 8);
      const f = read(body);
      expect(f.get("stringNul"), JSON.stringify(bytes)).toBe(at < 0 ? 0 : 1);
      expect(f.get("stringControl"), JSON.stringify(bytes)).toBe(wantControl ? 1 : 0);
      nul += at < 0 ? 0 : 1;
      control += wantControl ? 1 : 0;
    }
    expect(nul).toBeGreaterThan(25);
    expect(control).toBeGreaterThan(25);
    expect(400 - nul - control).toBeGreaterThan(25);
  });

  it("judges floats and shapes: a denormal, a unit plane normal, a colour in range", () => {
    const plane = [14, f32(0), f32(1), f32(0), f32(2.5)];
    const color = [20, f32(1), f32(0.5), f32(0.25), f32(1)];
    const f = read(words(28, 3, 3, 1, ...plane, ...color));
    expect([f.get("floatDenormal"), f.get("planeUnit"), f.get("colorInRange"), f.get("float32")]).toEqual([
      1, 1, 1, 1,
    ]);
  });

  it("reads typed container headers: a builtin Nil element type, a script outside res://", () => {
    // [Array[nil] (type code 1, id 0), Array[res://a.gd], Array[user://a.gd]], each empty
    const f = read(
      words(
        28,
        3,
        28 | (1 << 16),
        0,
        0,
        28 | (3 << 16),
        ...text("res://a.gd"),
        0,
        28 | (3 << 16),
        ...text("user://a.gd"),
        0,
      ),
    );
    expect([
      f.get("typedArrays"),
      f.get("typedBuiltinNil"),
      f.get("typedScriptOdd"),
      f.get("containers"),
    ]).toEqual([3, 1, 1, 4]);
    expect(f.at.typedScriptOdd).toBe(48);
  });

  it("looks inside every value up to FULL_CHECKS, then one in SAMPLE_STEP; counts headers always", () => {
    // An Array of N values: int 1 (4.x header byte 1 set on the last), then strings "a\0" (a NUL).
    const n = FULL_CHECKS + 4 * SAMPLE_STEP;
    const w: number[] = [28, n];
    for (let i = 0; i < n; i++) w.push(4, 2, 0x0061);
    w.push(0x102, 1);
    const f = read(words(...w.slice(0, 1), n + 1, ...w.slice(2)));
    // Value 0 is the Array; string i is value i + 1: all up to FULL_CHECKS, then every SAMPLE_STEP-th.
    let want = 0;
    for (let v = 1; v <= n; v++) if (v < FULL_CHECKS || v % SAMPLE_STEP === 0) want++;
    expect(f.get("values")).toBe(n + 2);
    expect(f.get("strings")).toBe(n);
    expect(f.get("stringNul")).toBe(want);
    expect(want).toBeLessThan(n);
    expect(f.get("byte1")).toBe(1);
  });

  it("counts ints, floats, strings and vectors exactly past FULL_CHECKS (only inner bytes are sampled)", () => {
    // "ab", 7, 1.5, Vector2(1, 2): what one of each counts, times the repeats, is what the long array counts.
    const one = [4, 2, 0x6261, 2, 7, 3, f32(1.5), 5, f32(1), f32(2)];
    const repeats = Math.ceil((2 * FULL_CHECKS) / 4) + 3;
    const single = read(words(28, 4, ...one));
    const many = read(words(28, 4 * repeats, ...Array.from({ length: repeats }, () => one).flat()));
    for (const name of ["int32", "float32", "strings", "mathSingle", "mathDouble", "containers"] as const) {
      const each = single.get(name) - (name === "containers" ? 1 : 0);
      expect(many.get(name), name).toBe(each * repeats + (name === "containers" ? 1 : 0));
    }
    expect(single.get("int32") + single.get("float32") + single.get("strings")).toBe(3);
    expect(many.get("values")).toBe(4 * repeats + 1);
  });

  it("counts the 2.x shared bit on a container count", () => {
    const f = read(words(28, 0x80000001, 0));
    expect([f.get("sharedSet"), f.get("sharedClear")]).toEqual([1, 0]);
  });
});

// Strings, untyped containers and one-part layouts are judged without the layout walker
// (layoutShortcut, fixedPart): the same facts as walking them. A trailing step that does nothing
// turns every shortcut off, so the walker reads the same layouts.
describe("facts taken without the walker", () => {
  const NOOP = { t: "if", mask: 0, set: [] } as const;
  const walked = (d: Dialect): Dialect => ({
    ...d,
    codecs: d.codecs.map((c) => c && { ...c, layout: [...(c.layout ?? []), NOOP] }),
  });
  const factsOf = (d: Dialect, bytes: Uint8Array) => {
    const facts = new Facts();
    try {
      readWith(d, bytes, { allowObjects: true }, MODEL, new FactsObserver(d, bytes, facts));
    } catch {
      return "fails";
    }
    return facts;
  };

  it("are the facts a walk gives, on random values of three dialects", () => {
    let odd = 0;
    for (const [d, leaves] of DIALECTS_WITH_LEAVES) {
      const w = walked(d);
      fc.assert(
        fc.property(valueArb(leaves, { depth: 4 }), fc.array(fc.nat(), { maxLength: 6 }), (v, flips) => {
          let bytes: Uint8Array;
          try {
            bytes = encodeWith(d, v);
          } catch {
            return;
          }
          // Some bytes changed (padding, string bytes, float bits...), so facts other than a
          // clean writer's are met too.
          for (const at of flips) if (bytes.length > 0) bytes[at % bytes.length]! ^= at & 1 ? 0x01 : 0x80;
          const short = factsOf(d, bytes);
          if (short !== "fails") odd += short.counts.filter((c, i) => c > 0 && i > 0).length;
          expect(short).toEqual(factsOf(w, bytes));
        }),
        { numRuns: 300, seed: 341 },
      );
    }
    expect(odd).toBeGreaterThan(300);
  });
});

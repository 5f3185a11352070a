// The verifying walk reads inputs of 4 KB and more a 4-byte word at a time when they sit 4-byte
// aligned in memory, and then checks most container elements (scalars, plain ASCII strings,
// math values, untyped arrays and dictionaries) in one loop of its own (Walker.childrenWords).
// Whatever the bytes, that must give exactly the answer of the byte-by-byte walk it replaces:
// the same end or failure (offset, code, message, missing bytes) and the same counts and first
// offsets of every fact. The byte walk is the reference: the same bytes one byte off alignment.
import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, expect, it } from "vitest";
// The verifying walk's internals, not part of the package's API: imported from source.
import { layoutOf, OP } from "../src/layout.js";
import { verify, type WalkLimits } from "../src/verify.js";
import { randomCases, unhex } from "./support/fixtures.js";
import { arrayOf, bigInputs, idOf, mutants, paddedString, summary } from "./support/walk-inputs.js";

const layouts = [godot4Dialect(), godot3Dialect(), legacy2Dialect({ flag64: "accept" })].map(layoutOf);
const GENERATIONS = ["godot-4.6.3", "godot-3.2.3", "godot-2.1.4"];

const rng = xorshift32;

const cases = new Map(GENERATIONS.map((g) => [g, randomCases(g).map((c) => unhex(c.hex))]));

/** A math value of wire id `id` with `n` f32 components: component `c` has bits `odd`, the rest `plain`. */
function oneOdd(id: number, n: number, c: number, odd: number, plain: number): Uint8Array {
  const v = new Uint8Array(4 + n * 4);
  const view = new DataView(v.buffer);
  view.setUint32(0, id, true);
  for (let i = 0; i < n; i++) view.setUint32(4 + i * 4, i === c ? odd : plain, true);
  return v;
}

function unaligned(b: Uint8Array): Uint8Array {
  const c = new Uint8Array(b.length + 1).subarray(1);
  c.set(b);
  return c;
}

function aligned(b: Uint8Array): Uint8Array {
  const c = new Uint8Array(b.length);
  c.set(b);
  return c;
}

const LIMITS: WalkLimits[] = [
  { maxDepth: 1024, maxCollectionLength: 1 << 24 },
  { maxDepth: 2, maxCollectionLength: 1 << 24 },
  { maxDepth: 1024, maxCollectionLength: 40 },
  { maxDepth: 1024, maxCollectionLength: 1 << 24, lenient: true },
];

describe("word loop of the verifying walk", () => {
  it("reads words from 4 KB on only when aligned (the premise of this test)", () => {
    const layout = layouts[1]!;
    const b = arrayOf(
      layout,
      Array.from({ length: 600 }, () => unhex("0200000001000000")),
    );
    // Same answer either way, and a failure in the middle is found at the same place.
    b[8 + 300 * 8] = 0xee;
    const w = verify(layout, aligned(b), 0, b.length, LIMITS[0]!);
    const u = verify(layout, unaligned(b), 0, b.length, LIMITS[0]!);
    expect(w.ok).toBe(false);
    expect(summary(w)).toEqual(summary(u));
  });

  it("keeps the nesting depth right after containers it checked inline (a 3.x object's properties)", () => {
    // A full OBJECT whose properties each hold an array of arrays: the inner arrays are checked
    // in the word loop, and every property after them must start at the object's depth again.
    const layout = layouts[1]!;
    const str = paddedString;
    const leaf = arrayOf(layout, [unhex("0200000001000000"), unhex("0200000002000000")]);
    const props: Uint8Array[] = [];
    for (let k = 0; k < 12; k++)
      props.push(
        str(`p${k}`),
        arrayOf(
          layout,
          Array.from({ length: 40 }, () => leaf),
        ),
      );
    const head = new Uint8Array(8);
    new DataView(head.buffer).setUint32(0, 17, true); // 3.x OBJECT, full form
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, 12, true);
    const parts = [head.subarray(0, 4), str("Node"), count, ...props];
    const b = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let p = 0;
    for (const x of parts) {
      b.set(x, p);
      p += x.length;
    }
    expect(b.length).toBeGreaterThan(4096);
    for (const maxDepth of [2, 3, 64]) {
      const limits = { maxDepth, maxCollectionLength: 1 << 24 };
      const w = verify(layout, aligned(b), 0, b.length, limits);
      expect(summary(w)).toEqual(summary(verify(layout, unaligned(b), 0, b.length, limits)));
      // The object at depth 0, property arrays 1, leaf arrays 2, their ints 3.
      expect(w.ok).toBe(maxDepth >= 3);
    }
  });

  it("meets maxDepth and maxCollectionLength inside the word loop where the byte walk does", () => {
    // 20 ints first (the byte loop's part), then the container under test (the word loop's),
    // then 600 ints to pass 4 KB.
    for (const layout of layouts) {
      const int = unhex("0200000007000000");
      const ints = (n: number) => Array.from({ length: n }, () => int);
      const deep = arrayOf(layout, [arrayOf(layout, ints(3))]); // depth 1, 2, ints at 3
      const wide = arrayOf(layout, ints(50));
      const cases = [
        { x: deep, limits: { maxDepth: 2, maxCollectionLength: 1000 }, want: "depth-exceeded", depth: 0 },
        { x: deep, limits: { maxDepth: 3, maxCollectionLength: 1000 }, want: "ok", depth: 3 },
        { x: wide, limits: { maxDepth: 64, maxCollectionLength: 45 }, want: "limit-exceeded", depth: 0 },
        { x: wide, limits: { maxDepth: 64, maxCollectionLength: 1000 }, want: "ok", depth: 2 },
      ];
      // 5,000 bytes of one string, so that the top array's count stays under the limits.
      const filler = new Uint8Array(8 + 5000);
      new DataView(filler.buffer).setUint32(0, idOf(layout, OP.STRING), true);
      new DataView(filler.buffer).setUint32(4, 5000, true);
      filler.fill(0x61, 8);
      for (const c of cases) {
        const b = arrayOf(layout, [...ints(20), c.x, filler]);
        const w = verify(layout, aligned(b), 0, b.length, c.limits);
        expect(summary(w)).toEqual(summary(verify(layout, unaligned(b), 0, b.length, c.limits)));
        expect(w.ok ? "ok" : w.failure.code).toBe(c.want);
        if (w.ok) expect(w.stats.maxDepth).toBe(c.depth);
      }
    }
  });

  it("finds a last element cut short (string padding, int, float, vector) where the byte walk does", () => {
    for (const layout of layouts) {
      const str = new Uint8Array(8 + 8);
      new DataView(str.buffer).setUint32(0, idOf(layout, OP.STRING), true);
      new DataView(str.buffer).setUint32(4, 5, true);
      str.set([0x68, 0x65, 0x6c, 0x6c, 0x6f], 8);
      const vector3 = new Uint8Array(16);
      new DataView(vector3.buffer).setUint32(
        0,
        layout.ops.findIndex((e) => e?.kind === "vector3"),
        true,
      );
      new DataView(vector3.buffer).setFloat32(4, 1.5, true);
      const float = unhex("030000000000c03f");
      const int = unhex("0200000007000000");
      for (const last of [str, int, float, vector3]) {
        const whole = arrayOf(layout, [...Array.from({ length: 600 }, () => int), last]);
        const limits = { maxDepth: 64, maxCollectionLength: 1 << 24 };
        for (const cut of [0, 1, 2, 3, 4, 5]) {
          // The input cut short, and a walk that ends before the input does (a record's end).
          const b = whole.subarray(0, whole.length - cut);
          const w = verify(layout, aligned(b), 0, b.length, limits);
          expect(summary(w)).toEqual(summary(verify(layout, unaligned(b), 0, b.length, limits)));
          const r = verify(layout, aligned(whole), 0, b.length, limits);
          expect(summary(r)).toEqual(summary(verify(layout, unaligned(whole), 0, b.length, limits)));
          // Every generation needs the padding (only 2.x byte arrays may end without it).
          expect(w.ok ? "ok" : w.failure.code).toBe(cut === 0 ? "ok" : "truncated");
          expect(r.ok ? "ok" : r.failure.code).toBe(cut === 0 ? "ok" : "truncated");
        }
      }
    }
  });

  it("checks FLAG_64 ints and floats where the byte walk does (counts, notes, cut-short ends)", () => {
    const wideLayouts = layouts.filter((l) => l.ops[idOf(l, OP.INT)]!.wide);
    expect(wideLayouts.length).toBeGreaterThan(1);
    for (const layout of wideLayouts) {
      const wide = (id: number, lo: number, hi: number) => {
        const v = new Uint8Array(12);
        const view = new DataView(v.buffer);
        view.setUint32(0, (id | 0x10000) >>> 0, true);
        view.setUint32(4, lo >>> 0, true);
        view.setUint32(8, hi >>> 0, true);
        return v;
      };
      const intId = idOf(layout, OP.INT);
      const floatId = idOf(layout, OP.FLOAT);
      const f64 = (x: number) => {
        const d = new DataView(new ArrayBuffer(8));
        d.setFloat64(0, x, true);
        return wide(floatId, d.getUint32(0, true), d.getUint32(4, true));
      };
      const values: Uint8Array[] = [];
      for (let k = 0; k < 400; k++) {
        values.push(unhex("0200000007000000"));
        // 64-bit ints that need it, and ones that fit 32 bits (either sign)
        if (k % 5 === 0) values.push(wide(intId, k * 7919, k));
        if (k % 7 === 0) values.push(wide(intId, -k, -1));
        if (k % 11 === 0) values.push(wide(intId, k, 0));
        // doubles: ordinary, exact in f32, denormal, NaN with a payload, infinity
        if (k % 3 === 0) values.push(f64(0.1 + k));
        if (k % 13 === 0) values.push(f64(k + 0.5));
        if (k === 50) values.push(wide(floatId, 1, 0), wide(floatId, 1, 0x7ff00000), f64(-Infinity));
      }
      const limits = { maxDepth: 64, maxCollectionLength: 1 << 24 };
      const whole = arrayOf(layout, values);
      const w = verify(layout, aligned(whole), 0, whole.length, limits);
      expect(summary(w)).toEqual(summary(verify(layout, unaligned(whole), 0, whole.length, limits)));
      expect(w.ok).toBe(true);
      for (const key of [
        "int64",
        "int64Fits32",
        "float64",
        "float64Exact",
        "floatDenormal",
        "floatNaNOdd",
      ] as const)
        expect(w.stats[key], key).toBeGreaterThan(0);
      // Cut inside the last value, a 64-bit int and then a double.
      for (const last of [wide(intId, 5, 1), f64(0.1)]) {
        const b0 = arrayOf(layout, [...values, last]);
        for (const cut of [1, 4, 8, 9]) {
          const b = b0.subarray(0, b0.length - cut);
          const r = verify(layout, aligned(b), 0, b.length, limits);
          expect(summary(r)).toEqual(summary(verify(layout, unaligned(b), 0, b.length, limits)));
          expect(r.ok ? "ok" : r.failure.code).toBe("truncated");
        }
      }
    }
  });

  it("notes the same odd floats at the exponent boundaries (scalars and vector components)", () => {
    // f32 bit patterns: exponents 0 (zero, denormal), 63, 64, 190, 191, 255 (infinity, C's NAN,
    // a NaN with a payload), signs both ways.
    const bits = [
      0x00000000, 0x00000001, 0x1f800000, 0x20000000, 0x5f000000, 0x5f800000, 0x7f800000, 0x7fc00000,
      0x7fc00001, 0x80000001, 0x9f800000, 0xa0000000, 0xdf000000, 0xdf800000, 0xff800000, 0x3f800000,
    ];
    for (const layout of layouts) {
      const floatId = idOf(layout, OP.FLOAT);
      const vectorId = layout.ops.findIndex((e) => e?.kind === "vector3");
      const values: Uint8Array[] = [];
      for (let k = 0; k < 40; k++) values.push(unhex("0200000007000000"));
      for (const b of bits) {
        const f = new Uint8Array(8);
        new DataView(f.buffer).setUint32(0, floatId, true);
        new DataView(f.buffer).setUint32(4, b, true);
        values.push(f);
        for (let c = 0; c < 3; c++) values.push(oneOdd(vectorId, 3, c, b, 0x3f800000));
      }
      // Colors: in [0, 1] (the word loop's own test), and at or just past its edges.
      const colorId = layout.ops.findIndex((e) => e?.kind === "color");
      for (const edge of [
        0x3f800000, 0x3f800001, 0x80000000, 0xbe800000, 0x00000000, 0x3f000000, 0x7fc00000, 0x42800000,
      ]) {
        for (let c = 0; c < 4; c++) values.push(oneOdd(colorId, 4, c, edge, 0x3e800000));
      }
      for (let k = 0; k < 500; k++) values.push(unhex("0200000007000000"));
      const b = arrayOf(layout, values);
      const limits = { maxDepth: 64, maxCollectionLength: 1 << 24 };
      const w = verify(layout, aligned(b), 0, b.length, limits);
      expect(summary(w)).toEqual(summary(verify(layout, unaligned(b), 0, b.length, limits)));
      expect(w.ok).toBe(true);
      expect(w.stats.floatExtreme).toBeGreaterThan(0);
      expect(w.stats.floatDenormal).toBeGreaterThan(0);
      expect(w.stats.floatNaNOdd).toBeGreaterThan(0);
      expect(w.stats.colorInRange).toBeGreaterThan(0);
      expect(w.stats.colorOdd).toBeGreaterThan(0);
    }
  });

  for (const layout of layouts) {
    it(`gives the byte walk's answer, ${layout.dialect.id} reading engine values of every generation`, () => {
      let compared = 0;
      let fits = 0;
      let failures = 0;
      const r = rng(layout.generation * 7919);
      for (const g of GENERATIONS) {
        for (const big of bigInputs(layout, cases.get(g)!, r)) {
          for (const m of mutants(big, r)) {
            const limits = LIMITS[r() % LIMITS.length]!;
            const words = verify(layout, aligned(m), 0, m.length, limits);
            const bytes = verify(layout, unaligned(m), 0, m.length, limits);
            expect(summary(words), `${layout.dialect.id}, ${g} values, ${m.length} bytes`).toEqual(
              summary(bytes),
            );
            compared++;
            if (words.ok) fits++;
            else failures++;
          }
        }
      }
      // Both outcomes were exercised.
      expect(compared).toBeGreaterThan(100);
      expect(fits).toBeGreaterThan(10);
      expect(failures).toBeGreaterThan(10);
    });
  }
});

// decodeAny answers a raw packed array of numbers without the general walk and scoring (see
// packedShortcut in detector.ts): cleanPackedArray says the array is clean, and the verdict of an
// empty array under the same header stands in for the array's. Checked here: that a clean array
// walks to exactly the counts of the empty one (floatsChecked aside), that scoring never reads
// floatsChecked, that the samples are the walk's (an odd real the walk samples is refused, one it
// skips is not), and that decodeAny still answers what detect says on all of these inputs.

import { createDetector, detect } from "@gdvariant/auto-detect";
import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, expect, it } from "vitest";
// The verifying walk's internals, not part of the package's API: imported from source.
import { assessScore } from "../src/assess.js";
import { type Layout, layoutOf, OP } from "../src/layout.js";
import { Stats } from "../src/stats.js";
import { cleanPackedArray, verify } from "../src/verify.js";
import { disagreements, type Options } from "./support/agreement.js";

const FLAG_64 = 0x10000;
const limits = { maxDepth: 1024, maxCollectionLength: 1 << 24 };
const layouts = [godot4Dialect(), godot3Dialect(), legacy2Dialect({ flag64: "accept" })].map(layoutOf);

/**
 * Reals to plant (f32 bits; f64 high words): denormal, NaN payload, canonical NaN, infinity,
 * extreme exponents, and the exponents on both sides of the walk's "extreme" bounds.
 */
const ODD32 = [
  0x00000001, 0x7f800001, 0x7fc00000, 0x7f800000, 0xff000000, 0x01000000, 0x1f800000, 0x20000000, 0x5f000000,
  0x5f800000, 0x00000000,
];
/** The last one, with a low word of 1, is a denormal whose high word is zero. */
const ODD64 = [
  0x00000001, 0x7ff00001, 0x7ff80000, 0x7ff00000, 0x7fe00000, 0x00100000, 0x1ff00000, 0x20000000, 0x5fe00000,
  0x5ff00000, 0x00000000,
];

interface Case {
  label: string;
  layout: Layout;
  bytes: Uint8Array;
  /** Element index of the planted odd real, or -1. */
  odd: number;
  /** That real is one the walk samples. */
  sampled: boolean;
}

/** The reals the walk samples: Walker.reals(count, wide, 8). */
function sampledAt(reals: number, i: number): boolean {
  const step = reals <= 8 ? 1 : Math.floor(reals / 8);
  return i < reals && i % step === 0;
}

function cases(): Case[] {
  const rnd = xorshift32(0x5eed);
  const out: Case[] = [];
  for (const layout of layouts) {
    const gen = layout.generation;
    layout.ops.forEach((e, id) => {
      if (e === undefined || (e.op !== OP.PACKED && e.op !== OP.PACKED_REALS)) return;
      const headers = [id, id | FLAG_64, id | 0x100, id | 0x20000];
      for (const header of headers) {
        const wide = e.op === OP.PACKED_REALS && e.wide && (header & FLAG_64) !== 0;
        const stride = e.op === OP.PACKED ? e.n : e.n * (wide ? 8 : 4);
        const perElement = e.op === OP.PACKED ? (e.floats ? e.n >> 2 : 0) : e.n;
        const realSize = wide ? 8 : 4;
        for (const count of [0, 1, 2, 7, 8, 9, 17, 100, 1000]) {
          const reals = count * perElement;
          const odds: number[] = [-1];
          if (reals > 0) odds.push(0, reals - 1, Math.min(reals - 1, 13), rnd() % reals);
          for (const fill of ["clean", "zeros", "random"] as const) {
            for (const odd of odds) {
              const bytes = new Uint8Array(8 + count * stride);
              const v = new DataView(bytes.buffer);
              v.setUint32(0, header, true);
              v.setUint32(4, count, true);
              if (fill !== "zeros") {
                if (perElement === 0 || fill === "random") {
                  for (let p = 8; p < bytes.length; p++) bytes[p] = rnd() & 0xff;
                } else {
                  for (let i = 0; i < reals; i++) {
                    const x = ((rnd() % 20001) - 10000) / 37;
                    if (wide) v.setFloat64(8 + i * 8, x, true);
                    else v.setFloat32(8 + i * 4, x, true);
                  }
                }
              }
              if (odd >= 0) {
                const k = rnd() % ODD32.length;
                if (wide) {
                  v.setUint32(8 + odd * realSize, k === 0 || k === ODD64.length - 1 ? 1 : 0, true);
                  v.setUint32(12 + odd * realSize, ODD64[k]!, true);
                } else v.setUint32(8 + odd * realSize, ODD32[k]!, true);
              }
              out.push({
                label: `${gen}.x ${e.name} header 0x${header.toString(16)} count ${count} ${fill} odd@${odd}`,
                layout,
                bytes,
                odd,
                sampled: odd >= 0 && sampledAt(reals, odd),
              });
            }
          }
        }
      }
    });
  }
  return out;
}

/** A Stats as a plain record without `at` and floatsChecked. */
function counts(s: Stats): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(s)) if (k !== "at" && k !== "floatsChecked") out[k] = v as number;
  return out;
}

const all = cases();

describe("cleanPackedArray", () => {
  it("covers every packed number type of the three generations, clean and odd", () => {
    const kinds = new Set(all.map((c) => `${c.layout.generation}:${c.label.split(" ")[1]}`));
    // 4.x: int32, int64, float32, float64, Vector2, Vector3, Color, Vector4; 3.x and 2.x: int, real,
    // Vector2, Vector3, Color.
    expect(kinds.size).toBe(18);
    const clean = all.filter((c) => cleanPackedArray(c.layout, c.bytes, c.bytes.length, 1 << 24));
    expect(clean.length).toBeGreaterThan(500);
    expect(all.length - clean.length).toBeGreaterThan(1000);
  });

  it("accepts only arrays the walk reads to the end with the counts of the empty array", () => {
    const wrong: string[] = [];
    for (const c of all) {
      const n = c.bytes.length;
      if (!cleanPackedArray(c.layout, c.bytes, n, 1 << 24)) continue;
      const r = verify(c.layout, c.bytes, 0, n, limits);
      const empty = c.bytes.slice(0, 8);
      new DataView(empty.buffer).setUint32(4, 0, true);
      const e = verify(c.layout, empty, 0, 8, limits);
      if (!r.ok || r.end !== n || !e.ok)
        wrong.push(`${c.label}: walk ${JSON.stringify(r.ok ? r.end : r.failure)}`);
      else if (JSON.stringify(counts(r.stats)) !== JSON.stringify(counts(e.stats)))
        wrong.push(
          `${c.label}: counts ${JSON.stringify(counts(r.stats))} vs ${JSON.stringify(counts(e.stats))}`,
        );
    }
    expect(wrong).toEqual([]);
  });

  it("says yes exactly when the walk reads to the end with no float or header-bit facts", () => {
    const wrong: string[] = [];
    let plantedSkipped = 0;
    let plantedSampled = 0;
    for (const c of all) {
      const n = c.bytes.length;
      const r = verify(c.layout, c.bytes, 0, n, limits);
      const s = r.stats;
      const want =
        r.ok &&
        r.end === n &&
        s.byte1 + s.unknownFlags + s.floatDenormal + s.floatNaNOdd + s.floatExtreme + s.floatNonFinite === 0;
      const got = cleanPackedArray(c.layout, c.bytes, n, 1 << 24);
      if (got !== want) wrong.push(`${c.label}: ${got}, the walk says ${want}`);
      if (c.odd >= 0 && !c.sampled && got) plantedSkipped++;
      if (c.sampled && !got) plantedSampled++;
      if (n > 8) {
        if (cleanPackedArray(c.layout, c.bytes.subarray(0, n - 1), n - 1, 1 << 24))
          wrong.push(`${c.label}: cut by 1 accepted`);
        const grown = new Uint8Array(n + 4);
        grown.set(c.bytes);
        if (cleanPackedArray(c.layout, grown, n + 4, 1 << 24))
          wrong.push(`${c.label}: 4 extra bytes accepted`);
        const count = new DataView(c.bytes.buffer).getUint32(4, true);
        if (cleanPackedArray(c.layout, c.bytes, n, count - 1))
          wrong.push(`${c.label}: count over the limit accepted`);
      }
    }
    expect(wrong).toEqual([]);
    // The planted odd reals land on both kinds of place: the samples are the walk's own.
    expect(plantedSkipped).toBeGreaterThan(100);
    expect(plantedSampled).toBeGreaterThan(100);
  });

  it("is never fooled by a count with the sign bit or past the input", () => {
    const [l4] = layouts;
    const b = new Uint8Array(16);
    const v = new DataView(b.buffer);
    v.setUint32(0, 32, true); // PackedFloat32Array
    for (const count of [0x80000002, 0xffffffff, 3, 1]) {
      v.setUint32(4, count, true);
      expect(cleanPackedArray(l4!, b, 16, 1 << 30), `count ${count}`).toBe(count === 2);
    }
    v.setUint32(4, 2, true);
    expect(cleanPackedArray(l4!, b, 16, 1 << 30)).toBe(true);
    expect(cleanPackedArray(l4!, b, 7, 1 << 30)).toBe(false);
  });
});

describe("the walk's exponent bounds", () => {
  it("f32 exponents 64-190 and f64 exponents 512-1534 are ordinary, one past them extreme", () => {
    const [l4] = layouts;
    // A 4.x PackedFloat32Array (32) of one element and a double-precision PackedVector2Array
    // (35 | FLAG_64) of one element whose y is 1.0; the walk samples every real of both.
    const cases: [number, number, number, boolean][] = [
      [32, 0, 63 << 23, false],
      [32, 0, 64 << 23, true],
      [32, 0, 190 << 23, true],
      [32, 0, 191 << 23, false],
      [35 | FLAG_64, 0, 511 << 20, false],
      [35 | FLAG_64, 0, 512 << 20, true],
      [35 | FLAG_64, 0, 1534 << 20, true],
      [35 | FLAG_64, 0, 1535 << 20, false],
    ];
    for (const [id, lo, hi, ordinary] of cases) {
      const b = new Uint8Array(id === 32 ? 12 : 24);
      const v = new DataView(b.buffer);
      v.setUint32(0, id, true);
      v.setUint32(4, 1, true);
      if (id === 32) v.setUint32(8, hi, true);
      else {
        v.setUint32(8, lo, true);
        v.setUint32(12, hi, true);
        v.setFloat64(16, 1, true);
      }
      const r = verify(l4!, b, 0, b.length, limits);
      const label = `type ${id} bits 0x${hi.toString(16)}`;
      expect(r.ok && r.stats.floatExtreme, label).toBe(ordinary ? 0 : 1);
      expect(cleanPackedArray(l4!, b, b.length, 1 << 24), label).toBe(ordinary);
    }
  });
});

describe("a detector of more than 31 dialects", () => {
  it("still reads with the 32nd and later ones", () => {
    const many = [...Array.from({ length: 31 }, () => ({ ...legacy2Dialect() })), godot4Dialect()];
    expect(new Set(many).size).toBe(32);
    const d = createDetector({ dialects: many });
    const b = new Uint8Array(16);
    const v = new DataView(b.buffer);
    v.setUint32(0, 32, true); // 4.x PackedFloat32Array, which no 2.x layout reads
    v.setUint32(4, 2, true);
    v.setFloat32(8, 1.5, true);
    v.setFloat32(12, -2, true);
    const value = d.decodeAny(b) as { kind: string; data: Float32Array };
    expect(value.kind).toBe("packedFloat32Array");
    expect([...value.data]).toEqual([1.5, -2]);
    expect(d.detect(b).best?.dialect).toBe("godot-4");
  });
});

describe("scoring", () => {
  it("never reads floatsChecked (a clean array scores as its empty array)", () => {
    const rnd = xorshift32(77);
    const keys = Object.keys(new Stats()).filter((k) => k !== "at" && k !== "floatsChecked");
    for (let t = 0; t < 400; t++) {
      const s = new Stats();
      const r = s as unknown as Record<string, number>;
      for (const k of keys) if (rnd() % 4 === 0) r[k] = rnd() % 5;
      for (const gen of [2, 3, 4] as const) {
        const base = assessScore(gen, s);
        for (const checked of [1, 8, 1000]) {
          s.floatsChecked = checked;
          const other = assessScore(gen, s);
          expect([other.score, other.soft]).toEqual([base.score, base.soft]);
        }
        s.floatsChecked = 0;
      }
    }
  });
});

describe("decodeAny on raw packed arrays", () => {
  const inputs = all.map((c) => ({ label: c.label, input: c.bytes }));

  it("answers what detect says, whatever the contents", () => {
    expect(inputs.length).toBeGreaterThan(3000);
    expect(disagreements(inputs, {})).toEqual([]);
  });

  it("answers what detect says with other options", () => {
    const some = inputs.filter((_, i) => i % 3 === 0);
    for (const options of [
      { maxCollectionLength: 8 },
      { framings: ["raw"] },
      { framings: ["length-prefixed"] },
      { dialects: ["godot-3", "legacy-2"] },
      { ambiguous: "best" },
      { maxDepth: 0 },
    ] as Options[]) {
      expect(disagreements(some, options), JSON.stringify(options)).toEqual([]);
    }
  });

  it("answers what detect says when the array also reads as length-prefixed records", () => {
    // A 4.x PackedVector3Array of 0x10007 elements: its count word is also the header of a
    // double-precision Rect2 (7 | FLAG_64) that fills the first record (the header 0x24 = 36 is that
    // record's length), and two unsampled floats hold the length and header of a second record,
    // a PackedByteArray to the end. Both readings fit exactly: detect finds them both.
    const count = 0x10007;
    const b = new Uint8Array(8 + count * 12);
    const v = new DataView(b.buffer);
    v.setUint32(0, 36, true);
    v.setUint32(4, count, true);
    for (let i = 0; i < count * 3; i++) v.setFloat32(8 + i * 4, (i % 1000) / 8 - 60, true);
    v.setUint32(40, b.length - 44, true);
    v.setUint32(44, 29, true);
    v.setUint32(48, b.length - 52, true);
    const r = detect(b);
    expect(r.candidates.map((c) => c.framing.kind).sort()).toEqual(["length-prefixed", "raw"]);
    expect(disagreements([{ label: "vector3 array and records", input: b }], {})).toEqual([]);
    expect(disagreements([{ label: "vector3 array and records", input: b }], { ambiguous: "best" })).toEqual(
      [],
    );
  });

  it("answers what detect says when the array is also a chain of length-prefixed records", () => {
    // A 4.x PackedFloat32Array whose header (32) is also a record length, and whose element 7
    // (not sampled for 100 elements) is the length of a second record that ends at the end.
    const out: { label: string; input: Uint8Array }[] = [];
    for (const count of [100, 200]) {
      const b = new Uint8Array(8 + count * 4);
      const v = new DataView(b.buffer);
      v.setUint32(0, 32, true);
      v.setUint32(4, count, true);
      for (let i = 0; i < count; i++) v.setFloat32(8 + i * 4, i + 0.5, true);
      v.setUint32(36, b.length - 40, true);
      // The second record: a 4.x int (type 2) and padding the record's length covers.
      v.setUint32(40, 2, true);
      out.push({ label: `chain ${count}`, input: b });
    }
    expect(disagreements(out, {})).toEqual([]);
    expect(disagreements(out, { ambiguous: "best" })).toEqual([]);
  });
});

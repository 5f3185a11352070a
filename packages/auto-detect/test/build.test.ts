// decodeAny's walk builds the value of a large array or dictionary (typed too) as it checks it
// (verify.ts, build.ts), instead of a decode after the walk. The built value must be exactly the
// dialect decoder's (same kinds, keys in the same order, `shared`, -0 and NaN), whatever the bytes;
// building must not change the walk's own answer; and a dialect whose decoder reads a kind
// otherwise than the walk would build it must not be built at all.
import { decodeAny } from "@gdvariant/auto-detect";
import {
  type Codec,
  createDialect,
  DecodeError,
  type Dialect,
  decodeWithLength,
  type IntValue,
  type Value,
} from "@gdvariant/core";
import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, expect, it } from "vitest";
// The verifying walk's internals, not part of the package's API: imported from source.
import { sameShape } from "../src/build.js";
import { type Layout, layoutOf, OP } from "../src/layout.js";
import { buildsOf, verify, type WalkLimits } from "../src/verify.js";
import { randomCases, unhex } from "./support/fixtures.js";
import {
  arrayOf,
  bigInputs,
  dictionaryOf,
  idOf,
  mutants,
  paddedString,
  summary,
  typedOf,
} from "./support/walk-inputs.js";

const dialects = [godot4Dialect(), godot3Dialect(), legacy2Dialect({ flag64: "accept" })];
const layouts = dialects.map(layoutOf);
const GENERATIONS = ["godot-4.6.3", "godot-3.2.3", "godot-2.1.4"];
const cases = new Map(GENERATIONS.map((g) => [g, randomCases(g).map((c) => unhex(c.hex))]));

/** bigInputs, with the top dictionaries' shared bit set now and then (2.x keeps it). */
function inputs(layout: Layout, values: readonly Uint8Array[], r: () => number): Uint8Array[] {
  return bigInputs(layout, values, r).map((b, i) => {
    const c = b.slice();
    if (i % 4 === 2) c[7] = c[7]! | 0x80;
    return c;
  });
}

/** The decoder's answer with the walk's limits: the value and its length, or the error code. */
function decoded(dialect: Dialect, b: Uint8Array, limits: WalkLimits, allowObjects: boolean, offset = 0) {
  try {
    const r = decodeWithLength(dialect, b, { ...limits, allowObjects, offset });
    return { value: r.value, length: r.length };
  } catch (e) {
    if (DecodeError.is(e)) return { code: e.code };
    throw e;
  }
}

/** `base` with the decoder of its codec for `kind` changed by `change`: a custom dialect. */
function changedDialect(
  base: Dialect,
  kind: string,
  id: string,
  name: string,
  change: (v: Value) => Value,
): Dialect {
  const changed = (c: Codec): Codec =>
    c.kind !== kind
      ? c
      : ({ ...c, decode: (ctx, header, start) => change(c.decode(ctx, header, start) as Value) } as Codec);
  return createDialect({
    id,
    name,
    engineVersions: base.engineVersions,
    codecs: base.codecs.filter((c): c is Codec => c !== undefined).map(changed),
    typeCount: base.typeCount,
  });
}

const LIMITS: WalkLimits[] = [
  { maxDepth: 1024, maxCollectionLength: 1 << 24 },
  { maxDepth: 2, maxCollectionLength: 1 << 24 },
  { maxDepth: 1024, maxCollectionLength: 40 },
];

describe("the value decodeAny's walk builds", () => {
  it("is built for the three dialects; only 2.x keeps the shared flag", () => {
    expect(layouts.map((l) => buildsOf(l)?.keepShared)).toEqual([false, false, true]);
  });

  it("is the decoder's value, exactly, on engine values of every generation, whole and damaged", () => {
    const r = xorshift32(0x5eed);
    let built = 0;
    let compared = 0;
    for (const [g, layout] of GENERATIONS.map((g, i) => [g, layouts[i]!] as const)) {
      const dialect = layout.dialect;
      for (const whole of inputs(layout, cases.get(g)!, r)) {
        for (const b of mutants(whole, r)) {
          for (const limits of LIMITS) {
            for (const allowObjects of [false, true]) {
              const plain = verify(layout, b, 0, b.length, limits);
              const w = verify(layout, b, 0, b.length, limits, undefined, { allowObjects });
              // Building changes nothing of the walk's answer.
              expect(summary(w)).toEqual(summary(plain));
              if (!w.ok) continue;
              const d = decoded(dialect, b, limits, allowObjects);
              compared++;
              if (w.value === undefined) {
                // Not built: the decoder refuses it, or it ends before the input does.
                if ("value" in d) expect(d.length !== b.length || w.end !== b.length, g).toBe(true);
                continue;
              }
              built++;
              expect(d, g).toHaveProperty("value");
              if (!("value" in d)) continue;
              expect(d.length).toBe(w.end);
              expect(sameShape(w.value, d.value), g).toBe(true);
            }
          }
        }
      }
    }
    // The premise: most walks that pass are built.
    expect(built).toBeGreaterThan(200);
    expect(built).toBeGreaterThan(compared * 0.9);
  });

  it("builds each length-prefixed record (store_var) as the decoder reads it, and decodeAny gives the first", () => {
    const r = xorshift32(0x1e9);
    let built = 0;
    let compared = 0;
    let anyCompared = 0;
    for (const [g, layout] of GENERATIONS.map((g, i) => [g, layouts[i]!] as const)) {
      const dialect = layout.dialect;
      const values = inputs(layout, cases.get(g)!, r);
      for (let k = 0; k + 2 < values.length; k += 3) {
        // One to three records: a u32 length, then the value (mutated now and then).
        const parts = values.slice(k, k + 1 + (r() % 3)).map((v) => (r() % 3 === 0 ? mutants(v, r)[1]! : v));
        const framed = new Uint8Array(parts.reduce((n, v) => n + 4 + v.length, 0));
        const spans: { start: number; end: number }[] = [];
        let p = 0;
        for (const v of parts) {
          new DataView(framed.buffer).setUint32(p, v.length, true);
          framed.set(v, p + 4);
          spans.push({ start: p + 4, end: p + 4 + v.length });
          p += 4 + v.length;
        }
        for (const { start, end } of spans) {
          for (const allowObjects of [false, true]) {
            const limits = LIMITS[0]!;
            const plain = verify(layout, framed, start, end, limits);
            const w = verify(layout, framed, start, end, limits, undefined, { allowObjects });
            expect(summary(w)).toEqual(summary(plain));
            if (!w.ok) continue;
            const d = decoded(dialect, framed.subarray(0, end), limits, allowObjects, start);
            compared++;
            if (w.value === undefined) continue;
            built++;
            expect(d).toHaveProperty("value");
            if (!("value" in d)) continue;
            expect(d).toMatchObject({ length: w.end - start });
            expect(sameShape(w.value, d.value), g).toBe(true);
          }
        }
        // decodeAny of the records, this dialect only: the first record's value, as the decoder
        // reads it (or the decoder's error when a record is damaged).
        const first = decoded(dialect, framed.subarray(0, spans[0]!.end), LIMITS[0]!, false, 4);
        const options = { dialects: [dialect], framings: ["length-prefixed"] as const };
        let any: Value | undefined;
        try {
          any = decodeAny(framed, options);
        } catch (e) {
          if (!DecodeError.is(e)) throw e;
        }
        if (any !== undefined) {
          anyCompared++;
          expect(first).toHaveProperty("value");
          if ("value" in first) expect(sameShape(any, first.value), g).toBe(true);
        }
      }
    }
    expect(built).toBeGreaterThan(30);
    expect(built).toBeGreaterThan(compared * 0.8);
    expect(anyCompared).toBeGreaterThan(5);
  });

  it("builds typed top-level containers (4.x) with the decoder's types, whole and damaged", () => {
    const layout = layouts[0]!;
    const dialect = layout.dialect;
    expect(buildsOf(layout)?.typed).toBe(true);
    const word = (x: number) => {
      const v = new Uint8Array(4);
      new DataView(v.buffer).setUint32(0, x, true);
      return v;
    };
    const name = paddedString;
    // Array[int], Array[Vector3], Array[Node] (class), Array of a script; Dictionary[String, int],
    // Dictionary[Variant, Vector3], Dictionary[Node, script].
    const arrays: [number[], Uint8Array[]][] = [
      [[1], [word(idOf(layout, OP.INT))]],
      [[1], [word(9)]],
      [[2], [name("Node")]],
      [[3], [name("res://a.gd")]],
    ];
    const dicts: [number[], Uint8Array[]][] = [
      [
        [1, 1],
        [word(idOf(layout, OP.STRING)), word(idOf(layout, OP.INT))],
      ],
      [[0, 1], [word(9)]],
      [
        [2, 3],
        [name("Node"), name("res://a.gd")],
      ],
    ];
    const r = xorshift32(0x7ed);
    const values = cases.get("godot-4.6.3")!;
    const pick = (n: number) => Array.from({ length: n }, () => values[r() % values.length]!);
    let built = 0;
    let compared = 0;
    for (let k = 0; k < 3; k++) {
      const tops = [
        ...arrays.map(([c, i]) => typedOf(arrayOf(layout, pick(300)), c, i)),
        ...dicts.map(([c, i]) => typedOf(dictionaryOf(layout, pick(300)), c, i)),
      ];
      for (const whole of tops) {
        for (const b of mutants(whole, r)) {
          for (const limits of LIMITS) {
            const plain = verify(layout, b, 0, b.length, limits);
            const w = verify(layout, b, 0, b.length, limits, undefined, { allowObjects: true });
            expect(summary(w)).toEqual(summary(plain));
            if (!w.ok) continue;
            const d = decoded(dialect, b, limits, true);
            compared++;
            if (w.value === undefined) {
              if ("value" in d) expect(d.length !== b.length || w.end !== b.length).toBe(true);
              continue;
            }
            built++;
            expect(d).toHaveProperty("value");
            if (!("value" in d)) continue;
            expect(d.length).toBe(w.end);
            expect(sameShape(w.value, d.value)).toBe(true);
          }
        }
      }
    }
    expect(built).toBeGreaterThan(60);
    expect(built).toBeGreaterThan(compared * 0.9);
    // The whole inputs are built and typed as the decoder types them.
    const b = typedOf(arrayOf(layout, pick(300)), [2], [name("Node")]);
    const w = verify(layout, b, 0, b.length, LIMITS[0]!, undefined, { allowObjects: true });
    expect(w.ok && w.value).toMatchObject({
      kind: "array",
      elementType: { kind: "class", className: "Node" },
    });
  });

  it("keeps what the decoder keeps: -0, NaN, 64-bit ints past 2^53 as bigint, non-ASCII and NUL-cut strings", () => {
    for (const layout of layouts.slice(0, 2)) {
      const f64 = (x: number) => {
        const v = new Uint8Array(12);
        const view = new DataView(v.buffer);
        view.setUint32(0, (idOf(layout, OP.FLOAT) | 0x10000) >>> 0, true);
        view.setFloat64(4, x, true);
        return v;
      };
      const i64 = (x: bigint) => {
        const v = new Uint8Array(12);
        const view = new DataView(v.buffer);
        view.setUint32(0, (idOf(layout, OP.INT) | 0x10000) >>> 0, true);
        view.setBigInt64(4, x, true);
        return v;
      };
      const str = (bytes: number[]) => {
        const v = new Uint8Array(8 + ((bytes.length + 3) & ~3));
        new DataView(v.buffer).setUint32(0, idOf(layout, OP.STRING), true);
        new DataView(v.buffer).setUint32(4, bytes.length, true);
        v.set(bytes, 8);
        return v;
      };
      const items = [
        f64(-0),
        f64(Number.NaN),
        f64(0.1),
        i64(2n ** 53n),
        i64(-(2n ** 53n)),
        i64(2n ** 53n - 1n),
        i64(-5n),
        i64(2n ** 63n - 1n),
        i64(-(2n ** 63n)),
        i64(-(2n ** 62n) - 5n),
        i64(2n ** 60n + 0x89abcdefn),
        unhex("0300000000000080"), // f32 -0
        str([0xc3, 0xa9, 0x00, 0x78]),
        str([0xef, 0xbb, 0xbf, 0x61]),
        ...Array.from({ length: 600 }, () => unhex("0200000007000000")),
      ];
      const b = arrayOf(layout, items);
      const limits = LIMITS[0]!;
      const w = verify(layout, b, 0, b.length, limits, undefined, { allowObjects: false });
      expect(w.ok && w.value).toBeTruthy();
      const want = decodeWithLength(layout.dialect, b).value as unknown as { items: Value[] };
      expect(sameShape(w.ok && w.value, want)).toBe(true);
      expect((want.items[3] as IntValue).value).toBe(2n ** 53n);
    }
  });

  it("is not built when the decoder refuses a part of it (a full object without allowObjects)", () => {
    const layout = layoutOf(godot3Dialect());
    // 3.x OBJECT (17) in its full form: class "Node", no properties.
    const object = unhex("11000000040000004e6f646500000000");
    const b = arrayOf(layout, [object, ...Array.from({ length: 600 }, () => unhex("0200000007000000"))]);
    const limits = LIMITS[0]!;
    const refused = verify(layout, b, 0, b.length, limits, undefined, { allowObjects: false });
    expect(refused.ok && refused.value).toBe(undefined);
    expect(() => decodeAny(b)).toThrow(expect.objectContaining({ code: "objects-not-allowed" }));
    const allowed = verify(layout, b, 0, b.length, limits, undefined, { allowObjects: true });
    const want = decodeWithLength(layout.dialect, b, { allowObjects: true }).value;
    expect(allowed.ok && sameShape(allowed.value, want)).toBe(true);
    expect(sameShape(decodeAny(b, { allowObjects: true }), want)).toBe(true);
  });

  it("is not built when the word loop would check a kind inline that has no build code", () => {
    // The loop builds every kind its fast table checks (math kinds aside): a table entry with
    // no code behind it would be built without the check against the decoder.
    const base = layoutOf(godot3Dialect());
    const fast = base.fast.slice();
    const unknown = base.ops.findIndex((e, id) => id < 256 && (e === undefined || e.op === OP.UNKNOWN));
    const id = unknown >= 0 ? unknown : base.ops.length;
    fast[id] = base.fast[idOf(base, OP.INT)]!;
    expect(buildsOf({ ...base, fast })).toBeUndefined();
    expect(buildsOf({ ...base })).toBeDefined();
  });

  it("builds no typed container for a dialect whose decoder changes typed arrays' elements, and still builds untyped ones", () => {
    // Array[int] read as floats.
    const odd = changedDialect(godot4Dialect(), "array", "odd-4", "Godot 4.x, typed ints as floats", (v) => {
      const a = v as unknown as { items: Value[]; elementType?: unknown };
      if (a.elementType !== undefined)
        a.items = a.items.map((x) => (x.kind === "int" ? { kind: "float", value: Number(x.value) } : x));
      return v;
    });
    const layout = layoutOf(odd);
    expect(buildsOf(layout)).toMatchObject({ typed: false });
    const int = (x: number) => unhex(`02000000${x.toString(16).padStart(2, "0")}000000`);
    const items = Array.from({ length: 600 }, (_, i) => int(i & 0x7f));
    const typedInts = typedOf(arrayOf(layout, items), [1], [unhex("02000000")]);
    const t = verify(layout, typedInts, 0, typedInts.length, LIMITS[0]!, undefined, { allowObjects: false });
    expect(t.ok && t.value).toBe(undefined);
    const v = decodeAny(typedInts, { dialects: [odd] }) as unknown as { items: Value[] };
    expect(v.items[5]).toEqual({ kind: "float", value: 5 });
    const plain = arrayOf(layout, items);
    const u = verify(layout, plain, 0, plain.length, LIMITS[0]!, undefined, { allowObjects: false });
    expect(u.ok && u.value).toMatchObject({ kind: "array" });
  });

  it("is not built for a dialect whose decoder reads a kind otherwise, and decodeAny gives that decoder's value", () => {
    const odd = changedDialect(godot3Dialect(), "int", "odd-3", "Godot 3.x, ints plus one", (v) => ({
      kind: "int",
      value: Number((v as IntValue).value) + 1,
    }));
    const layout = layoutOf(odd);
    expect(buildsOf(layout)).toBeUndefined();
    const b = arrayOf(
      layout,
      Array.from({ length: 600 }, () => unhex("0200000007000000")),
    );
    const v = decodeAny(b, { dialects: [odd] }) as unknown as { items: IntValue[] };
    expect(v.items[0]!.value).toBe(8);
  });
});

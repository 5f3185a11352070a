// readJsonNative hands arrays of numbers over whole (JsonNumbers, no node per number): the same
// results as the plain tree (a node per number), compared on random texts of number arrays in
// every place they count: packed arrays, vectors, matrices, typed and plain Arrays, Dictionaries.

import { type DictionaryEntry, stringToInt, type Value } from "@gdvariant/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EngineJsonParser } from "../src/json-native/json-parse.js";
import { JsonArray, type JsonObject } from "../src/json-native/json-tree.js";
import {
  int64Literal,
  type JsonNativeReadOptions,
  readJsonNativeFrom,
  smallInt,
} from "../src/json-native/to-native.js";
import { dedupeEntries } from "../src/text/dedupe-keys.js";

// Everything an outcome holds, -0 and bigints and typed arrays' classes included.
function show(run: () => unknown): string {
  let out: unknown;
  try {
    out = { value: run() };
  } catch (e) {
    const x = e as Record<string, unknown>;
    out = {
      error: x.constructor && (x.constructor as { name: string }).name,
      message: x.message,
      code: x.code,
      offset: x.offset,
      line: x.line,
      column: x.column,
      path: x.path,
    };
  }
  return JSON.stringify(out, (_k, v: unknown) => {
    // A parsed array by what it holds, however the parser handed its items over.
    if (v instanceof JsonArray) return { at: v.at, items: v.items };
    if (typeof v === "number") return Object.is(v, -0) ? "-0" : Number.isFinite(v) ? v : String(v);
    if (typeof v === "bigint") return `${v}n`;
    if (ArrayBuffer.isView(v))
      return { [v.constructor.name]: Array.from(v as unknown as ArrayLike<number | bigint>, (x) => x) };
    return v;
  });
}

// A seeded xorshift32.
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const EDGES = [
  "0",
  "-0",
  "0.0",
  "-0.0",
  "2147483647",
  "2147483648",
  "-2147483648",
  "-2147483649",
  "4294967295",
  "4294967296",
  "9007199254740991",
  "9007199254740992",
  "9007199254740993",
  "-9007199254740993",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775808",
  "-9223372036854775809",
  "18446744073709551616",
  "99999999999999999999",
  "123456789012345678901234567890",
  "1e23",
  "1E-400",
  "1e400",
  "-1e400",
  "1e99999",
  "-1.5e+10",
  "2.5e-3",
  "007",
  "-0012.50",
  "5.",
  "255",
  "256",
  "-1",
  "0.1",
  "3.4028235677973366e38",
  "1.7976931348623157e308",
  "4.9e-324",
  `1${"0".repeat(400)}`,
  `0.${"0".repeat(30)}1`,
];
const MALFORMED = ["-", "-x", "1.2.3", "1e", "1e+", "--1", ".5", "+1", "1-", "0x10", "1..", "e5"];
const NOT_NUMBERS = [
  '"i:5"',
  '"f:1.5"',
  "null",
  "true",
  "[1, 2]",
  "[]",
  "{}",
  '"s:x"',
  '"i:-9007199254740993"',
];

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(""));
const number = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGES) },
  { weight: 4, arbitrary: fc.tuple(fc.boolean(), digits(1, 22)).map(([n, d]) => (n ? "-" : "") + d) },
  { weight: 2, arbitrary: fc.integer().map(String) },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.boolean(), digits(1, 12), digits(0, 25), fc.option(fc.integer({ min: -330, max: 330 })))
      .map(([n, a, b, e]) => `${n ? "-" : ""}${a}.${b}${e === null ? "" : `e${e}`}`),
  },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String) },
  {
    weight: 2,
    arbitrary: fc.float({ noNaN: true, noDefaultInfinity: true }).map((x) => String(Math.fround(x))),
  },
);
const space = fc.constantFrom("", "", "", " ", "\n", "\t ", "\r\n  ", "\x01");
const item = fc.oneof(
  { weight: 40, arbitrary: number },
  { weight: 1, arbitrary: fc.constantFrom(...MALFORMED) },
  { weight: 1, arbitrary: fc.constantFrom(...NOT_NUMBERS) },
);
// An array's text: items with random blanks, now and then a missing or extra comma or bracket.
const arrayText = fc
  .tuple(
    fc.array(fc.tuple(space, item, space), { minLength: 0, maxLength: 30 }),
    fc.integer({ min: 0, max: 60 }),
  )
  .map(([xs, flaw]) => {
    const parts = xs.map(([a, x, b]) => a + x + b);
    let body = parts.join(",");
    if (flaw === 0) body = parts.join(" ");
    if (flaw === 1) body += ",";
    if (flaw === 2) return `[${body}`;
    return `[${body}]`;
  });

const TYPES = [
  "PackedByteArray",
  "PackedInt32Array",
  "PackedInt64Array",
  "PackedFloat32Array",
  "PackedFloat64Array",
  "PackedColorArray",
  "PackedVector2Array",
  "PackedVector3Array",
  "PackedVector4Array",
  "PackedStringArray",
  "Vector2",
  "Vector3",
  "Vector4",
  "Vector2i",
  "Vector3i",
  "Vector4i",
  "Rect2",
  "Rect2i",
  "Plane",
  "Quaternion",
  "AABB",
  "Color",
  "Transform2D",
  "Basis",
  "Transform3D",
  "Projection",
  "Array",
  "Dictionary",
];
const typed = fc
  .tuple(
    fc.constantFrom(...TYPES),
    arrayText,
    fc.constantFrom("", ',"elem_type":"int"', ',"elem_type":"float"'),
  )
  .map(([t, a, extra]) => `{"type":"${t}","args":${a}${t === "Array" ? extra : ""}}`);
// The typed value alone, inside an Array's args, or as a Dictionary's value.
const text = fc.oneof(
  typed,
  arrayText,
  fc.tuple(typed, typed).map(([a, b]) => `{"type":"Array","args":[${a},"i:1",${b}]}`),
  typed.map((a) => `{"type":"Dictionary","args":["s:k",${a}]}`),
);
const options: fc.Arbitrary<JsonNativeReadOptions> = fc.record({
  integers: fc.constantFrom("exact" as const, "engine" as const),
  precision: fc.constantFrom("single" as const, "double" as const),
  onRefusal: fc.constantFrom("throw" as const, "null" as const),
});

describe("arrays of numbers handed over whole", () => {
  it("the parser hands an array of numbers only over without a node per number, and not otherwise", () => {
    const fast = new EngineJsonParser("[1, -2.5e3 ,9007199254740993]").parse() as JsonArray;
    expect(fast.numbers?.values).toEqual([1, -2500, 9007199254740992]);
    expect(fast.numbers?.spans).toEqual([1, 2, 4, 10, 12, 28]);
    expect(fast.items.map((n) => (n as { start: number }).start)).toEqual([1, 4, 12]);
    const tree = new EngineJsonParser("[1, -2.5e3 ,9007199254740993]", false).parse() as JsonArray;
    expect(tree.numbers).toBeUndefined();
    expect(tree.items).toEqual(fast.items);
    const mixed = new EngineJsonParser('{"args":[1,2,"x",3]}').parse() as JsonObject;
    expect((mixed.entries.get("args") as JsonArray).numbers).toBeUndefined();
  });

  it("reads random texts exactly as the plain tree does: values, errors, offsets and paths", () => {
    let fastArrays = 0;
    fc.assert(
      fc.property(text, options, (t, o) => {
        const fast = show(() => readJsonNativeFrom(t, o, true));
        const tree = show(() => readJsonNativeFrom(t, o, false));
        if (fast.includes('"value"') && /\[\s*-?\d/.test(t)) fastArrays++;
        expect(fast).toBe(tree);
      }),
      { seed: 32, numRuns: 10000 },
    );
    // Not a comparison of errors alone: most texts read to a value through number arrays.
    expect(fastArrays).toBeGreaterThan(2500);
  });

  it("reads long arrays (spans kept for the first 16 numbers only) exactly as the plain tree does", () => {
    // 10 to 40 numbers, integers past 2^53 often, blanks now and then (numbers read through
    // next()), and now and then something else after them (the array read again).
    const wideNumber = fc.oneof(
      { weight: 3, arbitrary: number },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "9007199254740993",
          "-9007199254740993",
          "9223372036854775807",
          "-9223372036854775808",
          "1234567890123456789",
          "-0",
          "0000000000000000001",
        ),
      },
    );
    const long = fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom("", "", "", "", " "), wideNumber), {
          minLength: 10,
          maxLength: 40,
        }),
        fc.constantFrom("", "", "", ',"x"', ",null", ",[1]", ",", " ,", ",-"),
      )
      .map(([xs, tail]) => `[${xs.map(([a, x]) => a + x).join(",")}${tail}]`);
    const longText = fc.oneof(
      long,
      long.map((a) => `{"type":"PackedInt64Array","args":${a}}`),
      long.map((a) => `{"type":"PackedFloat64Array","args":${a}}`),
      long.map((a) => `{"type":"Array","args":${a}}`),
      long.map((a) => `{"type":"Array","args":[${a}]}`),
    );
    let long64 = 0;
    fc.assert(
      fc.property(longText, options, (t, o) => {
        expect(show(() => new EngineJsonParser(t).parse())).toBe(
          show(() => new EngineJsonParser(t, false).parse()),
        );
        const fast = show(() => readJsonNativeFrom(t, o, true));
        expect(fast).toBe(show(() => readJsonNativeFrom(t, o, false)));
        if (t.includes("Int64") && fast.includes("BigInt64Array")) long64++;
      }),
      { seed: 32, numRuns: 4000 },
    );
    expect(long64).toBeGreaterThan(300);
  });

  it("keeps a key met twice at its first place with its last value, in small and large objects", () => {
    const r = rng(7);
    for (let run = 0; run < 300; run++) {
      // Up to 30 entries over up to 20 distinct keys: objects both sides of the 8-key index.
      const keys = 1 + Math.floor(r() * 20);
      const pairs: [string, number][] = [];
      for (let i = Math.floor(r() * 31); i > 0; i--) pairs.push([`k${Math.floor(r() * keys)}`, i]);
      const want = new Map<string, number>();
      for (const [k, v] of pairs) want.set(k, v);
      const text = `{${pairs.map(([k, v]) => `"${k}":${v}`).join(",")}}`;
      const o = new EngineJsonParser(text).parse() as JsonObject;
      const got = [...o.entries].map(([k, v]) => [k, (v as { value: number }).value]);
      expect(got).toEqual([...want]);
      expect(o.size).toBe(want.size);
      for (let i = 0; i < 20; i++)
        expect((o.get(`k${i}`) as { value: number } | undefined)?.value).toBe(want.get(`k${i}`));
    }
  });

  it("refuses a number past the parser's depth limit as the plain tree does", () => {
    for (const depth of [1023, 1024, 1025]) {
      const t = `${"[".repeat(depth)}1, 2${"]".repeat(depth)}`;
      const fast = show(() => readJsonNativeFrom(t, {}, true));
      expect(fast).toBe(show(() => readJsonNativeFrom(t, {}, false)));
      if (depth === 1025) expect(fast).toContain("depth-exceeded");
    }
  });

  it('reads "i:" integers of up to 19 digits in int64 range as String::to_int does', () => {
    const r = rng(19);
    let taken = 0;
    for (let run = 0; run < 20000; run++) {
      const count = 1 + Math.floor(r() * 21);
      let d = r() < 0.2 ? "0" : "";
      // Often 9s and 8s and 7s: near INT64_MAX and INT64_MIN.
      const pool = r() < 0.3 ? "987" : "0123456789";
      while (d.length < count) d += pool[Math.floor(r() * pool.length)];
      const s = `i:${r() < 0.5 ? "-" : ""}${d}`;
      const fast = int64Literal(s);
      const want = stringToInt(s.slice(2));
      if (fast !== undefined) {
        expect(fast).toBe(want);
        taken++;
      } else {
        // Declined: more digits, or a literal past int64 (left to stringToInt, which wraps or clamps).
        const b = BigInt(s.slice(2));
        expect(d.length > 19 || b > 9223372036854775807n || b < -9223372036854775808n).toBe(true);
      }
    }
    expect(taken).toBeGreaterThan(10000);
    for (const s of ["i:9223372036854775807", "i:-9223372036854775808", "i:-0", "i:0000000000000000001"])
      expect(int64Literal(s)).toBe(stringToInt(s.slice(2)));
    for (const s of [
      "i:9223372036854775808",
      "i:-9223372036854775809",
      "i:+1",
      "i:1.5",
      "i: 1",
      "i:",
      "i:--1",
    ])
      expect(int64Literal(s)).toBeUndefined();
  });

  it('reads "i:" integers of up to 15 digits as String::to_int does', () => {
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom("", "-", "--", "+"), digits(0, 17)), ([sign, d]) => {
        const s = `i:${sign}${d}`;
        const fast = smallInt(s);
        const b = stringToInt(s.slice(2));
        if (fast !== undefined) expect(show(() => fast)).toBe(show(() => Number(b)));
        else expect(sign === "--" || sign === "+" || d.length === 0 || d.length > 15).toBe(true);
      }),
      { seed: 32, numRuns: 2000 },
    );
  });
});

describe("dictionaries", () => {
  it("keep a key met twice (String or StringName of one text) as dedupeEntries does", () => {
    const r = rng(11);
    for (let run = 0; run < 300; run++) {
      const raw: DictionaryEntry[] = [];
      const args: string[] = [];
      for (let i = Math.floor(r() * 12); i > 0; i--) {
        const name = `k${Math.floor(r() * 5)}`;
        const pick = r();
        // Mostly String and StringName keys; now and then an int key (the general path).
        const key: Value =
          pick < 0.45
            ? { kind: "string", value: name }
            : pick < 0.9
              ? { kind: "stringName", value: name }
              : { kind: "int", value: Number(name.slice(1)) };
        const text =
          key.kind === "string"
            ? `s:${name}`
            : key.kind === "stringName"
              ? `sn:${name}`
              : `i:${name.slice(1)}`;
        raw.push([key, { kind: "int", value: i }]);
        args.push(`"${text}"`, `"i:${i}"`);
      }
      const got = readJsonNativeFrom(`{"type":"Dictionary","args":[${args.join(",")}]}`, {}, true);
      expect(got).toEqual({ kind: "dictionary", entries: dedupeEntries(raw) });
    }
  });
});

describe("strings found by indexOf", () => {
  it("read as character by character: values, errors and offsets, escapes, NULs and quotes", () => {
    const pieces = [
      "ab",
      "s:",
      "i:1",
      "args",
      "type",
      "é✓",
      "\\n",
      '\\"',
      "\\u00e9",
      "\\ud83d\\ude00",
      "\\v",
      "\\",
      '"',
      "\0",
      "\x01",
      " ",
      ",",
    ];
    const r = rng(5);
    let values = 0;
    for (let run = 0; run < 5000; run++) {
      const items: string[] = [];
      for (let i = Math.floor(r() * 6); i > 0; i--) {
        let body = "";
        for (let j = Math.floor(r() * 5); j > 0; j--) {
          // Mostly plain text: escapes, quotes and NULs now and then.
          const k = r() < 0.7 ? Math.floor(r() * 6) : Math.floor(r() * pieces.length);
          body += pieces[k];
        }
        items.push(`"${body}"`);
      }
      const t =
        r() < 0.5 ? `[${items.join(",")}]` : `{"type":"PackedStringArray","args":[${items.join(",")}]}`;
      const fast = show(() => new EngineJsonParser(t).parse());
      expect(fast).toBe(show(() => new EngineJsonParser(t, false).parse()));
      expect(show(() => readJsonNativeFrom(t, {}, true))).toBe(show(() => readJsonNativeFrom(t, {}, false)));
      if (fast.includes('"value"')) values++;
    }
    // Both outcomes met often.
    expect(values).toBeGreaterThan(1000);
    expect(values).toBeLessThan(4500);
  });
});

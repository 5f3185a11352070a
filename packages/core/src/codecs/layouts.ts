import type { Layout } from "../dialect/layout.js";

// The payload layouts of core's codecs, as data (dialect/layout.ts). Each codec's `decode` and
// the reader's fast cases read these bytes; test/layout.test.ts proves them equal on every fixture.

export const NO_PAYLOAD: Layout = [];
/** BOOL: u32 0 or 1 (any nonzero reads as true). */
export const BOOL_LAYOUT: Layout = [{ t: "word", name: "value" }];
/** INT: i32, or i64 with FLAG_64. */
export const INT_LAYOUT: Layout = [{ t: "int" }];
/** FLOAT: f32, or f64 with FLAG_64. */
export const FLOAT_LAYOUT: Layout = [{ t: "reals", n: 1 }];
/** STRING, STRING_NAME: u32 length, UTF-8, zero padding to 4. */
export const STRING_LAYOUT: Layout = [{ t: "string" }];
/** RID (4.x), an object id: u64. */
export const ID_LAYOUT: Layout = [{ t: "i64", name: "id" }];

/** Math types: `n` reals (f32, or f64 with FLAG_64 where the codec honours it). */
export function realsLayout(n: number): Layout {
  return [{ t: "reals", n }];
}

/** Integer vectors: `n` i32. */
export function intsLayout(n: number): Layout {
  return [{ t: "ints", n }];
}

/** NODE_PATH: u32 name count | 0x80000000, u32 subname count, u32 flags, names, subnames, [property]. */
export const NODE_PATH_LAYOUT: Layout = [
  { t: "count", name: "names", mask: 0x7fffffff },
  { t: "count", name: "subnames" },
  { t: "word", name: "flags" },
  { t: "strings", count: "names", name: "name" },
  { t: "strings", count: "subnames", name: "subname" },
  { t: "if", field: "flags", mask: 2, set: [{ t: "string", name: "property" }] },
];

/** OBJECT (3.x/4.x): FLAG_64: u64 id; else class name, and if not empty u32 count, (name, value) pairs. */
export const OBJECT_LAYOUT: Layout = [
  {
    t: "if",
    mask: 1 << 16,
    set: [{ t: "i64", name: "id" }],
    clear: [
      { t: "string", name: "class" },
      {
        t: "switch",
        field: "class",
        cases: { 0: [] },
        else: [{ t: "count", name: "properties" }, { t: "values" }],
      },
    ],
  },
];

/** SIGNAL (4.x): the name (padded string), the owner's u64 object id. */
export const SIGNAL_LAYOUT: Layout = [
  { t: "string", name: "name" },
  { t: "i64", name: "id" },
];

/** ARRAY: [element type (typed)] u32 count (bit 31: 2.x shared), then nested values. */
export function arrayLayout(typed: boolean): Layout {
  return typed
    ? [{ t: "typed", shift: 16 }, { t: "count", name: "count", mask: 0x7fffffff }, { t: "values" }]
    : [{ t: "count", name: "count", mask: 0x7fffffff }, { t: "values" }];
}

/** DICTIONARY: [key type] [value type] (typed), u32 count (bit 31 as arrays), then nested values. */
export function dictionaryLayout(typed: boolean): Layout {
  return typed
    ? [
        { t: "typed", shift: 16 },
        { t: "typed", shift: 18 },
        { t: "count", name: "count", mask: 0x7fffffff },
        { t: "values" },
      ]
    : [{ t: "count", name: "count", mask: 0x7fffffff }, { t: "values" }];
}

/** Byte arrays: u32 count, the bytes, padding to 4. */
export const BYTES_LAYOUT: Layout = [
  { t: "count", name: "count" },
  { t: "bytes", count: "count", pad: true },
];

/** Packed numbers: u32 count, then count × stride elements of `of`. */
export function packedLayout(of: "i32" | "i64" | "f32" | "f64" | "real", stride: number): Layout {
  return [
    { t: "count", name: "count" },
    { t: "array", count: "count", of, stride },
  ];
}

/** String arrays: u32 count, then per element u32 length (N+1), N bytes and a NUL, padding. */
export const STRINGS_LAYOUT: Layout = [
  { t: "count", name: "count" },
  { t: "strings", count: "count", name: "element" },
];

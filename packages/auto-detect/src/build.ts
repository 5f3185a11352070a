import { FLAG_64 } from "@gdvariant/core";
import type { Layout } from "./layout.js";
import { OP } from "./layout.js";

// decodeAny's walk can build the value it walks (verify.ts): the common kinds in its word loop,
// anything else by the dialect's decoder. Which wire ids it builds itself is decided here, per
// layout, from the codecs' kinds, and then checked once against the dialect's own decoder on a
// sample of every one of them (verify.ts, buildsOf): a dialect whose decoder makes any of them
// differently builds nothing, and decodeAny decodes its dumps as before.

/**
 * What the word loop builds for a wire id. The loop builds every kind its fast table checks;
 * the codes say which String kind and which math kind (0: a math kind other than Vector2/3 and
 * Color, read by the dialect's decoder). Every code is checked against the decoder (buildsOf).
 */
export enum BUILD {
  NIL = 1,
  BOOL = 2,
  INT = 3,
  FLOAT = 4,
  STRING = 5,
  STRING_NAME = 6,
  VECTOR2 = 7,
  VECTOR3 = 8,
  COLOR = 9,
  ARRAY = 10,
  DICTIONARY = 11,
  /** FLAG_64 (entries 256-511, as Layout.fast). */
  INT64 = 12,
  FLOAT64 = 13,
}

/** A layout's build table. */
export interface Builds {
  /** By the index of {@link Layout.fast}: a {@link BUILD} code, or 0. */
  readonly codes: Uint8Array;
  /** The dialect's containers keep bit 31 of their count as `shared: true` (2.x). */
  readonly keepShared: boolean;
  /**
   * A typed top-level array or dictionary (4.x) is built too: its elements by the walk, its
   * types by the decoder (checked on {@link typedSamples}).
   */
  readonly typed: boolean;
}

const REALS_BUILDS: Readonly<Record<string, number>> = {
  vector2: BUILD.VECTOR2,
  vector3: BUILD.VECTOR3,
  color: BUILD.COLOR,
};

const REALS_COUNT: Readonly<Record<number, number>> = {
  [BUILD.VECTOR2]: 2,
  [BUILD.VECTOR3]: 3,
  [BUILD.COLOR]: 4,
};

/** The codes the kinds of `layout`'s codecs suggest, before the check against the decoder. */
export function candidateCodes(layout: Layout): Uint8Array {
  const t = new Uint8Array(512);
  const ops = layout.ops;
  for (let id = 0; id < ops.length && id < 256; id++) {
    const e = ops[id];
    if (e === undefined) continue;
    let code = 0;
    switch (e.op) {
      case OP.NIL:
        code = BUILD.NIL;
        break;
      case OP.BOOL:
        code = BUILD.BOOL;
        break;
      case OP.INT:
        code = BUILD.INT;
        if (e.wide) t[256 + id] = BUILD.INT64;
        break;
      case OP.FLOAT:
        code = BUILD.FLOAT;
        if (e.wide) t[256 + id] = BUILD.FLOAT64;
        break;
      case OP.STRING:
        code = e.kind === "string" ? BUILD.STRING : e.kind === "stringName" ? BUILD.STRING_NAME : 0;
        break;
      case OP.REALS: {
        const b = REALS_BUILDS[e.kind] ?? 0;
        code = b !== 0 && REALS_COUNT[b] === e.n ? b : 0;
        break;
      }
      case OP.ARRAY:
        code = BUILD.ARRAY;
        break;
      case OP.DICTIONARY:
        code = BUILD.DICTIONARY;
        break;
      default:
    }
    t[id] = code;
  }
  return t;
}

/**
 * The sample the codes are checked on: an array (its header's id is `array`) of one value per
 * code, then an array and a dictionary with bit 31 of their count set, then nils up to 4,096
 * bytes (the walk builds only inputs it reads as words). `array`, `dict`, `int`, `string` and
 * `nil` are wire ids of the layout with those codes.
 */
export function sampleBytes(
  codes: Uint8Array,
  ids: { array: number; dict: number; int: number; string: number; nil: number },
): Uint8Array {
  const words: number[] = [];
  const f32 = new DataView(new ArrayBuffer(8));
  const float = (x: number) => {
    f32.setFloat32(0, x, true);
    return f32.getInt32(0, true);
  };
  const str = (header: number) => {
    // "abc", padded.
    words.push(header, 3, 0x00636261);
  };
  let count = 0;
  for (let slot = 0; slot < 512; slot++) {
    const code = codes[slot]!;
    if (code === 0) continue;
    const header = slot < 256 ? slot : (slot - 256) | FLAG_64;
    count++;
    switch (code) {
      case BUILD.NIL:
        words.push(header);
        break;
      case BUILD.BOOL:
        words.push(header, 1);
        break;
      case BUILD.INT:
        words.push(header, -5);
        break;
      case BUILD.FLOAT:
        words.push(header, float(1.5));
        break;
      case BUILD.STRING:
      case BUILD.STRING_NAME:
        // Plain ASCII, and a string the word loop leaves to the general walk: a BOM, "é", a NUL
        // and "x" (the decoder drops the BOM and stops at the NUL).
        str(header);
        count++;
        words.push(header, 7, 0xc3bfbbef | 0, 0x007800a9);
        break;
      case BUILD.VECTOR2:
      case BUILD.VECTOR3:
      case BUILD.COLOR: {
        words.push(header);
        for (let i = 0; i < REALS_COUNT[code]!; i++) words.push(float(0.25 + i));
        break;
      }
      case BUILD.ARRAY:
        words.push(header, 1, ids.int, 7);
        break;
      case BUILD.DICTIONARY:
        words.push(header, 1);
        str(ids.string);
        words.push(ids.int, 8);
        break;
      case BUILD.INT64:
        // 2^32 + 5, and -2^62 + 2^32 - 5 (a bigint; its low word has bit 31 set).
        words.push(header, 5, 1);
        count++;
        words.push(header, -5, -0x40000000);
        break;
      case BUILD.FLOAT64: {
        f32.setFloat64(0, 0.1, true);
        words.push(header, f32.getInt32(0, true), f32.getInt32(4, true));
        break;
      }
    }
  }
  // Containers with bit 31 of their count set.
  words.push(ids.array, 0x80000001, ids.int, 9);
  words.push(ids.dict, 0x80000001);
  str(ids.string);
  words.push(ids.int, 10);
  count += 2;
  const head = 2;
  const nils = Math.max(0, 1024 - head - words.length);
  const all = new Int32Array(head + words.length + nils);
  all[0] = ids.array;
  all[1] = count + nils;
  all.set(words, head);
  for (let i = head + words.length; i < all.length; i++) all[i] = ids.nil;
  return littleEndian(all);
}

// The bytes of 32-bit words, little-endian whatever the platform (the walk builds only on
// little-endian ones).
function littleEndian(words: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(words.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < words.length; i++) view.setInt32(i * 4, words[i]!, true);
  return out;
}

/**
 * Deep equality that also holds the shapes: the same own keys in the same order, the same
 * primitives (`Object.is`), arrays element by element.
 */
export function sameShape(a: unknown, b: unknown): boolean {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !sameShape((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
      return false;
  }
  return true;
}

/**
 * The samples typed top-level containers are checked on, for the container ids whose codec
 * reads types from the header: an `Array[int]` of ints and a `Dictionary[int, int]`, typed by
 * builtin type (code 1 in bits 16-17, and 18-19 for a dictionary's values), 4,096 bytes or more
 * each.
 */
export function typedSamples(
  ids: { array: number; dict: number; int: number },
  arrayTyped: boolean,
  dictTyped: boolean,
): Uint8Array[] {
  const out: Uint8Array[] = [];
  const words = (head: number[], n: number, per: number[]) => {
    const all = [...head, n];
    for (let i = 0; i < n; i++) all.push(...per.map((x) => (x === -1 ? i : x)));
    return littleEndian(all);
  };
  // -1: the element's index.
  if (arrayTyped) out.push(words([ids.array | 0x10000, ids.int], 512, [ids.int, -1]));
  if (dictTyped) out.push(words([ids.dict | 0x50000, ids.int, ids.int], 256, [ids.int, -1, ids.int, -1]));
  return out;
}

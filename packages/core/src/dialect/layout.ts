import { FLAG_64 } from "../codecs/define.js";

/**
 * What one part of a value's bytes is. Every value starts with its `header` word; what follows
 * is its codec's {@link Layout}. A record's length word (store_var framing) is a `record` part.
 */
export const PART = {
  header: 1,
  /** An element or entry count (its bit 31 is the 2.x `shared` bit on containers). */
  count: 2,
  /** The byte length of the string or byte run that follows. */
  length: 3,
  /** Zero padding to a multiple of 4 (shorter than wanted where the engine left it out). */
  padding: 4,
  /** A 32- or 64-bit integer (a run of them in packed arrays). */
  int: 5,
  /** A 32- or 64-bit real (a run of them in math types and packed arrays). */
  float: 6,
  /** The UTF-8 bytes of a string. */
  text: 7,
  /** Raw bytes (byte arrays, image data). */
  bytes: 8,
  /** A named 32-bit field (a bool, flags, an image's width...). */
  word: 9,
  /** A typed container's element, key or value type (a type id word, or a class or script string). */
  type: 10,
  /** The length word of a store_var record (framing, not a value). */
  record: 11,
} as const;

/**
 * PART as an enum, for the walkers: the bundler writes a member's value at each use, where
 * `PART.int` would keep the PART table in every decode bundle. The same numbers as PART
 * (test/layout.test.ts checks). @internal
 */
export enum PartEnum {
  header = 1,
  count = 2,
  length = 3,
  padding = 4,
  int = 5,
  float = 6,
  text = 7,
  bytes = 8,
  word = 9,
  type = 10,
  record = 11,
}

/** A part code ({@link PART}). */
export type PartCode = (typeof PART)[keyof typeof PART];
/** A part's name, the key of its code in {@link PART}. */
export type PartName = keyof typeof PART;

/** The names of the part codes, by code. */
export const PART_NAMES: readonly (PartName | "")[] = [
  "",
  "header",
  "count",
  "length",
  "padding",
  "int",
  "float",
  "text",
  "bytes",
  "word",
  "type",
  "record",
];

/**
 * One step of a {@link Layout}. Words named by a step (`word`, `count`, a `string`'s length) are
 * kept by name for the later steps of the same value (`bytes`, `strings`, `if`, `switch`).
 * - `word` a u32 field; `i32` a signed one (reported as `int`); `i64` a 64-bit integer;
 * - `int` an i32, or an i64 when the header has FLAG_64 and the codec defines it;
 * - `ints` `n` i32; `reals` `n` f32, or f64 when the header has FLAG_64 and the codec defines it; `f32` always f32;
 * - `string` u32 length, UTF-8, zero padding to 4;
 * - `count` a u32 count (`mask` applied before later steps use it); `length` a u32 byte length;
 * - `bytes` as many raw bytes as the field `count` says, then padding (`pad` absent: none);
 * - `array` as many elements as the field `count` says, `stride` values each, of `of` (`real`: f32
 *   or f64 as `reals`);
 * - `strings` as many strings as the field `count` says (each as `string`, its parts named `name`);
 * - `typed` a typed container's type, by the 2-bit code at header bit `shift` (1: a type id word,
 *   2: a class name, 3: a script path; 0: nothing);
 * - `values` the rest are nested values, which the reader reports as values of their own;
 * - `if` the steps of `set` when the field (or, without `field`, the header) has a bit of `mask`
 *   set, else those of `clear`;
 * - `switch` the steps of the case equal to the field, else those of `else`.
 */
export type LayoutStep =
  | { readonly t: "word"; readonly name: string }
  | { readonly t: "i32"; readonly name: string }
  | { readonly t: "i64"; readonly name: string }
  | { readonly t: "int" }
  | { readonly t: "reals"; readonly n: number }
  | { readonly t: "ints"; readonly n: number }
  | { readonly t: "f32"; readonly name: string }
  | { readonly t: "string"; readonly name?: string }
  | { readonly t: "count"; readonly name: string; readonly mask?: number }
  | { readonly t: "length"; readonly name: string }
  | { readonly t: "bytes"; readonly count: string; readonly pad?: true }
  | {
      readonly t: "array";
      readonly count: string;
      readonly of: "i32" | "i64" | "f32" | "f64" | "real";
      readonly stride: number;
    }
  | { readonly t: "strings"; readonly count: string; readonly name: string }
  | { readonly t: "typed"; readonly shift: number }
  | { readonly t: "values" }
  | {
      readonly t: "if";
      readonly field?: string;
      readonly mask: number;
      readonly set: Layout;
      readonly clear?: Layout;
    }
  | {
      readonly t: "switch";
      readonly field: string;
      readonly cases: Readonly<Record<number, Layout>>;
      readonly else?: Layout;
    };

/**
 * A codec's payload layout, as data: the steps after the header word. The one description of
 * a type's bytes that consumers which need to know *where* the bytes are (auto-detect's facts,
 * annotated hex views) read; the codec's `decode` and the reader's fast cases read the same
 * bytes, which the tests prove on every fixture (`test/layout.test.ts`).
 */
export type Layout = readonly LayoutStep[];

/**
 * Told of each part {@link walkLayout} finds: its code ({@link PART}), byte range
 * `[start, end)` (clipped to the value's end), a number and the step's field name (or "").
 * The number is the word's value for `header`, `count`, `length`, `word` and a type id `type`;
 * the element size in bytes for `int` and `float`; the bytes wanted for `padding` (more than
 * `end - start` where the padding is missing); the byte count for `text` and `bytes`.
 */
export interface PartSink {
  part(code: PartCode, start: number, end: number, value: number, name: string): void;
}

/**
 * Walks the parts of one value that a reader read: the header word at `start`, then `layout`,
 * up to `end` (the value's end as the reader found it; words past it read as 0). `flagMask` is the codec's: FLAG_64
 * widens `int` and `reals` only where the codec gives it that meaning. Stops at nested values.
 * Each walker keeps the named words of the value it walks; one walker per consumer.
 */
export class LayoutWalker {
  private fields: Record<string, number> = {};
  private bytes: Uint8Array = new Uint8Array(0);
  private end = 0;
  private wide = false;
  private header = 0;
  private sink: PartSink | undefined;

  /**
   * Walks the value at `start`; returns where the walk stopped (`end`, or where nested values
   * start). `withHeader` false leaves out the header part (a sink that knows it already).
   */
  walk(
    layout: Layout,
    flagMask: number,
    bytes: Uint8Array,
    header: number,
    start: number,
    end: number,
    sink: PartSink,
    withHeader = true,
  ): number {
    this.bytes = bytes;
    this.end = end;
    this.header = header;
    this.wide = (flagMask & header & FLAG_64) !== 0;
    this.sink = sink;
    if (withHeader) sink.part(PartEnum.header, start, start + 4, header >>> 0, "");
    return this.steps(layout, start + 4);
  }

  // The u32 at `p`; bytes past the value read as 0.
  private word(p: number): number {
    if (p + 4 > this.end) return 0;
    const b = this.bytes;
    return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
  }

  // Parts are as long as the layout says: on a value the reader read they end within it (the
  // tests prove it), padding aside, which byte arrays may leave out at the end of the input.
  private emit(code: PartCode, start: number, size: number, value: number, name: string): number {
    if (code === PartEnum.padding) {
      if (size > 0)
        this.sink!.part(code, start, Math.max(start, Math.min(start + size, this.end)), value, name);
    } else if (size > 0) this.sink!.part(code, start, start + size, value, name);
    return start + size;
  }

  // Runs `layout` from `p`; returns where it stopped (a value's end, or its nested values).
  private steps(layout: Layout, p: number): number {
    for (let i = 0; i < layout.length && p < this.end; i++) {
      const s = layout[i]!;
      switch (s.t) {
        case "word":
        case "length":
          this.fields[s.name] = this.word(p);
          p = this.emit(s.t === "word" ? PartEnum.word : PartEnum.length, p, 4, this.fields[s.name]!, s.name);
          break;
        case "count": {
          const w = this.word(p);
          this.fields[s.name] = s.mask !== undefined ? (w & s.mask) >>> 0 : w;
          p = this.emit(PartEnum.count, p, 4, w, s.name);
          break;
        }
        case "i32":
          this.fields[s.name] = this.word(p) | 0;
          p = this.emit(PartEnum.int, p, 4, 4, s.name);
          break;
        case "i64":
          p = this.emit(PartEnum.int, p, 8, 8, s.name);
          break;
        case "int":
          p = this.emit(PartEnum.int, p, this.wide ? 8 : 4, this.wide ? 8 : 4, "");
          break;
        case "reals": {
          const size = this.wide ? 8 : 4;
          p = this.emit(PartEnum.float, p, s.n * size, size, "");
          break;
        }
        case "ints":
          p = this.emit(PartEnum.int, p, s.n * 4, 4, "");
          break;
        case "f32":
          p = this.emit(PartEnum.float, p, 4, 4, s.name);
          break;
        case "string":
          p = this.string(p, s.name ?? "", PartEnum.length, true);
          break;
        case "bytes": {
          const n = this.fields[s.count] ?? 0;
          p = this.emit(PartEnum.bytes, p, n, n, s.count);
          if (s.pad === true) p = this.emit(PartEnum.padding, p, (4 - (n & 3)) & 3, (4 - (n & 3)) & 3, "");
          break;
        }
        case "array": {
          const size = s.of === "real" ? (this.wide ? 8 : 4) : s.of === "i64" || s.of === "f64" ? 8 : 4;
          const n = (this.fields[s.count] ?? 0) * s.stride;
          p = this.emit(
            s.of === "i32" || s.of === "i64" ? PartEnum.int : PartEnum.float,
            p,
            n * size,
            size,
            "",
          );
          break;
        }
        case "strings": {
          const n = this.fields[s.count] ?? 0;
          for (let k = 0; k < n && p < this.end; k++) p = this.string(p, s.name, PartEnum.length, false);
          break;
        }
        case "typed": {
          const code = (this.header >>> s.shift) & 3;
          if (code === 1) p = this.emit(PartEnum.type, p, 4, this.word(p), "");
          else if (code !== 0) p = this.string(p, code === 2 ? "class" : "script", PartEnum.type, false);
          break;
        }
        case "values":
          return p;
        case "if": {
          const v = s.field === undefined ? this.header : (this.fields[s.field] ?? 0);
          const next = (v & s.mask) !== 0 ? s.set : s.clear;
          if (next !== undefined) p = this.steps(next, p);
          break;
        }
        case "switch": {
          const next = s.cases[this.fields[s.field] ?? -1] ?? s.else;
          if (next !== undefined) p = this.steps(next, p);
          break;
        }
      }
    }
    return p;
  }

  // u32 length (a `length` part, or `type` for a typed container's name), UTF-8, padding. The
  // length is kept under `name` (`keep`), so that a `switch` can tell an empty string.
  private string(p: number, name: string, code: PartCode, keep: boolean): number {
    const n = paddedStringLength(this.bytes, p, this.end);
    if (keep && name !== "") this.fields[name] = n;
    p = this.emit(code, p, 4, n, name);
    p = this.emit(PartEnum.text, p, n, n, name);
    const pad = (4 - (n & 3)) & 3;
    return this.emit(PartEnum.padding, p, pad, pad, name);
  }
}

/**
 * The wire type id in the header word at `offset` of `bytes` (`dialect.typeMask` of the
 * little-endian u32), or undefined when fewer than 4 bytes are left: how a caller that chooses
 * between dialects (auto-detect) looks at a header without reading the value.
 */
export function typeIdAt(
  dialect: { readonly typeMask: number },
  bytes: Uint8Array,
  offset: number,
): number | undefined {
  if (!(offset >= 0 && offset + 4 <= bytes.length)) return undefined;
  const b = bytes;
  const word = b[offset]! | (b[offset + 1]! << 8) | (b[offset + 2]! << 16) | (b[offset + 3]! << 24);
  return (word & dialect.typeMask) >>> 0;
}

/**
 * How a consumer that judges many small values (facts) may take a layout's parts without a
 * {@link LayoutWalker}, derived once per codec:
 * - `{ string: true }` for one unnamed `string` step (STRING, STRING_NAME): a `length` part at
 *   `start + 4`, `text` of that many bytes, `padding` to 4, as {@link paddedStringLength} says;
 * - `{ string: false, typedMask }` for `typed` steps, then a `count` step, then `values` (ARRAY,
 *   DICTIONARY): when the header has no bit of `typedMask`, its one part is the `count` at
 *   `start + 4`; else walk it;
 * - undefined for any other layout (walk it).
 * The walker reports the same parts (test/layout.test.ts).
 */
export function layoutShortcut(
  layout: Layout | undefined,
): { readonly string: boolean; readonly typedMask: number } | undefined {
  if (layout === undefined || layout.length === 0) return undefined;
  const first = layout[0]!;
  if (layout.length === 1 && first.t === "string" && first.name === undefined)
    return { string: true, typedMask: 0 };
  let typedMask = 0;
  let i = 0;
  for (; i < layout.length; i++) {
    const s = layout[i]!;
    if (s.t !== "typed") break;
    typedMask |= 3 << s.shift;
  }
  if (layout.length === i + 2 && layout[i]!.t === "count" && layout[i + 1]!.t === "values")
    return { string: false, typedMask: typedMask >>> 0 };
  return undefined;
}

/**
 * The byte length in the length word of a padded string at `p` (its text is `[p + 4, p + 4 +
 * n)`, then `(4 - (n & 3)) & 3` bytes of padding, clipped to `end`), or 0 when the word is past
 * `end`: as {@link LayoutWalker} reads a `string` step.
 */
export function paddedStringLength(bytes: Uint8Array, p: number, end: number): number {
  if (p + 4 > end) return 0;
  return (bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16) | (bytes[p + 3]! << 24)) >>> 0;
}

/**
 * A layout of one fixed-size step (`int`, `reals`, `ints`, `word`, `i32`, `i64`, `f32`), as the
 * part it makes: its code and its size in bytes without and with a wide header; undefined for
 * any other layout. For consumers that judge many small values (facts), derived once per codec:
 * the part of such a value is `[start + 4, start + 4 + size)`.
 */
export function fixedPart(
  layout: Layout | undefined,
  flagMask: number,
): { code: PartCode; size: number; wideSize: number; element: number; wideElement: number } | undefined {
  if (layout === undefined || layout.length !== 1) return undefined;
  const s = layout[0]!;
  const wide = (flagMask & FLAG_64) !== 0;
  switch (s.t) {
    case "int":
      return { code: PartEnum.int, size: 4, wideSize: wide ? 8 : 4, element: 4, wideElement: wide ? 8 : 4 };
    case "reals":
      return {
        code: PartEnum.float,
        size: 4 * s.n,
        wideSize: (wide ? 8 : 4) * s.n,
        element: 4,
        wideElement: wide ? 8 : 4,
      };
    case "ints":
      return { code: PartEnum.int, size: 4 * s.n, wideSize: 4 * s.n, element: 4, wideElement: 4 };
    case "word":
      return { code: PartEnum.word, size: 4, wideSize: 4, element: 4, wideElement: 4 };
    default:
      return undefined;
  }
}

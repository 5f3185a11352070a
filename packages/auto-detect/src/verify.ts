import {
  DecodeError,
  type DecodeErrorCode,
  type DictionaryEntry,
  decodeUtf8,
  decodeWithLength,
  FLAG_64,
  nil,
  type Value,
} from "@gdvariant/core";
import { BUILD, type Builds, candidateCodes, sameShape, sampleBytes, typedSamples } from "./build.js";
import { FAST, type Layout, OP, type OpEntry, SHAPE } from "./layout.js";
import { Stats } from "./stats.js";
import { SCAN, scanUtf8 } from "./utf8-scan.js";

// The verifying pass: walks the bytes as one dialect would decode them, checking every header,
// count, length, string and padding, and counts what it sees in a Stats. A hypothesis that fails
// here never reaches a decoder. For decodeAny it can also build the value as it goes (see
// Builds): the common kinds in its word loop, anything else by the dialect's own decoder.

const SIGN = 0x80000000;

/** Where and why a walk stopped. */
export interface WalkFailure {
  readonly offset: number;
  readonly code: DecodeErrorCode;
  readonly message: string;
  /** For `truncated`: how many more bytes the failing read wanted. */
  readonly missing?: number | undefined;
}

/** The result of {@link verify}. */
export type WalkReport =
  | {
      readonly ok: true;
      readonly end: number;
      readonly stats: Stats;
      /** The value, when the walk was asked to build it and could (see {@link verify}). */
      readonly value?: Value | undefined;
    }
  | { readonly ok: false; readonly failure: WalkFailure; readonly stats: Stats };

/** Limits of the walk (the decoders' defaults). */
export interface WalkLimits {
  readonly maxDepth: number;
  readonly maxCollectionLength: number;
  /**
   * Skip the "count times smallest element fits in the bytes left" pre-check, so a truncated
   * dump fails where its bytes actually run out rather than at the outermost count. Used only to
   * rank near misses (how far a reading got); the decoders keep the pre-check.
   */
  readonly lenient?: boolean;
}

// A failure, with its message built only when read: most failures are wrong-dialect hypotheses
// nobody reports (decodeAny drops them), and formatting numbers costs more than the walk.
class Stop implements WalkFailure {
  constructor(
    readonly offset: number,
    readonly code: DecodeErrorCode,
    /** The message's parts, joined when read (made only on the failure path: no closure, so the walk's methods allocate no context). */
    private readonly parts: readonly (string | number)[],
    readonly missing?: number,
  ) {}

  get message(): string {
    return this.parts.join("");
  }
}

/** The little-endian u32 at `p` (the caller has checked the 4 bytes are there). */
function u32At(b: Uint8Array, p: number): number {
  return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
}

/**
 * True when the four bytes of little-endian word `x` are all printable ASCII (0x20-0x7e): no
 * byte at or above 0x80, below 0x20, or equal to 0x7f.
 */
function plainWord(x: number): boolean {
  if ((x & 0x80808080) !== 0 || ((x - 0x20202020) & ~x & 0x80808080) !== 0) return false;
  const y = x ^ 0x7f7f7f7f;
  return ((y - 0x01010101) & ~y & 0x80808080) === 0;
}

// Large inputs are read a word at a time through an Int32Array over the same bytes, when the
// platform is little-endian and the walk's words are 4-byte aligned in memory (every Variant
// field is a multiple of 4 bytes from the value's start). Small ones are read byte by byte: a
// view costs more to make than their walk.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const WORDS_FROM = 4096;

function wordsOf(b: Uint8Array, start: number, end: number): Int32Array | undefined {
  if (!LITTLE_ENDIAN || end - start < WORDS_FROM || ((b.byteOffset + start) & 3) !== 0) return undefined;
  return new Int32Array(b.buffer, b.byteOffset + start, (b.length - start) >> 2);
}

/**
 * Stores element `i`'s value in a container being built: an array's item (`pairs` 0), or a
 * dictionary's key (even `i`, held in the entry's slot) and then the entry itself (`pairs`: the
 * dictionary's entry count).
 */
function put(out: unknown[], pairs: number, i: number, v: Value): void {
  if (pairs === 0) out[i] = v;
  else if ((i & 1) === 0) out[i >> 1] = v;
  else out[i >> 1] = [out[i >> 1] as Value, v] satisfies DictionaryEntry;
}

const NIL = nil();
// A double from two little-endian words (the words are 4-byte aligned, a Float64Array view
// of the input would need 8).
const pairWords = new Int32Array(2);
const pairDouble = new Float64Array(pairWords.buffer);

/** An array or dictionary of built elements, as the dialect's decoder makes it (`shared` kept in 2.x). */
function containerValue(out: unknown[], dict: boolean, word: number, keepShared: boolean): Value {
  const v:
    | { kind: "array"; items: Value[]; shared?: true }
    | { kind: "dictionary"; entries: DictionaryEntry[]; shared?: true } = dict
    ? { kind: "dictionary", entries: out as DictionaryEntry[] }
    : { kind: "array", items: out as Value[] };
  if (keepShared && (word & SIGN) !== 0) v.shared = true;
  return v;
}

/** A String or StringName (build code `b`) of `text`. */
function stringValue(b: number, text: string): Value {
  return b === BUILD.STRING ? { kind: "string", value: text } : { kind: "stringName", value: text };
}

// String roles: where padding garbage means something different.
const STR = 0;
const NAME = 1;
const PATH = 2;

// Uninitialised-looking floats: read as f32 bits. Structural words (headers, counts, lengths,
// small ints, ASCII) read as floats land on denormals, NaNs with payloads or extreme exponents.
function f32Check(s: Stats, u: number, at: number): void {
  s.floatsChecked++;
  // The common case first: an ordinary exponent.
  if (!f32Ordinary(u)) f32Odd(s, u, at);
}

/** Adds the counts Walker.childrenWords keeps in locals to the Stats. */
function addCounts(
  s: Stats,
  values: number,
  ints: number,
  floats: number,
  reals: number,
  strings: number,
): void {
  s.values += values;
  s.int32 += ints;
  s.float32 += floats;
  s.floatsChecked += reals;
  s.strings += strings;
}

/**
 * True when the four f32 words from `k` are all in [+0, 1] (bits at most 0x3f800000 as unsigned:
 * no sign, no NaN): a color that shape() would count in range with nothing to note.
 */
function colorUnit(w: Int32Array, k: number): boolean {
  return (
    w[k]! >>> 0 <= 0x3f800000 &&
    w[k + 1]! >>> 0 <= 0x3f800000 &&
    w[k + 2]! >>> 0 <= 0x3f800000 &&
    w[k + 3]! >>> 0 <= 0x3f800000
  );
}

/**
 * True for f32 bits with an ordinary exponent (biased 64-190: 2^-63 to below 2^64 in magnitude):
 * nothing to note. (Written out in Walker.childrenWords.)
 */
function f32Ordinary(u: number): boolean {
  const e = (u >>> 23) & 0xff;
  return ((e - 64) | (190 - e)) >= 0;
}

/** f32Check's notes for bits {@link f32Ordinary} refuses (the caller counts floatsChecked). */
function f32Odd(s: Stats, u: number, at: number): void {
  const exp = (u >>> 23) & 0xff;
  if (exp === 0) {
    if ((u & 0x7fffff) !== 0) s.note("floatDenormal", at);
  } else if (exp === 0xff) {
    // 0x7fc00000 is the canonical NaN every engine writes (C's NAN); others are payloads.
    if ((u & 0x7fffff) !== 0 && (u & 0x7fffffff) !== 0x7fc00000) s.note("floatNaNOdd", at);
    else s.floatNonFinite++;
  } else {
    s.floatExtreme++;
    if (s.at.floatExtreme === undefined) s.at.floatExtreme = at;
  }
}

/**
 * True when the f64 whose high word is `hi` has an ordinary exponent (biased 512-1534): nothing
 * to note.
 */
function f64Ordinary(hi: number): boolean {
  const e = (hi >>> 20) & 0x7ff;
  return e > 1023 - 512 && e < 1023 + 512;
}

/** The step between the reals Walker.reals samples: all of them up to `limit`, else `limit` or so. */
function sampleStep(count: number, limit: number): number {
  return count <= limit ? 1 : Math.floor(count / limit);
}

function f64Check(s: Stats, lo: number, hi: number, at: number): void {
  s.floatsChecked++;
  if (f64Ordinary(hi)) return;
  const exp = (hi >>> 20) & 0x7ff;
  if (exp === 0) {
    if ((hi & 0xfffff) !== 0 || lo !== 0) s.note("floatDenormal", at);
  } else if (exp === 0x7ff) {
    if (((hi & 0xfffff) !== 0 || lo !== 0) && !((hi & 0x7fffffff) === 0x7ff80000 && lo === 0))
      s.note("floatNaNOdd", at);
    else s.floatNonFinite++;
  } else s.note("floatExtreme", at);
}

const f64Scratch = new DataView(new ArrayBuffer(8));
const scratch = new Float64Array(6);

function f32At(b: Uint8Array, p: number): number {
  f64Scratch.setUint32(0, u32At(b, p), true);
  return f64Scratch.getFloat32(0, true);
}

function f64At(b: Uint8Array, p: number): number {
  f64Scratch.setUint32(0, u32At(b, p), true);
  f64Scratch.setUint32(4, u32At(b, p + 4), true);
  return f64Scratch.getFloat64(0, true);
}

// The walker stops at the first failure without throwing (a throw costs more than a whole walk
// of a packed array): a method that can fail returns false after recording the failure, and
// every caller returns at once. Reads are bounds-checked before they happen.
class Walker {
  pos: number;
  readonly end: number;
  readonly b: Uint8Array;
  readonly s: Stats;
  readonly L: Layout;
  readonly ops: readonly (OpEntry | undefined)[];
  readonly typeMask: number;
  readonly typeCount: number;
  readonly maxDepth: number;
  readonly maxCount: number;
  readonly lenient: boolean;
  depth = 0;
  // Start and length of the last string read (object property names are compared to "script").
  strStart = 0;
  strLength = 0;
  failure: Stop | undefined = undefined;
  /** Words of the bytes from `base` on (see wordsOf), or undefined to read bytes. */
  words: Int32Array | undefined = undefined;
  /** The same words as f32 (for the shapes of math values), made with them. */
  floats: Float32Array | undefined = undefined;
  readonly base: number;
  /** Made at the 17th element of a loop or a long string: a packed array needs none. */
  wordsTried = false;
  /** What the word loop builds itself, when the walk builds the value (else undefined). */
  builds: Builds | undefined = undefined;
  /** The built value (set when the top-level container is built). */
  built: Value | undefined = undefined;
  /** A value could not be built as the decoder reads it: `built` is not to be used. */
  buildFailed = false;
  allowObjects = false;
  /** Dictionary keys last built, by slot (keyString). */
  readonly keys: (string | undefined)[] = [];
  /** Where each slot's key starts, as an index of the words. */
  readonly keyAt: number[] = [];

  constructor(
    layout: Layout,
    bytes: Uint8Array,
    start: number,
    end: number,
    limits: WalkLimits,
    stats: Stats,
  ) {
    this.s = stats;
    this.L = layout;
    this.ops = layout.ops;
    this.typeMask = layout.typeMask;
    this.typeCount = layout.typeCount;
    this.b = bytes;
    this.pos = start;
    this.end = end;
    this.maxDepth = limits.maxDepth;
    this.maxCount = limits.maxCollectionLength;
    this.lenient = limits.lenient === true;
    this.base = start;
  }

  /** Reads words from here on when the input is large and aligned (see wordsOf). */
  useWords(): void {
    if (this.wordsTried) return;
    this.wordsTried = true;
    const w = wordsOf(this.b, this.base, this.end);
    this.words = w;
    if (w !== undefined) this.floats = new Float32Array(w.buffer, w.byteOffset, w.length);
  }

  /** The u32 at `p`, a position of the walk (4-byte aligned from its start). */
  word(p: number): number {
    const w = this.words;
    return w === undefined ? u32At(this.b, p) : w[(p - this.base) >> 2]! >>> 0;
  }

  /**
   * scanUtf8 of `n` bytes at `p`, skipping 4-byte words of printable ASCII first when the
   * words are there (they add no flag and cannot hold part of a multi-byte sequence).
   */
  scan(p: number, n: number): number {
    if (n >= 64) this.useWords();
    const w = this.words;
    let k = 0;
    if (w !== undefined) {
      let i = (p - this.base) >> 2;
      for (;;) {
        let x: number;
        const rem = n - k;
        if (rem >= 4) x = w[i]!;
        else if (rem === 0) return 0;
        else if (i < w.length) {
          // The last 1-3 bytes: the rest of their word is padding (or the next value), so it is
          // replaced by 'A's before the same test.
          const mask = (1 << (rem * 8)) - 1;
          x = (w[i]! & mask) | (0x41414141 & ~mask);
        } else break;
        // Any byte >= 0x80, < 0x20 or = 0x7f: scan byte by byte from this word on.
        if (!plainWord(x)) break;
        if (rem <= 4) return 0;
        k += 4;
        i++;
      }
    }
    return scanUtf8(this.b, p + k, n - k);
  }

  fail(offset: number, code: DecodeErrorCode, parts: readonly (string | number)[], missing?: number): false {
    this.failure = new Stop(offset, code, parts, missing);
    return false;
  }

  need(n: number, what: string, at = this.pos): boolean {
    const left = this.end - this.pos;
    if (n > left)
      return this.fail(at, "truncated", [what, " needs ", n, " bytes, ", left, " left"], n - left);
    return true;
  }

  u32(): number {
    const v = this.word(this.pos);
    this.pos += 4;
    return v;
  }

  /** A count word (sign bit clear), or -1 after a failure. */
  countWord(what: string): number {
    const left = this.end - this.pos;
    if (left < 4) {
      this.fail(this.pos, "truncated", [what, " count needs 4 bytes, ", left, " left"], 4 - left);
      return -1;
    }
    const at = this.pos;
    const n = this.u32();
    if (n > 0x7fffffff) {
      this.fail(at, "invalid-data", [what, " count ", n, " is negative as int32"]);
      return -1;
    }
    return n;
  }

  checkCount(count: number, min: number, at: number): boolean {
    if (count > this.maxCount)
      return this.fail(at, "limit-exceeded", ["count ", count, " is over maxCollectionLength"]);
    if (this.lenient) return true;
    const need = count * min;
    const left = this.end - this.pos;
    if (need > left) {
      return this.fail(
        at,
        "truncated",
        ["count ", count, " needs at least ", need, " bytes, ", left, " left"],
        need - left,
      );
    }
    return true;
  }

  /** The length word and the bytes of a padded string; the length, or -1 after a failure. */
  stringLength(): number {
    const left = this.end - this.pos;
    if (left < 4) {
      this.fail(this.pos, "truncated", ["string length needs 4 bytes, ", left, " left"], 4 - left);
      return -1;
    }
    const at = this.pos;
    const n = this.u32();
    if (n > 0x7fffffff) {
      this.fail(at, "invalid-data", ["string length ", n, " has the sign bit set"]);
      return -1;
    }
    const pad = (4 - (n & 3)) & 3;
    const rest = this.end - this.pos;
    if (n + pad > rest) {
      this.fail(
        this.pos,
        "truncated",
        ["string of ", n, " bytes (+padding) needs ", n + pad, " bytes, ", rest, " left"],
        n + pad - rest,
      );
      return -1;
    }
    return n;
  }

  /** A padded string: u32 length, UTF-8, padding that must be present. */
  string(role: number): boolean {
    const at = this.pos;
    const n = this.stringLength();
    if (n < 0) return false;
    const r = this.scan(this.pos, n);
    if (r < 0) return this.fail(this.pos, "invalid-utf8", ["string is not valid UTF-8"]);
    const s = this.s;
    if (role === STR) {
      s.strings++;
      if (r & SCAN.NUL) s.note("stringNul", at);
      if (r & SCAN.CONTROL) s.note("stringControl", at);
    } else if (r & SCAN.NUL) s.note("stringNul", at);
    this.strStart = this.pos;
    this.strLength = n;
    this.pos += n;
    const pad = (4 - (n & 3)) & 3;
    if (pad !== 0 && this.dirty(pad)) {
      s.note(
        role === PATH ? "nodePathPadDirty" : role === NAME ? "namePadDirty" : "stringPadDirty",
        this.pos,
      );
    }
    this.pos += pad;
    return true;
  }

  dirty(pad: number): boolean {
    const b = this.b;
    const p = this.pos;
    for (let i = 0; i < pad; i++) if (b[p + i] !== 0) return true;
    return false;
  }

  /** One PackedStringArray element: the engine writes N+1 bytes ending in a NUL. */
  pstrElement(): boolean {
    const at = this.pos;
    const n = this.stringLength();
    if (n < 0) return false;
    const s = this.s;
    s.pstrElements++;
    const b = this.b;
    if (n > 0 && b[this.pos + n - 1] === 0) {
      const r = this.scan(this.pos, n - 1);
      if (r < 0) return this.fail(this.pos, "invalid-utf8", ["string is not valid UTF-8"]);
      if (r & SCAN.NUL) s.note("pstrNulInside", at);
      else s.pstrNul++;
    } else {
      const r = this.scan(this.pos, n);
      if (r < 0) return this.fail(this.pos, "invalid-utf8", ["string is not valid UTF-8"]);
      s.note("pstrNoNul", at);
    }
    this.pos += n;
    const pad = (4 - (n & 3)) & 3;
    if (pad !== 0 && this.dirty(pad)) s.note("pstrPadDirty", this.pos);
    this.pos += pad;
    return true;
  }

  /** Container type info of a typed array or dictionary (4.3+/4.4+). */
  containerType(code: number): boolean {
    if (code === 1) {
      if (!this.need(4, "container element type")) return false;
      const at = this.pos;
      const id = this.u32();
      if (id >= this.typeCount || this.ops[id] === undefined) {
        return this.fail(at, "invalid-data", ["container element type id ", id, " is out of range"]);
      }
      if (id === 0) this.s.note("typedBuiltinNil", at);
    } else {
      if (!this.string(NAME)) return false;
      if (code === 3) {
        // A script path must start with res://
        const b = this.b;
        const p = this.strStart;
        const ok =
          this.strLength >= 6 &&
          b[p] === 0x72 &&
          b[p + 1] === 0x65 &&
          b[p + 2] === 0x73 &&
          b[p + 3] === 0x3a &&
          b[p + 4] === 0x2f &&
          b[p + 5] === 0x2f;
        if (!ok) this.s.note("typedScriptOdd", p - 4);
      }
    }
    return true;
  }

  /** True when the last string read is an identifier-like class name. */
  lastIsIdentifier(): boolean {
    const b = this.b;
    const p = this.strStart;
    const n = this.strLength;
    for (let i = 0; i < n; i++) {
      const c = b[p + i]!;
      const alpha = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
      if (!alpha && (i === 0 || c < 0x30 || c > 0x39)) return false;
    }
    return n > 0;
  }

  lastIsScript(): boolean {
    const b = this.b;
    const p = this.strStart;
    return (
      this.strLength === 6 &&
      b[p] === 0x73 &&
      b[p + 1] === 0x63 &&
      b[p + 2] === 0x72 &&
      b[p + 3] === 0x69 &&
      b[p + 4] === 0x70 &&
      b[p + 5] === 0x74
    );
  }

  nested(): boolean {
    const d = ++this.depth;
    if (d > this.maxDepth) {
      const max = this.maxDepth;
      return this.fail(this.pos, "depth-exceeded", ["nesting deeper than ", max]);
    }
    if (d > this.s.maxDepth) this.s.maxDepth = d;
    if (!this.value()) return false;
    this.depth--;
    return true;
  }

  /**
   * Reals: `count` f32 (or f64) values checked for plausibility, at most `limit` of them. False
   * only for a lenient walk whose sampled reads run past the input (see WalkLimits.lenient).
   */
  reals(count: number, wide: boolean, limit: number): boolean {
    const b = this.b;
    const s = this.s;
    const p = this.pos;
    const size = wide ? 8 : 4;
    const step = sampleStep(count, limit);
    for (let i = 0; i < count; i += step) {
      const at = p + i * size;
      if (at + size > b.length) {
        // Only reachable without the count pre-check: not a "truncated" answer to rank by.
        return this.fail(this.pos, "invalid-data", ["sampled reals run past the input"]);
      }
      if (wide) f64Check(s, this.word(at), this.word(at + 4), at);
      else f32Check(s, this.word(at), at);
    }
    return true;
  }

  value(): boolean {
    const start = this.pos;
    const left = this.end - start;
    if (left < 4) return this.fail(start, "truncated", ["header needs 4 bytes, ", left, " left"], 4 - left);
    const header = this.word(start);
    const id = (header & this.typeMask) >>> 0;
    const e = id < this.typeCount ? this.ops[id] : undefined;
    if (e === undefined) {
      const name = this.L.dialect.name;
      return this.fail(start, "unknown-type", ["type id ", id, " is not a ", name, " type"]);
    }
    const s = this.s;
    s.values++;
    const extra = (header & ~this.typeMask & ~e.flagMask) >>> 0;
    if (extra !== 0) {
      if (this.L.strictFlags) {
        const name = this.L.dialect.name;
        return this.fail(start, "bad-flags", [
          "header 0x",
          header.toString(16).padStart(8, "0"),
          ": ",
          name,
          " writes no such flag bits on ",
          e.name,
        ]);
      }
      if (extra & 0xff00) s.note("byte1", start);
      if (extra & 0xffff0000) s.note("unknownFlags", start);
    }
    this.pos = start + 4;
    const flagged = (header & FLAG_64) !== 0;
    // Small methods per operation: V8 optimises a small dispatcher and small bodies early,
    // a single large switch late (measured: the first walk of a dump ran several times slower).
    switch (e.op) {
      case OP.NIL:
        return true;
      case OP.CALLABLE:
        s.callables++;
        return true;
      case OP.BOOL:
        if (!this.need(4, "BOOL")) return false;
        if (this.u32() > 1) s.note("boolOdd", start);
        return true;
      case OP.INT:
        return this.int(e.wide && flagged, start);
      case OP.FLOAT:
        return this.float(e.wide && flagged, start);
      case OP.STRING:
        return this.string(STR);
      case OP.REALS:
        return this.realsValue(e, e.wide && flagged, start);
      case OP.INTS:
        if (!this.need(e.n * 4, e.name)) return false;
        this.pos += e.n * 4;
        return true;
      case OP.NODE_PATH:
        return this.nodePath(start);
      case OP.RID:
        s.rids++;
        if (e.n > 0) {
          if (!this.need(e.n, "RID")) return false;
          this.pos += e.n;
        }
        return true;
      case OP.OBJECT_BARE:
        s.objectsBare++;
        return true;
      case OP.OBJECT:
        return this.object(flagged, start);
      case OP.SIGNAL:
        s.signals++;
        if (!this.string(NAME)) return false;
        if (!this.need(8, "SIGNAL object id")) return false;
        this.pos += 8;
        return true;
      case OP.DICTIONARY:
      case OP.ARRAY:
        return this.container(e, header, start);
      case OP.BYTES:
        return this.byteArray(e);
      case OP.PACKED: {
        const n = this.countWord(e.name);
        if (n < 0 || !this.checkCount(n, e.n, this.pos - 4)) return false;
        if (e.floats && !this.reals(n * (e.n >> 2), false, 8)) return false;
        this.pos += n * e.n;
        return true;
      }
      case OP.PACKED_REALS:
        return this.packedReals(e, e.wide && flagged, start);
      case OP.PACKED_STRING: {
        const n = this.countWord(e.name);
        if (n < 0 || !this.checkCount(n, 4, this.pos - 4)) return false;
        for (let i = 0; i < n; i++) {
          if (i === 16) this.useWords();
          if (!this.pstrElement()) return false;
        }
        return true;
      }
      case OP.IMAGE:
        return this.image(start);
      case OP.INPUT_EVENT:
        return this.inputEvent(start);
      default:
        return this.fail(start, "invalid-data", ["no verifier layout for ", e.kind, " (", e.name, ")"]);
    }
  }

  int(wide: boolean, start: number): boolean {
    const s = this.s;
    if (wide) {
      if (!this.need(8, "INT")) return false;
      const lo = this.u32();
      const hi = this.u32();
      if (hi === (lo & SIGN ? 0xffffffff : 0)) s.note("int64Fits32", start);
      else s.int64++;
    } else {
      if (!this.need(4, "INT")) return false;
      this.pos += 4;
      s.int32++;
    }
    return true;
  }

  float(wide: boolean, start: number): boolean {
    const s = this.s;
    if (wide) {
      if (!this.need(8, "FLOAT")) return false;
      const lo = this.word(this.pos);
      const hi = this.word(this.pos + 4);
      f64Check(s, lo, hi, this.pos);
      f64Scratch.setUint32(0, lo, true);
      f64Scratch.setUint32(4, hi, true);
      const d = f64Scratch.getFloat64(0, true);
      if (Math.fround(d) === d) s.note("float64Exact", start);
      s.float64++;
      this.pos += 8;
    } else {
      if (!this.need(4, "FLOAT")) return false;
      f32Check(s, this.u32(), start + 4);
      s.float32++;
    }
    return true;
  }

  realsValue(e: OpEntry, wide: boolean, start: number): boolean {
    const s = this.s;
    if (!this.need(e.n * (wide ? 8 : 4), e.name)) return false;
    if (e.math) {
      if (wide) {
        s.mathDouble++;
        if (e.kind === "vector4" || e.kind === "projection") s.vector4Double++;
      } else s.mathSingle++;
    }
    this.reals(e.n, wide, 16);
    if (e.shape !== 0) this.shape(e.shape, wide, start);
    this.pos += e.n * (wide ? 8 : 4);
    return true;
  }

  nodePath(start: number): boolean {
    const s = this.s;
    if (!this.need(4, "NODE_PATH")) return false;
    const w = this.u32();
    if ((w & SIGN) === 0) {
      return this.fail(start + 4, "invalid-data", [
        "NodePath in the old format (bit 31 of the first word clear)",
      ]);
    }
    if (!this.need(8, "NODE_PATH")) return false;
    const subAt = this.pos;
    const sub = this.u32();
    const flags = this.u32();
    if (this.L.generation === 2 && sub > 0x7fffffff) {
      return this.fail(subAt, "invalid-data", ["NodePath subname count ", sub, " is negative as int32"]);
    }
    s.nodePaths++;
    if (flags > 3) s.note("nodePathBadFlags", subAt + 4);
    const prop = (flags & 2) !== 0;
    if (prop) s.note("nodePathProperty", subAt + 4);
    const total = (w & 0x7fffffff) + sub + (prop ? 1 : 0);
    if (!this.checkCount(total, 4, start + 4)) return false;
    for (let i = 0; i < total; i++) if (!this.string(PATH)) return false;
    return true;
  }

  object(asId: boolean, start: number): boolean {
    const s = this.s;
    if (asId) {
      if (!this.need(8, "OBJECT id")) return false;
      const lo = this.u32();
      const hi = this.u32();
      s.objectsId++;
      if (lo === 0 && hi === 0) s.note("objectIdZero", start);
      return true;
    }
    s.note("objectsFull", start);
    if (!this.string(NAME)) return false;
    if (this.strLength === 0) {
      s.note("objectEmptyClass", start);
      return true;
    }
    if (!this.lastIsIdentifier()) s.note("objectClassOdd", start + 4);
    const count = this.countWord("property");
    if (count < 0 || !this.checkCount(count, 8, this.pos - 4)) return false;
    s.containers++;
    for (let i = 0; i < count; i++) {
      if (!this.string(NAME)) return false;
      if (this.lastIsScript() && this.end - this.pos >= 4) {
        const t = this.b[this.pos]!;
        const k = this.ops[t]?.kind;
        if (k === "string") s.note("scriptPath", this.pos);
        else if (k === "object") s.note("scriptObject", this.pos);
      }
      if (!this.nested()) return false;
    }
    return true;
  }

  container(e: OpEntry, header: number, start: number): boolean {
    const s = this.s;
    const dict = e.op === OP.DICTIONARY;
    if (e.typed) {
      const k = (header >>> 16) & 3;
      const val = dict ? (header >>> 18) & 3 : 0;
      if (k !== 0 && !this.containerType(k)) return false;
      if (val !== 0 && !this.containerType(val)) return false;
      if (k !== 0 || val !== 0) {
        if (dict) s.note("typedDictionaries", start);
        else s.note("typedArrays", start);
      }
    }
    if (!this.need(4, dict ? "DICTIONARY count" : "ARRAY count")) return false;
    const at = this.pos;
    const word = this.u32();
    if (word & SIGN) {
      s.sharedSet++;
      if (s.at.sharedSet === undefined) s.at.sharedSet = at;
    } else s.sharedClear++;
    const count = word & 0x7fffffff;
    if (!this.checkCount(count, dict ? 8 : 4, at)) return false;
    s.containers++;
    const bk = this.builds;
    let code = 0;
    if (bk !== undefined && this.depth === 0) {
      // A typed container's header has its types' codes in bits 16-19 (e.typed).
      const id = bk.typed && e.typed ? header & ~0xf0000 : header;
      if (id < 256) code = bk.codes[id]!;
    }
    if (code !== BUILD.ARRAY && code !== BUILD.DICTIONARY) return this.children(dict ? count * 2 : count);
    // decodeAny's top-level container, built by the word loop.
    const out: unknown[] = new Array(count);
    if (!this.children(dict ? count * 2 : count, out, dict ? count : 0)) return false;
    this.built =
      header < 256
        ? containerValue(out, dict, word, bk!.keepShared)
        : this.typedValue(start, at, word, out, dict);
    return true;
  }

  /**
   * A typed top-level container (header and types from `start`, count word at `at`) of the
   * built elements `out`. Its types are the decoder's: it reads the same header and types from a
   * copy whose count is 0, and the elements are put in that empty container.
   */
  typedValue(start: number, at: number, word: number, out: unknown[], dict: boolean): Value {
    const head = new Uint8Array(at - start + 4);
    head.set(this.b.subarray(start, at));
    head[at - start + 3] = (word >>> 24) & 0x80;
    const v = this.sub(0, head.length, 0, head) as { kind: string; items?: unknown[]; entries?: unknown[] };
    const slot = dict ? "entries" : "items";
    if (v.kind === (dict ? "dictionary" : "array") && v[slot]?.length === 0) v[slot] = out;
    else this.buildFailed = true;
    return v as Value;
  }

  /**
   * `n` nested values, as `n` calls of nested(). Scalars and small math values with no header
   * flag (most container elements) are checked here, with the same checks and counts as
   * value(), saving two calls per element; anything else, or too few bytes, goes to nested().
   */
  children(n: number, out?: unknown[], pairs = 0): boolean {
    if (n === 0) return true;
    const d = this.depth + 1;
    if (d > this.maxDepth) return this.nested();
    const s = this.s;
    if (d > s.maxDepth) s.maxDepth = d;
    const ops = this.ops;
    const typeCount = this.typeCount;
    const end = this.end;
    for (let i = 0; i < n; i++) {
      // Words pay off from a few elements on (a misread count often fails at the first ones);
      // with them, the rest of the loop runs in childrenWords.
      if (i === 16 || (i === 0 && this.wordsTried)) {
        this.useWords();
        const w = this.words;
        if (w !== undefined) return this.elements(i, n, d, w, out, pairs);
      }
      const p = this.pos;
      if (end - p >= 8) {
        const header = this.word(p);
        const e = header < typeCount ? ops[header] : undefined;
        if (e !== undefined) {
          switch (e.op) {
            case OP.NIL:
              s.values++;
              this.pos = p + 4;
              continue;
            case OP.BOOL:
              s.values++;
              if (this.word(p + 4) > 1) s.note("boolOdd", p);
              this.pos = p + 8;
              continue;
            case OP.INT:
              s.values++;
              s.int32++;
              this.pos = p + 8;
              continue;
            case OP.FLOAT:
              s.values++;
              f32Check(s, this.word(p + 4), p + 4);
              s.float32++;
              this.pos = p + 8;
              continue;
            case OP.STRING:
              s.values++;
              this.pos = p + 4;
              if (!this.string(STR)) return false;
              continue;
            case OP.REALS: {
              const size = e.n * 4;
              s.values++;
              if (e.shape !== 0 || e.n > 16 || size > end - p - 4) {
                this.pos = p + 4;
                if (!this.realsValue(e, false, p)) return false;
                continue;
              }
              if (e.math) s.mathSingle++;
              for (let k = 4; k <= size; k += 4) f32Check(s, this.word(p + k), p + k);
              this.pos = p + 4 + size;
              continue;
            }
            default:
          }
        } else if ((header & ~FLAG_64) >>> 0 < typeCount) {
          // FLAG_64 and nothing else: 64-bit ints, floats and double-precision math.
          const w = ops[(header & ~FLAG_64) >>> 0];
          if (w?.wide) {
            if (w.op === OP.INT || w.op === OP.FLOAT || w.op === OP.REALS) {
              s.values++;
              this.pos = p + 4;
              const ok =
                w.op === OP.INT
                  ? this.int(true, p)
                  : w.op === OP.FLOAT
                    ? this.float(true, p)
                    : this.realsValue(w, true, p);
              if (!ok) return false;
              continue;
            }
          }
        }
      }
      this.depth = d - 1;
      if (!this.nested()) return false;
    }
    return true;
  }

  /**
   * childrenWords over elements `i` to `n`, 32 at a time. One call over a whole large container
   * (and the containers nested in it) runs long enough for V8 to compile the loop on the stack
   * (OSR); when a deopt came while that compile was in flight, childrenWords stayed unoptimized
   * for later calls (the walk of the nested-mix workload at 360-720 µs instead of 104-108). Of
   * 20 Node processes walking it, 15 ended that way without the chunks and 2 with them, for 4%
   * more time on the 10,000-key dictionary (64 at a time did not help).
   */
  elements(i: number, n: number, d: number, w: Int32Array, out?: unknown[], pairs = 0): boolean {
    while (n - i > 32) {
      if (!this.childrenWords(i, i + 32, d, w, out, pairs)) return false;
      i += 32;
    }
    return this.childrenWords(i, n, d, w, out, pairs);
  }

  /**
   * children() from element `i` on, once the input's words are there: the same checks, counts
   * and notes, with the position in a local, and strings checked a word at a time. Anything else
   * (a container, a flagged header, a string that is not plain printable ASCII, a shaped math
   * value, too few bytes) goes to nested(), which finds the failure or the facts as value() does.
   */
  childrenWords(i: number, n: number, d: number, w: Int32Array, out?: unknown[], pairs = 0): boolean {
    const s = this.s;
    const fast = this.L.fast;
    // Building (decodeAny): what to build inline, by the same index as `fast`.
    const bk = out !== undefined ? this.builds!.codes : undefined;
    // `| 0` (all are int32 already): V8 then keeps these as untagged int32 through the loop
    // instead of checking and untagging the small-integer tags on every element (valgrind: 12%
    // fewer instructions per walk of 20,000 ints, 18% of the nested mix; bench/README.md, sixth
    // round).
    const end = this.end | 0;
    const base = this.base | 0;
    let p = this.pos | 0;
    i |= 0;
    n |= 0;
    // The counts of this loop, added to the Stats before anything else may read or add to them
    // (nested(), the end of the loop). Every element this loop checks itself is one value, so
    // the values are the elements from `mark` on, less those nested() took. The rarer counts
    // go to the Stats at once: fewer locals live across the loop, fewer of them on the stack.
    let mark = i;
    let ints = 0;
    let floats = 0;
    let reals = 0;
    let strings = 0;
    for (; i < n; i++) {
      if (end - p >= 8) {
        const k = (p - base) >> 2;
        const header = w[k]!;
        const slot =
          header >>> 8 === 0 ? header : (header ^ FLAG_64) >>> 8 === 0 ? 256 + (header & 0xff) : -1;
        const f = slot >= 0 ? fast[slot]! : 0;
        const code = f & 15;
        // Strings before the switch: a dictionary's keys are strings, so this branch follows a
        // pattern (key, value, key, value) the switch over every type would not.
        if (code === FAST.STRING) {
          // Plain printable ASCII only (what scanUtf8 passes with no flag); the rest, and every
          // failure, goes to string() through nested().
          const len = w[k + 1]!;
          const q = p + 8;
          const padded = (len + 3) & ~3;
          if (len >= 0 && len <= end - q && padded <= end - q) {
            // Bit 7 of a byte of x | the borrow tests is set when that byte is not printable
            // ASCII (a byte >= 0x80 sets its own; the borrow tests, exact for words of bytes
            // below 0x80, find a byte below 0x20 or equal to 0x7f: plainWord without branches).
            // OR-ed over the words, and written out so that this loop does not depend on what
            // the JIT inlines.
            let odd = 0;
            let j = k + 2;
            const full = j + (len >> 2);
            for (; j < full; j++) {
              const x = w[j]!;
              const y = x ^ 0x7f7f7f7f;
              odd |= x | ((x - 0x20202020) & ~x) | ((y - 0x01010101) & ~y);
            }
            const rem = len & 3;
            let tail = 0;
            if (rem !== 0) {
              tail = w[j]!;
              const mask = (1 << (rem * 8)) - 1;
              const x = (tail & mask) | (0x41414141 & ~mask);
              const y = x ^ 0x7f7f7f7f;
              odd |= x | ((x - 0x20202020) & ~x) | ((y - 0x01010101) & ~y);
            }
            if ((odd & 0x80808080) === 0) {
              if (tail >>> (rem * 8) !== 0) s.note("stringPadDirty", q + len);
              strings++;
              if (bk !== undefined) {
                // Printable ASCII: the decoder's string is these characters.
                // A dictionary's first 16 keys of up to 16 bytes: the key cache (keyString).
                const text =
                  pairs !== 0 && i < 32 && (i & 1) === 0 && len <= 16
                    ? this.keyString(w, q, len, ((pairs & 15) << 4) | (i >> 1))
                    : decodeUtf8(this.b, q, len)!;
                put(out!, pairs, i, stringValue(bk[slot]!, text));
              }
              p = q + padded;
              continue;
            }
          }
        } else
          switch (code) {
            case FAST.NIL:
              if (bk !== undefined) put(out!, pairs, i, NIL);
              p += 4;
              continue;
            case FAST.BOOL:
              if (w[k + 1]! >>> 0 > 1) s.note("boolOdd", p);
              if (bk !== undefined) put(out!, pairs, i, { kind: "bool", value: w[k + 1] !== 0 });
              p += 8;
              continue;
            case FAST.INT:
              ints++;
              if (bk !== undefined) put(out!, pairs, i, { kind: "int", value: w[k + 1]! });
              p += 8;
              continue;
            case FAST.INT64:
            case FAST.FLOAT64:
              // As value() would: the same methods, with the flag bits already known to be fine
              // (FLAG_64 is the codec's own). 1 in 16 ints of the typed-int workload took the
              // general walk, half of its time.
              if (end - p < 12) break;
              this.pos = p + 4;
              if (code === FAST.INT64) this.int(true, p);
              else this.float(true, p);
              if (bk !== undefined) put(out!, pairs, i, this.wide(code === FAST.FLOAT64, w, k));
              p += 12;
              continue;
            case FAST.FLOAT: {
              floats++;
              reals++;
              // f32Ordinary, written out.
              const u = w[k + 1]!;
              const e = (u >>> 23) & 0xff;
              if (((e - 64) | (190 - e)) < 0) f32Odd(s, u >>> 0, p + 4);
              if (bk !== undefined) put(out!, pairs, i, { kind: "float", value: this.floats![k + 1]! });
              p += 8;
              continue;
            }
            case FAST.REALS: {
              const c = f >>> 8;
              if (c * 4 > end - p - 4) break;
              if (f & FAST.MATH) s.mathSingle++;
              reals += c;
              const last = k + c;
              // Any exponent outside f32Ordinary's range (written out: negative), then the notes.
              let odd = 0;
              for (let j = k + 1; j <= last; j++) {
                const e = (w[j]! >>> 23) & 0xff;
                odd |= (e - 64) | (190 - e);
              }
              if (odd < 0) {
                for (let j = k + 1; j <= last; j++) {
                  const u = w[j]!;
                  if (!f32Ordinary(u)) f32Odd(s, u >>> 0, base + j * 4);
                }
              }
              const shape = (f >>> 5) & 7;
              if (shape === SHAPE.COLOR && colorUnit(w, k + 1)) s.colorInRange++;
              else if (shape !== 0) {
                this.pos = p + 4;
                this.shape(shape, false, p);
              }
              if (bk !== undefined) put(out!, pairs, i, this.reals32(bk[slot]!, k, p, p + 4 + c * 4, d));
              p += 4 + c * 4;
              continue;
            }
            case FAST.ARRAY:
            case FAST.DICTIONARY: {
              // As value() then container() would: the count word (bit 31: shared), the count's
              // pre-check, then the elements one level deeper. Failures go to nested() (so does a
              // count the pre-check refuses: a lenient walk skips that check there).
              const word = w[k + 1]!;
              const count = word & 0x7fffffff;
              const dict = f === FAST.DICTIONARY;
              if (count > this.maxCount || count * (dict ? 8 : 4) > end - p - 8) break;
              if (count !== 0 && d + 1 > this.maxDepth) break;
              if (word < 0) {
                s.sharedSet++;
                if (s.at.sharedSet === undefined) s.at.sharedSet = p + 4;
              } else s.sharedClear++;
              s.containers++;
              const child = bk !== undefined ? new Array<unknown>(count) : undefined;
              if (count === 0) {
                if (bk !== undefined)
                  put(out!, pairs, i, containerValue(child!, dict, word, this.builds!.keepShared));
                p += 8;
                continue;
              }
              if (d + 1 > s.maxDepth) s.maxDepth = d + 1;
              // The elements add their own counts; this loop's are added at its end (or here,
              // before a failure is returned).
              this.pos = p + 8;
              if (!this.elements(0, dict ? count * 2 : count, d + 1, w, child, dict ? count : 0)) {
                addCounts(s, i + 1 - mark, ints, floats, reals, strings);
                return false;
              }
              this.depth = d - 1;
              if (bk !== undefined)
                put(out!, pairs, i, containerValue(child!, dict, word, this.builds!.keepShared));
              p = this.pos;
              continue;
            }
            default:
          }
      }
      addCounts(s, i - mark, ints, floats, reals, strings);
      mark = i + 1;
      ints = floats = reals = strings = 0;
      this.pos = p;
      this.depth = d - 1;
      if (!this.nested()) return false;
      if (bk !== undefined) put(out!, pairs, i, this.other(p, d));
      p = this.pos;
    }
    addCounts(s, n - mark, ints, floats, reals, strings);
    this.pos = p;
    return true;
  }

  /**
   * Dictionaries of one shape (records) repeat their keys: a key equal to the one last read in
   * the same slot (entry index and count, as the decoder's decodeKeyIn) reuses that string
   * instead of making a new one. `len` printable ASCII bytes at `q`, compared a word at a time
   * with the bytes of the slot's last key (words `w`).
   */
  keyString(w: Int32Array, q: number, len: number, slot: number): string {
    const keys = this.keys;
    const c = keys[slot];
    const k = (q - this.base) >> 2;
    if (c !== undefined && c.length === len) {
      const at = this.keyAt[slot]!;
      const full = len >> 2;
      let j = 0;
      while (j < full && w[k + j] === w[at + j]) j++;
      if (j === full) {
        const rem = len & 3;
        const mask = (1 << (rem * 8)) - 1;
        if (rem === 0 || ((w[k + j]! ^ w[at + j]!) & mask) === 0) return c;
      }
    }
    const s = decodeUtf8(this.b, q, len)!;
    keys[slot] = s;
    this.keyAt[slot] = k;
    return s;
  }

  /**
   * A value the word loop left to nested() (at `p`, ending at `pos`): a string that is not plain
   * ASCII is decoded as the decoder does (decodeUtf8), anything else by the decoder itself.
   */
  other(p: number, d: number): Value {
    if (this.pos - p >= 8) {
      const header = this.word(p);
      const b = header < 256 ? this.builds!.codes[header]! : 0;
      if (b === BUILD.STRING || b === BUILD.STRING_NAME) {
        const v = decodeUtf8(this.b, p + 8, this.word(p + 4));
        if (v !== undefined) return stringValue(b, v);
      }
    }
    return this.sub(p, this.pos, d);
  }

  /**
   * The value at `start`..`end` of `bytes` (the input unless given; an element at depth `d`,
   * already walked) as the dialect's decoder reads it, for what the word loop does not build
   * itself. When the decoder refuses it
   * or reads another length, the built value is marked unusable (decodeAny then decodes the
   * whole input, which fails as it always did).
   */
  sub(start: number, end: number, d: number, bytes = this.b): Value {
    if (!this.buildFailed) {
      try {
        const r = decodeWithLength(this.L.dialect, bytes, {
          offset: start,
          allowObjects: this.allowObjects,
          maxDepth: this.maxDepth - d,
          maxCollectionLength: this.maxCount,
        });
        if (r.length === end - start) return r.value;
      } catch (e) {
        if (!DecodeError.is(e)) throw e;
      }
      this.buildFailed = true;
    }
    return NIL;
  }

  /** A 64-bit float or int (FLAG_64) at word `k` (its header). */
  wide(float: boolean, w: Int32Array, k: number): Value {
    const lo = w[k + 1]!;
    const hi = w[k + 2]!;
    if (float) {
      pairWords[0] = lo;
      pairWords[1] = hi;
      return { kind: "float", value: pairDouble[0]! };
    }
    // As the decoder's i64n: a number when |value| < 2^53, else a bigint.
    if (hi >= -0x200000 && hi < 0x200000) {
      const v = hi * 4294967296 + (lo >>> 0);
      if (v !== -9007199254740992) return { kind: "int", value: v };
    }
    return { kind: "int", value: (BigInt(hi) << 32n) | BigInt(lo >>> 0) };
  }

  /** A vector or color of f32 components at word `k` (its header), built or read by the decoder. */
  reals32(b: number, k: number, p: number, end: number, d: number): Value {
    const f = this.floats!;
    if (b === BUILD.VECTOR2) return { kind: "vector2", x: f[k + 1]!, y: f[k + 2]! };
    if (b === BUILD.VECTOR3) return { kind: "vector3", x: f[k + 1]!, y: f[k + 2]!, z: f[k + 3]! };
    if (b === BUILD.COLOR) return { kind: "color", r: f[k + 1]!, g: f[k + 2]!, b: f[k + 3]!, a: f[k + 4]! };
    return this.sub(p, end, d);
  }

  byteArray(e: OpEntry): boolean {
    const s = this.s;
    const n = this.countWord(e.name);
    if (n < 0 || !this.checkCount(n, 1, this.pos - 4)) return false;
    s.byteArrays++;
    this.pos += n;
    const pad = (4 - (n & 3)) & 3;
    if (pad === 0) return true;
    const left = this.end - this.pos;
    if (left < pad) {
      if (this.L.bytePadRequired) {
        return this.fail(
          this.pos,
          "truncated",
          [e.name, " padding needs ", pad, " bytes, ", left, " left"],
          pad - left,
        );
      }
      s.note("bytePadMissing", this.pos);
      this.pos = this.end;
    } else {
      if (this.dirty(pad)) s.note("bytePadDirty", this.pos);
      this.pos += pad;
    }
    return true;
  }

  packedReals(e: OpEntry, wide: boolean, start: number): boolean {
    const s = this.s;
    const n = this.countWord(e.name);
    const stride = e.n * (wide ? 8 : 4);
    if (n < 0 || !this.checkCount(n, stride, this.pos - 4)) return false;
    if (e.math) {
      if (wide) s.mathDouble++;
      else s.mathSingle++;
    }
    if (e.kind === "packedVector4Array") s.note("packedVector4", start);
    if (!this.reals(n * e.n, wide, 8)) return false;
    this.pos += n * stride;
    return true;
  }

  /** Reads the components of a color, plane, AABB or 2D transform to judge its shape. */
  shape(kind: number, wide: boolean, start: number): void {
    const b = this.b;
    const p = this.pos;
    const n = kind === SHAPE.COLOR || kind === SHAPE.PLANE ? 4 : 6;
    const x = scratch;
    const f = this.floats;
    if (f !== undefined && !wide) {
      const k = (p - this.base) >> 2;
      for (let i = 0; i < n; i++) x[i] = f[k + i]!;
    } else for (let i = 0; i < n; i++) x[i] = wide ? f64At(b, p + i * 8) : f32At(b, p + i * 4);
    const s = this.s;
    let finite = true;
    for (let i = 0; i < n; i++) if (!Number.isFinite(x[i]!)) finite = false;
    if (kind === SHAPE.COLOR) {
      // Colors: components mostly in 0..1 (HDR above 1 happens; negative or alpha beyond 1 rarely).
      if (
        !finite ||
        x[0]! < 0 ||
        x[1]! < 0 ||
        x[2]! < 0 ||
        x[3]! < 0 ||
        x[3]! > 1 ||
        Math.max(x[0]!, x[1]!, x[2]!) > 64
      ) {
        s.note("colorOdd", start);
      } else if (x[0]! <= 1 && x[1]! <= 1 && x[2]! <= 1) s.colorInRange++;
    } else if (kind === SHAPE.PLANE) {
      // Planes: the engine's constructors normalise the normal.
      const len = Math.hypot(x[0]!, x[1]!, x[2]!);
      if (finite && Math.abs(len - 1) < 1e-4) s.planeUnit++;
      else if (len === 0) s.note("planeZero", start);
    } else if (kind === SHAPE.AABB) {
      if (!finite || x[3]! < 0 || x[4]! < 0 || x[5]! < 0) s.note("aabbNegative", start);
      else s.aabbSized++;
    } else if (finite) {
      // Transform2D / Matrix32: x axis (0, 1), y axis (2, 3), origin (4, 5).
      const lx = Math.hypot(x[0]!, x[1]!);
      const ly = Math.hypot(x[2]!, x[3]!);
      const det = x[0]! * x[3]! - x[1]! * x[2]!;
      // Orthogonality only counts for axes of sane, comparable sizes: with wildly different
      // magnitudes (random or misread data) a dot product vanishes by rounding alone.
      const sane = (t: number) => t === 0 || (Math.abs(t) >= 1e-6 && Math.abs(t) <= 1e6);
      const comparable = lx > 0 && ly > 0 && lx / ly <= 1e3 && ly / lx <= 1e3;
      if (lx === 0 || ly === 0 || Math.abs(det) < 1e-9 * (lx * ly + 1e-30)) s.note("xformDegenerate", start);
      else if (
        comparable &&
        sane(x[0]!) &&
        sane(x[1]!) &&
        sane(x[2]!) &&
        sane(x[3]!) &&
        Math.abs(x[0]! * x[2]! + x[1]! * x[3]!) <= 1e-4 * lx * ly
      ) {
        if (Math.abs(lx - 1) < 1e-4 && Math.abs(ly - 1) < 1e-4) s.xformRotation++;
        else s.xformOrthogonal++;
      }
    }
  }

  // IMAGE (2.x): u32 format | u32 mipmaps | u32 width | u32 height | u32 length L | L bytes | pad
  image(start: number): boolean {
    if (!this.need(20, "IMAGE")) return false;
    const format = this.u32();
    if (format >= 23)
      return this.fail(start + 4, "invalid-data", ["image format ", format, " is not below FORMAT_MAX (23)"]);
    const mipmaps = this.u32();
    const width = this.u32();
    const height = this.u32();
    const at = this.pos;
    const length = this.u32();
    if (length > 0x7fffffff)
      return this.fail(at, "invalid-data", ["image data length ", length, " is negative as int32"]);
    const padded = length + ((4 - (length & 3)) & 3);
    const left = this.end - this.pos;
    if (padded > left) {
      return this.fail(
        at,
        "truncated",
        ["image data of ", length, " bytes (+padding) needs ", padded, " bytes, ", left, " left"],
        padded - left,
      );
    }
    this.pos += padded;
    const s = this.s;
    s.images++;
    if (length === 0) return true;
    // Uncompressed formats: the data is every mip level, width*height*bytes-per-pixel each.
    const bpp = [1, 1, 2, 3, 4][format];
    if (bpp !== undefined && width <= 16384 && height <= 16384 && mipmaps <= 15) {
      let expect = 0;
      let w = width;
      let h = height;
      for (let i = 0; i <= mipmaps; i++) {
        expect += w * h * bpp;
        w = Math.max(1, w >> 1);
        h = Math.max(1, h >> 1);
      }
      if (expect === length) s.imageSizeOk++;
      else s.note("imageSizeOdd", start);
    } else if (width > 16384 || height > 16384 || mipmaps > 15) s.note("imageSizeOdd", start);
    return true;
  }

  // INPUT_EVENT (2.x): u32 type | i32 device | u32 length L | type-specific part (see §2.5)
  inputEvent(start: number): boolean {
    if (!this.need(12, "INPUT_EVENT")) return false;
    const type = this.u32();
    this.pos += 4;
    const length = this.u32();
    let extra = 0;
    switch (type) {
      case 1:
        extra = 8;
        break;
      case 3:
      case 5:
      case 6:
        extra = 4;
        break;
      case 4:
        extra = length === 16 ? 4 : 8;
        if (length === 16) this.s.note("inputEventJoy20", start);
        break;
      default:
    }
    if (!this.need(extra, "INPUT_EVENT")) return false;
    if (type === 4 && extra === 8) f32Check(this.s, u32At(this.b, this.pos + 4), this.pos + 4);
    this.pos += extra;
    const s = this.s;
    s.inputEvents++;
    if (type > 8) s.note("inputEventTypeOdd", start + 4);
    if (length === 12 + extra) s.inputEventLengthOk++;
    else s.note("inputEventLengthOdd", start + 12);
    return true;
  }
}

/**
 * Walks one Variant at `start` as `layout`'s dialect reads it.
 * @param into counts go there (several records of one file add up in one Stats); default a new one
 * @param build build the value too (decodeAny), when it is an array or dictionary (typed ones
 *   when the table's `typed` allows) of 4 KB or more from `start`, 4-byte aligned in memory,
 *   whose layout the build table allows ({@link buildsOf}); the value is then in the report. `allowObjects` is the decoder's option.
 * @returns `ok` with the end offset and the counts, or the failure (offset, code, message).
 */
export function verify(
  layout: Layout,
  bytes: Uint8Array,
  start: number,
  end: number,
  limits: WalkLimits,
  into: Stats = new Stats(),
  build?: { readonly allowObjects: boolean },
): WalkReport {
  const w = new Walker(layout, bytes, start, end, limits, into);
  if (build !== undefined) {
    // Only inputs read as words are built: the build table (checked against the decoder the
    // first time) is looked up for those alone.
    w.useWords();
    const b = w.words !== undefined ? buildsOf(layout) : undefined;
    if (b !== undefined) {
      w.builds = b;
      w.allowObjects = build.allowObjects;
    }
  }
  try {
    if (w.value()) {
      const value = w.buildFailed ? undefined : w.built;
      return { ok: true, end: w.pos, stats: w.s, value };
    }
    return { ok: false, failure: w.failure!, stats: w.s };
  } catch (e) {
    // The JS stack ran out before maxDepth (a very small stack): report it like the engine would.
    if (e instanceof RangeError) {
      return {
        ok: false,
        failure: new Stop(w.pos, "depth-exceeded", ["nesting too deep for the JS stack"]),
        stats: w.s,
      };
    }
    throw e;
  }
}

/**
 * False when the header word at `start` already fails {@link verify} (no header word, a type id
 * the dialect lacks, or flag bits a strict dialect refuses): an O(1) test before a walk.
 */
export function headerFits(layout: Layout, bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start < 4) return false;
  const header = u32At(bytes, start);
  const id = (header & layout.typeMask) >>> 0;
  const e = id < layout.typeCount ? layout.ops[id] : undefined;
  if (e === undefined) return false;
  return !layout.strictFlags || (header & ~layout.typeMask & ~e.flagMask) >>> 0 === 0;
}

/**
 * False when a raw value at offset 0 certainly does not end exactly at `n` (so {@link verify}
 * gives no fit): for types of a fixed size and for packed arrays, whose end the header and count
 * give in O(1). True otherwise (a walk decides). The sizes are those the walk uses.
 */
export function rawEndPossible(layout: Layout, bytes: Uint8Array, n: number): boolean {
  if (n < 4) return false;
  const header = u32At(bytes, 0);
  const e = layout.ops[(header & layout.typeMask) >>> 0];
  if (e === undefined) return false;
  const wide = e.wide && (header & FLAG_64) !== 0;
  switch (e.op) {
    case OP.NIL:
    case OP.CALLABLE:
    case OP.OBJECT_BARE:
      return n === 4;
    case OP.BOOL:
      return n === 8;
    case OP.INT:
    case OP.FLOAT:
      return n === (wide ? 12 : 8);
    case OP.REALS:
      return n === 4 + e.n * (wide ? 8 : 4);
    case OP.INTS:
      return n === 4 + e.n * 4;
    case OP.RID:
      return n === 4 + e.n;
    case OP.NODE_PATH:
      // The walk refuses the old format (bit 31 of the first word clear) and needs the subname
      // count and flags words.
      return n >= 16 && (u32At(bytes, 4) & SIGN) !== 0;
    case OP.PACKED_STRING: {
      // The count word, then the first string's length word and bytes (with padding) must fit.
      if (n < 8) return false;
      const count = u32At(bytes, 4);
      if (count === 0) return n === 8;
      if (count > 0x7fffffff || n < 12) return false;
      const length = u32At(bytes, 8);
      return length <= 0x7fffffff && length + ((4 - (length & 3)) & 3) <= n - 12;
    }
    case OP.PACKED:
    case OP.PACKED_REALS:
    case OP.BYTES: {
      if (n < 8) return false;
      const count = u32At(bytes, 4);
      if (e.op === OP.BYTES) {
        // 2.x accepts padding cut short at the very end (the walk then ends at the end).
        const pad = (4 - (count & 3)) & 3;
        return n === 8 + count + pad || (!layout.bytePadRequired && n >= 8 + count && n < 8 + count + pad);
      }
      return n === packedEnd(e, count, wide);
    }
    default:
      return true;
  }
}

/**
 * Where a raw PACKED or PACKED_REALS array of `count` elements ends: header, count word, then
 * `e.n` bytes per PACKED element or `e.n` reals of 4 or (`wide`) 8 bytes per PACKED_REALS one.
 */
function packedEnd(e: OpEntry, count: number, wide: boolean): number {
  return 8 + count * (e.op === OP.PACKED ? e.n : e.n * (wide ? 8 : 4));
}

/**
 * decodeAny's shortcut for one raw packed array of numbers: true when the bytes hold a packed
 * array (PACKED or PACKED_REALS) of `layout` that ends exactly at `n`, with no header bits but
 * the type id and the flags its codec defines, a count within `maxCount`, and only ordinary or
 * zero reals at the places {@link verify} samples. {@link verify} of such an array succeeds with
 * the counts of an empty array under the same header (`floatsChecked` aside).
 */
export function cleanPackedArray(layout: Layout, bytes: Uint8Array, n: number, maxCount: number): boolean {
  if (n < 8) return false;
  const header = u32At(bytes, 0);
  const id = (header & layout.typeMask) >>> 0;
  const e = id < layout.typeCount ? layout.ops[id] : undefined;
  if (e === undefined || (e.op !== OP.PACKED && e.op !== OP.PACKED_REALS)) return false;
  if ((header & ~layout.typeMask & ~e.flagMask) >>> 0 !== 0) return false;
  const count = u32At(bytes, 4);
  if (count > 0x7fffffff || count > maxCount) return false;
  const wide = e.op === OP.PACKED_REALS && e.wide && (header & FLAG_64) !== 0;
  if (n !== packedEnd(e, count, wide)) return false;
  // The reals the walk samples: a PACKED array's f32 elements (4 bytes each) or every component.
  const reals = e.op === OP.PACKED ? (e.floats ? count * (e.n >> 2) : 0) : count * e.n;
  // The samples of Walker.reals(reals, wide, 8), at the same places; ±0 has nothing to note.
  const step = sampleStep(reals, 8);
  if (wide) {
    for (let i = 0; i < reals; i += step) {
      const hi = u32At(bytes, 12 + i * 8);
      if (!f64Ordinary(hi) && ((hi & 0x7fffffff) | u32At(bytes, 8 + i * 8)) !== 0) return false;
    }
  } else {
    for (let i = 0; i < reals; i += step) {
      const u = u32At(bytes, 8 + i * 4);
      if (!f32Ordinary(u) && (u & 0x7fffffff) !== 0) return false;
    }
  }
  return true;
}

const builds = new WeakMap<Layout, Builds | null>();

/**
 * `layout`'s build table for decodeAny's walk, or `undefined` when the walk must not build
 * (big-endian platforms, or a dialect whose decoder reads any of the candidate kinds otherwise
 * than the walk would build them). Checked once per layout: the walk builds a sample holding one
 * value of every candidate wire id, and the dialect's decoder must read the same value from it,
 * key order and the `shared` flag included.
 */
export function buildsOf(layout: Layout): Builds | undefined {
  let b = builds.get(layout);
  if (b === undefined) {
    b = checkedBuilds(layout) ?? null;
    builds.set(layout, b);
  }
  return b ?? undefined;
}

function checkedBuilds(layout: Layout): Builds | undefined {
  if (!LITTLE_ENDIAN) return undefined;
  const codes = candidateCodes(layout);
  // The word loop builds every kind its fast table checks inline, math values other than
  // Vector2/3 and Color aside (those have code 0 and go to the decoder): a kind without a code
  // would be built unchecked.
  const fast = layout.fast;
  for (let i = 0; i < fast.length; i++)
    if (fast[i] !== 0 && (fast[i]! & 15) !== FAST.REALS && codes[i] === 0) return undefined;
  const id = (code: number) => {
    const i = codes.indexOf(code);
    return i >= 0 && i < 256 ? i : -1;
  };
  const ids = {
    array: id(BUILD.ARRAY),
    dict: id(BUILD.DICTIONARY),
    int: id(BUILD.INT),
    string: id(BUILD.STRING),
    nil: id(BUILD.NIL),
  };
  if (Object.values(ids).some((i) => i < 0)) return undefined;
  const sample = sampleBytes(codes, ids);
  const expected = decoded(layout, sample);
  if (expected === undefined) return undefined;
  const keepShared =
    expected.kind === "array" && expected.items.some((v) => (v as { shared?: boolean }).shared === true);
  const table: Builds = { codes, keepShared, typed: true };
  if (!buildsAsDecoded(layout, table, sample, expected)) return undefined;
  // Typed top-level containers: checked on their own; when they differ, only they are not built.
  const ops = layout.ops;
  const typed = typedSamples(ids, ops[ids.array]!.typed, ops[ids.dict]!.typed);
  for (const t of typed) {
    const v = decoded(layout, t);
    if (v === undefined || !buildsAsDecoded(layout, table, t, v)) return { codes, keepShared, typed: false };
  }
  return typed.length > 0 ? table : { codes, keepShared, typed: false };
}

// The dialect's decoder's value of all of `bytes`, or undefined.
function decoded(layout: Layout, bytes: Uint8Array): Value | undefined {
  try {
    const r = decodeWithLength(layout.dialect, bytes);
    return r.length === bytes.length ? r.value : undefined;
  } catch (e) {
    if (DecodeError.is(e)) return undefined;
    throw e;
  }
}

// Whether the walk with build table `table` builds `expected` from `bytes`.
function buildsAsDecoded(layout: Layout, table: Builds, bytes: Uint8Array, expected: Value): boolean {
  const w = new Walker(
    layout,
    bytes,
    0,
    bytes.length,
    { maxDepth: 4, maxCollectionLength: bytes.length },
    new Stats(),
  );
  w.useWords();
  if (w.words === undefined) return false;
  w.builds = table;
  return w.value() && !w.buildFailed && sameShape(w.built, expected);
}

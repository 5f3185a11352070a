import { ByteReader } from "../bytes/reader.js";
import { Header } from "../codecs/define.js";
import { Tag } from "../codecs/inline.js";
import { DecodeError, type DecodeErrorCode, GdVariantError } from "../errors.js";
import { asBytes } from "../framing/as-bytes.js";
import { formatPath, type PathSegment } from "../path.js";
import type { DictionaryEntry, Int64, Value } from "../value/types.js";
import { type Builder, MODEL, modelArray, modelDictionary, modelEntry, type Observer } from "./builder.js";
import { compile } from "./compiled.js";
import type { Codec, DecodeContext, Dialect, Inline } from "./contract.js";
import {
  checkOptions,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type DecodeOptions,
  type Span,
} from "./options.js";
import { bothObservers, PartsObserver } from "./parts.js";
import {
  SEGMENT_INDEX,
  SEGMENT_KEY,
  SEGMENT_KEY_AT,
  SEGMENT_PROPERTY,
  type SegmentKind,
  segmentOf,
  Unwinding,
} from "./unwinding.js";

/** The result of {@link decodeWithLength}: the value and the bytes it took. */
export interface DecodeResult {
  readonly value: Value;
  /** Bytes consumed from `offset`, padding included. */
  readonly length: number;
}

/** One level of the path spans report: the segment, and the level above (ROOT at the top). */
interface PathNode {
  readonly up: PathNode | undefined;
  readonly segment: PathSegment;
}

const ROOT: PathNode = { up: undefined, segment: 0 };

// Thrown by readDictionary to decodeValue, which reads again without promises of plain keys.
const AGAIN = /* @__PURE__ */ Object.freeze({ again: true });

function segmentsOf(node: PathNode): PathSegment[] {
  const out: PathSegment[] = [];
  for (let n: PathNode = node; n.up !== undefined; n = n.up) out.push(n.segment);
  return out.reverse();
}

/**
 * Dictionary keys last read, by slot: the string, and (a codec object's table) its bytes as four
 * little-endian words per slot (the last one masked to the key's length). Slots 0-255 are a
 * key's place (entry index and count: readKeyIn, readKeptKey); a codec object's table has
 * {@link HASHED_KEYS} more, by a hash of the key's bytes (readKeyMiss), where a key read before
 * in another place is found again (messages whose keys change from one to the next).
 */
export interface KeyTable {
  readonly strings: (string | undefined)[];
  /**
   * A codec object's table only (made once for its life): the words of each key, 4 per slot.
   * A one-off reading compares the characters instead: an array of 1,024 words per call cost
   * more than a small message's whole decode saves with it.
   */
  readonly words: Int32Array | undefined;
}

// The hashed slots of a codec object's key table: 2^HASH_BITS, after the 256 places.
const HASH_BITS = 10;
/** The hashed slots of a codec object's key table ({@link KeyTable}). */
export const HASHED_KEYS = 1 << HASH_BITS;

/** An empty {@link KeyTable}; `kept` for a codec object's. */
export function newKeyTable(kept = false): KeyTable {
  // A codec object's strings at their full length: an array grown from empty by hash could turn
  // sparse (dictionary elements).
  return kept
    ? {
        strings: new Array<string | undefined>(256 + HASHED_KEYS),
        words: new Int32Array((256 + HASHED_KEYS) * 4),
      }
    : { strings: [], words: undefined };
}

export class Decoder implements DecodeContext {
  // The fields are `declare`d, made by the constructor alone: a class field without a value is
  // first defined as undefined, after which V8 knows neither a number field's representation nor
  // an object field's map, and checks both at every load (nested-mix decode -9%: bench/CHANGELOG.md, mix).
  // Replaced by restartDecoder (a codec object's kept decoder reads one input after another).
  declare reader: ByteReader;
  declare readonly dialect: Dialect;
  // The options it was made with (readKept reuses a decoder made with the same).
  declare readonly options: DecodeOptions;
  declare private readonly maxCollectionLength: number;
  declare readonly allowObjects: boolean;
  declare readonly copy: boolean;
  depth = 0;
  declare private readonly codecs: readonly (Codec | undefined)[];
  // Per wire id: the inline tag (codecs/inline.ts), or 0 for codec.decode.
  declare private readonly tags: Uint8Array;
  declare private readonly plainKey: Uint8Array;
  declare private readonly flagCheck: number;
  declare private readonly stringId: number;
  declare private readonly int32Header: number;
  declare private readonly int64Header: number;
  declare private readonly float32Header: number;
  declare private readonly boolHeader: number;
  declare private readonly typeMask: number;
  declare private readonly maxDepth: number;
  // What each value becomes. Codecs without an inline tag read model values: while one runs,
  // `b` is MODEL, and the caller's builder gets the result (readByCodec).
  declare b: Builder;
  declare readonly onSpan: ((span: Span) => void) | undefined;
  // Told of every value read (readWith's `observer`, auto-detect's facts); usually undefined.
  declare readonly observer: Observer | undefined;
  // Only kept when spans are requested; errors build their path while unwinding instead.
  // A linked list (innermost first) that spans keep and format only when read: building each
  // span's path string made spans quadratic in the depth.
  declare path: PathNode | undefined;
  // Made by the first failure: a call that succeeds does not allocate it.
  declare unwound: Unwinding | undefined;
  get unwinding(): Unwinding {
    if (this.unwound === undefined) this.unwound = new Unwinding();
    return this.unwound;
  }
  // Dictionary keys last read, by slot (readKeyIn); made by the first dictionary, or the array
  // a codec object keeps between calls (codec.ts). Each use compares the bytes, so a kept key
  // that another reading put there is only ever a hit or a miss, never a wrong key.
  declare private keys: (string | undefined)[] | undefined;
  // A codec object's key words (KeyTable.words), compared a word at a time (readKeptKey); a
  // one-off reading has none and compares characters (readKeyIn).
  declare private readonly keyWords: Int32Array | undefined;
  // Whether readDictionary promises the builder plain keys: a builder that needs the key kinds,
  // no observer and no spans (they would be told of values twice when the reading starts
  // again), until the reading had to start again (decodeValue; restartDecoder sets it anew).
  declare plainFirst: boolean;

  constructor(
    reader: ByteReader,
    dialect: Dialect,
    options: DecodeOptions,
    builder: Builder,
    observer?: Observer,
    keys?: KeyTable,
  ) {
    this.keys = keys?.strings;
    this.keyWords = keys?.words;
    this.reader = reader;
    this.dialect = dialect;
    this.options = options;
    this.maxCollectionLength = options.maxCollectionLength ?? DEFAULT_MAX_COLLECTION_LENGTH;
    this.allowObjects = options.allowObjects === true;
    this.copy = options.copy === true;
    const c = compile(dialect);
    this.codecs = c.codecs;
    this.tags = c.tags;
    this.plainKey = c.plainKey;
    this.flagCheck = c.flagCheck;
    this.stringId = c.stringId;
    this.int32Header = c.int32Header;
    this.int64Header = c.int64Header;
    this.float32Header = c.float32Header;
    this.boolHeader = c.boolHeader;
    this.typeMask = dialect.typeMask;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.b = builder;
    this.onSpan = options.onSpan;
    this.path = options.onSpan ? ROOT : undefined;
    const parts = options.onPart && new PartsObserver(dialect, reader.bytes, options.onPart);
    this.observer =
      parts === undefined ? observer : observer === undefined ? parts : bothObservers(observer, parts);
    this.plainFirst = builder.keyKinds && this.observer === undefined && this.onSpan === undefined;
    this.unwound = undefined;
  }

  // The reader's error (it carries this dialect's id, and is MISS when probing).
  error(code: DecodeErrorCode, message: string, offset = this.reader.pos): DecodeError {
    return this.reader.error(code, message, offset);
  }

  private tooDeep(): DecodeError {
    return this.error("depth-exceeded", `nesting deeper than ${this.maxDepth}`);
  }

  /** Reads one complete Variant (header + payload) at the current position. */
  decodeValue(): Value {
    const start = this.reader.pos;
    try {
      return this.read() as Value;
    } catch (e) {
      if (e !== AGAIN) throw e;
    }
    // A dictionary could not keep its promise of plain keys (readDictionary): the same bytes
    // again without promises. The loops that the throw left put their depth back.
    this.plainFirst = false;
    this.reader.pos = start;
    return this.read() as Value;
  }

  // One function for every value: the inline layouts are read here (each case reads exactly
  // what its codec's decode reads; a value too short, or a 64-bit vector, is left to the codec,
  // which reports it as it always has), containers in readArray/readDictionary, so that a level
  // of nesting is three stack frames (read, the container, its loop): a chain of 1,024 nested
  // dictionary keys must fit the JS stack.
  private read(): unknown {
    const r = this.reader;
    const start = r.pos;
    if (r.end - start < 4) throw r.truncated(`header needs 4 bytes, ${r.end - start} left`, 4, start);
    const view = r.view;
    const header = view.getUint32(start, true);
    const p = start + 4;
    r.pos = p;
    const id = (header & this.typeMask) >>> 0;
    if ((header & this.flagCheck) !== 0) this.checkFlags(header, id, start);
    const tag = id < this.tags.length ? this.tags[id]! : 0;
    const b = this.b;
    const left = r.end - p;
    // A value the switch does not read (too short, 64-bit, no inline tag) is the codec's: those
    // cases return readByCodec's value (a sentinel compared with every value read made V8 call
    // its generic StrictEqual per value).
    let value: unknown;
    // With MODEL (decode) the leaves' tagged objects are made here, the same as MODEL's methods
    // make them: a call through `b` sees every builder of the process, and V8 inlined none of
    // the rarer ones (bench/CHANGELOG.md, mix). Tag and Header: literal numbers in the bundle.
    switch (tag) {
      case Tag.NIL:
        value = b.nil();
        break;
      case Tag.BOOL: {
        if (left < 4) return this.readByCodec(id, header, start);
        r.pos = p + 4;
        const v = view.getUint32(p, true) !== 0;
        value = b === MODEL ? { kind: "bool", value: v } : b.bool(v);
        break;
      }
      case Tag.INT: {
        let v: Int64;
        if ((header & Header.FLAG_64) !== 0) v = r.i64n();
        else if (left >= 4) {
          r.pos = p + 4;
          v = view.getInt32(p, true);
        } else return this.readByCodec(id, header, start);
        value = b === MODEL ? { kind: "int", value: v } : b.int(v);
        break;
      }
      case Tag.FLOAT: {
        let v: number;
        if ((header & Header.FLAG_64) !== 0) v = r.f64();
        else if (left >= 4) {
          r.pos = p + 4;
          v = view.getFloat32(p, true);
        } else return this.readByCodec(id, header, start);
        value = b === MODEL ? { kind: "float", value: v } : b.float(v);
        break;
      }
      case Tag.STRING: {
        const v = r.string();
        value = b === MODEL ? { kind: "string", value: v } : b.string(v);
        break;
      }
      case Tag.STRING_NAME:
        value = b.stringName(r.string());
        break;
      case Tag.VECTOR2: {
        if ((header & Header.FLAG_64) !== 0 || left < 8) return this.readByCodec(id, header, start);
        r.pos = p + 8;
        const x = view.getFloat32(p, true);
        const y = view.getFloat32(p + 4, true);
        value = b === MODEL ? { kind: "vector2", x, y } : b.vector2(x, y);
        break;
      }
      case Tag.VECTOR3: {
        if ((header & Header.FLAG_64) !== 0 || left < 12) return this.readByCodec(id, header, start);
        r.pos = p + 12;
        const x = view.getFloat32(p, true);
        const y = view.getFloat32(p + 4, true);
        const z = view.getFloat32(p + 8, true);
        value = b === MODEL ? { kind: "vector3", x, y, z } : b.vector3(x, y, z);
        break;
      }
      case Tag.COLOR: {
        if ((header & Header.FLAG_64) !== 0 || left < 16) return this.readByCodec(id, header, start);
        r.pos = p + 16;
        const cr = view.getFloat32(p, true);
        const cg = view.getFloat32(p + 4, true);
        const cb = view.getFloat32(p + 8, true);
        const ca = view.getFloat32(p + 12, true);
        value = b === MODEL ? { kind: "color", r: cr, g: cg, b: cb, a: ca } : b.color(cr, cg, cb, ca);
        break;
      }
      case Tag.ARRAY:
        value = this.readArray(this.codecs[id]!.inline!, header, start);
        break;
      case Tag.DICTIONARY:
        value = this.readDictionary(this.codecs[id]!.inline!, header, start);
        break;
      default:
        return this.readByCodec(id, header, start);
    }
    if (this.observer !== undefined) this.observer.observe(value, header, start, r.pos);
    if (this.onSpan !== undefined) this.span(start, id);
    return value;
  }

  private span(start: number, id: number): void {
    const node = this.path!;
    let text: string | undefined;
    const span = {
      start,
      end: this.reader.pos,
      kind: this.codecs[id]!.kind,
      wireId: id,
      depth: this.depth,
    } as Span;
    Object.defineProperty(span, "path", {
      enumerable: true,
      get: () => {
        if (text === undefined) text = formatPath(segmentsOf(node));
        return text;
      },
    });
    this.onSpan!(span);
  }

  // A value its codec reads (read's switch leaves it), told to the observer as the model value,
  // and its span reported, as read does for the others.
  private readByCodec(id: number, header: number, start: number): unknown {
    const codec = this.codecs[id];
    if (codec === undefined) {
      throw this.error("unknown-type", `type id ${id} is not a ${this.dialect.name} type`, start);
    }
    const b = this.b;
    // A codec reads a model value, nested values included: the builder is MODEL while it runs,
    // the observer is told of the model value, and the caller's builder gets it.
    let value: Value;
    if (b === MODEL) value = codec.decode(this, header, start);
    else {
      this.b = MODEL;
      try {
        value = codec.decode(this, header, start);
      } finally {
        this.b = b;
      }
    }
    if (this.observer !== undefined) this.observer.observe(value, header, start, this.reader.pos);
    const out = b === MODEL ? value : b.value(value);
    if (this.onSpan !== undefined) this.span(start, id);
    return out;
  }

  // Header bits beyond the type id in a strict (2.x) dialect: only the codec's own flags.
  private checkFlags(header: number, id: number, start: number): void {
    const codec = this.codecs[id];
    if (codec === undefined || (header & this.flagCheck & ~codec.flagMask) === 0) return;
    throw this.error(
      "bad-flags",
      `header 0x${(header >>> 0).toString(16).padStart(8, "0")}: ${this.dialect.name} writes no flag bits on ${codec.name}`,
      start,
    );
  }

  // ARRAY (codecs/containers.ts arrayCodec): [element type (typed, 4.3+)] u32 count
  // (bit 31: 2.x shared, masked in 3.x/4.x), then the elements.
  private readArray(inl: Inline, header: number, start: number): unknown {
    const r = this.reader;
    const typed = inl.typed;
    const code = typed !== undefined ? (header >>> 16) & 3 : 0;
    const elementType = code !== 0 ? typed!.read(this, code, start + 4) : undefined;
    const at = r.pos;
    const word = r.u32();
    const count = word & 0x7fffffff;
    this.checkCount(count, 4, at);
    const items =
      elementType?.kind === "builtin" &&
      elementType.type === "int" &&
      this.observer === undefined &&
      this.path === undefined
        ? this.readInts(count)
        : this.readElements(count);
    const b = this.b;
    const shared = inl.shared === true && (word & 0x80000000) !== 0;
    return b === MODEL ? modelArray(items, elementType, shared) : b.array(items, elementType, shared);
  }

  // DICTIONARY: [key type] [value type] (typed, 4.4+), u32 count (bit 31 as in arrays), entries.
  private readDictionary(inl: Inline, header: number, start: number): unknown {
    const r = this.reader;
    const typed = inl.typed;
    const keyCode = typed !== undefined ? (header >>> 16) & 3 : 0;
    const valueCode = typed !== undefined ? (header >>> 18) & 3 : 0;
    const keyType = keyCode !== 0 ? typed!.read(this, keyCode, start + 4) : undefined;
    const valueType = valueCode !== 0 ? typed!.read(this, valueCode, r.pos) : undefined;
    const at = r.pos;
    const word = r.u32();
    const count = word & 0x7fffffff;
    this.checkCount(count, 8, at);
    const b = this.b;
    // A builder that needs the key kinds (decodeJS's: an object or a Map) is promised plain keys
    // and fills its object as the entries are read, until a key that is not plain (readEntries
    // stops before it and returns false); see plainFirst.
    const promise = this.plainFirst;
    let acc = b === MODEL ? new Array<DictionaryEntry>(count) : b.entries(count, promise);
    let plain =
      b !== MODEL && this.observer === undefined && this.path === undefined
        ? this.readLeafEntries(acc, count, promise)
        : this.readEntries(acc, count, promise);
    if (promise && !plain) {
      // At the first entry nothing was read: go on without the promise. Past it, the object
      // holds entries that cannot make the Map (5 and "5" are one key there): the reading starts
      // again without promises (decodeValue), once per reading, so that no input costs more
      // than twice its reading (reading such dictionaries again level by level would be
      // quadratic in a chain of them).
      if (r.pos !== at + 4) throw AGAIN;
      acc = b.entries(count, false);
      plain = this.readEntries(acc, count, false);
    }
    const shared = inl.shared === true && (word & 0x80000000) !== 0;
    return b === MODEL
      ? modelDictionary(acc, plain, keyType, valueType, shared)
      : b.dictionary(acc, plain, keyType, valueType, shared);
  }

  // Nested values carry their path segment as plain arguments (what it is, an index, a key or
  // name); the segment object is only built when spans are on or an error unwinds through this
  // level, instead of two closures per value (bench/README.md, "Hot-path changes").
  private nested(what: SegmentKind, index: number, ref: unknown): unknown {
    const depth = ++this.depth;
    const path = this.path;
    if (path !== undefined) this.path = { up: path, segment: segmentOf(what, index, ref as Value) };
    let value: unknown;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      value = this.read();
    } catch (e) {
      this.depth = depth - 1;
      this.path = path;
      if (DecodeError.is(e)) this.unwinding.add(e, segmentOf(what, index, ref as Value));
      throw e;
    }
    this.depth = depth - 1;
    this.path = path;
    return value;
  }

  decodeElement(index: number): Value {
    return this.nested(SEGMENT_INDEX, index, undefined) as Value;
  }

  decodeKey(index: number): Value {
    return this.nested(SEGMENT_KEY_AT, index, undefined) as Value;
  }

  decodeEntryValue(key: Value): Value {
    return this.nested(SEGMENT_KEY, 0, key) as Value;
  }

  decodeProperty(name: string): Value {
    return this.nested(SEGMENT_PROPERTY, 0, name) as Value;
  }

  decodeContainer(inl: Inline, header: number, start: number): Value {
    return (
      inl.tag === Tag.ARRAY ? this.readArray(inl, header, start) : this.readDictionary(inl, header, start)
    ) as Value;
  }

  decodeElements(count: number): Value[] {
    return this.readElements(count) as Value[];
  }

  // Codecs run with MODEL as the builder (readByCodec), so what these read is model values.
  decodeEntries(count: number): DictionaryEntry[] {
    const acc = MODEL.entries(count, false);
    this.readEntries(acc, count, false);
    return acc as DictionaryEntry[];
  }

  // The loops of readElements and readEntries hold one try per container instead of one
  // per value; what a failure needs for its path (the index, or the key) is still at hand in
  // the catch. With spans on they take the per-value path, which keeps `path` current.
  private readElements(count: number): unknown[] {
    const items = new Array<unknown>(count);
    if (this.path !== undefined) {
      for (let i = 0; i < count; i++) items[i] = this.nested(SEGMENT_INDEX, i, undefined);
      return items;
    }
    const depth = ++this.depth;
    let i = 0;
    try {
      if (count > 0 && depth > this.maxDepth) {
        throw this.tooDeep();
      }
      for (; i < count; i++) items[i] = this.read();
    } catch (e) {
      this.depth = depth - 1;
      if (DecodeError.is(e)) this.unwinding.add(e, i);
      throw e;
    }
    this.depth = depth - 1;
    return items;
  }

  // readElements of an Array[int] (readArray; no spans, no observer: read tells an observer of
  // each value): an int element is read here by its header word as read's int case reads it (a
  // 64-bit one short of bytes fails in i64n as it does there), without read's dispatch; anything
  // else, or fewer than 8 bytes, goes to read.
  private readInts(count: number): unknown[] {
    const items = new Array<unknown>(count);
    const depth = ++this.depth;
    let i = 0;
    try {
      if (count > 0 && depth > this.maxDepth) {
        throw this.tooDeep();
      }
      const r = this.reader;
      const view = r.view;
      const b = this.b;
      const model = b === MODEL;
      const int32 = this.int32Header;
      const int64 = this.int64Header;
      for (; i < count; i++) {
        const p = r.pos;
        if (r.end - p >= 8) {
          const header = view.getUint32(p, true);
          if (header === int32) {
            r.pos = p + 8;
            const v = view.getInt32(p + 4, true);
            items[i] = model ? { kind: "int", value: v } : b.int(v);
            continue;
          }
          if (header === int64) {
            r.pos = p + 4;
            const v = r.i64n();
            items[i] = model ? { kind: "int", value: v } : b.int(v);
            continue;
          }
        }
        items[i] = this.read();
      }
    } catch (e) {
      this.depth = depth - 1;
      if (DecodeError.is(e)) this.unwinding.add(e, i);
      throw e;
    }
    this.depth = depth - 1;
    return items;
  }

  // Fills `acc` with `count` entries through the builder; true when every key is plain (the
  // JS builder's object-or-Map choice; only looked at when the builder asks for key kinds).
  // `stop`: false as soon as a key is not plain, before reading it (readDictionary).
  private readEntries(acc: unknown, count: number, stop: boolean): boolean {
    const b = this.b;
    const r = this.reader;
    const kinds = b.keyKinds;
    let plain = true;
    if (this.path !== undefined) {
      for (let i = 0; i < count; i++) {
        if (kinds && !this.keyIsPlain()) plain = false;
        const key = this.nested(SEGMENT_KEY_AT, i, undefined);
        b.entry(acc, i, key, this.nested(SEGMENT_KEY, 0, key));
      }
      return plain;
    }
    const depth = ++this.depth;
    let i = 0;
    let key: unknown;
    try {
      if (count > 0 && depth > this.maxDepth) {
        throw this.tooDeep();
      }
      const stringId = this.stringId;
      const words = this.keyWords;
      const model = b === MODEL;
      for (; i < count; i++) {
        key = undefined;
        // A String key (by its header word, looked at here: a call for every key would be a
        // stack frame more per level of a key chain) is plain, and may be one read before
        // (readKeyIn; past the kept places, readStringKey).
        const p = r.pos;
        if (r.end - p >= 8 && r.view.getUint32(p, true) === stringId) {
          key =
            i >= 16
              ? this.readStringKey(p)
              : words === undefined
                ? this.readKeyIn(((count & 15) << 4) | i)
                : this.readKeptKey(((count & 15) << 4) | i, words);
        } else {
          if (kinds && !this.keyIsPlain()) {
            if (stop) break;
            plain = false;
          }
          key = this.read();
        }
        const value = this.read();
        if (model) modelEntry(acc, i, key, value);
        else b.entry(acc, i, key, value);
      }
    } catch (e) {
      this.depth = depth - 1;
      // The JS builder's keys are not model values: decodeJS reads a failing input again with
      // the model to report the error (decodeJSWith), so its key here never reaches a user.
      if (DecodeError.is(e)) this.unwinding.add(e, key === undefined ? { keyAt: i } : { key: key as Value });
      throw e;
    }
    this.depth = depth - 1;
    return plain && i === count;
  }

  // readEntries for a builder of plain values (decodeJS's) without observer or spans
  // (readDictionary): a 32-bit int or float, a bool or a String value is read here by its header
  // word, as read's cases read them, without read's call and dispatch. A function of its own: in
  // readEntries' loop it made decode's entries dearer (nested-mix decode +2.5%).
  private readLeafEntries(acc: unknown, count: number, stop: boolean): boolean {
    const b = this.b;
    const r = this.reader;
    const kinds = b.keyKinds;
    let plain = true;
    const depth = ++this.depth;
    let i = 0;
    let key: unknown;
    try {
      if (count > 0 && depth > this.maxDepth) {
        throw this.tooDeep();
      }
      const stringId = this.stringId;
      const words = this.keyWords;
      const int32 = this.int32Header;
      const float32 = this.float32Header;
      const bool = this.boolHeader;
      for (; i < count; i++) {
        key = undefined;
        const p = r.pos;
        if (r.end - p >= 8 && r.view.getUint32(p, true) === stringId) {
          key =
            i >= 16
              ? this.readStringKey(p)
              : words === undefined
                ? this.readKeyIn(((count & 15) << 4) | i)
                : this.readKeptKey(((count & 15) << 4) | i, words);
        } else {
          if (kinds && !this.keyIsPlain()) {
            if (stop) break;
            plain = false;
          }
          key = this.read();
        }
        const q = r.pos;
        const view = r.view;
        // -2: no header (-1 is the header of a kind the dialect does not read inline).
        const h = r.end - q >= 8 ? view.getUint32(q, true) : -2;
        let value: unknown;
        if (h === int32) {
          r.pos = q + 8;
          value = b.int(view.getInt32(q + 4, true));
        } else if (h === float32) {
          r.pos = q + 8;
          value = b.float(view.getFloat32(q + 4, true));
        } else if (h === bool) {
          r.pos = q + 8;
          value = b.bool(view.getUint32(q + 4, true) !== 0);
        } else if (h === stringId) {
          r.pos = q + 4;
          value = b.string(r.string());
        } else value = this.read();
        b.entry(acc, i, key, value);
      }
    } catch (e) {
      this.depth = depth - 1;
      if (DecodeError.is(e)) this.unwinding.add(e, key === undefined ? { keyAt: i } : { key: key as Value });
      throw e;
    }
    this.depth = depth - 1;
    return plain && i === count;
  }

  // Whether the key at the reader's position is a String, StringName or int (by its header).
  private keyIsPlain(): boolean {
    const r = this.reader;
    if (r.end - r.pos < 4) return true;
    const id = (r.view.getUint32(r.pos, true) & this.typeMask) >>> 0;
    return id < this.plainKey.length && this.plainKey[id] === 1;
  }

  /**
   * A dictionary key. Dictionaries of one shape (records) repeat their keys: a String key of up
   * to 16 ASCII bytes equal to the one last read in the same slot (entry index and count) reuses
   * that JS string instead of building a new one. Anything else is read as any value.
   */
  private readKeyIn(slot: number): unknown {
    const r = this.reader;
    const p = r.pos;
    const n = r.view.getUint32(p + 4, true);
    const end = p + 8 + ((n + 3) & ~3);
    if (n <= 16 && end <= r.end) {
      const cached = this.keys?.[slot];
      if (cached !== undefined && cached.length === n) {
        const bytes = r.bytes;
        let j = 0;
        while (j < n && bytes[p + 8 + j] === cached.charCodeAt(j)) j++;
        if (j === n) {
          r.pos = end;
          const v = this.b.string(cached);
          if (this.observer !== undefined) this.observer.observe(v, this.stringId, p, end);
          return v;
        }
      }
      r.pos = p + 4;
      const s = r.string();
      // As many characters as bytes: ASCII without NUL, which the test above can compare.
      if (s.length === n) {
        if (this.keys === undefined) this.keys = [];
        this.keys[slot] = s;
      }
      const v = this.b.string(s);
      if (this.observer !== undefined) this.observer.observe(v, this.stringId, p, end);
      return v;
    }
    return this.read();
  }

  // A String key past the kept places (readEntries saw its header word, a plain String, and 8
  // bytes): read as read's String case reads it (the same errors and observer), without its
  // dispatch; readEntries' loop has no spans.
  private readStringKey(p: number): unknown {
    // The model's (decode) through read, whose literal V8 allocates as it always has.
    if (this.b === MODEL) return this.read();
    const r = this.reader;
    r.pos = p + 4;
    const s = r.string();
    const v = this.b.string(s);
    if (this.observer !== undefined) this.observer.observe(v, this.stringId, p, r.pos);
    return v;
  }

  /**
   * {@link readKeyIn} of a codec object's decoder: the key table outlives the reading, so a hit
   * is the common case, compared a word at a time against `words` (the table's KeyTable.words).
   */
  private readKeptKey(slot: number, words: Int32Array): unknown {
    // The hit in a function small enough for V8 to inline into readEntries, the rest apart.
    const cached = this.cachedKey(slot, words);
    if (cached === undefined) return this.readKeyMiss(slot, words);
    const v = this.b.string(cached);
    if (this.observer !== undefined) {
      const end = this.reader.pos;
      this.observer.observe(v, this.stringId, end - 8 - ((cached.length + 3) & ~3), end);
    }
    return v;
  }

  // The key cached for `slot` when the String at the reader's position has its bytes (compared a
  // word at a time; the padding is there to read), the reader then past it; else undefined.
  private cachedKey(slot: number, words: Int32Array): string | undefined {
    // A codec object's decoder (it has `words`) has its table's strings from the start.
    const cached = this.keys![slot];
    if (cached === undefined) return undefined;
    const r = this.reader;
    const p = r.pos;
    const view = r.view;
    const n = view.getUint32(p + 4, true);
    const end = p + 8 + ((n + 3) & ~3);
    if (cached.length !== n || end > r.end) return undefined;
    // At most 4 words (n <= 16), straight on: V8 checks `view` and `words` once, not in a loop.
    const k = slot << 2;
    if (n > 0 && keyWord(view, p, n, 0) !== words[k]) return undefined;
    if (n > 4 && keyWord(view, p, n, 4) !== words[k + 1]) return undefined;
    if (n > 8 && keyWord(view, p, n, 8) !== words[k + 2]) return undefined;
    if (n > 12 && keyWord(view, p, n, 12) !== words[k + 3]) return undefined;
    r.pos = end;
    return cached;
  }

  // A key its place's slot does not hold: the one in the slot its bytes hash to when that one has
  // its bytes, else made and kept there; then kept in its place's slot too.
  private readKeyMiss(slot: number, words: Int32Array): unknown {
    const r = this.reader;
    const p = r.pos;
    const view = r.view;
    const n = view.getUint32(p + 4, true);
    const end = p + 8 + ((n + 3) & ~3);
    if (n <= 16 && end <= r.end) {
      const keys = this.keys!;
      const h = 256 + keySlot(view, p, n);
      // The hashed slot compared as a place's slot is (the reader past the key on a hit).
      let s = this.cachedKey(h, words);
      if (s === undefined) {
        r.pos = p + 4;
        s = r.string();
        // As many characters as bytes: ASCII without NUL, which cachedKey can compare.
        if (s.length === n) {
          keys[h] = s;
          for (let j = 0; j < n; j += 4) words[(h << 2) + (j >> 2)] = keyWord(view, p, n, j);
        }
      }
      if (s.length === n) {
        keys[slot] = s;
        words.copyWithin(slot << 2, h << 2, (h << 2) + 4);
      }
      const v = this.b.string(s);
      if (this.observer !== undefined) this.observer.observe(v, this.stringId, p, end);
      return v;
    }
    return this.read();
  }

  checkCount(count: number, minElementBytes: number, at: number): void {
    if (count > this.maxCollectionLength) {
      throw this.error(
        "limit-exceeded",
        `count ${count} is over maxCollectionLength ${this.maxCollectionLength}`,
        at,
      );
    }
    const need = count * minElementBytes;
    if (need > this.reader.end - this.reader.pos) {
      throw this.reader.truncated(
        `count ${count} needs at least ${need} bytes, ${this.reader.end - this.reader.pos} left`,
        need,
        at,
      );
    }
  }
}

// Byte `j` on (a multiple of 4) of the String of `n` bytes at `p` (padding there to read), as a
// little-endian word masked to the key's bytes.
function keyWord(view: DataView, p: number, n: number, j: number): number {
  const x = view.getInt32(p + 8 + j, true);
  return n - j >= 4 ? x : x & ((1 << ((n - j) << 3)) - 1);
}

// The slot of a codec object's key table for the String of `n` bytes (at most 16) at `p`: a hash
// of its length and words.
function keySlot(view: DataView, p: number, n: number): number {
  let h = n;
  for (let j = 0; j < n; j += 4) h = Math.imul(h ^ keyWord(view, p, n, j), 0x9e3779b1);
  return h >>> (32 - HASH_BITS);
}

// Anything thrown that is not ours (a RangeError from the VM, say) becomes a DecodeError: the
// public API lets no other exception type escape.
function wrapDecode(e: unknown, dialect: Dialect, offset: number): GdVariantError {
  if (DecodeError.is(e)) return e.withDialect(dialect.id);
  if (GdVariantError.is(e)) return e;
  const stack = e instanceof RangeError && /call stack/i.test(e.message);
  return new DecodeError(stack ? "nesting too deep for the JS stack" : `unexpected failure: ${String(e)}`, {
    code: stack ? "depth-exceeded" : "invalid-data",
    offset,
    dialect: dialect.id,
    cause: e,
  });
}

/**
 * Reads one Variant with `dialect`, making each value with `builder`, and reports how many bytes
 * it took. The one reader behind `decode` (the {@link MODEL} builder) and `decodeJS`. An
 * `observer` is told of every value read with its header and byte span (auto-detect's facts).
 * @throws {DecodeError} for any malformed input or broken limit; nothing else.
 */
export function readWith(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  observer?: Observer,
): { value: unknown; length: number } {
  return readOrProbe(dialect, input, options, builder, observer, false)!;
}

/**
 * What a codec object (`codec.ts`) keeps between readings: the dictionary keys last read (at
 * most 256 strings of up to 16 ASCII bytes, each reused only when the bytes match), and the
 * reader of the last input, used again when the same bytes are read again (a DataView is most
 * of what setting up a reading of a small message costs).
 */
export interface KeptReading {
  readonly keys: KeyTable;
  bytes: Uint8Array | undefined;
  // The extent of `bytes` when its reader's DataView was made (read here: the view's getter is
  // a call into the VM, and throws for a view its shrunk buffer no longer covers).
  byteLength: number;
  reader: ByteReader | undefined;
  // True while a reading uses `reader`: a reading inside it (an onSpan callback that reads with
  // the same codec) makes a reader of its own.
  busy: boolean;
  // The decoders of the last readings with MODEL and with the codec's other builder, each with
  // the options it was made with, restarted for the next reading (restartDecoder).
  model: Decoder | undefined;
  other: Decoder | undefined;
}

/** A new, empty {@link KeptReading} (for {@link readKeeping}). */
export function newKeptReading(): KeptReading {
  return {
    keys: newKeyTable(true),
    bytes: undefined,
    byteLength: 0,
    reader: undefined,
    busy: false,
    model: undefined,
    other: undefined,
  };
}

/**
 * {@link readWith} with state `kept` by the caller between readings. The result and any error
 * are those of readWith.
 * @throws {DecodeError} as readWith.
 */
export function readKeeping(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  kept: KeptReading,
): { value: unknown; length: number } {
  return readKept(dialect, input, options, builder, kept);
}

/**
 * {@link readWith} for a caller that tries readings which may well fail (auto-detect tries every
 * dialect): `undefined` when `dialect` does not read the bytes, where readWith would throw. A
 * failure makes no error object, message or path, which is most of what a failed reading costs.
 * @throws {DecodeError} for arguments readWith refuses before reading (input, offset, maxTotalBytes).
 */
export function probeWith(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  observer?: Observer,
): { value: unknown; length: number } | undefined {
  return readOrProbe(dialect, input, options, builder, observer, true);
}

/**
 * The caller's decode options, checked: null is none; a limit that is not a number of 0 or more
 * (NaN would turn it off) is refused.
 * @throws {DecodeError} `invalid-data` at offset 0.
 */
export function decodeOptions<O extends DecodeOptions>(options: O | null | undefined, dialect: Dialect): O {
  return checkOptions(
    options,
    (m) => new DecodeError(m, { code: "invalid-data", offset: 0, dialect: dialect.id }),
  );
}

function readOrProbe(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  observer: Observer | undefined,
  probe: boolean,
): { value: unknown; length: number } | undefined {
  options = decodeOptions(options, dialect);
  const bytes = inputBytes(dialect, input, options);
  const reader = new ByteReader(bytes, options.offset ?? 0);
  reader.dialect = dialect.id;
  reader.probe = probe;
  const decoder = new Decoder(reader, dialect, options, builder, observer);
  try {
    return decodeAll(decoder, reader, bytes, options);
  } catch (e) {
    if (probe) return undefined;
    throw readFailed(e, dialect, input, options, builder, decoder);
  }
}

// readKeeping's readOrProbe (apart, so that decode's bundle leaves the kept state out): a codec
// checked its options once, when it was made; no observer, never a probe.
function readKept(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  kept: KeptReading,
): { value: unknown; length: number } {
  const bytes = inputBytes(dialect, input, options);
  const offset = options.offset ?? 0;
  let reader: ByteReader;
  if (kept.busy) reader = new ByteReader(bytes, offset);
  else {
    // The same array object, still of the same extent (a length-tracking view of a resizable
    // buffer may have changed since: its old DataView would not cover it).
    const old = kept.reader;
    if (kept.bytes === bytes && old !== undefined && kept.byteLength === bytes.byteLength) {
      reader = old;
      reader.pos = offset;
      reader.end = bytes.length;
    } else {
      reader = new ByteReader(bytes, offset);
      kept.bytes = bytes;
      kept.byteLength = bytes.byteLength;
      kept.reader = reader;
    }
    kept.busy = true;
  }
  reader.dialect = dialect.id;
  reader.probe = false;
  let decoder: Decoder;
  if (kept.reader === reader && options.onPart === undefined) {
    // A kept reading (not busy): the decoder made for this builder and these options before.
    const old = builder === MODEL ? kept.model : kept.other;
    if (old !== undefined && old.dialect === dialect && old.options === options) {
      decoder = old;
      restartDecoder(decoder, reader, builder);
    } else {
      decoder = new Decoder(reader, dialect, options, builder, undefined, kept.keys);
      if (builder === MODEL) kept.model = decoder;
      else kept.other = decoder;
    }
  } else decoder = new Decoder(reader, dialect, options, builder, undefined, kept.keys);
  try {
    const result = decodeAll(decoder, reader, bytes, options);
    if (kept.reader === reader) kept.busy = false;
    return result;
  } catch (e) {
    if (kept.reader === reader) kept.busy = false;
    throw readFailed(e, dialect, input, options, builder, decoder);
  }
}

/**
 * `d` reads with `reader` next, forgetting the last reading's state (a failure may leave any):
 * the decoder a codec object keeps (readKept), made once instead of per reading. Only for a
 * decoder without an onPart observer (that one holds the bytes of its reading). A function, not
 * a method: decode's bundle leaves it out.
 */
function restartDecoder(d: Decoder, reader: ByteReader, builder: Builder): void {
  d.reader = reader;
  d.depth = 0;
  d.b = builder;
  d.path = d.onSpan ? ROOT : undefined;
  d.unwound = undefined;
  d.plainFirst = builder.keyKinds && d.observer === undefined && d.onSpan === undefined;
}

// The input as bytes, with the offset and maxTotalBytes checked.
function inputBytes(dialect: Dialect, input: Uint8Array, options: DecodeOptions): Uint8Array {
  const bytes = asBytes(input, dialect.id, 0);
  const offset = options.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > bytes.length) {
    throw new DecodeError(`offset ${offset} is outside the input`, {
      code: "invalid-data",
      offset: 0,
      dialect: dialect.id,
    });
  }
  const maxTotal = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  if (bytes.length - offset > maxTotal) {
    throw new DecodeError(`input of ${bytes.length - offset} bytes is over maxTotalBytes ${maxTotal}`, {
      code: "limit-exceeded",
      offset,
      dialect: dialect.id,
    });
  }
  return bytes;
}

// The value at the reader's position, and the bytes it took (`exact`: all the rest).
function decodeAll(
  decoder: Decoder,
  reader: ByteReader,
  bytes: Uint8Array,
  options: DecodeOptions,
): { value: unknown; length: number } {
  const start = reader.pos;
  const value = decoder.decodeValue();
  if (options.exact && reader.pos !== bytes.length) {
    throw decoder.error("trailing-bytes", `${bytes.length - reader.pos} bytes follow the value`, reader.pos);
  }
  return { value, length: reader.pos - start };
}

// What a failed reading throws.
function readFailed(
  e: unknown,
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  decoder: Decoder,
): unknown {
  if (builder !== MODEL) {
    // The error's path names dictionary keys as model values, which another builder does not
    // make: read the same bytes with the model, which fails the same way (the reader is
    // deterministic) and reports the path.
    readWith(dialect, input, options, MODEL);
  }
  if (DecodeError.is(e)) decoder.unwinding.apply(e);
  return wrapDecode(e, dialect, decoder.reader.pos);
}

/**
 * Decodes one Variant with `dialect` and reports how many bytes it took.
 * Trailing bytes are ignored (as the engine does) unless `options.exact` is set.
 * @throws {DecodeError} for any malformed input or broken limit; nothing else.
 */
export function decodeWithLength(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions = {},
): DecodeResult {
  return readWith(dialect, input, options, MODEL) as DecodeResult;
}

/**
 * Decodes one Variant with `dialect`.
 * @throws {DecodeError} for any malformed input or broken limit; nothing else.
 */
export function decodeWith(dialect: Dialect, input: Uint8Array, options: DecodeOptions = {}): Value {
  return readWith(dialect, input, options, MODEL).value as Value;
}

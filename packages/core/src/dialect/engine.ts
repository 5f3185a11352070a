import { ByteReader } from "../bytes/reader.js";
import { ByteWriter, TargetTooSmall } from "../bytes/writer.js";
import { FLAG_64 } from "../codecs/define.js";
import {
  INLINE_ARRAY,
  INLINE_BOOL,
  INLINE_COLOR,
  INLINE_DICTIONARY,
  INLINE_FLOAT,
  INLINE_INT,
  INLINE_KINDS,
  INLINE_NIL,
  INLINE_NONE,
  INLINE_STRING,
  INLINE_STRING_NAME,
  INLINE_VECTOR2,
  INLINE_VECTOR3,
} from "../codecs/inline.js";
import { NIL } from "../codecs/scalars.js";
import {
  DecodeError,
  type DecodeErrorCode,
  EncodeError,
  type EncodeErrorCode,
  GdVariantError,
} from "../errors.js";
import { formatPath, type PathSegment } from "../path.js";
import { toInt64 } from "../value/construct.js";
import { DEFAULT_MAX_VALUES, Expansion } from "../value/expansion.js";
import { isInt64Number } from "../value/int64.js";
import type { DictionaryEntry, Kind, Value } from "../value/types.js";
import { isKind } from "../value/types.js";
import { rangeErrorCode } from "../value/walk.js";
import { type Builder, MODEL, type Observer } from "./builder.js";
import type { Codec, DecodeContext, Dialect, EncodeContext, Inline } from "./contract.js";
import {
  checkOptions,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type DecodeOptions,
  type EncodeOptions,
  LIMIT_NAMES,
  type ResolvedDecodeLimits,
  resolveLimits,
  type Span,
} from "./options.js";
import { bothObservers, PartsObserver } from "./parts.js";

/** The result of {@link decodeWithLength}: the value and the bytes it took. */
export interface DecodeResult {
  readonly value: Value;
  /** Bytes consumed from `offset`, padding included. */
  readonly length: number;
}

const SEGMENT_INDEX = 0;
const SEGMENT_KEY_AT = 1;
const SEGMENT_KEY = 2;
const SEGMENT_PROPERTY = 3;
type SegmentKind = 0 | 1 | 2 | 3;

function segmentOf(what: SegmentKind, index: number, ref: Value | string | undefined): PathSegment {
  switch (what) {
    case SEGMENT_INDEX:
      return index;
    case SEGMENT_KEY_AT:
      return { keyAt: index };
    case SEGMENT_KEY:
      return { key: ref as Value };
    default:
      return { property: ref as string };
  }
}

/**
 * The path of an error on its way out, innermost segment first, put on the error once at the
 * top. Prepending one segment per level re-formats the error message at every level, which is
 * quadratic in the depth: ~100 ms for a failure 1,024 levels down (the fuzz campaign's slowest
 * input, bench/README.md).
 */
class Unwinding {
  private error: unknown = undefined;
  // Made by the first failure: a call that succeeds allocates nothing here.
  private segments: PathSegment[] | undefined;

  add(error: unknown, segment: PathSegment): void {
    if (this.error !== error || this.segments === undefined) {
      this.error = error;
      this.segments = [];
    }
    this.segments.push(segment);
  }

  /** Puts the collected segments in front of the error's path (the caller re-formats it). */
  apply(error: { path: readonly PathSegment[] }): void {
    // A list exists only after an add, so it is never empty.
    if (this.error === error && this.segments) {
      error.path = [...this.segments.reverse(), ...error.path];
    }
    this.error = undefined;
    this.segments = undefined;
  }
}

// What read's switch leaves for the codec (a builder may make undefined of a value).
const UNREAD: unknown = Symbol("unread");

/** One level of the path spans report: the segment, and the level above (ROOT at the top). */
interface PathNode {
  readonly up: PathNode | undefined;
  readonly segment: PathSegment;
}

const ROOT: PathNode = { up: undefined, segment: 0 };

function segmentsOf(node: PathNode): PathSegment[] {
  const out: PathSegment[] = [];
  for (let n: PathNode = node; n.up !== undefined; n = n.up) out.push(n.segment);
  return out.reverse();
}

/**
 * What the reader and writer derive from a dialect once (cached per dialect object): per wire
 * id, the inline tag (`codecs/inline.ts`) and whether a dictionary key of that type is "plain"
 * for the JS builder; per inline tag, the wire id the writer writes that kind with inline.
 */
interface Compiled {
  readonly tags: Uint8Array;
  readonly plainKey: Uint8Array;
  readonly encodeIds: Int32Array;
  /** Header bits a value must not have (strict dialects), or 0. */
  readonly flagCheck: number;
  /** The wire id of the String codec when the reader reads it inline (readKeyIn), or -1. */
  readonly stringId: number;
  /** Wire ids of ARRAY and DICTIONARY when their codecs are core's (plain JS containers), or -1. */
  readonly arrayId: number;
  readonly dictionaryId: number;
}

const compiledCache = new WeakMap<Dialect, Compiled>();

// Whether the reader may read `codec` by its inline tag: its `decode` is the one the tag stands
// for (a codec spread with a decode of its own is read through it).
function readsInline(codec: Codec): boolean {
  const inl = codec.inline;
  return inl !== undefined && (inl.of === undefined || inl.of.decode === codec.decode);
}

// The same for the writer: `header` and `encode` are the ones the tag stands for.
function writesInline(codec: Codec): boolean {
  const inl = codec.inline;
  return (
    inl !== undefined &&
    (inl.of === undefined || (inl.of.header === codec.header && inl.of.encode === codec.encode))
  );
}

function compile(dialect: Dialect): Compiled {
  let c = compiledCache.get(dialect);
  if (c !== undefined) return c;
  const codecs = dialect.codecs;
  const tags = new Uint8Array(Math.max(256, codecs.length));
  const plainKey = new Uint8Array(Math.max(256, codecs.length));
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i];
    if (codec === undefined) continue;
    tags[i] = readsInline(codec) ? codec.inline!.tag : INLINE_NONE;
    plainKey[i] = codec.kind === "string" || codec.kind === "stringName" || codec.kind === "int" ? 1 : 0;
  }
  const encodeIds = new Int32Array(INLINE_KINDS.length).fill(-1);
  for (let tag = 1; tag < INLINE_KINDS.length; tag++) {
    const codec = dialect.codecForKind(INLINE_KINDS[tag] as Kind);
    if (codec?.inline?.tag === tag && codec.inline.encode && writesInline(codec))
      encodeIds[tag] = codec.wireId;
  }
  const array = dialect.codecForKind("array");
  const dictionary = dialect.codecForKind("dictionary");
  c = {
    tags,
    plainKey,
    encodeIds,
    flagCheck: dialect.strictFlags === true ? ~dialect.typeMask : 0,
    stringId: tags.indexOf(INLINE_STRING),
    arrayId: array?.inline?.tag === INLINE_ARRAY && writesInline(array) ? array.wireId : -1,
    dictionaryId:
      dictionary?.inline?.tag === INLINE_DICTIONARY && writesInline(dictionary) ? dictionary.wireId : -1,
  };
  compiledCache.set(dialect, c);
  return c;
}

export class Decoder implements DecodeContext {
  readonly reader: ByteReader;
  readonly dialect: Dialect;
  private readonly options: DecodeOptions;
  private readonly maxCollectionLength: number;
  readonly allowObjects: boolean;
  readonly copy: boolean;
  depth = 0;
  private readonly codecs: readonly (Codec | undefined)[];
  // Per wire id: the inline tag (codecs/inline.ts), or 0 for codec.decode.
  private readonly tags: Uint8Array;
  private readonly plainKey: Uint8Array;
  private readonly flagCheck: number;
  private readonly stringId: number;
  private readonly typeMask: number;
  private readonly maxDepth: number;
  // What each value becomes. Codecs without an inline tag read model values: while one runs,
  // `b` is MODEL, and the caller's builder gets the result (readByCodec).
  private b: Builder;
  private readonly onSpan: ((span: Span) => void) | undefined;
  // Told of every value read (readWith's `observer`, auto-detect's facts); usually undefined.
  private readonly observer: Observer | undefined;
  // Only kept when spans are requested; errors build their path while unwinding instead.
  // A linked list (innermost first) that spans keep and format only when read: building each
  // span's path string made spans quadratic in the depth.
  private path: PathNode | undefined;
  // Made by the first failure: a call that succeeds does not allocate it.
  private unwound: Unwinding | undefined;
  get unwinding(): Unwinding {
    if (this.unwound === undefined) this.unwound = new Unwinding();
    return this.unwound;
  }
  // Dictionary keys last read, by slot (readKeyIn); made by the first dictionary.
  private keys: (string | undefined)[] | undefined;

  constructor(
    reader: ByteReader,
    dialect: Dialect,
    options: DecodeOptions,
    builder: Builder,
    observer?: Observer,
  ) {
    this.reader = reader;
    this.dialect = dialect;
    this.options = options;
    this.maxCollectionLength = options.maxCollectionLength ?? DEFAULT_MAX_COLLECTION_LENGTH;
    this.allowObjects = options.allowObjects === true;
    this.copy = options.copy === true;
    this.codecs = dialect.codecs;
    const c = compile(dialect);
    this.tags = c.tags;
    this.plainKey = c.plainKey;
    this.flagCheck = c.flagCheck;
    this.stringId = c.stringId;
    this.typeMask = dialect.typeMask;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.b = builder;
    this.onSpan = options.onSpan;
    this.path = options.onSpan ? ROOT : undefined;
    const parts = options.onPart && new PartsObserver(dialect, reader.bytes, options.onPart);
    this.observer =
      parts === undefined ? observer : observer === undefined ? parts : bothObservers(observer, parts);
  }

  // Made when a codec asks: the reader itself keeps the two limits it checks as fields.
  get limits(): ResolvedDecodeLimits {
    return resolveLimits(this.options);
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
    if (r.end - start < 4)
      throw this.error("truncated", `header needs 4 bytes, ${r.end - start} left`, start);
    const view = r.view;
    const header = view.getUint32(start, true);
    const p = start + 4;
    r.pos = p;
    const id = (header & this.typeMask) >>> 0;
    if ((header & this.flagCheck) !== 0) this.checkFlags(header, id, start);
    const tag = id < this.tags.length ? this.tags[id]! : 0;
    const b = this.b;
    const left = r.end - p;
    let value: unknown = UNREAD;
    switch (tag) {
      case INLINE_NIL:
        value = b.nil();
        break;
      case INLINE_BOOL:
        if (left >= 4) {
          r.pos = p + 4;
          value = b.bool(view.getUint32(p, true) !== 0);
        }
        break;
      case INLINE_INT:
        if ((header & FLAG_64) !== 0) value = b.int(r.i64n());
        else if (left >= 4) {
          r.pos = p + 4;
          value = b.int(view.getInt32(p, true));
        }
        break;
      case INLINE_FLOAT:
        if ((header & FLAG_64) !== 0) value = b.float(r.f64());
        else if (left >= 4) {
          r.pos = p + 4;
          value = b.float(view.getFloat32(p, true));
        }
        break;
      case INLINE_STRING:
        value = b.string(r.string());
        break;
      case INLINE_STRING_NAME:
        value = b.stringName(r.string());
        break;
      case INLINE_VECTOR2:
        if ((header & FLAG_64) === 0 && left >= 8) {
          r.pos = p + 8;
          value = b.vector2(view.getFloat32(p, true), view.getFloat32(p + 4, true));
        }
        break;
      case INLINE_VECTOR3:
        if ((header & FLAG_64) === 0 && left >= 12) {
          r.pos = p + 12;
          value = b.vector3(
            view.getFloat32(p, true),
            view.getFloat32(p + 4, true),
            view.getFloat32(p + 8, true),
          );
        }
        break;
      case INLINE_COLOR:
        if ((header & FLAG_64) === 0 && left >= 16) {
          r.pos = p + 16;
          value = b.color(
            view.getFloat32(p, true),
            view.getFloat32(p + 4, true),
            view.getFloat32(p + 8, true),
            view.getFloat32(p + 12, true),
          );
        }
        break;
      case INLINE_ARRAY:
        value = this.readArray(this.codecs[id]!.inline!, header, start);
        break;
      case INLINE_DICTIONARY:
        value = this.readDictionary(this.codecs[id]!.inline!, header, start);
        break;
    }
    // A codec-read value is told to the observer as the model value (readByCodec).
    if (value === UNREAD) value = this.readByCodec(id, header, start);
    else if (this.observer !== undefined) this.observer.observe(value, header, start, r.pos);
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
    return b === MODEL ? value : b.value(value);
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
    const items = this.readElements(count);
    return this.b.array(items, elementType, inl.shared === true && (word & 0x80000000) !== 0);
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
    const acc = b.entries(count);
    const plain = this.readEntries(acc, count);
    return b.dictionary(acc, plain, keyType, valueType, inl.shared === true && (word & 0x80000000) !== 0);
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
      inl.tag === INLINE_ARRAY ? this.readArray(inl, header, start) : this.readDictionary(inl, header, start)
    ) as Value;
  }

  decodeElements(count: number): Value[] {
    return this.readElements(count) as Value[];
  }

  // Codecs run with MODEL as the builder (readByCodec), so what these read is model values.
  decodeEntries(count: number): DictionaryEntry[] {
    const acc = MODEL.entries(count);
    this.readEntries(acc, count);
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

  // Fills `acc` with `count` entries through the builder; true when every key is plain (the
  // JS builder's object-or-Map choice; only looked at when the builder asks for key kinds).
  private readEntries(acc: unknown, count: number): boolean {
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
      for (; i < count; i++) {
        key = undefined;
        if (kinds && !this.keyIsPlain()) plain = false;
        // A String key (by its header word, looked at here: a call for every key would be a
        // stack frame more per level of a key chain) may be one read before (readKeyIn).
        const p = r.pos;
        key =
          i < 16 && r.end - p >= 8 && r.view.getUint32(p, true) === this.stringId
            ? this.readKeyIn(((count & 15) << 4) | i)
            : this.read();
        b.entry(acc, i, key, this.read());
      }
    } catch (e) {
      this.depth = depth - 1;
      // The JS builder's keys are not model values: decodeJS reads a failing input again with
      // the model to report the error (decodeJSWith), so its key here never reaches a user.
      if (DecodeError.is(e)) this.unwinding.add(e, key === undefined ? { keyAt: i } : { key: key as Value });
      throw e;
    }
    this.depth = depth - 1;
    return plain;
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
      throw this.error(
        "truncated",
        `count ${count} needs at least ${need} bytes, ${this.reader.end - this.reader.pos} left`,
        at,
      );
    }
  }
}

function toBytes(input: unknown): Uint8Array | undefined {
  // Subclasses (Node's Buffer) become a plain Uint8Array view: Buffer#slice does not copy, and
  // decoded byte arrays must be plain Uint8Arrays whatever the caller passed.
  if (input instanceof Uint8Array) {
    return input.constructor === Uint8Array
      ? input
      : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  }
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof SharedArrayBuffer !== "undefined" && input instanceof SharedArrayBuffer)
    return new Uint8Array(input);
  return undefined;
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

function readOrProbe(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions,
  builder: Builder,
  observer: Observer | undefined,
  probe: boolean,
): { value: unknown; length: number } | undefined {
  // Null is no options; a limit that is not a number of 0 or more (NaN turned it off) is refused.
  options = checkOptions(
    options,
    (m) => new DecodeError(m, { code: "invalid-data", offset: 0, dialect: dialect.id }),
  );
  const bytes = toBytes(input);
  if (bytes === undefined) {
    throw new DecodeError("input is not a Uint8Array, ArrayBuffer or ArrayBufferView", {
      code: "invalid-data",
      offset: 0,
      dialect: dialect.id,
    });
  }
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
  const reader = new ByteReader(bytes, offset);
  reader.dialect = dialect.id;
  reader.probe = probe;
  const decoder = new Decoder(reader, dialect, options, builder, observer);
  try {
    const value = decoder.decodeValue();
    if (options.exact && reader.pos !== bytes.length) {
      throw decoder.error(
        "trailing-bytes",
        `${bytes.length - reader.pos} bytes follow the value`,
        reader.pos,
      );
    }
    return { value, length: reader.pos - offset };
  } catch (e) {
    if (probe) return undefined;
    if (builder !== MODEL) {
      // The error's path names dictionary keys as model values, which another builder does not
      // make: read the same bytes with the model, which fails the same way (the reader is
      // deterministic) and reports the path.
      readWith(dialect, input, options, MODEL);
    }
    if (DecodeError.is(e)) decoder.unwinding.apply(e);
    throw wrapDecode(e, dialect, reader.pos);
  }
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

class Encoder implements EncodeContext {
  readonly writer: ByteWriter;
  readonly dialect: Dialect;
  depth = 0;
  private readonly maxDepth: number;
  private readonly maxCollectionLength: number;
  // Made by the first failure: a call that succeeds does not allocate it.
  private unwound: Unwinding | undefined;
  get unwinding(): Unwinding {
    if (this.unwound === undefined) this.unwound = new Unwinding();
    return this.unwound;
  }
  private readonly compiled: Compiled;
  // Per inline tag, the wire id written inline, or -1 (codecs/inline.ts).
  private readonly inlineIds: Int32Array;
  // Dictionary keys last written, by slot (writeKeyIn): the key's string, and where its bytes
  // start in the output and how many they are (made by keyTables).
  private dictionaries = 0;
  private readonly maxValues: number;
  // The values visited, each as often as it appears (value/expansion.ts), counted per container:
  // a value that holds a subtree in many places expands without end (41 arrays, each holding the
  // one below twice, are 2^40 values). Made for the value by start.
  expansion: Expansion | undefined;
  private keyStrings: (string | undefined)[] | undefined;
  private keySpans: Int32Array | undefined;

  constructor(dialect: Dialect, options: EncodeOptions, writer = new ByteWriter(256)) {
    this.writer = writer;
    this.dialect = dialect;
    this.compiled = compile(dialect);
    this.inlineIds = this.compiled.encodeIds;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.maxCollectionLength = options.maxCollectionLength ?? DEFAULT_MAX_COLLECTION_LENGTH;
    this.maxValues = options.maxValues ?? DEFAULT_MAX_VALUES;
    // The output limit is the writer's: checked where a write decides whether to grow, not
    // once per value.
    const maxTotal = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
    writer.setLimit(maxTotal, () => this.error("limit-exceeded", `output is over maxTotalBytes ${maxTotal}`));
  }

  error(code: EncodeErrorCode, message: string): EncodeError {
    return new EncodeError(message, { code, dialect: this.dialect.id });
  }

  private tooDeep(): EncodeError {
    return this.error("depth-exceeded", `nesting deeper than ${this.maxDepth} (or a cycle)`);
  }

  /** Writes `value`, the whole of what this encoder writes. */
  start(value: unknown): void {
    this.expansion = new Expansion(value, "encode", this.maxValues, true);
    this.encodeValue(value);
  }

  // The reader's count check, before anything of the collection is written: what is written
  // reads back with the same limits, and a sparse array of length 2^32 - 1 is refused at once
  // instead of writing nils until maxTotalBytes.
  checkCount(count: number): void {
    if (count > this.maxCollectionLength) {
      throw this.error(
        "limit-exceeded",
        `count ${count} is over maxCollectionLength ${this.maxCollectionLength}`,
      );
    }
  }

  // What a failure becomes on its way out of a container: the project's errors and encodeInto's
  // TargetTooSmall as they are; anything else (the writer's TypeError for a malformed field, a
  // getter that throws, the JS stack running out) an EncodeError made at the innermost
  // container, so that it gets the path. Only failures pay for this.
  private caught(e: unknown): unknown {
    if (GdVariantError.is(e) || e instanceof TargetTooSmall) return e;
    return foreignError(e, this.dialect.id);
  }

  /**
   * Writes a model value, or a plain JS value directly (the inference of `fromJS`, without
   * making model values first: whole number within int64 to int, other number to float,
   * string, boolean, null/undefined, bigint, arrays, Maps and plain objects, typed arrays to
   * packed arrays).
   */
  encodeValue(input: unknown): void {
    switch (typeof input) {
      case "object": {
        if (input === null) break;
        const kind = (input as { kind?: unknown }).kind;
        if (typeof kind === "string") {
          if (this.encodeInline(input as Value, kind)) return;
          // A Value whose kind the dialect writes is taken as it is: the codec lookup also
          // proves the kind.
          const codec = this.dialect.codecForKind(kind as Kind);
          if (codec !== undefined) {
            this.encodeWithCodec(codec, input as Value);
            return;
          }
          if (isKind(kind)) throw this.cannotWrite(kind);
        }
        this.encodePlainObject(input);
        return;
      }
      case "number":
        // fromJS's inference: a whole number within int64 is an int, any other number a float.
        if (this.inlineInt(input)) return;
        if (isInt64Number(input)) this.encodeModel({ kind: "int", value: toInt64(input) });
        else if (!this.inlineFloat(input)) this.encodeModel({ kind: "float", value: input });
        return;
      case "string":
        if (!this.inlineString(INLINE_STRING, input)) this.encodeModel({ kind: "string", value: input });
        return;
      case "boolean":
        if (!this.inlineBool(input)) this.encodeModel({ kind: "bool", value: input });
        return;
      case "bigint":
        this.encodeModel({ kind: "int", value: toInt64(input) });
        return;
      case "undefined":
        break;
      default:
        throw this.error("invalid-value", `cannot infer a Variant from a ${typeof input}`);
    }
    if (!this.inlineNil()) this.encodeModel(NIL);
  }

  // The scalars written inline, for model values (encodeInline) and plain JS values
  // (encodeValue) alike: each writes the codec's bytes and returns true, or false when the
  // dialect's codec for the kind is not written inline or the value is not of the JS type the
  // inline write takes.
  private inlineInt(x: unknown): boolean {
    const id = this.inlineIds[INLINE_INT]!;
    // A whole number within int32; anything else (a fraction, a bigint, a string) is the codec's.
    if (id < 0 || typeof x !== "number" || (x | 0) !== x) return false;
    this.writer.u32(id);
    this.writer.i32(x);
    return true;
  }

  private inlineFloat(x: unknown): boolean {
    const id = this.inlineIds[INLINE_FLOAT]!;
    if (id < 0 || typeof x !== "number") return false;
    const w = this.writer;
    if (Math.fround(x) === x) {
      w.u32(id);
      w.f32(x);
    } else {
      w.u32(id | FLAG_64);
      w.f64(x);
    }
    return true;
  }

  private inlineString(tag: number, x: unknown): boolean {
    const id = this.inlineIds[tag]!;
    if (id < 0 || typeof x !== "string") return false;
    this.writer.u32(id);
    this.writer.string(x);
    return true;
  }

  private inlineBool(x: unknown): boolean {
    const id = this.inlineIds[INLINE_BOOL]!;
    if (id < 0 || typeof x !== "boolean") return false;
    this.writer.u32(id);
    this.writer.u32(x ? 1 : 0);
    return true;
  }

  private inlineNil(): boolean {
    const id = this.inlineIds[INLINE_NIL]!;
    if (id < 0) return false;
    this.writer.u32(id);
    return true;
  }

  // A model value made here for a plain JS value: written by the dialect's codec for its kind.
  private encodeModel(value: Value): void {
    const codec = this.dialect.codecForKind(value.kind);
    if (codec === undefined) throw this.cannotWrite(value.kind);
    this.encodeWithCodec(codec, value);
  }

  private cannotWrite(kind: string): EncodeError {
    return this.error(
      "unsupported-kind",
      `${this.dialect.name} (${this.dialect.engineVersions}) cannot write ${kind}`,
    );
  }

  private encodeWithCodec(codec: Codec, value: Value): void {
    const header = codec.header(value, this);
    this.writer.u32(header);
    codec.encode(this, value, header);
  }

  // Arrays, typed arrays, Maps and plain objects (fromJS's rules); anything else is refused.
  private encodePlainObject(input: object): void {
    const c = this.compiled;
    const w = this.writer;
    if (Array.isArray(input)) {
      if (c.arrayId < 0) {
        this.encodeModel({ kind: "array", items: input });
        return;
      }
      this.checkCount(input.length);
      w.u32(c.arrayId);
      w.u32(input.length);
      this.encodeElements(input);
      return;
    }
    if (ArrayBuffer.isView(input)) {
      const kind =
        input instanceof Uint8Array
          ? "packedByteArray"
          : input instanceof Int32Array
            ? "packedInt32Array"
            : input instanceof BigInt64Array
              ? "packedInt64Array"
              : input instanceof Float32Array
                ? "packedFloat32Array"
                : input instanceof Float64Array
                  ? "packedFloat64Array"
                  : undefined;
      if (kind !== undefined) {
        this.encodeModel({ kind, data: input } as Value);
        return;
      }
    } else if (input instanceof Map) {
      this.checkCount(input.size);
      if (c.dictionaryId < 0) {
        this.encodeModel(fromJSValue(input));
        return;
      }
      w.u32(c.dictionaryId);
      w.u32(input.size);
      this.encodeMap(input);
      return;
    } else {
      const proto = Object.getPrototypeOf(input);
      if (proto === Object.prototype || proto === null) {
        if (c.dictionaryId < 0) {
          this.encodeModel(fromJSValue(input));
          return;
        }
        const keys = Object.keys(input);
        this.checkCount(keys.length);
        w.u32(c.dictionaryId);
        w.u32(keys.length);
        this.encodeRecord(input as Record<string, unknown>, keys);
        return;
      }
    }
    const name = (input as { constructor?: { name?: unknown } }).constructor?.name;
    throw this.error(
      "invalid-value",
      `cannot infer a Variant from an instance of ${typeof name === "string" ? name : "an unknown class"}`,
    );
  }

  // The entries of a Map: keys and values are JS or model values.
  private encodeMap(map: Map<unknown, unknown>): void {
    if (map.size === 0) return;
    this.expansion!.spend(2 * map.size, map);
    const depth = ++this.depth;
    let i = 0;
    let key: unknown;
    try {
      if (depth > this.maxDepth) throw this.tooDeep();
      for (const [k, v] of map) {
        key = undefined;
        this.encodeValue(k);
        key = k;
        this.encodeValue(v);
        i++;
      }
    } catch (e) {
      this.depth = depth - 1;
      const err = this.caught(e);
      if (EncodeError.is(err))
        this.unwinding.add(err, key === undefined ? { keyAt: i } : { key: keyValue(key) });
      throw err;
    }
    this.depth = depth - 1;
  }

  // A plain object's own enumerable keys (String keys) and their values.
  private encodeRecord(obj: Record<string, unknown>, keys: string[]): void {
    const n = keys.length;
    if (n === 0) return;
    this.expansion!.spend(2 * n, obj);
    const depth = ++this.depth;
    let i = 0;
    let key: string | undefined;
    try {
      if (depth > this.maxDepth) throw this.tooDeep();
      this.keyTables();
      for (; i < n; i++) {
        key = undefined;
        const k = keys[i]!;
        if (i < 16 && this.keyStrings !== undefined) this.writeKeyIn(k, ((n & 15) << 4) | i);
        else this.encodeValue(k);
        key = k;
        this.encodeValue(obj[k]);
      }
    } catch (e) {
      this.depth = depth - 1;
      const err = this.caught(e);
      if (EncodeError.is(err))
        this.unwinding.add(err, key === undefined ? { keyAt: i } : { key: { kind: "string", value: key } });
      throw err;
    }
    this.depth = depth - 1;
  }

  /**
   * Writes the common kinds without their codec when the dialect's codec for the kind is a core
   * one that the writer may write inline (codecs/inline.ts) and the value has the plain JS type
   * the codec expects; the bytes are the codec's. Returns false to leave the value to the codec.
   */
  private encodeInline(v: Value, kind: string): boolean {
    const ids = this.inlineIds;
    const w = this.writer;
    switch (kind) {
      case "int":
        return this.inlineInt((v as { value: unknown }).value);
      case "float":
        return this.inlineFloat((v as { value: unknown }).value);
      case "string":
        return this.inlineString(INLINE_STRING, (v as { value: unknown }).value);
      case "stringName":
        return this.inlineString(INLINE_STRING_NAME, (v as { value: unknown }).value);
      case "bool":
        return this.inlineBool((v as { value: unknown }).value);
      case "nil":
        return this.inlineNil();
      case "vector2": {
        const id = ids[INLINE_VECTOR2]!;
        if (id < 0) return false;
        const x = v as { x: number; y: number };
        w.u32(id);
        w.f32(x.x);
        w.f32(x.y);
        break;
      }
      case "vector3": {
        const id = ids[INLINE_VECTOR3]!;
        if (id < 0) return false;
        const x = v as { x: number; y: number; z: number };
        w.u32(id);
        w.f32(x.x);
        w.f32(x.y);
        w.f32(x.z);
        break;
      }
      case "color": {
        const id = ids[INLINE_COLOR]!;
        if (id < 0) return false;
        const x = v as { r: number; g: number; b: number; a: number };
        w.u32(id);
        w.f32(x.r);
        w.f32(x.g);
        w.f32(x.b);
        w.f32(x.a);
        break;
      }
      default:
        return false;
    }
    return true;
  }

  // As in the decoder: no closure per value; the segment is built only for an error.
  private nested(value: Value, what: SegmentKind, index: number, ref: Value | string | undefined): void {
    // A codec's own element (object properties): the value itself is what may be met twice.
    this.expansion!.spend(1, typeof value === "object" && value !== null ? value : undefined);
    const depth = ++this.depth;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      this.encodeValue(value);
    } catch (e) {
      this.depth = depth - 1;
      const err = this.caught(e);
      if (EncodeError.is(err)) this.unwinding.add(err, segmentOf(what, index, ref));
      throw err;
    }
    this.depth = depth - 1;
  }

  encodeElement(value: Value, index: number): void {
    this.nested(value, SEGMENT_INDEX, index, undefined);
  }
  encodeKey(key: Value, index: number): void {
    this.nested(key, SEGMENT_KEY_AT, index, undefined);
  }
  encodeEntryValue(value: Value, key: Value): void {
    this.nested(value, SEGMENT_KEY, 0, key);
  }
  encodeProperty(value: Value, name: string): void {
    this.nested(value, SEGMENT_PROPERTY, 0, name);
  }

  // One try per container, as decodeElements/decodeEntries.
  encodeElements(items: readonly Value[]): void {
    const n = items.length;
    if (n === 0) return;
    this.expansion!.spend(n, items);
    const depth = ++this.depth;
    let i = 0;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      for (; i < n; i++) this.encodeValue(items[i]);
    } catch (e) {
      this.depth = depth - 1;
      const err = this.caught(e);
      if (EncodeError.is(err)) this.unwinding.add(err, i);
      throw err;
    }
    this.depth = depth - 1;
  }

  // The key tables of writeKeyIn, made when the eighth dictionary starts: a few dictionaries
  // have few keys to write again, and a small packet should not pay for the tables (made per
  // call, they were a third of encoding a 148-byte message with a Vector2 as a plain object).
  private keyTables(): void {
    if (this.keyStrings === undefined && this.inlineIds[INLINE_STRING]! >= 0 && ++this.dictionaries > 7) {
      this.keyStrings = new Array(256);
      this.keySpans = new Int32Array(512);
    }
  }

  /**
   * A String dictionary key: the mirror of the reader's readKeyIn. Dictionaries of one shape
   * (records) repeat their keys; a key equal to the one last written in the same slot (entry
   * index and count) copies the bytes written then (header, length, UTF-8, padding) instead of
   * encoding the string again. Only called where the core String codec writes strings inline.
   */
  private writeKeyIn(s: string, slot: number): void {
    const strings = this.keyStrings!;
    const spans = this.keySpans!;
    const w = this.writer;
    if (strings[slot] === s) {
      w.repeat(spans[slot * 2]!, spans[slot * 2 + 1]!);
      return;
    }
    const start = w.pos;
    w.u32(this.inlineIds[INLINE_STRING]!);
    w.string(s);
    strings[slot] = s;
    spans[slot * 2] = start;
    spans[slot * 2 + 1] = w.pos - start;
  }

  encodeEntries(entries: readonly DictionaryEntry[]): void {
    const n = entries.length;
    if (n === 0) return;
    this.expansion!.spend(2 * n, entries);
    const depth = ++this.depth;
    let i = 0;
    let key: Value | undefined;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      this.keyTables();
      for (; i < n; i++) {
        const e = entries[i];
        key = undefined;
        if (!Array.isArray(e) || e.length !== 2)
          throw this.error("invalid-value", "a dictionary entry is not a [key, value] pair");
        const k = e[0];
        // The `value` is read once: the bytes kept for the slot are those of the string written.
        const ks = i < 16 && this.keyStrings !== undefined && isStringKey(k) ? k.value : undefined;
        if (typeof ks === "string") this.writeKeyIn(ks, ((n & 15) << 4) | i);
        else this.encodeValue(k);
        key = k;
        this.encodeValue(e[1]);
      }
    } catch (e) {
      this.depth = depth - 1;
      const err = this.caught(e);
      if (EncodeError.is(err)) this.unwinding.add(err, key === undefined ? { keyAt: i } : { key });
      throw err;
    }
    this.depth = depth - 1;
  }
}

function isStringKey(k: unknown): k is { kind: "string"; value: unknown } {
  return typeof k === "object" && k !== null && (k as { kind?: unknown }).kind === "string";
}

// A Map or plain object as a dictionary value whose entries are the JS keys and values, for a
// dialect whose DICTIONARY codec is its own: the codec writes them through encodeEntries.
function fromJSValue(input: object): Value {
  const entries: [unknown, unknown][] =
    input instanceof Map
      ? [...input]
      : Object.keys(input).map((k) => [k, (input as Record<string, unknown>)[k]]);
  return { kind: "dictionary", entries: entries as unknown as DictionaryEntry[] };
}

// A Map key in an error path: the key as a Value where it is one, else its JS value's kind.
function keyValue(k: unknown): Value {
  if (typeof k === "object" && k !== null && isKind((k as { kind?: unknown }).kind)) return k as Value;
  if (typeof k === "number")
    return Number.isInteger(k) ? { kind: "int", value: k } : { kind: "float", value: k };
  if (typeof k === "boolean") return { kind: "bool", value: k };
  return { kind: "string", value: String(k) };
}

// An exception that is not ours, as the project's error: the JS stack running out is
// `depth-exceeded`, anything else (a writer's TypeError, a getter's throw) `invalid-value`.
function foreignError(e: unknown, dialect: string): EncodeError {
  const code = rangeErrorCode(e) ?? "invalid-value";
  let why: string;
  try {
    why = e instanceof Error ? e.message : String(e);
  } catch {
    why = "an exception that cannot be shown";
  }
  const detail =
    code === "depth-exceeded"
      ? "nesting too deep for the JS stack"
      : code === "limit-exceeded"
        ? `the output is larger than JavaScript allows (${why})`
        : `malformed value: ${why}`;
  return new EncodeError(detail, { code, dialect, cause: e });
}

// The caller's options, checked (null is none; a limit of NaN would turn it off).
function encodeOptions(options: EncodeOptions | null | undefined, dialect: Dialect): EncodeOptions {
  return checkOptions(options, (m) => new EncodeError(m, { code: "invalid-value", dialect: dialect.id }), [
    ...LIMIT_NAMES,
    "maxValues",
  ]);
}

// Runs the encoder and turns anything thrown into an EncodeError with the dialect and path.
function runEncoder(encoder: Encoder, dialect: Dialect, value: unknown): void {
  try {
    encoder.start(value);
  } catch (e) {
    if (EncodeError.is(e)) {
      encoder.unwinding.apply(e);
      throw e.withDialect(dialect.id);
    }
    if (GdVariantError.is(e)) throw e;
    throw foreignError(e, dialect.id);
  }
}

/**
 * Encodes a value with `dialect`. Takes model values and plain JS values alike, in one pass
 * (plain JS is inferred as `fromJS` does, without making model values first).
 * @throws {EncodeError} when the dialect cannot write the value; nothing else.
 */
export function encodeWith(dialect: Dialect, value: unknown, options?: EncodeOptions): Uint8Array {
  const encoder = new Encoder(dialect, encodeOptions(options, dialect));
  runEncoder(encoder, dialect, value);
  // The bytes written, as a view of the writer's buffer when at least half of it is used (a
  // packed array's writer grows once to its exact size), else copied out at their exact size.
  // A second buffer and copy per call was a third of encoding a small message, where a buffer
  // of more than 64 bytes is an allocation outside the JS heap (bench/README.md).
  const w = encoder.writer;
  return w.pos * 2 >= w.buffer.length ? w.finish() : w.copyOut();
}

/**
 * Encodes a value with `dialect` into the caller's buffer `target`, from `offset` (default 0),
 * and returns the number of bytes written: the same bytes as {@link encodeWith}, without
 * allocating the output. Reuse one buffer for many values, or write straight into a packet.
 * @throws {EncodeError} `target-too-small` when the value does not fit from `offset` (the bytes
 *   from `offset` on may have been written to), or as {@link encodeWith}.
 * @throws {EncodeError} `out-of-range` when `offset` is not an integer within `target`,
 *   `invalid-value` when `target` is not a Uint8Array or cannot be written (detached).
 */
export function encodeIntoWith(
  dialect: Dialect,
  value: unknown,
  target: Uint8Array,
  offset = 0,
  options?: EncodeOptions,
): number {
  const o = encodeOptions(options, dialect);
  if (!(target instanceof Uint8Array)) {
    throw new EncodeError("target is not a Uint8Array", { code: "invalid-value", dialect: dialect.id });
  }
  if (!Number.isInteger(offset) || offset < 0 || offset > target.length) {
    throw new EncodeError(`offset ${offset} is outside the target (${target.length} bytes)`, {
      code: "out-of-range",
      dialect: dialect.id,
    });
  }
  const room = target.length - offset;
  // subarray makes a new view (a species lookup and an allocation): not for the usual offset 0.
  let encoder: Encoder;
  try {
    encoder = new Encoder(dialect, o, ByteWriter.into(offset === 0 ? target : target.subarray(offset)));
  } catch (e) {
    // A detached buffer cannot be viewed.
    throw new EncodeError(`the target cannot be written: ${String(e)}`, {
      code: "invalid-value",
      dialect: dialect.id,
      cause: e,
    });
  }
  try {
    runEncoder(encoder, dialect, value);
  } catch (e) {
    const full = e instanceof TargetTooSmall ? e : GdVariantError.is(e) ? e.cause : undefined;
    if (full instanceof TargetTooSmall) {
      throw new EncodeError(
        `the value needs more than the ${room} bytes the target has from offset ${offset} (a write reached byte ${offset + full.needed})`,
        { code: "target-too-small", dialect: dialect.id },
      );
    }
    throw e;
  }
  return encoder.writer.pos;
}

export { DEFAULT_MAX_DEPTH };

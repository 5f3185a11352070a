import { ByteReader } from "../bytes/reader.js";
import { ByteWriter, TargetTooSmall } from "../bytes/writer.js";
import { FLAG_64 } from "../codecs/define.js";
import {
  FAST_BOOL,
  FAST_COLOR,
  FAST_FLOAT,
  FAST_INT,
  FAST_NIL,
  FAST_STRING,
  FAST_STRING_NAME,
  FAST_VECTOR2,
  FAST_VECTOR3,
  fastEncodeWireIds,
  fastTags,
} from "../codecs/fast.js";
import { NIL } from "../codecs/scalars.js";
import {
  DecodeError,
  type DecodeErrorCode,
  EncodeError,
  type EncodeErrorCode,
  GdVariantError,
} from "../errors.js";
import { formatPath, type PathSegment } from "../path.js";
import { fromJS } from "../value/js.js";
import type { DictionaryEntry, Kind, Value } from "../value/types.js";
import { isKind } from "../value/types.js";
import type { Codec, DecodeContext, Dialect, EncodeContext } from "./contract.js";
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type DecodeOptions,
  type EncodeOptions,
  type ResolvedDecodeLimits,
  resolveLimits,
  type Span,
} from "./options.js";

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

const NO_FAST = new Uint8Array(0);

class Decoder implements DecodeContext {
  readonly reader: ByteReader;
  readonly dialect: Dialect;
  readonly limits: ResolvedDecodeLimits;
  readonly allowObjects: boolean;
  readonly copy: boolean;
  depth = 0;
  private readonly codecs: readonly (Codec | undefined)[];
  // Per wire id: how to read it inline (codecs/fast.ts), or 0 for codec.decode. All zero when
  // spans are requested, so every value then takes the path that reports them.
  private readonly fast: Uint8Array;
  private readonly typeMask: number;
  private readonly maxDepth: number;
  private readonly onSpan: ((span: Span) => void) | undefined;
  // Only kept when spans are requested; errors build their path while unwinding instead.
  private readonly path: PathSegment[] | undefined;
  readonly unwinding = new Unwinding();
  // Dictionary keys last read, by slot (decodeKeyIn).
  private readonly keys: (string | undefined)[] = [];

  constructor(reader: ByteReader, dialect: Dialect, options: DecodeOptions) {
    this.reader = reader;
    this.dialect = dialect;
    this.limits = resolveLimits(options);
    this.allowObjects = options.allowObjects === true;
    this.copy = options.copy === true;
    this.codecs = dialect.codecs;
    this.typeMask = dialect.typeMask;
    this.maxDepth = this.limits.maxDepth;
    this.onSpan = options.onSpan;
    this.path = options.onSpan ? [] : undefined;
    this.fast = options.onSpan ? NO_FAST : fastTags(dialect.codecs);
  }

  error(code: DecodeErrorCode, message: string, offset = this.reader.pos): DecodeError {
    return new DecodeError(message, { code, offset, dialect: this.dialect.id });
  }

  private tooDeep(): DecodeError {
    return this.error("depth-exceeded", `nesting deeper than ${this.maxDepth}`);
  }

  /** Reads one complete Variant (header + payload) at the current position. */
  decodeValue(): Value {
    const r = this.reader;
    const start = r.pos;
    if (r.end - start < 4)
      throw this.error("truncated", `header needs 4 bytes, ${r.end - start} left`, start);
    const header = r.view.getUint32(start, true);
    r.pos = start + 4;
    const id = (header & this.typeMask) >>> 0;
    const fast = id < this.fast.length ? this.fast[id]! : 0;
    if (fast !== 0) {
      const left = r.end - start - 4;
      const view = r.view;
      const p = start + 4;
      // Each case reads exactly what its codec's decode reads (codecs/fast.ts).
      switch (fast) {
        case FAST_NIL:
          return NIL;
        case FAST_BOOL:
          if (left >= 4) {
            r.pos = p + 4;
            return { kind: "bool", value: view.getUint32(p, true) !== 0 };
          }
          break;
        case FAST_INT:
          if ((header & FLAG_64) === 0) {
            if (left >= 4) {
              r.pos = p + 4;
              return { kind: "int", value: view.getInt32(p, true) };
            }
          } else return { kind: "int", value: r.i64n() };
          break;
        case FAST_FLOAT:
          if ((header & FLAG_64) === 0) {
            if (left >= 4) {
              r.pos = p + 4;
              return { kind: "float", value: view.getFloat32(p, true) };
            }
          } else return { kind: "float", value: r.f64() };
          break;
        case FAST_STRING:
          return { kind: "string", value: r.string() };
        case FAST_STRING_NAME:
          return { kind: "stringName", value: r.string() };
        case FAST_VECTOR2:
          if ((header & FLAG_64) === 0 && left >= 8) {
            r.pos = p + 8;
            return { kind: "vector2", x: view.getFloat32(p, true), y: view.getFloat32(p + 4, true) };
          }
          break;
        case FAST_VECTOR3:
          if ((header & FLAG_64) === 0 && left >= 12) {
            r.pos = p + 12;
            return {
              kind: "vector3",
              x: view.getFloat32(p, true),
              y: view.getFloat32(p + 4, true),
              z: view.getFloat32(p + 8, true),
            };
          }
          break;
        case FAST_COLOR:
          if ((header & FLAG_64) === 0 && left >= 16) {
            r.pos = p + 16;
            return {
              kind: "color",
              r: view.getFloat32(p, true),
              g: view.getFloat32(p + 4, true),
              b: view.getFloat32(p + 8, true),
              a: view.getFloat32(p + 12, true),
            };
          }
          break;
      }
      // Too short (or a 64-bit vector): the codec reports it as it always has.
    }
    const codec = this.codecs[id];
    if (codec === undefined) {
      throw this.error("unknown-type", `type id ${id} is not a ${this.dialect.name} type`, start);
    }
    const value = codec.decode(this, header, start);
    if (this.onSpan !== undefined) {
      this.onSpan({
        start,
        end: r.pos,
        path: formatPath(this.path!),
        kind: value.kind,
        wireId: id,
        depth: this.depth,
      });
    }
    return value;
  }

  // Nested values carry their path segment as plain arguments (what it is, an index, a key or
  // name); the segment object is only built when spans are on or an error unwinds through this
  // level, instead of two closures per value (bench/README.md, "Hot-path changes").
  private nested(what: SegmentKind, index: number, ref: Value | string | undefined): Value {
    const depth = ++this.depth;
    const path = this.path;
    if (path !== undefined) path.push(segmentOf(what, index, ref));
    let value: Value;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      value = this.decodeValue();
    } catch (e) {
      this.depth = depth - 1;
      if (path !== undefined) path.pop();
      if (DecodeError.is(e)) this.unwinding.add(e, segmentOf(what, index, ref));
      throw e;
    }
    this.depth = depth - 1;
    if (path !== undefined) path.pop();
    return value;
  }

  decodeElement(index: number): Value {
    return this.nested(SEGMENT_INDEX, index, undefined);
  }

  decodeKey(index: number): Value {
    return this.nested(SEGMENT_KEY_AT, index, undefined);
  }

  decodeEntryValue(key: Value): Value {
    return this.nested(SEGMENT_KEY, 0, key);
  }

  decodeProperty(name: string): Value {
    return this.nested(SEGMENT_PROPERTY, 0, name);
  }

  // The loops of decodeElements and decodeEntries hold one try per container instead of one
  // per value; what a failure needs for its path (the index, or the key) is still at hand in
  // the catch. With spans on they take the per-value path, which keeps `path` current.
  decodeElements(count: number): Value[] {
    const items = new Array<Value>(count);
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
      for (; i < count; i++) items[i] = this.decodeValue();
    } catch (e) {
      this.depth = depth - 1;
      if (DecodeError.is(e)) this.unwinding.add(e, i);
      throw e;
    }
    this.depth = depth - 1;
    return items;
  }

  decodeEntries(count: number): DictionaryEntry[] {
    const entries = new Array<DictionaryEntry>(count);
    if (this.path !== undefined) {
      for (let i = 0; i < count; i++) {
        const key = this.nested(SEGMENT_KEY_AT, i, undefined);
        entries[i] = [key, this.nested(SEGMENT_KEY, 0, key)];
      }
      return entries;
    }
    const depth = ++this.depth;
    let i = 0;
    let key: Value | undefined;
    try {
      if (count > 0 && depth > this.maxDepth) {
        throw this.tooDeep();
      }
      for (; i < count; i++) {
        key = undefined;
        key = i < 16 ? this.decodeKeyIn(((count & 15) << 4) | i) : this.decodeValue();
        entries[i] = [key, this.decodeValue()];
      }
    } catch (e) {
      this.depth = depth - 1;
      if (DecodeError.is(e)) this.unwinding.add(e, key === undefined ? { keyAt: i } : { key });
      throw e;
    }
    this.depth = depth - 1;
    return entries;
  }

  /**
   * A dictionary key. Dictionaries of one shape (records) repeat their keys: a String key of up
   * to 16 ASCII bytes equal to the one last read in the same slot (entry index and count) reuses
   * that JS string instead of building a new one. Anything else is read as any value.
   */
  private decodeKeyIn(slot: number): Value {
    const r = this.reader;
    const p = r.pos;
    if (r.end - p >= 8) {
      const header = r.view.getUint32(p, true);
      if (header < this.fast.length && this.fast[header] === FAST_STRING) {
        const n = r.view.getUint32(p + 4, true);
        const end = p + 8 + ((n + 3) & ~3);
        if (n <= 16 && end <= r.end) {
          const cached = this.keys[slot];
          if (cached !== undefined && cached.length === n) {
            const b = r.bytes;
            let j = 0;
            while (j < n && b[p + 8 + j] === cached.charCodeAt(j)) j++;
            if (j === n) {
              r.pos = end;
              return { kind: "string", value: cached };
            }
          }
          const v = this.decodeValue() as { kind: "string"; value: string };
          // As many characters as bytes: ASCII without NUL, which the test above can compare.
          if (v.value.length === n) this.keys[slot] = v.value;
          return v;
        }
      }
    }
    return this.decodeValue();
  }

  checkCount(count: number, minElementBytes: number, at: number): void {
    if (count > this.limits.maxCollectionLength) {
      throw this.error(
        "limit-exceeded",
        `count ${count} is over maxCollectionLength ${this.limits.maxCollectionLength}`,
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
 * Decodes one Variant with `dialect` and reports how many bytes it took.
 * Trailing bytes are ignored (as the engine does) unless `options.exact` is set.
 * @throws {DecodeError} for any malformed input or broken limit; nothing else.
 */
export function decodeWithLength(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions = {},
): DecodeResult {
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
  const decoder = new Decoder(reader, dialect, options);
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
    if (DecodeError.is(e)) decoder.unwinding.apply(e);
    throw wrapDecode(e, dialect, reader.pos);
  }
}

/**
 * Decodes one Variant with `dialect`.
 * @throws {DecodeError} for any malformed input or broken limit; nothing else.
 */
export function decodeWith(dialect: Dialect, input: Uint8Array, options: DecodeOptions = {}): Value {
  return decodeWithLength(dialect, input, options).value;
}

class Encoder implements EncodeContext {
  readonly writer: ByteWriter;
  readonly dialect: Dialect;
  depth = 0;
  private readonly maxDepth: number;
  readonly unwinding = new Unwinding();
  // Per fast tag, the wire id written inline, or -1 (codecs/fast.ts).
  private readonly inlineIds: Int32Array;
  // Dictionary keys last written, by slot (encodeKeyIn): the key's string, and where its bytes
  // start in the output and how many they are. Made when a second dictionary starts: one
  // dictionary has no key to write again, and a small packet should not pay for the tables.
  private dictionaries = 0;
  private keyStrings: (string | undefined)[] | undefined;
  private keySpans: Int32Array | undefined;

  constructor(dialect: Dialect, options: EncodeOptions, writer = new ByteWriter(256)) {
    this.writer = writer;
    this.dialect = dialect;
    this.inlineIds = fastEncodeWireIds(dialect);
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
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

  encodeValue(input: unknown): void {
    const kind = typeof input === "object" && input !== null ? (input as { kind?: unknown }).kind : undefined;
    if (typeof kind !== "string" || !this.encodeInline(input as Value, kind)) this.encodeByCodec(input, kind);
  }

  private encodeByCodec(input: unknown, kind: unknown): void {
    // A Value whose kind the dialect writes is taken as it is: the codec lookup also proves the
    // kind, so the isKind check of asValue is only needed for everything else.
    let value: Value;
    let codec: Codec | undefined;
    if (typeof kind === "string") codec = this.dialect.codecForKind(kind as Kind);
    if (codec !== undefined) {
      value = input as Value;
    } else {
      value = asValue(input);
      codec = this.dialect.codecForKind(value.kind);
    }
    if (codec === undefined) {
      throw this.error(
        "unsupported-kind",
        `${this.dialect.name} (${this.dialect.engineVersions}) cannot write ${value.kind}`,
      );
    }
    const header = codec.header(value, this);
    this.writer.u32(header);
    codec.encode(this, value, header);
  }

  /**
   * Writes the common kinds without their codec when the dialect's codec for the kind is a core
   * one registered for it (codecs/fast.ts) and the value has the plain JS type the codec
   * expects; the bytes are the codec's. Returns false to leave the value to the codec.
   */
  private encodeInline(v: Value, kind: string): boolean {
    const ids = this.inlineIds;
    const w = this.writer;
    switch (kind) {
      case "int": {
        const x = (v as { value: unknown }).value;
        const id = ids[FAST_INT]!;
        if (id < 0 || typeof x !== "number" || !(x >= -2147483648 && x <= 2147483647)) return false;
        w.u32(id);
        w.i32(x);
        break;
      }
      case "float": {
        const x = (v as { value: unknown }).value;
        const id = ids[FAST_FLOAT]!;
        if (id < 0 || typeof x !== "number") return false;
        if (Math.fround(x) === x) {
          w.u32(id);
          w.f32(x);
        } else {
          w.u32(id | FLAG_64);
          w.f64(x);
        }
        break;
      }
      case "string":
      case "stringName": {
        const x = (v as { value: unknown }).value;
        const id = ids[kind === "string" ? FAST_STRING : FAST_STRING_NAME]!;
        if (id < 0 || typeof x !== "string") return false;
        w.u32(id);
        w.string(x);
        break;
      }
      case "bool": {
        const id = ids[FAST_BOOL]!;
        if (id < 0) return false;
        w.u32(id);
        w.u32((v as { value: unknown }).value ? 1 : 0);
        break;
      }
      case "nil": {
        const id = ids[FAST_NIL]!;
        if (id < 0) return false;
        w.u32(id);
        break;
      }
      case "vector2": {
        const id = ids[FAST_VECTOR2]!;
        if (id < 0) return false;
        const x = v as { x: number; y: number };
        w.u32(id);
        w.f32(x.x);
        w.f32(x.y);
        break;
      }
      case "vector3": {
        const id = ids[FAST_VECTOR3]!;
        if (id < 0) return false;
        const x = v as { x: number; y: number; z: number };
        w.u32(id);
        w.f32(x.x);
        w.f32(x.y);
        w.f32(x.z);
        break;
      }
      case "color": {
        const id = ids[FAST_COLOR]!;
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
    const depth = ++this.depth;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      this.encodeValue(value);
    } catch (e) {
      this.depth = depth - 1;
      if (EncodeError.is(e)) this.unwinding.add(e, segmentOf(what, index, ref));
      throw e;
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
    const depth = ++this.depth;
    let i = 0;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      for (; i < n; i++) this.encodeValue(items[i]);
    } catch (e) {
      this.depth = depth - 1;
      if (EncodeError.is(e)) this.unwinding.add(e, i);
      throw e;
    }
    this.depth = depth - 1;
  }

  /**
   * A dictionary key: the mirror of the decoder's decodeKeyIn. Dictionaries of one shape
   * (records) repeat their keys; a String key equal to the one last written in the same slot
   * (entry index and count) copies the bytes written then (header, length, UTF-8, padding) instead
   * of encoding the string again. Anything else is written as any value.
   */
  private encodeKeyIn(k: Value, slot: number): void {
    const s = typeof k === "object" && k !== null && k.kind === "string" ? k.value : undefined;
    if (typeof s !== "string") {
      this.encodeValue(k);
      return;
    }
    const strings = this.keyStrings!;
    const spans = this.keySpans!;
    const w = this.writer;
    if (strings[slot] === s) {
      w.repeat(spans[slot * 2]!, spans[slot * 2 + 1]!);
      return;
    }
    // What encodeInline writes for a String (the tables exist only where the core String codec
    // writes strings inline), written here from the `value` read once: the bytes kept for the
    // slot are those of `s` even if reading `value` again would give another string.
    const start = w.pos;
    w.u32(this.inlineIds[FAST_STRING]!);
    w.string(s);
    strings[slot] = s;
    spans[slot * 2] = start;
    spans[slot * 2 + 1] = w.pos - start;
  }

  encodeEntries(entries: readonly DictionaryEntry[]): void {
    const n = entries.length;
    if (n === 0) return;
    const depth = ++this.depth;
    let i = 0;
    let key: Value | undefined;
    try {
      if (depth > this.maxDepth) {
        throw this.tooDeep();
      }
      if (this.keyStrings === undefined && this.inlineIds[FAST_STRING]! >= 0 && ++this.dictionaries > 1) {
        this.keyStrings = new Array(256);
        this.keySpans = new Int32Array(512);
      }
      for (; i < n; i++) {
        const e = entries[i];
        key = undefined;
        if (!Array.isArray(e))
          throw this.error("invalid-value", "a dictionary entry is not a [key, value] pair");
        const k = e[0];
        if (i < 16 && this.keyStrings !== undefined) this.encodeKeyIn(k, ((n & 15) << 4) | i);
        else this.encodeValue(k);
        key = k;
        this.encodeValue(e[1]);
      }
    } catch (e) {
      this.depth = depth - 1;
      if (EncodeError.is(e)) this.unwinding.add(e, key === undefined ? { keyAt: i } : { key });
      throw e;
    }
    this.depth = depth - 1;
  }
}

/** A Value as is, or a plain JS value through {@link fromJS}. */
function asValue(input: unknown): Value {
  if (typeof input === "object" && input !== null && isKind((input as { kind?: unknown }).kind)) {
    return input as Value;
  }
  return fromJS(input);
}

// Runs the encoder and turns anything thrown into an EncodeError with the dialect and path.
function runEncoder(encoder: Encoder, dialect: Dialect, value: unknown): void {
  try {
    encoder.encodeValue(value);
  } catch (e) {
    if (EncodeError.is(e)) {
      encoder.unwinding.apply(e);
      throw e.withDialect(dialect.id);
    }
    if (GdVariantError.is(e)) throw e;
    const stack = e instanceof RangeError && /call stack/i.test(e.message);
    throw new EncodeError(stack ? "nesting too deep for the JS stack" : `cannot encode: ${String(e)}`, {
      code: stack ? "depth-exceeded" : "invalid-value",
      dialect: dialect.id,
      cause: e,
    });
  }
}

/**
 * Encodes a value with `dialect`. Plain JS values are accepted and converted by {@link fromJS}.
 * @throws {EncodeError} when the dialect cannot write the value; nothing else.
 */
export function encodeWith(dialect: Dialect, value: unknown, options: EncodeOptions = {}): Uint8Array {
  // A packed array's bytes are mostly one bulk copy: a fresh writer grows once to the exact
  // size and its buffer is the result. Anything else is written into the reused scratch buffer
  // and copied out at its exact size, instead of a new buffer at every doubling (one
  // allocation per call instead of up to log2(size / 256)).
  const kind = typeof value === "object" && value !== null ? (value as { kind?: unknown }).kind : undefined;
  if (scratchBusy || (typeof kind === "string" && kind.startsWith("packed"))) {
    const encoder = new Encoder(dialect, options);
    runEncoder(encoder, dialect, value);
    return encoder.writer.finish();
  }
  scratchBusy = true;
  const writer = ByteWriter.reusing(scratch);
  try {
    runEncoder(new Encoder(dialect, options, writer), dialect, value);
    return writer.copyOut();
  } finally {
    const buf = writer.buffer;
    if (buf.length <= SCRATCH_KEEP) scratch = buf;
    scratchBusy = false;
  }
}

// The scratch buffer of encodeWith: kept between calls up to SCRATCH_KEEP bytes. `scratchBusy`
// guards against a nested call (a getter of a plain JS value that encodes): that one gets a
// writer of its own.
const SCRATCH_KEEP = 4 << 20;
let scratch: Uint8Array = new Uint8Array(0);
let scratchBusy = false;

/**
 * Encodes a value with `dialect` into the caller's buffer `target`, from `offset` (default 0),
 * and returns the number of bytes written: the same bytes as {@link encodeWith}, without
 * allocating the output. Reuse one buffer for many values, or write straight into a packet.
 * @throws {EncodeError} `target-too-small` when the value does not fit from `offset` (the bytes
 *   from `offset` on may have been written to), or as {@link encodeWith}.
 * @throws {RangeError} when `offset` is not an integer within `target`.
 */
export function encodeIntoWith(
  dialect: Dialect,
  value: unknown,
  target: Uint8Array,
  offset = 0,
  options: EncodeOptions = {},
): number {
  if (!(target instanceof Uint8Array)) throw new TypeError("target is not a Uint8Array");
  if (!Number.isInteger(offset) || offset < 0 || offset > target.length) {
    throw new RangeError(`offset ${offset} is outside the target (${target.length} bytes)`);
  }
  const room = target.length - offset;
  // subarray makes a new view (a species lookup and an allocation): not for the usual offset 0.
  const encoder = new Encoder(
    dialect,
    options,
    ByteWriter.into(offset === 0 ? target : target.subarray(offset)),
  );
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

import { ByteWriter, TargetTooSmall } from "../bytes/writer.js";
import { Tag } from "../codecs/inline.js";
import { NIL } from "../codecs/scalars.js";
import { EncodeError, type EncodeErrorCode, GdVariantError } from "../errors.js";
import { toInt64 } from "../value/construct.js";
import { DEFAULT_MAX_VALUES, Expansion } from "../value/expansion.js";
import { isInt64Number } from "../value/int64.js";
import type { DictionaryEntry, Kind, Value } from "../value/types.js";
import { isKind } from "../value/types.js";
import { rangeErrorCode } from "../value/walk.js";
import { type Compiled, compile } from "./compiled.js";
import type { Codec, Dialect, EncodeContext } from "./contract.js";
import {
  checkOptions,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type EncodeOptions,
  LIMIT_NAMES,
} from "./options.js";
import {
  SEGMENT_INDEX,
  SEGMENT_KEY,
  SEGMENT_KEY_AT,
  SEGMENT_PROPERTY,
  type SegmentKind,
  segmentOf,
  Unwinding,
} from "./unwinding.js";

class Encoder implements EncodeContext {
  // The fields are `declare`d, made by the constructor alone, as the Decoder's: a class field
  // without a value is first defined as undefined, after which V8 knows neither a number field's
  // representation nor an object field's map, and checks both at every load.
  declare readonly writer: ByteWriter;
  declare readonly dialect: Dialect;
  depth = 0;
  declare private readonly maxDepth: number;
  declare private readonly maxCollectionLength: number;
  // Made by the first failure: a call that succeeds does not allocate it.
  declare unwound: Unwinding | undefined;
  get unwinding(): Unwinding {
    if (this.unwound === undefined) this.unwound = new Unwinding();
    return this.unwound;
  }
  declare private readonly compiled: Compiled;
  // Per inline tag, the wire id written inline, or -1 (codecs/inline.ts).
  declare private readonly inlineIds: Int32Array;
  // Dictionary keys last written, by slot (writeKeyIn): the key's string, and where its bytes
  // start in the output and how many they are (made by keyTables).
  dictionaries = 0;
  declare private readonly maxValues: number;
  // The values visited, each as often as it appears (value/expansion.ts), counted per container:
  // a value that holds a subtree in many places expands without end (41 arrays, each holding the
  // one below twice, are 2^40 values). Made for the value by start.
  declare expansion: Expansion | undefined;
  // An empty slot holds "" with a count of 0 in keySpans: an array of strings only, whose
  // comparison V8 compiles for strings (with undefined in it, a call of the generic StrictEqual).
  declare private keyStrings: string[] | undefined;
  declare private keySpans: Int32Array | undefined;
  // A kept encoder's (keptEncoder) key bytes, KEY_WORDS words per slot: its keys are kept across
  // values, so their bytes cannot be the output's. Set by keptEncoder, after the constructor: it
  // is what makes an encoder a kept one (not a constructor parameter: the constructor's bytecode
  // is what V8 weighs when it inlines `new Encoder` into encodeWith, a tenth of a small encode).
  declare keyStore: Int32Array | undefined;
  // A kept encoder's keys by their string (writeKeyIn), for the keys its slots do not hold:
  // messages of many shapes. Each maps to where its words are in keyStore, after the slots.
  declare keyBank: Map<string, number> | undefined;

  constructor(dialect: Dialect, options: EncodeOptions, writer: ByteWriter) {
    this.writer = writer;
    this.dialect = dialect;
    this.compiled = compile(dialect);
    this.inlineIds = this.compiled.encodeIds;
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.maxCollectionLength = options.maxCollectionLength ?? DEFAULT_MAX_COLLECTION_LENGTH;
    this.maxValues = options.maxValues ?? DEFAULT_MAX_VALUES;
    this.unwound = undefined;
    this.expansion = undefined;
    this.keyStrings = undefined;
    this.keySpans = undefined;
    this.keyStore = undefined;
    this.keyBank = undefined;
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
    if (this.keyStore !== undefined && this.expansion !== undefined) this.expansion.restart(value);
    else this.expansion = new Expansion(value, "encode", this.maxValues, true);
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
    // `typeof x === "..."` tests, not a switch on typeof: V8 compiles each to a type check,
    // where a switch calls its Typeof builtin and compares strings (1% of a small encode).
    if (typeof input === "object") {
      if (input !== null) {
        const kind = (input as { kind?: unknown }).kind;
        if (typeof kind === "string") {
          if (this.encodeInline(input as Value, kind)) return;
          // A Value whose kind the dialect writes is taken as it is: the codec lookup also
          // proves the kind.
          const codec = this.codecFor(kind);
          if (codec !== undefined) {
            this.encodeWithCodec(codec, input as Value);
            return;
          }
          if (isKind(kind)) throw this.cannotWrite(kind);
        }
        // A plain object, the common case, is told apart here, where the load of `kind` above
        // has given V8 the object's maps: Object.getPrototypeOf is then a constant, where in
        // encodePlainObject it was a call into the runtime (250 of the 6,700 instructions of a
        // codec's small message, which has two objects). Arrays and typed arrays are not.
        if (!Array.isArray(input) && !ArrayBuffer.isView(input)) {
          const proto = Object.getPrototypeOf(input);
          if (proto === Object.prototype || proto === null) {
            this.encodeRecord(input as Record<string, unknown>);
            return;
          }
        }
        this.encodePlainObject(input);
        return;
      }
    } else if (typeof input === "number") {
      this.encodeNumber(input);
      return;
    } else if (typeof input === "string") {
      if (!this.inlineString(Tag.STRING, input)) this.encodeOther(input);
      return;
    } else if (typeof input === "boolean") {
      if (!this.inlineBool(input)) this.encodeOther(input);
      return;
    } else if (typeof input !== "undefined") {
      this.encodeOther(input);
      return;
    }
    if (!this.inlineNil()) this.encodeModel(NIL);
  }

  // fromJS's inference: a whole number within int64 is an int, any other number a float (a
  // fraction is one without isInt64Number's range tests). A method of its own: in a container's
  // loop one call per number, with the writes inlined here, where inlined there they left the
  // writer's methods as calls once V8's inlining budget was spent.
  private encodeNumber(x: number): void {
    if ((x | 0) === x ? !this.inlineInt(x) : Number.isInteger(x) || !this.inlineFloat(x)) this.encodeOther(x);
  }

  // What encodeValue does not write inline: a number past int32, a string or boolean where the
  // dialect's codec is its own, a bigint (as fromJS makes them), or what no Variant is made of.
  // Kept out of encodeValue, which V8 inlines only while its bytecode is under 460 bytes (and
  // whose size moves what else V8 inlines around it).
  private encodeOther(input: unknown): void {
    const t = typeof input;
    if (t === "number") {
      const x = input as number;
      if (Number.isInteger(x) && isInt64Number(x)) this.encodeModel({ kind: "int", value: toInt64(x) });
      else if (!this.inlineFloat(x)) this.encodeModel({ kind: "float", value: x });
    } else if (t === "string") this.encodeModel({ kind: "string", value: input as string });
    else if (t === "boolean") this.encodeModel({ kind: "bool", value: input as boolean });
    else if (t === "bigint") this.encodeModel({ kind: "int", value: toInt64(input as bigint) });
    else throw this.error("invalid-value", `cannot infer a Variant from a ${t}`);
  }

  // The scalars written inline, for model values (encodeInline) and plain JS values
  // (encodeValue) alike: each writes the codec's bytes and returns true, or false when the
  // dialect's codec for the kind is not written inline or the value is not of the JS type the
  // inline write takes.
  private inlineInt(x: unknown): boolean {
    const id = this.inlineIds[Tag.INT]!;
    // A whole number within int32; anything else (a fraction, a bigint, a string) is the codec's.
    if (id < 0 || typeof x !== "number" || (x | 0) !== x) return false;
    this.writer.wordPair(id, x);
    return true;
  }

  private inlineFloat(x: unknown): boolean {
    const id = this.inlineIds[Tag.FLOAT]!;
    if (id < 0 || typeof x !== "number") return false;
    this.writer.taggedFloat(id, x);
    return true;
  }

  private inlineString(tag: number, x: unknown): boolean {
    const id = this.inlineIds[tag]!;
    if (id < 0 || typeof x !== "string") return false;
    this.writer.taggedString(id, x);
    return true;
  }

  private inlineBool(x: unknown): boolean {
    const id = this.inlineIds[Tag.BOOL]!;
    if (id < 0 || typeof x !== "boolean") return false;
    this.writer.wordPair(id, x ? 1 : 0);
    return true;
  }

  private inlineNil(): boolean {
    const id = this.inlineIds[Tag.NIL]!;
    if (id < 0) return false;
    this.writer.u32(id);
    return true;
  }

  // The dialect's codec for `kind`; an array's and a dictionary's from compile(): codecForKind
  // is a Map lookup, about 100 instructions per container written.
  private codecFor(kind: string): Codec | undefined {
    const c = this.compiled;
    if (kind === "dictionary") return c.dictionaryCodec;
    if (kind === "array") return c.arrayCodec;
    return this.dialect.codecForKind(kind as Kind);
  }

  // A model value made here for a plain JS value: written by the dialect's codec for its kind.
  private encodeModel(value: Value): void {
    const codec = this.codecFor(value.kind);
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

  // Arrays, typed arrays and Maps (fromJS's rules; plain objects are encodeValue's); anything
  // else is refused.
  private encodePlainObject(input: object): void {
    const c = this.compiled;
    const w = this.writer;
    if (Array.isArray(input)) {
      if (c.arrayId < 0) {
        this.encodeModel({ kind: "array", items: input });
        return;
      }
      this.checkCount(input.length);
      w.wordPair(c.arrayId, input.length);
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
      w.wordPair(c.dictionaryId, input.size);
      this.encodeMap(input);
      return;
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

  // A plain object as a dictionary: its own enumerable keys (String keys) and their values.
  private encodeRecord(obj: Record<string, unknown>): void {
    const c = this.compiled;
    if (c.dictionaryId < 0) {
      this.encodeModel(fromJSValue(obj));
      return;
    }
    const keys = Object.keys(obj);
    const n = keys.length;
    if (n > this.maxCollectionLength) this.checkCount(n);
    this.writer.wordPair(c.dictionaryId, n);
    if (n === 0) return;
    this.expansion!.spend(2 * n, obj);
    const depth = ++this.depth;
    let i = 0;
    let key: string | undefined;
    try {
      if (depth > this.maxDepth) throw this.tooDeep();
      if (this.keyStrings === undefined) this.keyTables();
      // The values read through for-in while its keys are Object.keys' (the same order): V8
      // reads `obj[k]` there by the enum cache's field index, where a load by a key string is
      // a megamorphic lookup (a tenth of encoding a small message). A key for-in skips (deleted
      // by a getter) or an inherited one ends it; the loop below goes on from Object.keys.
      // Not for many keys: V8 keeps such an object as a hash table (no enum cache), so for-in
      // would collect and sort its keys a second time for loads that are lookups anyway.
      if (n <= 128)
        for (const k in obj) {
          if (i >= n || k !== keys[i]) break;
          key = undefined;
          if (i < 16 && this.keyStrings !== undefined) this.writeKeyIn(k, ((n & 15) << 4) | i);
          else this.encodeValue(k);
          key = k;
          this.encodeValue(obj[k]);
          i++;
        }
      // As encodeElements, room for the rest after the first eighth (where for-in took none).
      const at = this.writer.pos;
      for (; i < n; i++) {
        if (i === n >> 3) this.writer.room(at);
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
        return this.inlineString(Tag.STRING, (v as { value: unknown }).value);
      case "stringName":
        return this.inlineString(Tag.STRING_NAME, (v as { value: unknown }).value);
      case "bool":
        return this.inlineBool((v as { value: unknown }).value);
      case "nil":
        return this.inlineNil();
      case "vector2": {
        const id = ids[Tag.VECTOR2]!;
        if (id < 0) return false;
        const x = v as { x: number; y: number };
        w.taggedFloats(id, 2, x.x, x.y, 0, 0);
        break;
      }
      case "vector3": {
        const id = ids[Tag.VECTOR3]!;
        if (id < 0) return false;
        const x = v as { x: number; y: number; z: number };
        w.taggedFloats(id, 3, x.x, x.y, x.z, 0);
        break;
      }
      case "color": {
        const id = ids[Tag.COLOR]!;
        if (id < 0) return false;
        const x = v as { r: number; g: number; b: number; a: number };
        w.taggedFloats(id, 4, x.r, x.g, x.b, x.a);
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
      // After the first eighth of the elements, room for the rest at the same bytes per element
      // (ByteWriter.room): a large output grows once to about its size, instead of doubling
      // its way there (each grow zeroes a new buffer and copies the old).
      const at = this.writer.pos;
      for (; i < n; i++) {
        if (i === n >> 3) this.writer.room(at);
        this.encodeValue(items[i]);
      }
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
    if (
      this.keyStrings === undefined &&
      this.inlineIds[Tag.STRING]! >= 0 &&
      (++this.dictionaries > 7 || this.keyStore !== undefined)
    ) {
      this.keyStrings = new Array<string>(256).fill("");
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
    const store = this.keyStore;
    const n = spans[slot * 2 + 1]!;
    if (strings[slot] === s && n !== 0) {
      if (store === undefined) w.repeat(spans[slot * 2]!, n);
      else w.words(store, slot * KEY_WORDS, n);
    } else this.writeNewKey(s, slot);
  }

  // writeKeyIn's key that is not the slot's (apart, so that the hit above stays small enough
  // for V8 to inline).
  private writeNewKey(s: string, slot: number): void {
    const strings = this.keyStrings!;
    const spans = this.keySpans!;
    const w = this.writer;
    const store = this.keyStore;
    const bank = this.keyBank;
    if (bank !== undefined) {
      // A key written before in another slot: its words are kept after the slots', the first
      // being how many follow.
      const at = bank.get(s);
      if (at !== undefined) {
        w.words(store!, at + 1, store![at]!);
        return;
      }
    }
    const start = w.pos;
    w.u32(this.inlineIds[Tag.STRING]!);
    w.string(s);
    const n = w.pos - start;
    if (store !== undefined) {
      // Kept across values: only keys of up to 16 bytes, their words copied out of the output.
      if (n > KEY_WORDS * 4) {
        strings[slot] = "";
        spans[slot * 2 + 1] = 0;
        return;
      }
      const words = n >> 2;
      for (let i = 0; i < words; i++) store[slot * KEY_WORDS + i] = w.wordAt(start + i * 4);
      strings[slot] = s;
      spans[slot * 2 + 1] = words;
      // And in the bank, which starts again empty when it is full.
      if (bank!.size === BANK_KEYS) bank!.clear();
      const at = 256 * KEY_WORDS + bank!.size * (KEY_WORDS + 1);
      store[at] = words;
      for (let i = 0; i < words; i++) store[at + 1 + i] = store[slot * KEY_WORDS + i]!;
      bank!.set(s, at);
      return;
    }
    strings[slot] = s;
    spans[slot * 2] = start;
    spans[slot * 2 + 1] = n;
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
      const at = this.writer.pos;
      for (; i < n; i++) {
        if (i === n >> 3) this.writer.room(at);
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

// The most words of a key a kept encoder keeps: header, length and 16 bytes of UTF-8.
const KEY_WORDS = 6;
// The most keys a kept encoder's bank holds (writeKeyIn) besides its 256 slots.
const BANK_KEYS = 512;

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
export function encodeOptions<O extends EncodeOptions>(options: O | null | undefined, dialect: Dialect): O {
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
  // The writer made here, not by the constructor's default: V8 weighs the constructor with all
  // it inlines when it decides whether to inline `new Encoder` here.
  const encoder = new Encoder(dialect, encodeOptions(options, dialect), new ByteWriter(256));
  runEncoder(encoder, dialect, value);
  // The bytes written, as a view of the writer's buffer when at least half of it is used (a
  // packed array's writer grows once to its exact size), else copied out at their exact size.
  // A second buffer and copy per call was a third of encoding a small message, where a buffer
  // of more than 64 bytes is an allocation outside the JS heap (bench/README.md).
  return encoder.writer.takeFrom(0);
}

/**
 * An encoder a caller keeps for many values (a codec object's, `codec.ts`): `run` writes one
 * value with `writer`, which the caller {@link ByteWriter.restart}s before each; `into` writes
 * one into the caller's target as {@link encodeIntoWith} (it restarts the writer itself);
 * `options` are checked once ({@link encodeOptions}). The bytes and any error of a run are those
 * of {@link encodeWith} and {@link encodeIntoWith}. Not re-entrant: the caller runs one value at
 * a time.
 * @throws {EncodeError} from `run` as encodeWith, from `into` as encodeIntoWith.
 */
export function keptEncoder(
  dialect: Dialect,
  options: EncodeOptions,
  writer: ByteWriter,
): { run(value: unknown): void; into(value: unknown, target: Uint8Array, offset: number): number } {
  const encoder = new Encoder(dialect, options, writer);
  encoder.keyStore = new Int32Array(256 * KEY_WORDS + BANK_KEYS * (KEY_WORDS + 1));
  encoder.keyBank = new Map();
  const run = (value: unknown): void => {
    resetKept(encoder);
    try {
      runEncoder(encoder, dialect, value);
    } finally {
      // The value is not held until the next run.
      encoder.expansion?.restart(undefined);
    }
  };
  return {
    run,
    into(value, target, offset) {
      checkTarget(dialect, target, offset);
      const room = target.length - offset;
      try {
        writer.restart(target, offset, true);
      } catch (e) {
        throw cannotWrite(dialect, e);
      }
      try {
        run(value);
      } catch (e) {
        // The writer counts from the start of the target.
        throw intoError(e, dialect, room, offset, 0);
      }
      return writer.pos - offset;
    },
  };
}

// Forgets a kept encoder's last value (a failure may leave any state), keeping the key tables
// (each hit is a compare of the strings). A function, not a method: encode's bundle leaves it out.
function resetKept(encoder: Encoder): void {
  encoder.depth = 0;
  encoder.unwound = undefined;
  encoder.dictionaries = 0;
}

// encodeIntoWith's checks of its target and offset.
function checkTarget(dialect: Dialect, target: Uint8Array, offset: number): void {
  if (!(target instanceof Uint8Array)) {
    throw new EncodeError("target is not a Uint8Array", { code: "invalid-value", dialect: dialect.id });
  }
  if (!Number.isInteger(offset) || offset < 0 || offset > target.length) {
    throw new EncodeError(`offset ${offset} is outside the target (${target.length} bytes)`, {
      code: "out-of-range",
      dialect: dialect.id,
    });
  }
}

// A target that cannot be viewed (a detached buffer).
function cannotWrite(dialect: Dialect, e: unknown): EncodeError {
  return new EncodeError(`the target cannot be written: ${String(e)}`, {
    code: "invalid-value",
    dialect: dialect.id,
    cause: e,
  });
}

// What a failed encodeInto throws: `target-too-small` for a write past the target's end (the
// writer's TargetTooSmall counts from `base` in the target), else the failure as it is.
function intoError(e: unknown, dialect: Dialect, room: number, offset: number, base: number): unknown {
  const full = e instanceof TargetTooSmall ? e : GdVariantError.is(e) ? e.cause : undefined;
  if (full instanceof TargetTooSmall) {
    return new EncodeError(
      `the value needs more than the ${room} bytes the target has from offset ${offset} (a write reached byte ${base + full.needed})`,
      { code: "target-too-small", dialect: dialect.id },
    );
  }
  return e;
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
  checkTarget(dialect, target, offset);
  const room = target.length - offset;
  // subarray makes a new view (a species lookup and an allocation): not for the usual offset 0.
  let encoder: Encoder;
  try {
    encoder = new Encoder(dialect, o, ByteWriter.into(offset === 0 ? target : target.subarray(offset)));
  } catch (e) {
    throw cannotWrite(dialect, e);
  }
  try {
    runEncoder(encoder, dialect, value);
  } catch (e) {
    // The writer counts from `offset`.
    throw intoError(e, dialect, room, offset, offset);
  }
  return encoder.writer.pos;
}

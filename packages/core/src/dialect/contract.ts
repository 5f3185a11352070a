import type { ByteReader } from "../bytes/reader.js";
import type { ByteWriter } from "../bytes/writer.js";
import type { DecodeError, DecodeErrorCode, EncodeError, EncodeErrorCode } from "../errors.js";
import type { ContainerType, DictionaryEntry, Kind, Value } from "../value/types.js";
import type { Layout } from "./layout.js";

/**
 * What a codec sees while decoding. The engine implements it; codecs only call it.
 * Nested values go through the `decode*` methods, which handle depth, limits, paths and spans.
 */
export interface DecodeContext {
  readonly reader: ByteReader;
  readonly dialect: Dialect;
  /** Full objects may be decoded (`allowObjects`). */
  readonly allowObjects: boolean;
  /** Packed arrays are copied instead of viewing the input. */
  readonly copy: boolean;
  /** Depth of the value being decoded (top level = 0). */
  readonly depth: number;
  /** Array element `index`. */
  decodeElement(index: number): Value;
  /** Key of dictionary entry `index`. */
  decodeKey(index: number): Value;
  /** Value stored under `key`. */
  decodeEntryValue(key: Value): Value;
  /** Value of full-object property `name`. */
  decodeProperty(name: string): Value;
  /** `count` array elements in a row: the same as `decodeElement(0..count-1)`, faster. */
  decodeElements(count: number): Value[];
  /** `count` dictionary entries in a row: the same as `decodeKey(i)` then `decodeEntryValue`. */
  decodeEntries(count: number): DictionaryEntry[];
  /**
   * The payload of an ARRAY or DICTIONARY laid out as core's container codecs describe it
   * (`inline`: their layout and options), read by the reader itself: what those codecs' `decode`
   * does, so that containers are read in one place.
   */
  decodeContainer(inline: Inline, header: number, start: number): Value;
  /**
   * Checks a container count: the bytes left must hold `count * minElementBytes`, and the count
   * must be within `maxCollectionLength`. Throws before anything is allocated.
   */
  checkCount(count: number, minElementBytes: number, at: number): void;
  /** A DecodeError at `offset` (default: the reader's position). */
  error(code: DecodeErrorCode, message: string, offset?: number): DecodeError;
}

/** What a codec sees while encoding. */
export interface EncodeContext {
  readonly writer: ByteWriter;
  readonly dialect: Dialect;
  readonly depth: number;
  encodeElement(value: Value, index: number): void;
  encodeKey(key: Value, index: number): void;
  encodeEntryValue(value: Value, key: Value): void;
  encodeProperty(value: Value, name: string): void;
  /** All array elements in a row: the same as `encodeElement(items[i], i)` for each, faster. */
  encodeElements(items: readonly Value[]): void;
  /** All dictionary entries in a row: the same as `encodeKey` then `encodeEntryValue` for each. */
  encodeEntries(entries: readonly DictionaryEntry[]): void;
  /**
   * Checks a collection's count against `maxCollectionLength` (the decoder's limit, so that what
   * is written reads back) before anything of it is written.
   * @throws {EncodeError} `limit-exceeded`.
   */
  checkCount(count: number): void;
  error(code: EncodeErrorCode, message: string): EncodeError;
}

/**
 * Reads and writes one wire type. A codec knows its wire id, the kind it produces, which
 * header flag bits it defines, and how to read and write its payload (the header word is read
 * and written by the engine).
 */
export interface Codec<V extends Value = Value> {
  /** Wire type id (header bits 0-7). */
  readonly wireId: number;
  /** Value kind produced by decode and accepted by encode. */
  readonly kind: V["kind"];
  /** The engine's name for the type (`"PACKED_BYTE_ARRAY"`). */
  readonly name: string;
  /** Header bits 16-31 this codec gives a meaning to (auto-detect scores others as suspicious). */
  readonly flagMask: number;
  /** Reads the payload after the header word. */
  decode(ctx: DecodeContext, header: number, start: number): V;
  /** The header word for `value` (type id and flags). */
  header(value: V, ctx: EncodeContext): number;
  /** Writes the payload after the header word. */
  encode(ctx: EncodeContext, value: V, header: number): void;
  /**
   * How the engine reads (and may write) this codec's payload itself instead of calling
   * `decode`/`encode`: set by core's codec factories (`codecs/inline.ts`). The reader and writer
   * compiled for a dialect take it from here; a codec without it always goes through its methods.
   * Spreading a codec (`{ ...codec, header }`) keeps it.
   */
  readonly inline?: Inline | undefined;
  /**
   * The payload's layout as data (`dialect/layout.ts`): where consumers that need to know what
   * each byte is (facts, annotated hex views) find it, never by parsing the bytes themselves. A
   * codec without one reports its header only.
   */
  readonly layout?: Layout | undefined;
}

/**
 * What the compiled reader and writer need to handle a core codec themselves: the tag of its
 * layout (`codecs/inline.ts`), whether the writer may write it too (only the factory options
 * whose bytes the writer's own code repeats), and the container options.
 */
export interface Inline {
  readonly tag: number;
  readonly encode: boolean;
  /** ARRAY/DICTIONARY: the typed-container reader, if the dialect has typed containers. */
  readonly typed?: TypedContainersReader | undefined;
  /** ARRAY/DICTIONARY: bit 31 of the count word is kept as `shared` (2.x). */
  readonly shared?: boolean;
  /**
   * The methods this describes (set by `defineCodec`). The reader uses the tag only while the
   * codec's `decode` is this one, the writer only while `header` and `encode` are these: a codec
   * spread with a `decode` (or `header`, `encode`) of its own goes through its methods.
   */
  readonly of?: {
    readonly decode: Codec<any>["decode"];
    readonly header: Codec<any>["header"];
    readonly encode: Codec<any>["encode"];
  };
}

/** Reads a typed container's element, key or value type after the header (4.3+/4.4+). */
export interface TypedContainersReader {
  read(ctx: DecodeContext, code: number, at: number): ContainerType;
}

/**
 * A dialect: data plus small codecs. Version of this contract: `"v1"`; a dialect written for v1
 * keeps working with later cores that still accept v1.
 */
export interface Dialect {
  readonly specificationVersion: "v1";
  /** `"godot-4"`, `"godot-3"`, `"legacy-2"`. */
  readonly id: string;
  /** Human name, e.g. `"Godot 4.x"`. */
  readonly name: string;
  /** Engine versions this dialect instance reads and writes, e.g. `"4.4-4.6"`. */
  readonly engineVersions: string;
  /** Bits of the header word that hold the type id (0xFF in 3.x/4.x). */
  readonly typeMask: number;
  /** Number of wire type ids (the engine's VARIANT_MAX); ids at or above it are unknown. */
  readonly typeCount: number;
  /** Codecs indexed by wire id. */
  readonly codecs: readonly (Codec | undefined)[];
  /**
   * Header bits beyond the type id that no codec defines are refused with `bad-flags` (2.x
   * engines treat any of them as invalid data). Otherwise they are ignored, as 3.x/4.x do.
   * Default false.
   */
  readonly strictFlags?: boolean;
  /** The codec that writes a kind, if the dialect can write it. */
  codecForKind(kind: Kind): Codec | undefined;
  /** Wire id for a builtin container element type (typed containers), if any. */
  wireIdOfKind(kind: Kind): number | undefined;
}

/** A codec with a concrete value type, as stored in a dialect table. */
export type AnyCodec = Codec<any>;

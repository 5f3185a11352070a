import { FLAG_64 } from "../codecs/define.js";
import { INLINE_KINDS, Tag } from "../codecs/inline.js";
import type { Kind } from "../value/types.js";
import type { Codec, Dialect } from "./contract.js";

/**
 * What the reader and writer derive from a dialect once (cached per dialect object): per wire
 * id, the inline tag (`codecs/inline.ts`) and whether a dictionary key of that type is "plain"
 * for the JS builder; per inline tag, the wire id the writer writes that kind with inline.
 */
export interface Compiled {
  /**
   * The dialect's codecs by wire id (`Dialect.codecs`) in an array that is not frozen: optimized
   * code reads a frozen array's elements through a call (KeyedLoadIC), once per container read.
   */
  readonly codecs: readonly (Codec | undefined)[];
  readonly tags: Uint8Array;
  readonly plainKey: Uint8Array;
  readonly encodeIds: Int32Array;
  /** Header bits a value must not have (strict dialects), or 0. */
  readonly flagCheck: number;
  /** The wire id of the String codec when the reader reads it inline (readKeyIn), or -1. */
  readonly stringId: number;
  /**
   * The header words of an int the reader reads inline (readElements), 32-bit and 64-bit, or -1
   * (no inline int codec; a 64-bit header the dialect refuses or whose flag is in its type mask).
   */
  readonly int32Header: number;
  readonly int64Header: number;
  /** The header words of a 32-bit float and of a bool the reader reads inline (readEntries), or -1. */
  readonly float32Header: number;
  readonly boolHeader: number;
  /** Wire ids of ARRAY and DICTIONARY when their codecs are core's (plain JS containers), or -1. */
  readonly arrayId: number;
  readonly dictionaryId: number;
  /** The dialect's codecs for `array` and `dictionary` (the writer's, for each container it writes). */
  readonly arrayCodec: Codec | undefined;
  readonly dictionaryCodec: Codec | undefined;
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

export function compile(dialect: Dialect): Compiled {
  let c = compiledCache.get(dialect);
  if (c !== undefined) return c;
  const codecs = dialect.codecs;
  const tags = new Uint8Array(Math.max(256, codecs.length));
  const plainKey = new Uint8Array(Math.max(256, codecs.length));
  for (let i = 0; i < codecs.length; i++) {
    const codec = codecs[i];
    if (codec === undefined) continue;
    tags[i] = readsInline(codec) ? codec.inline!.tag : Tag.NONE;
    plainKey[i] = codec.kind === "string" || codec.kind === "stringName" || codec.kind === "int" ? 1 : 0;
  }
  const encodeIds = new Int32Array(INLINE_KINDS.length).fill(-1);
  for (let tag = 1; tag < INLINE_KINDS.length; tag++) {
    const codec = dialect.codecForKind(INLINE_KINDS[tag] as Kind);
    if (codec?.inline?.tag === tag && codec.inline.encode && writesInline(codec))
      encodeIds[tag] = codec.wireId;
  }
  const intId = tags.indexOf(Tag.INT);
  const flagCheck = dialect.strictFlags === true ? ~dialect.typeMask : 0;
  const int64 =
    intId >= 0 &&
    (dialect.typeMask & FLAG_64) === 0 &&
    (flagCheck & FLAG_64 & ~codecs[intId]!.flagMask) === 0;
  const array = dialect.codecForKind("array");
  const dictionary = dialect.codecForKind("dictionary");
  c = {
    codecs: codecs.slice(),
    tags,
    plainKey,
    encodeIds,
    flagCheck,
    stringId: tags.indexOf(Tag.STRING),
    int32Header: intId,
    int64Header: int64 ? (intId | FLAG_64) >>> 0 : -1,
    float32Header: tags.indexOf(Tag.FLOAT),
    boolHeader: tags.indexOf(Tag.BOOL),
    arrayId: array?.inline?.tag === Tag.ARRAY && writesInline(array) ? array.wireId : -1,
    dictionaryId:
      dictionary?.inline?.tag === Tag.DICTIONARY && writesInline(dictionary) ? dictionary.wireId : -1,
    arrayCodec: array,
    dictionaryCodec: dictionary,
  };
  compiledCache.set(dialect, c);
  return c;
}

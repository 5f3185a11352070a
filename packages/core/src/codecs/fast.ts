import type { Codec, Dialect } from "../dialect/contract.js";
import type { Kind } from "../value/types.js";

/**
 * Core codecs whose payload the decoder reads inline, without the call through `codec.decode`
 * (an indirect call per value that V8 cannot inline, with the payload read through the
 * reader's checked methods). The factories below register their codecs here; any other codec,
 * a dialect's own included, keeps the generic path. Each tag's inline read in
 * `dialect/engine.ts` is the same as its codec's `decode`: the tests decode every fixture both
 * ways (`test/fast-path.test.ts`).
 */
export const FAST_NONE = 0;
export const FAST_NIL = 1;
export const FAST_BOOL = 2;
export const FAST_INT = 3;
export const FAST_FLOAT = 4;
export const FAST_STRING = 5;
export const FAST_STRING_NAME = 6;
export const FAST_VECTOR2 = 7;
export const FAST_VECTOR3 = 8;
export const FAST_COLOR = 9;

const tags = new WeakMap<Codec, number>();
const encodeTags = new WeakMap<Codec, number>();

/**
 * Marks `codec` (made by a core factory) as read inline with `tag`, and as written inline too
 * when `encode` is true (only for the factory options whose writing the encoder's inline code
 * repeats: "auto" int and float widths, f32 vectors).
 */
export function registerFast<C extends Codec<any>>(codec: C, tag: number, encode = false): C {
  tags.set(codec, tag);
  if (encode) encodeTags.set(codec, tag);
  return codec;
}

/** The kind each tag reads and writes. */
const TAG_KINDS = [
  "",
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "stringName",
  "vector2",
  "vector3",
  "color",
] as const;

/** The tag that reads and writes `kind` inline, or FAST_NONE. */
export function fastTagOf(kind: Kind): number {
  const tag = (TAG_KINDS as readonly string[]).indexOf(kind);
  return tag > 0 ? tag : FAST_NONE;
}

/**
 * `make(key)`, made once per key and kept while the key lives. The last key asked for and its
 * result are kept at hand: most programs use one dialect, and a WeakMap lookup per call is a
 * measurable part of encoding or decoding a small packet.
 */
function cachedPer<K extends object, V>(make: (key: K) => V): (key: K) => V {
  const all = new WeakMap<K, V>();
  let lastKey: K | undefined;
  let last: V;
  return (key) => {
    if (key !== lastKey) {
      let v = all.get(key);
      if (v === undefined) {
        v = make(key);
        all.set(key, v);
      }
      lastKey = key;
      last = v;
    }
    return last;
  };
}

/**
 * Per tag, the wire id the dialect writes that kind with when its codec for the kind is written
 * inline, else -1. Cached per dialect.
 */
export const fastEncodeWireIds = cachedPer((dialect: Dialect): Int32Array => {
  const t = new Int32Array(TAG_KINDS.length).fill(-1);
  for (let tag = 1; tag < TAG_KINDS.length; tag++) {
    const c = dialect.codecForKind(TAG_KINDS[tag] as Kind);
    if (c !== undefined && encodeTags.get(c) === tag) t[tag] = c.wireId;
  }
  return t;
});

/** The fast tag of every wire id of a codec table (0 for the generic path), cached per table. */
export const fastTags = cachedPer((codecs: readonly (Codec | undefined)[]): Uint8Array => {
  const t = new Uint8Array(Math.max(256, codecs.length));
  for (let i = 0; i < codecs.length; i++) {
    const c = codecs[i];
    if (c !== undefined) t[i] = tags.get(c) ?? FAST_NONE;
  }
  return t;
});

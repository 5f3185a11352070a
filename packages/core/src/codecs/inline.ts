import type { Inline, TypedContainersReader } from "../dialect/contract.js";

/**
 * Layout tags of the codecs that the compiled reader and writer (`dialect/decoder.ts`, `dialect/encoder.ts`) handle
 * themselves. A core factory puts `{ tag, encode }` on its codec (`Codec.inline`, plain data);
 * the engine derives a per-dialect table from it once. Every other codec, a dialect's own
 * included, goes through its `decode`/`encode`. Each tag's read in the engine is the same as its
 * codec's `decode`: the tests decode every fixture both ways (`test/fast-path.test.ts`).
 */
export const INLINE_NONE = 0;
export const INLINE_NIL = 1;
export const INLINE_BOOL = 2;
export const INLINE_INT = 3;
export const INLINE_FLOAT = 4;
export const INLINE_STRING = 5;
export const INLINE_STRING_NAME = 6;
export const INLINE_VECTOR2 = 7;
export const INLINE_VECTOR3 = 8;
export const INLINE_COLOR = 9;
export const INLINE_ARRAY = 10;
export const INLINE_DICTIONARY = 11;

/** Tags 1-9, by the kind they read and write. */
export const INLINE_KINDS = [
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

/** The tag that reads `kind` inline (a leaf kind of tags 1-9), or INLINE_NONE. */
export function inlineTagOf(kind: string): number {
  const tag = (INLINE_KINDS as readonly string[]).indexOf(kind);
  return tag > 0 ? tag : INLINE_NONE;
}

/** The `inline` of a core codec. */
export function inline(
  tag: number,
  encode: boolean,
  typed?: TypedContainersReader,
  shared?: boolean,
): Inline {
  return { tag, encode, typed, shared: shared === true };
}

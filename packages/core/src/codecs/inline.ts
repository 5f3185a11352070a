import type { Inline, TypedContainersReader } from "../dialect/contract.js";

/**
 * Layout tags of the codecs that the compiled reader and writer (`dialect/decoder.ts`, `dialect/encoder.ts`) handle
 * themselves. A core factory puts `{ tag, encode }` on its codec (`Codec.inline`, plain data);
 * the engine derives a per-dialect table from it once. Every other codec, a dialect's own
 * included, goes through its `decode`/`encode`. Each tag's read in the engine is the same as its
 * codec's `decode`: the tests decode every fixture both ways (`test/fast-path.test.ts`).
 */
export enum Tag {
  NONE = 0,
  NIL = 1,
  BOOL = 2,
  INT = 3,
  FLOAT = 4,
  STRING = 5,
  STRING_NAME = 6,
  VECTOR2 = 7,
  VECTOR3 = 8,
  COLOR = 9,
  ARRAY = 10,
  DICTIONARY = 11,
}
// An enum because the bundler writes a member's value at each use: a constant imported from
// another module stays a module variable, which V8 loads and checks at each use (the reader's
// switch on the tag: bench/CHANGELOG.md, mix).

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

/** The tag that reads `kind` inline (a leaf kind of tags 1-9), or Tag.NONE. */
export function inlineTagOf(kind: string): number {
  const tag = (INLINE_KINDS as readonly string[]).indexOf(kind);
  return tag > 0 ? tag : Tag.NONE;
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

// The parser's tables and helpers: constructor arities, named float constants, the engine's
// dictionary key identity, and the interface the 2.x constructors see of the parser.
import type { Int64, Value } from "../value/types.js";
import type { ValueIds } from "../value/value-ids.js";
import type { TextParseError } from "./parse-error.js";
import type { Lexer, Token } from "./parse-lexer.js";
// Literals rather than 2n ** 63n, which bundlers cannot prove free of side effects.
export const I64_MIN = -9223372036854775808n;
export const I64_MAX = 9223372036854775807n;
export const SAFE = 9007199254740991n;

export const VECTOR_ARITY = {
  vector2: ["x", "y"],
  rect2: ["x", "y", "width", "height"],
  vector3: ["x", "y", "z"],
  vector4: ["x", "y", "z", "w"],
  plane: ["x", "y", "z", "d"],
  quaternion: ["x", "y", "z", "w"],
  aabb: ["x", "y", "z", "width", "height", "depth"],
  color: ["r", "g", "b", "a"],
  vector2i: ["x", "y"],
  rect2i: ["x", "y", "width", "height"],
  vector3i: ["x", "y", "z"],
  vector4i: ["x", "y", "z", "w"],
} as const;

export type VectorArityKind = keyof typeof VECTOR_ARITY;

export const MATRIX_ARITY = { transform2d: 6, basis: 9, transform3d: 12, projection: 16 } as const;

export const PACKED_STRIDE = {
  packedVector2Array: 2,
  packedVector3Array: 3,
  packedVector4Array: 4,
  packedColorArray: 4,
} as const;

// Constants the engine reads in value position and in numeric constructor arguments
// (`stor_fix`). `inf_neg` is how 4.x writes negative infinity inside constructors; `-nan` is
// how 2.x (glibc "%g") prints a NaN with its sign bit set.
export const FLOAT_CONSTANTS: Readonly<Record<string, number>> = {
  inf: 1 / 0,
  "-inf": -1 / 0,
  inf_neg: -1 / 0,
  nan: 0 / 0,
  "-nan": 0 / 0,
};

export interface Arg {
  readonly value: number;
  /** The exact integer when the token was an integer literal. */
  readonly int: bigint | undefined;
  readonly token: Token;
}

export function canonical(b: bigint): Int64 {
  return b >= -SAFE && b <= SAFE ? Number(b) : b;
}

// Dictionary keys the engine treats as one (Variant hash_compare): String equals StringName,
// 0.0 equals -0.0, NaN equals NaN. Other kinds compare by exact structure: their structural id,
// built once per value (a fingerprint that serialised the key made a chain of dictionaries, each
// the key of the next, cost depth times size).
export function keyFingerprint(k: Value, ids: ValueIds): string {
  switch (k.kind) {
    case "string":
    case "stringName":
      return `s${k.value}`;
    case "float":
      return Number.isNaN(k.value) ? "fNaN" : `f${k.value === 0 ? 0 : k.value}`;
    case "int":
      return `i${String(k.value)}`;
    case "bool":
      return k.value ? "t" : "f";
    case "nil":
      return "n";
    default:
      return `j${ids.id(k)}`;
  }
}

/** What the 2.x constructors (`parse-2x.ts`) use of the parser. */
export interface ParserHost {
  readonly lx: Lexer;
  fail(code: TextParseError["code"], message: string, at: Token | number): never;
  expect(type: Token["type"], what?: string): Token;
  numberArg(ctor: string): Arg;
  intArg(a: Arg, min: bigint, max: bigint, what: string): Int64;
}

/** A token in words, for error messages. */
export function describe(t: Token): string {
  switch (t.type) {
    case "eof":
      return "the end of the text";
    case "identifier":
      return `'${t.text}'`;
    case "number":
      return `the number ${t.text}`;
    case "string":
      return "a string";
    case "stringName":
      return "a StringName";
    case "nodePath":
      return "a NodePath";
    case "color":
      return `the color ${t.text}`;
    default:
      return `'${t.type}'`;
  }
}

import { type Dialect, FLAG_64, MATRIX_SIZES, VECTOR_FIELDS } from "@gdvariant/core";

/**
 * The engine generation a dialect follows: it decides the few layouts the codec table does not
 * describe (RID payload, OBJECT forms, whether unknown header bits are refused).
 */
export type Generation = 2 | 3 | 4;

/**
 * What the verifier does for one wire id. An enum, not an object of constants: esbuild writes
 * its members into the bundle as numbers, so the walk's switches compare literals (a property
 * of a module-level object is a load and a compare per case; bench/README.md, sixth round).
 */
export enum OP {
  NIL = 0,
  BOOL = 1,
  INT = 2,
  FLOAT = 3,
  STRING = 4,
  /** `n` reals (f32, or f64 with FLAG_64 when the codec defines it). */
  REALS = 5,
  /** `n` int32 words (Vector2i...). */
  INTS = 6,
  NODE_PATH = 7,
  RID = 8,
  OBJECT = 9,
  OBJECT_BARE = 10,
  CALLABLE = 11,
  SIGNAL = 12,
  DICTIONARY = 13,
  ARRAY = 14,
  BYTES = 15,
  /** Packed arrays of `n`-byte elements, no per-element checks beyond floats. */
  PACKED = 16,
  PACKED_STRING = 17,
  /** Packed vectors: `n` reals per element, f64 with FLAG_64 when the codec defines it. */
  PACKED_REALS = 18,
  IMAGE = 19,
  INPUT_EVENT = 20,
  /** A kind whose layout this package does not know: refused, the full decode stays the judge. */
  UNKNOWN = 21,
}
export type Op = OP;

/** Value shapes judged for plausibility (see verify.ts). An enum for the reason {@link OP} is. */
export enum SHAPE {
  NONE = 0,
  COLOR = 1,
  PLANE = 2,
  AABB = 3,
  XFORM2D = 4,
}

const SHAPES: Readonly<Record<string, number>> = {
  color: SHAPE.COLOR,
  plane: SHAPE.PLANE,
  aabb: SHAPE.AABB,
  transform2d: SHAPE.XFORM2D,
  matrix32: SHAPE.XFORM2D,
};

/** One wire id's entry. */
export interface OpEntry {
  readonly op: Op;
  /** Component count (REALS, INTS, PACKED_REALS) or element size in bytes (PACKED). */
  readonly n: number;
  /** The codec honours FLAG_64. */
  readonly wide: boolean;
  /** Header bits 16-31 the codec defines. */
  readonly flagMask: number;
  /** PACKED: elements are f32 (checked for plausibility). */
  readonly floats: boolean;
  /** A real-valued math type whose FLAG_64 marks a double-precision build (4.x). */
  readonly math: boolean;
  /** Typed container header bits. */
  readonly typed: boolean;
  /** A {@link SHAPE} to judge, or 0. */
  readonly shape: number;
  readonly kind: string;
  readonly name: string;
}

/** The verifier's view of a dialect, derived once per dialect object. */
export interface Layout {
  readonly dialect: Dialect;
  readonly generation: Generation;
  readonly typeMask: number;
  readonly typeCount: number;
  readonly ops: readonly (OpEntry | undefined)[];
  /** Header flag bits the dialect does not define are refused (2.x) rather than ignored (3.x/4.x). */
  readonly strictFlags: boolean;
  /** Padding after byte arrays must be present (2.x). */
  readonly bytePadRequired: boolean;
  /**
   * By header word 0-255 (no flag bits), what the verifier's word loop checks inline: a
   * {@link FAST} code in bits 0-3, {@link FAST.MATH} for REALS counted as single-precision math,
   * the {@link SHAPE} in bits 5-7, the component count in bits 8-15. 0: the value goes to the
   * general walk. Entries 256-511: the same ids with FLAG_64 and no other flag (64-bit ints and
   * floats of codecs that honour the flag).
   */
  readonly fast: Uint16Array;
}

/** Codes of {@link Layout.fast} (an enum for the reason {@link OP} is). */
export enum FAST {
  NIL = 1,
  BOOL = 2,
  INT = 3,
  FLOAT = 4,
  STRING = 5,
  REALS = 6,
  ARRAY = 7,
  DICTIONARY = 8,
  /** FLAG_64 ints and floats (their own half of the table, see {@link Layout.fast}). */
  INT64 = 9,
  FLOAT64 = 10,
  MATH = 16,
}

function fastTable(ops: readonly (OpEntry | undefined)[]): Uint16Array {
  const t = new Uint16Array(512);
  ops.forEach((e, id) => {
    if (e === undefined || id > 255) return;
    if (e.wide && e.op === OP.INT) t[256 + id] = FAST.INT64;
    else if (e.wide && e.op === OP.FLOAT) t[256 + id] = FAST.FLOAT64;
    if (e.op === OP.NIL) t[id] = FAST.NIL;
    else if (e.op === OP.BOOL) t[id] = FAST.BOOL;
    else if (e.op === OP.INT) t[id] = FAST.INT;
    else if (e.op === OP.FLOAT) t[id] = FAST.FLOAT;
    else if (e.op === OP.STRING) t[id] = FAST.STRING;
    else if (e.op === OP.ARRAY) t[id] = FAST.ARRAY;
    else if (e.op === OP.DICTIONARY) t[id] = FAST.DICTIONARY;
    else if (e.op === OP.REALS && e.n <= 16)
      t[id] = FAST.REALS | (e.math ? FAST.MATH : 0) | (e.shape << 5) | (e.n << 8);
  });
  return t;
}

const KNOWN: Readonly<Record<string, Generation>> = { "godot-4": 4, "godot-3": 3, "legacy-2": 2 };

/**
 * The generation of a dialect: from its id for the three known ones, otherwise from the kinds
 * its table produces (StringName/Callable/Signal exist only in 4.x, Image/InputEvent/Matrix32
 * only in 2.x).
 */
export function generationOf(dialect: Dialect): Generation {
  const known = KNOWN[dialect.id];
  if (known !== undefined) return known;
  const kinds = new Set<string>();
  for (const c of dialect.codecs) if (c !== undefined) kinds.add(c.kind);
  if (kinds.has("callable") || kinds.has("signal") || kinds.has("stringName")) return 4;
  if (kinds.has("image") || kinds.has("inputEvent") || kinds.has("matrix32")) return 2;
  return 3;
}

const INT_VECTORS = new Set(["vector2i", "rect2i", "vector3i", "vector4i"]);

function entry(kind: string, name: string, flagMask: number, gen: Generation): OpEntry {
  let wide = (flagMask & FLAG_64) !== 0;
  let op: Op = OP.UNKNOWN;
  let n = 0;
  let floats = false;
  let math = false;
  let typed = false;
  switch (kind) {
    case "nil":
      op = OP.NIL;
      break;
    case "bool":
      op = OP.BOOL;
      break;
    case "int":
      op = OP.INT;
      break;
    case "float":
      op = OP.FLOAT;
      break;
    case "string":
    case "stringName":
      op = OP.STRING;
      break;
    case "nodePath":
      op = OP.NODE_PATH;
      break;
    case "rid":
      op = OP.RID;
      n = gen === 4 ? 8 : 0;
      break;
    case "object":
      op = gen === 2 ? OP.OBJECT_BARE : OP.OBJECT;
      break;
    case "callable":
      op = OP.CALLABLE;
      break;
    case "signal":
      op = OP.SIGNAL;
      break;
    case "dictionary":
      op = OP.DICTIONARY;
      typed = (flagMask & 0xf0000) !== 0;
      break;
    case "array":
      op = OP.ARRAY;
      typed = (flagMask & 0x30000) !== 0;
      break;
    case "packedByteArray":
      op = OP.BYTES;
      break;
    case "packedInt32Array":
      op = OP.PACKED;
      n = 4;
      break;
    case "packedInt64Array":
    case "packedFloat64Array":
      op = OP.PACKED;
      n = 8;
      break;
    case "packedFloat32Array":
      op = OP.PACKED;
      n = 4;
      floats = true;
      break;
    case "packedColorArray":
      op = OP.PACKED;
      n = 16;
      floats = true;
      break;
    case "packedStringArray":
      op = OP.PACKED_STRING;
      break;
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array":
      op = OP.PACKED_REALS;
      n = kind === "packedVector2Array" ? 2 : kind === "packedVector3Array" ? 3 : 4;
      math = wide;
      break;
    case "image":
      op = OP.IMAGE;
      break;
    case "inputEvent":
      op = OP.INPUT_EVENT;
      break;
    default:
      if (kind in MATRIX_SIZES) {
        op = OP.REALS;
        n = MATRIX_SIZES[kind as keyof typeof MATRIX_SIZES];
        math = wide;
      } else if (kind in VECTOR_FIELDS) {
        n = VECTOR_FIELDS[kind as keyof typeof VECTOR_FIELDS].length;
        if (INT_VECTORS.has(kind)) {
          op = OP.INTS;
          wide = false;
        } else {
          op = OP.REALS;
          math = wide && kind !== "color";
        }
      }
  }
  // One object literal with the fields always in this order and of these types, so all entries
  // share one hidden class and the walker's loads of them stay monomorphic (built by spreading a
  // base object, the 95 entries of the three dialects had 60 classes, and a load that met more
  // than four of them turned megamorphic).
  return { op, n, wide, flagMask, floats, math, typed, shape: SHAPES[kind] ?? 0, kind, name };
}

// Derived once per dialect object (dialects are frozen and cached by their packages).
const cache = new WeakMap<Dialect, Layout>();

/** The verifier's layout table for `dialect`, built on first use. */
export function layoutOf(dialect: Dialect): Layout {
  let l = cache.get(dialect);
  if (l === undefined) {
    const generation = generationOf(dialect);
    const ops: (OpEntry | undefined)[] = [];
    for (let id = 0; id < dialect.typeCount; id++) {
      const c = dialect.codecs[id];
      ops.push(c === undefined ? undefined : entry(c.kind, c.name, c.flagMask >>> 0, generation));
    }
    l = {
      dialect,
      generation,
      typeMask: dialect.typeMask,
      typeCount: dialect.typeCount,
      ops,
      strictFlags: generation === 2,
      bytePadRequired: generation === 2,
      fast: fastTable(ops),
    };
    cache.set(dialect, l);
  }
  return l;
}

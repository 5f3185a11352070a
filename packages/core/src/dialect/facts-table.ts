// What the facts observer does per wire id of a dialect: one entry per codec, built once per
// dialect from the codec's kind, flag mask and layout.
import { FLAG_64 } from "../codecs/define.js";
import { MATRIX_SIZES, VECTOR_FIELDS } from "../value/types.js";
import type { Dialect } from "./contract.js";
import { F } from "./fact-names.js";
import { fixedPart, type Layout, layoutShortcut } from "./layout.js";

// What observe does per wire id.
export enum OP {
  OTHER = 0,
  BOOL = 1,
  INT = 2,
  FLOAT = 3,
  STRING = 4,
  NAME = 5,
  REALS = 6,
  NODE_PATH = 7,
  RID = 8,
  OBJECT = 9,
  CALLABLE = 10,
  SIGNAL = 11,
  ARRAY = 12,
  DICTIONARY = 13,
  BYTES = 14,
  PACKED_FLOATS = 15,
  PACKED_STRING = 16,
  PACKED_REALS = 17,
  IMAGE = 18,
  INPUT_EVENT = 19,
}

export enum SHAPE {
  NONE = 0,
  COLOR = 1,
  PLANE = 2,
  AABB = 3,
  XFORM2D = 4,
}

export interface Entry {
  readonly op: OP;
  /** Reals per value or element (REALS, PACKED_*). */
  readonly n: number;
  /** The codec honours FLAG_64. */
  readonly wide: boolean;
  /** A real-valued math type whose FLAG_64 marks a double-precision build. */
  readonly math: boolean;
  readonly shape: SHAPE;
  /** Header bits the codec defines (beyond the type id). */
  readonly flags: number;
  readonly kind: string;
  /** The codec's layout when it is one fixed-size part (fixedPart): judged without the walker. */
  readonly fixed: ReturnType<typeof fixedPart>;
  /** The codec's layout is a padded string or a container's (layoutShortcut): judged without the walker where it can be. */
  readonly shortcut: ReturnType<typeof layoutShortcut>;
  /** The codec's layout and flag mask, for the walker. */
  readonly layout: Layout;
  readonly flagMask: number;
  /**
   * For a value whose inner bytes are not looked at (past FULL_CHECKS) and whose header has no
   * flag bits: the one counter it bumps, NONE for none, LOOK when it must be looked at anyway.
   */
  readonly plain: number;
}

export const NONE = -1;
export const LOOK = -2;

const INT_VECTORS = /* @__PURE__ */ new Set(["vector2i", "rect2i", "vector3i", "vector4i"]);
const SHAPES: Readonly<Record<string, SHAPE>> = {
  color: SHAPE.COLOR,
  plane: SHAPE.PLANE,
  aabb: SHAPE.AABB,
  transform2d: SHAPE.XFORM2D,
  matrix32: SHAPE.XFORM2D,
};

const OPS: Readonly<Record<string, OP>> = {
  bool: OP.BOOL,
  int: OP.INT,
  float: OP.FLOAT,
  string: OP.STRING,
  stringName: OP.NAME,
  nodePath: OP.NODE_PATH,
  rid: OP.RID,
  object: OP.OBJECT,
  callable: OP.CALLABLE,
  signal: OP.SIGNAL,
  array: OP.ARRAY,
  dictionary: OP.DICTIONARY,
  packedByteArray: OP.BYTES,
  packedFloat32Array: OP.PACKED_FLOATS,
  packedColorArray: OP.PACKED_FLOATS,
  packedStringArray: OP.PACKED_STRING,
  packedVector2Array: OP.PACKED_REALS,
  packedVector3Array: OP.PACKED_REALS,
  packedVector4Array: OP.PACKED_REALS,
  image: OP.IMAGE,
  inputEvent: OP.INPUT_EVENT,
};

function entryOf(kind: string, flagMask: number, layout: Layout | undefined): Entry {
  const wide = (flagMask & FLAG_64) !== 0;
  let op = OPS[kind] ?? OP.OTHER;
  let n = 0;
  let math = false;
  if (op === OP.PACKED_FLOATS) n = kind === "packedColorArray" ? 4 : 1;
  else if (op === OP.PACKED_REALS) {
    n = kind === "packedVector2Array" ? 2 : kind === "packedVector3Array" ? 3 : 4;
    math = wide;
  } else if (op === OP.OTHER && kind in MATRIX_SIZES) {
    op = OP.REALS;
    n = MATRIX_SIZES[kind as keyof typeof MATRIX_SIZES];
    math = wide;
  } else if (op === OP.OTHER && kind in VECTOR_FIELDS && !INT_VECTORS.has(kind)) {
    op = OP.REALS;
    n = VECTOR_FIELDS[kind as keyof typeof VECTOR_FIELDS].length;
    math = wide && kind !== "color";
  }
  return {
    op,
    n,
    wide,
    math,
    shape: SHAPES[kind] ?? SHAPE.NONE,
    flags: flagMask,
    kind,
    plain: plainOf(op, math),
    fixed: fixedPart(layout, flagMask),
    shortcut: layoutShortcut(layout),
    layout: layout ?? [],
    flagMask,
  };
}

// What observe does with a flagless header of a kind whose inner bytes it skips (Entry.plain).
function plainOf(op: OP, math: boolean): number {
  switch (op) {
    case OP.INT:
      return F.int32;
    case OP.STRING:
      return F.strings;
    case OP.FLOAT:
      return F.float32;
    case OP.REALS:
      return math ? F.mathSingle : NONE;
    case OP.NAME:
      return NONE;
    default:
      return LOOK;
  }
}

const tables = /* @__PURE__ */ new WeakMap<Dialect, readonly (Entry | undefined)[]>();

export function tableOf(dialect: Dialect): readonly (Entry | undefined)[] {
  let t = tables.get(dialect);
  if (t === undefined) {
    t = dialect.codecs.map((c) =>
      c === undefined ? undefined : entryOf(c.kind, c.flagMask >>> 0, c.layout),
    );
    tables.set(dialect, t);
  }
  return t;
}

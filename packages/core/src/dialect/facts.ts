import { FLAG_64 } from "../codecs/define.js";
import type { Value } from "../value/types.js";
import { MATRIX_SIZES, VECTOR_FIELDS } from "../value/types.js";
import type { Observer } from "./builder.js";
import type { Dialect } from "./contract.js";

/**
 * The counters a {@link Facts} keeps, in the order of {@link Facts.counts}: what a reading of
 * the bytes showed beyond the value (header bits, 64-bit numbers that 32 bits hold, padding,
 * odd floats, value shapes, typed containers, 2.x Image and InputEvent fields...).
 */
export const FACT_NAMES = [
  "values",
  "containers",
  "byte1",
  "unknownFlags",
  "boolOdd",
  "int32",
  "int64",
  "int64Fits32",
  "float32",
  "float64",
  "float64Exact",
  "floatsChecked",
  "floatDenormal",
  "floatExtreme",
  "floatNaNOdd",
  "floatNonFinite",
  "mathSingle",
  "mathDouble",
  "vector4Double",
  "strings",
  "stringPadDirty",
  "stringNul",
  "stringControl",
  "namePadDirty",
  "nodePaths",
  "nodePathProperty",
  "nodePathBadFlags",
  "nodePathPadDirty",
  "byteArrays",
  "bytePadDirty",
  "bytePadMissing",
  "pstrElements",
  "pstrNul",
  "pstrNoNul",
  "pstrNulInside",
  "pstrPadDirty",
  "packedVector4",
  "sharedSet",
  "sharedClear",
  "typedArrays",
  "typedDictionaries",
  "typedBuiltinNil",
  "typedScriptOdd",
  "objectsFull",
  "objectsId",
  "objectIdZero",
  "objectEmptyClass",
  "objectClassOdd",
  "objectsBare",
  "scriptPath",
  "scriptObject",
  "rids",
  "callables",
  "signals",
  "colorInRange",
  "colorOdd",
  "planeUnit",
  "planeZero",
  "aabbSized",
  "aabbNegative",
  "xformRotation",
  "xformOrthogonal",
  "xformDegenerate",
  "images",
  "imageSizeOk",
  "imageSizeOdd",
  "inputEvents",
  "inputEventLengthOk",
  "inputEventLengthOdd",
  "inputEventJoy20",
  "inputEventTypeOdd",
] as const;

/** The name of one counter of {@link Facts}. */
export type FactName = (typeof FACT_NAMES)[number];

// Counter indexes, inlined by the bundler (the same order as FACT_NAMES).
enum F {
  values = 0,
  containers = 1,
  byte1 = 2,
  unknownFlags = 3,
  boolOdd = 4,
  int32 = 5,
  int64 = 6,
  int64Fits32 = 7,
  float32 = 8,
  float64 = 9,
  float64Exact = 10,
  floatsChecked = 11,
  floatDenormal = 12,
  floatExtreme = 13,
  floatNaNOdd = 14,
  floatNonFinite = 15,
  mathSingle = 16,
  mathDouble = 17,
  vector4Double = 18,
  strings = 19,
  stringPadDirty = 20,
  stringNul = 21,
  stringControl = 22,
  namePadDirty = 23,
  nodePaths = 24,
  nodePathProperty = 25,
  nodePathBadFlags = 26,
  nodePathPadDirty = 27,
  byteArrays = 28,
  bytePadDirty = 29,
  bytePadMissing = 30,
  pstrElements = 31,
  pstrNul = 32,
  pstrNoNul = 33,
  pstrNulInside = 34,
  pstrPadDirty = 35,
  packedVector4 = 36,
  sharedSet = 37,
  sharedClear = 38,
  typedArrays = 39,
  typedDictionaries = 40,
  typedBuiltinNil = 41,
  typedScriptOdd = 42,
  objectsFull = 43,
  objectsId = 44,
  objectIdZero = 45,
  objectEmptyClass = 46,
  objectClassOdd = 47,
  objectsBare = 48,
  scriptPath = 49,
  scriptObject = 50,
  rids = 51,
  callables = 52,
  signals = 53,
  colorInRange = 54,
  colorOdd = 55,
  planeUnit = 56,
  planeZero = 57,
  aabbSized = 58,
  aabbNegative = 59,
  xformRotation = 60,
  xformOrthogonal = 61,
  xformDegenerate = 62,
  images = 63,
  imageSizeOk = 64,
  imageSizeOdd = 65,
  inputEvents = 66,
  inputEventLengthOk = 67,
  inputEventLengthOdd = 68,
  inputEventJoy20 = 69,
  inputEventTypeOdd = 70,
}

/**
 * What a reading of the bytes showed beyond the value: counters a scorer (auto-detect) weighs,
 * filled by a {@link FactsObserver} while the dialect's reader reads. `counts[i]` is the counter
 * named `FACT_NAMES[i]` (or `facts.get(name)`). `at` keeps the first
 * offset of a fact noted with {@link Facts.note}.
 */

// A fresh Facts copies this (a small array of zeros: cheaper to make than a typed array).
const ZEROS: readonly number[] = /* @__PURE__ */ FACT_NAMES.map(() => 0);

export class Facts {
  readonly counts: number[] = ZEROS.slice();
  /** First offset of a fact, by counter name. */
  readonly at: Partial<Record<FactName, number>> = {};

  /**
   * Counts fact `i` (an index into {@link FACT_NAMES}) and remembers the offset of its first
   * note (the one that finds its counter at 0; facts noted are never counted otherwise).
   */
  note(i: number, offset: number): void {
    if (this.counts[i]!++ === 0) this.at[FACT_NAMES[i]!] = offset;
  }

  /** The counter named `name`. */
  get(name: FactName): number {
    return this.counts[FACT_NAMES.indexOf(name)]!;
  }

  /** Adds another reading's counts (records of one file). */
  add(o: Facts): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i]! += o.counts[i]!;
    for (const [k, v] of Object.entries(o.at) as [FactName, number][])
      if (this.at[k] === undefined) this.at[k] = v;
  }
}

// What observe does per wire id.
enum OP {
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

enum SHAPE {
  NONE = 0,
  COLOR = 1,
  PLANE = 2,
  AABB = 3,
  XFORM2D = 4,
}

interface Entry {
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
  /**
   * For a value whose inner bytes are not looked at (past FULL_CHECKS) and whose header has no
   * flag bits: the one counter it bumps, NONE for none, LOOK when it must be looked at anyway.
   */
  readonly plain: number;
}

const NONE = -1;
const LOOK = -2;

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

function entryOf(kind: string, flagMask: number): Entry {
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

function tableOf(dialect: Dialect): readonly (Entry | undefined)[] {
  let t = tables.get(dialect);
  if (t === undefined) {
    t = dialect.codecs.map((c) => (c === undefined ? undefined : entryOf(c.kind, c.flagMask >>> 0)));
    tables.set(dialect, t);
  }
  return t;
}

const RES = "res://";

/**
 * Values whose inner bytes (string characters and padding, float bits, shapes) a
 * {@link FactsObserver} looks at in every one; after them, one value in {@link SAMPLE_STEP}.
 */
export const FULL_CHECKS = 1024;
/** After {@link FULL_CHECKS} values, the inner bytes of one value in this many are looked at. */
export const SAMPLE_STEP = 16;
const shapeScratch = /* @__PURE__ */ new Float64Array(6);

/**
 * The facts observer: beside the builder that makes the value ({@link MODEL}, the plain-JS one),
 * it counts {@link Facts} about the bytes as the dialect's reader reads them (`readWith(dialect,
 * bytes, options, builder, observer)`): header bits, 64-bit numbers that 32 bits hold,
 * string and array padding, NUL bytes, denormal and NaN-payload floats, plane normals, colour
 * ranges, typed container headers, the 2.x Image and InputEvent fields. It reads only the spans
 * the reader hands it (`observe`), never walks the bytes itself. Headers, numbers, containers and
 * objects are counted in every value; the inner bytes of strings and reals in every value up to
 * {@link FULL_CHECKS}, then in one of {@link SAMPLE_STEP} (their counts are then lower bounds).
 * One instance per reading.
 */
export class FactsObserver implements Observer {
  readonly facts: Facts;
  private readonly b: Uint8Array;
  // Over `b`, made when first needed (a long string, a shape, a double): a DataView costs as
  // much to make as reading a small message.
  private dv: DataView | undefined;
  private readonly table: readonly (Entry | undefined)[];
  private readonly typeMask: number;

  /**
   * @param dialect the dialect whose reader reads (its codec table decides what a header means)
   * @param bytes the input the reader reads (offsets are into it)
   */
  constructor(dialect: Dialect, bytes: Uint8Array, facts = new Facts()) {
    this.facts = facts;
    this.b = bytes;
    this.table = tableOf(dialect);
    this.typeMask = dialect.typeMask;
  }

  private view(): DataView {
    const b = this.b;
    this.dv ??= new DataView(b.buffer, b.byteOffset, b.byteLength);
    return this.dv;
  }

  // The u32 at `p`; bytes past the input read as 0 (an observer never throws).
  private word(p: number): number {
    const b = this.b;
    return (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;
  }

  private dirty(p: number, n: number): boolean {
    const b = this.b;
    for (let i = 0; i < n; i++) if (b[p + i] !== 0) return true;
    return false;
  }

  observe(value: unknown, header: number, start: number, end: number): void {
    const e = this.table[(header & this.typeMask) >>> 0];
    if (e === undefined) return;
    const c = this.facts.counts;
    const seen = c[F.values]!++;
    // The bytes inside strings and reals (characters, padding, float bits, shapes) are looked at
    // in every value up to FULL_CHECKS, then in one of SAMPLE_STEP: a scorer weighs such a fact a
    // few times at most, and the bytes of one writer look alike throughout. Headers, numbers,
    // containers and objects are looked at in every value.
    const full = seen < FULL_CHECKS || (seen & (SAMPLE_STEP - 1)) === 0;
    // A skipped value with a flagless header, of a kind whose other facts are all in its inner
    // bytes (an int, a string, a single-precision real): counted here in a few steps.
    if (!full && e.plain !== LOOK && (header & ~this.typeMask) === 0) {
      if (e.plain !== NONE) c[e.plain]!++;
      return;
    }
    this.look(value, header, start, end, e, full);
  }

  private look(value: unknown, header: number, start: number, end: number, e: Entry, full: boolean): void {
    const s = this.facts;
    const extra = (header & ~this.typeMask & ~e.flags) >>> 0;
    if (extra !== 0) {
      if (extra & 0xff00) s.note(F.byte1, start);
      if (extra & 0xffff0000) s.note(F.unknownFlags, start);
    }
    const wide = e.wide && (header & FLAG_64) !== 0;
    const p = start + 4;
    switch (e.op) {
      case OP.BOOL:
        if (this.word(p) > 1) s.note(F.boolOdd, start);
        return;
      case OP.INT:
        if (wide) {
          const lo = this.word(p);
          const hi = this.word(p + 4);
          if (hi === (lo & 0x80000000 ? 0xffffffff : 0)) s.note(F.int64Fits32, start);
          else s.counts[F.int64]!++;
        } else s.counts[F.int32]!++;
        return;
      case OP.FLOAT:
        if (wide) {
          if (full) this.reals(p, 1, true, 1);
          const d = this.real(p, true);
          if (Math.fround(d) === d && !Number.isNaN(d)) s.note(F.float64Exact, start);
          s.counts[F.float64]!++;
        } else {
          if (full) this.real32(this.word(p), p);
          s.counts[F.float32]!++;
        }
        return;
      case OP.STRING:
        s.counts[F.strings]!++;
        if (full) this.padded(p, 0);
        return;
      case OP.NAME:
        if (full) this.padded(p, 1);
        return;
      case OP.REALS:
        if (e.math) {
          if (wide) {
            s.counts[F.mathDouble]!++;
            if (e.kind === "vector4" || e.kind === "projection") s.counts[F.vector4Double]!++;
          } else s.counts[F.mathSingle]!++;
        }
        if (!full) return;
        this.reals(p, e.n, wide, 16);
        if (e.shape !== SHAPE.NONE) this.shape(e.shape, p, wide, start);
        return;
      case OP.NODE_PATH:
        this.nodePath(p);
        return;
      case OP.RID:
        s.counts[F.rids]!++;
        return;
      case OP.OBJECT:
        this.object(value as Value, wide, start);
        return;
      case OP.CALLABLE:
        s.counts[F.callables]!++;
        return;
      case OP.SIGNAL:
        s.counts[F.signals]!++;
        this.padded(p, 1);
        return;
      case OP.ARRAY:
      case OP.DICTIONARY:
        this.container(e, header, start);
        return;
      case OP.BYTES: {
        const n = this.word(p);
        s.counts[F.byteArrays]!++;
        const pad = (4 - (n & 3)) & 3;
        const q = p + 4 + n;
        if (pad === 0) return;
        if (end < q + pad) s.note(F.bytePadMissing, q);
        else if (this.dirty(q, pad)) s.note(F.bytePadDirty, q);
        return;
      }
      case OP.PACKED_FLOATS:
        this.reals(p + 4, this.word(p) * e.n, false, 8);
        return;
      case OP.PACKED_REALS:
        if (e.math) {
          if (wide) s.counts[F.mathDouble]!++;
          else s.counts[F.mathSingle]!++;
        }
        if (e.kind === "packedVector4Array") s.note(F.packedVector4, start);
        this.reals(p + 4, this.word(p) * e.n, wide, 8);
        return;
      case OP.PACKED_STRING:
        this.packedStrings(p);
        return;
      case OP.IMAGE:
        this.image(p, start);
        return;
      case OP.INPUT_EVENT:
        this.inputEvent(p, start);
        return;
    }
  }

  /** A padded string at `p` (length word first); `role` 0 String, 1 a name, 2 a NodePath part. Returns its end. */
  private padded(p: number, role: 0 | 1 | 2): number {
    const s = this.facts;
    const n = this.word(p);
    const b = this.b;
    const q = p + 4;
    let control = false;
    // Four bytes at a time while none is below 0x20 or 0x7f (most strings: no byte is); the
    // loop below looks at the rest byte by byte.
    let i = 0;
    const words = Math.min(n, b.length - q) - 3;
    const view = words > 4 ? this.view() : undefined;
    for (; view !== undefined && i < words; i += 4) {
      const w = view.getUint32(q + i, true);
      const d = w ^ 0x7f7f7f7f;
      if ((((w - 0x20202020) & ~w) | ((d - 0x01010101) & ~d)) & 0x80808080) break;
    }
    for (; i < n; i++) {
      const c = b[q + i]!;
      if (c < 0x20 || c === 0x7f) {
        if (c === 0) {
          s.note(F.stringNul, p);
          break;
        }
        if (c !== 9 && c !== 10 && c !== 13) control = true;
      }
    }
    if (control && role === 0) s.note(F.stringControl, p);
    const pad = (4 - (n & 3)) & 3;
    if (pad !== 0 && this.dirty(q + n, pad))
      s.note(role === 2 ? F.nodePathPadDirty : role === 1 ? F.namePadDirty : F.stringPadDirty, q + n);
    return q + n + pad;
  }

  /** `count` f32 (or f64) reals from `p` judged for plausibility, at most about `limit` of them. */
  private reals(p: number, count: number, wide: boolean, limit: number): void {
    const s = this.facts;
    const size = wide ? 8 : 4;
    const step = count <= limit ? 1 : Math.floor(count / limit);
    for (let i = 0; i < count; i += step) {
      const at = p + i * size;
      if (wide) {
        s.counts[F.floatsChecked]!++;
        const lo = this.word(at);
        const hi = this.word(at + 4);
        const exp = (hi >>> 20) & 0x7ff;
        if (exp > 1023 - 512 && exp < 1023 + 512) continue;
        if (exp === 0) {
          if ((hi & 0xfffff) !== 0 || lo !== 0) s.note(F.floatDenormal, at);
        } else if (exp === 0x7ff) {
          if (((hi & 0xfffff) !== 0 || lo !== 0) && !((hi & 0x7fffffff) === 0x7ff80000 && lo === 0))
            s.note(F.floatNaNOdd, at);
          else s.counts[F.floatNonFinite]!++;
        } else s.note(F.floatExtreme, at);
      } else this.real32(this.word(at), at);
    }
  }

  /** The f32 of bits `u` at `at`, judged: exponents 64-190 (2^-63 to below 2^64) are unremarkable. */
  private real32(u: number, at: number): void {
    const s = this.facts;
    s.counts[F.floatsChecked]!++;
    const exp = (u >>> 23) & 0xff;
    if (((exp - 64) | (190 - exp)) >= 0) return;
    if (exp === 0) {
      if ((u & 0x7fffff) !== 0) s.note(F.floatDenormal, at);
    } else if (exp === 0xff) {
      // 0x7fc00000 is the canonical NaN every engine writes; others are payloads.
      if ((u & 0x7fffff) !== 0 && (u & 0x7fffffff) !== 0x7fc00000) s.note(F.floatNaNOdd, at);
      else s.counts[F.floatNonFinite]!++;
    } else s.note(F.floatExtreme, at);
  }

  // A real inside a value the reader read (never past the bytes).
  private real(p: number, wide: boolean): number {
    return wide ? this.view().getFloat64(p, true) : this.view().getFloat32(p, true);
  }

  /** How a color, plane, AABB or 2D transform at `p` looks next to the engine's values. */
  private shape(kind: SHAPE, p: number, wide: boolean, start: number): void {
    const n = kind === SHAPE.COLOR || kind === SHAPE.PLANE ? 4 : 6;
    const x = shapeScratch;
    let finite = true;
    for (let i = 0; i < n; i++) {
      x[i] = this.real(p + i * (wide ? 8 : 4), wide);
      if (!Number.isFinite(x[i]!)) finite = false;
    }
    const s = this.facts;
    if (kind === SHAPE.COLOR) {
      // Components mostly in 0..1 (HDR above 1 happens; negative or alpha beyond 1 rarely).
      if (
        !finite ||
        x[0]! < 0 ||
        x[1]! < 0 ||
        x[2]! < 0 ||
        x[3]! < 0 ||
        x[3]! > 1 ||
        Math.max(x[0]!, x[1]!, x[2]!) > 64
      )
        s.note(F.colorOdd, start);
      else if (x[0]! <= 1 && x[1]! <= 1 && x[2]! <= 1) s.counts[F.colorInRange]!++;
    } else if (kind === SHAPE.PLANE) {
      // The engine's constructors normalise the normal.
      const len = Math.hypot(x[0]!, x[1]!, x[2]!);
      if (finite && Math.abs(len - 1) < 1e-4) s.counts[F.planeUnit]!++;
      else if (len === 0) s.note(F.planeZero, start);
    } else if (kind === SHAPE.AABB) {
      if (!finite || x[3]! < 0 || x[4]! < 0 || x[5]! < 0) s.note(F.aabbNegative, start);
      else s.counts[F.aabbSized]!++;
    } else if (finite) {
      // x axis (0, 1), y axis (2, 3), origin (4, 5).
      const lx = Math.hypot(x[0]!, x[1]!);
      const ly = Math.hypot(x[2]!, x[3]!);
      const det = x[0]! * x[3]! - x[1]! * x[2]!;
      // Orthogonality only counts for axes of sane, comparable sizes: with wildly different
      // magnitudes a dot product vanishes by rounding alone.
      const sane = (t: number) => t === 0 || (Math.abs(t) >= 1e-6 && Math.abs(t) <= 1e6);
      const comparable = lx > 0 && ly > 0 && lx / ly <= 1e3 && ly / lx <= 1e3;
      if (lx === 0 || ly === 0 || Math.abs(det) < 1e-9 * (lx * ly + 1e-30)) s.note(F.xformDegenerate, start);
      else if (
        comparable &&
        sane(x[0]!) &&
        sane(x[1]!) &&
        sane(x[2]!) &&
        sane(x[3]!) &&
        Math.abs(x[0]! * x[2]! + x[1]! * x[3]!) <= 1e-4 * lx * ly
      ) {
        if (Math.abs(lx - 1) < 1e-4 && Math.abs(ly - 1) < 1e-4) s.counts[F.xformRotation]!++;
        else s.counts[F.xformOrthogonal]!++;
      }
    }
  }

  // New-format NodePath: u32 name count | 0x80000000, u32 subname count, u32 flags, strings.
  private nodePath(p: number): void {
    const s = this.facts;
    const w = this.word(p);
    if ((w & 0x80000000) === 0) return;
    const sub = this.word(p + 4);
    const flags = this.word(p + 8);
    s.counts[F.nodePaths]!++;
    if (flags > 3) s.note(F.nodePathBadFlags, p + 8);
    const prop = (flags & 2) !== 0;
    if (prop) s.note(F.nodePathProperty, p + 8);
    const total = (w & 0x7fffffff) + sub + (prop ? 1 : 0);
    let q = p + 12;
    for (let i = 0; i < total && q + 4 <= this.b.length; i++) q = this.padded(q, 2);
  }

  private object(v: Value, wide: boolean, start: number): void {
    const s = this.facts;
    if (v.kind !== "object") return;
    if (v.form === "null") {
      s.counts[F.objectsBare]!++;
      return;
    }
    if (wide || v.form === "id") {
      s.counts[F.objectsId]!++;
      if (v.form === "id" && (v.id === 0 || v.id === 0n)) s.note(F.objectIdZero, start);
      return;
    }
    s.note(F.objectsFull, start);
    const q = this.padded(start + 4, 1);
    if (v.className === "") {
      s.note(F.objectEmptyClass, start);
      return;
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v.className)) s.note(F.objectClassOdd, start + 4);
    s.counts[F.containers]!++;
    for (const [name, value] of v.properties) {
      if (name !== "script") continue;
      if (value.kind === "string") s.note(F.scriptPath, q);
      else if (value.kind === "object") s.note(F.scriptObject, q);
    }
  }

  // The type of a typed container at `p`, `code` 1: a type id, 2: a class name, 3: a script
  // path (Godot 4's ContainerTypeKind); notes a builtin Nil and a script outside res://. Its end.
  private containerType(p: number, code: number): number {
    if (code === 0) return p;
    if (code === 1) {
      if (this.word(p) === 0) this.facts.note(F.typedBuiltinNil, p);
      return p + 4;
    }
    if (code === 3 && !this.resPath(p)) this.facts.note(F.typedScriptOdd, p);
    return this.padded(p, 1);
  }

  // The padded string at `p` starts with "res://".
  private resPath(p: number): boolean {
    const b = this.b;
    if (this.word(p) < 6) return false;
    for (let i = 0; i < 6; i++) if (b[p + 4 + i] !== RES.charCodeAt(i)) return false;
    return true;
  }

  private container(e: Entry, header: number, start: number): void {
    const s = this.facts;
    s.counts[F.containers]!++;
    const dict = e.op === OP.DICTIONARY;
    let p = start + 4;
    if ((e.flags & 0xf0000) !== 0) {
      const k = (header >>> 16) & 3;
      const val = dict ? (header >>> 18) & 3 : 0;
      if (k !== 0 || val !== 0) {
        s.note(dict ? F.typedDictionaries : F.typedArrays, start);
        p = this.containerType(this.containerType(p, k), val);
      }
    }
    const word = this.word(p);
    if (word & 0x80000000) s.note(F.sharedSet, p);
    else s.counts[F.sharedClear]!++;
  }

  // PackedStringArray: u32 count, then per element u32 length, bytes (the engine writes N+1
  // bytes ending in a NUL), padding.
  private packedStrings(p: number): void {
    const s = this.facts;
    const b = this.b;
    const count = this.word(p);
    let q = p + 4;
    for (let i = 0; i < count; i++) {
      const at = q;
      const n = this.word(q);
      q += 4;
      s.counts[F.pstrElements]!++;
      if (n > 0 && b[q + n - 1] === 0) {
        let inside = false;
        for (let j = 0; j < n - 1; j++) if (b[q + j] === 0) inside = true;
        if (inside) s.note(F.pstrNulInside, at);
        else s.counts[F.pstrNul]!++;
      } else s.note(F.pstrNoNul, at);
      q += n;
      const pad = (4 - (n & 3)) & 3;
      if (pad !== 0 && this.dirty(q, pad)) s.note(F.pstrPadDirty, q);
      q += pad;
    }
  }

  // 2.x Image: u32 format | mipmaps | width | height | data length L | L bytes | padding.
  private image(p: number, start: number): void {
    const s = this.facts;
    const format = this.word(p);
    const mipmaps = this.word(p + 4);
    const width = this.word(p + 8);
    const height = this.word(p + 12);
    const length = this.word(p + 16);
    s.counts[F.images]!++;
    if (length === 0) return;
    // Uncompressed formats: every mip level, width*height*bytes-per-pixel each.
    const bpp = [1, 1, 2, 3, 4][format];
    if (bpp !== undefined && width <= 16384 && height <= 16384 && mipmaps <= 15) {
      let expect = 0;
      let w = width;
      let h = height;
      for (let i = 0; i <= mipmaps; i++) {
        expect += w * h * bpp;
        w = Math.max(1, w >> 1);
        h = Math.max(1, h >> 1);
      }
      if (expect === length) s.counts[F.imageSizeOk]!++;
      else s.note(F.imageSizeOdd, start);
    } else if (width > 16384 || height > 16384 || mipmaps > 15) s.note(F.imageSizeOdd, start);
  }

  // 2.x InputEvent: u32 type | i32 device | u32 length | a type-specific part.
  private inputEvent(p: number, start: number): void {
    const s = this.facts;
    const type = this.word(p);
    const length = this.word(p + 8);
    let extra = 0;
    if (type === 1) extra = 8;
    else if (type === 3 || type === 5 || type === 6) extra = 4;
    else if (type === 4) {
      extra = length === 16 ? 4 : 8;
      if (length === 16) s.note(F.inputEventJoy20, start);
      else this.reals(p + 16, 1, false, 1);
    }
    s.counts[F.inputEvents]!++;
    if (type > 8) s.note(F.inputEventTypeOdd, p);
    if (length === 12 + extra) s.counts[F.inputEventLengthOk]!++;
    else s.note(F.inputEventLengthOdd, p + 8);
  }
}

import type { DecodeErrorCode } from "@gdvariant/core";
import { type Layout, OP, type OpEntry, SHAPE } from "./layout.js";
import { Stats } from "./stats.js";
import { SCAN, scanUtf8 } from "./utf8-scan.js";

// The verifying pass: walks the bytes as one dialect would decode them, checking every header,
// count, length, string and padding, and counts what it sees in a Stats, without building a
// single value. A hypothesis that fails here never reaches a decoder.

const FLAG_64 = 0x10000;
const SIGN = 0x80000000;

/** Where and why a walk stopped. */
export interface WalkFailure {
  readonly offset: number;
  readonly code: DecodeErrorCode;
  readonly message: string;
  /** For `truncated`: how many more bytes the failing read wanted. */
  readonly missing?: number | undefined;
}

/** The result of {@link verify}. */
export type WalkReport =
  | { readonly ok: true; readonly end: number; readonly stats: Stats }
  | { readonly ok: false; readonly failure: WalkFailure; readonly stats: Stats };

/** Limits of the walk (the decoders' defaults). */
export interface WalkLimits {
  readonly maxDepth: number;
  readonly maxCollectionLength: number;
  /**
   * Skip the "count times smallest element fits in the bytes left" pre-check, so a truncated
   * dump fails where its bytes actually run out rather than at the outermost count. Used only to
   * rank near misses (how far a reading got); the decoders keep the pre-check.
   */
  readonly lenient?: boolean;
}

class Stop {
  constructor(
    readonly offset: number,
    readonly code: DecodeErrorCode,
    readonly message: string,
    readonly missing?: number,
  ) {}
}

// String roles: where padding garbage means something different.
const STR = 0;
const NAME = 1;
const PATH = 2;

// Uninitialised-looking floats: read as f32 bits. Structural words (headers, counts, lengths,
// small ints, ASCII) read as floats land on denormals, NaNs with payloads or extreme exponents.
function f32Check(s: Stats, u: number, at: number): void {
  const exp = (u >>> 23) & 0xff;
  s.floatsChecked++;
  // The common case first: an ordinary exponent.
  if (exp > 127 - 64 && exp < 127 + 64) return;
  if (exp === 0) {
    if ((u & 0x7fffff) !== 0) s.note("floatDenormal", at);
  } else if (exp === 0xff) {
    // 0x7fc00000 is the canonical NaN every engine writes (C's NAN); others are payloads.
    if ((u & 0x7fffff) !== 0 && (u & 0x7fffffff) !== 0x7fc00000) s.note("floatNaNOdd", at);
    else s.floatNonFinite++;
  } else {
    s.floatExtreme++;
    if (s.at.floatExtreme === undefined) s.at.floatExtreme = at;
  }
}

function f64Check(s: Stats, lo: number, hi: number, at: number): void {
  const exp = (hi >>> 20) & 0x7ff;
  s.floatsChecked++;
  if (exp === 0) {
    if ((hi & 0xfffff) !== 0 || lo !== 0) s.note("floatDenormal", at);
  } else if (exp === 0x7ff) {
    if (((hi & 0xfffff) !== 0 || lo !== 0) && !((hi & 0x7fffffff) === 0x7ff80000 && lo === 0))
      s.note("floatNaNOdd", at);
    else s.floatNonFinite++;
  } else if (exp >= 1023 + 512 || exp <= 1023 - 512) s.note("floatExtreme", at);
}

const f64Scratch = new DataView(new ArrayBuffer(8));
const scratch = new Float64Array(6);

class Walker {
  pos: number;
  readonly end: number;
  readonly b: Uint8Array;
  readonly v: DataView;
  readonly s: Stats;
  readonly L: Layout;
  readonly ops: readonly (OpEntry | undefined)[];
  readonly typeMask: number;
  readonly typeCount: number;
  readonly maxDepth: number;
  readonly maxCount: number;
  readonly lenient: boolean;
  depth = 0;
  // Start and length of the last string read (object property names are compared to "script").
  strStart = 0;
  strLength = 0;

  constructor(
    layout: Layout,
    bytes: Uint8Array,
    view: DataView,
    start: number,
    end: number,
    limits: WalkLimits,
    stats: Stats,
  ) {
    this.s = stats;
    this.L = layout;
    this.ops = layout.ops;
    this.typeMask = layout.typeMask;
    this.typeCount = layout.typeCount;
    this.b = bytes;
    this.v = view;
    this.pos = start;
    this.end = end;
    this.maxDepth = limits.maxDepth;
    this.maxCount = limits.maxCollectionLength;
    this.lenient = limits.lenient === true;
  }

  need(n: number, what: string, at = this.pos): void {
    const left = this.end - this.pos;
    if (n > left) throw new Stop(at, "truncated", `${what} needs ${n} bytes, ${left} left`, n - left);
  }

  u32(): number {
    const v = this.v.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  countWord(what: string): number {
    this.need(4, `${what} count`);
    const at = this.pos;
    const n = this.u32();
    if (n > 0x7fffffff) throw new Stop(at, "invalid-data", `${what} count ${n} is negative as int32`);
    return n;
  }

  checkCount(count: number, min: number, at: number): void {
    if (count > this.maxCount)
      throw new Stop(at, "limit-exceeded", `count ${count} is over maxCollectionLength`);
    if (this.lenient) return;
    const need = count * min;
    if (need > this.end - this.pos) {
      throw new Stop(
        at,
        "truncated",
        `count ${count} needs at least ${need} bytes, ${this.end - this.pos} left`,
        need - (this.end - this.pos),
      );
    }
  }

  /** A padded string: u32 length, UTF-8, padding that must be present. */
  string(role: number): void {
    this.need(4, "string length");
    const at = this.pos;
    const n = this.u32();
    if (n > 0x7fffffff) throw new Stop(at, "invalid-data", `string length ${n} has the sign bit set`);
    const pad = (4 - (n & 3)) & 3;
    if (n + pad > this.end - this.pos) {
      throw new Stop(
        this.pos,
        "truncated",
        `string of ${n} bytes (+padding) needs ${n + pad} bytes, ${this.end - this.pos} left`,
        n + pad - (this.end - this.pos),
      );
    }
    const r = scanUtf8(this.b, this.pos, n);
    if (r < 0) throw new Stop(this.pos, "invalid-utf8", "string is not valid UTF-8");
    const s = this.s;
    if (role === STR) {
      s.strings++;
      if (r & SCAN.NUL) s.note("stringNul", at);
      if (r & SCAN.CONTROL) s.note("stringControl", at);
    } else if (r & SCAN.NUL) s.note("stringNul", at);
    this.strStart = this.pos;
    this.strLength = n;
    this.pos += n;
    if (pad !== 0 && this.dirty(pad)) {
      s.note(
        role === PATH ? "nodePathPadDirty" : role === NAME ? "namePadDirty" : "stringPadDirty",
        this.pos,
      );
    }
    this.pos += pad;
  }

  dirty(pad: number): boolean {
    const b = this.b;
    const p = this.pos;
    for (let i = 0; i < pad; i++) if (b[p + i] !== 0) return true;
    return false;
  }

  /** One PackedStringArray element: the engine writes N+1 bytes ending in a NUL. */
  pstrElement(): void {
    this.need(4, "string length");
    const at = this.pos;
    const n = this.u32();
    if (n > 0x7fffffff) throw new Stop(at, "invalid-data", `string length ${n} has the sign bit set`);
    const pad = (4 - (n & 3)) & 3;
    if (n + pad > this.end - this.pos) {
      throw new Stop(
        this.pos,
        "truncated",
        `string of ${n} bytes (+padding) needs ${n + pad} bytes, ${this.end - this.pos} left`,
        n + pad - (this.end - this.pos),
      );
    }
    const s = this.s;
    s.pstrElements++;
    const b = this.b;
    if (n > 0 && b[this.pos + n - 1] === 0) {
      const r = scanUtf8(b, this.pos, n - 1);
      if (r < 0) throw new Stop(this.pos, "invalid-utf8", "string is not valid UTF-8");
      if (r & SCAN.NUL) s.note("pstrNulInside", at);
      else s.pstrNul++;
    } else {
      const r = scanUtf8(b, this.pos, n);
      if (r < 0) throw new Stop(this.pos, "invalid-utf8", "string is not valid UTF-8");
      s.note("pstrNoNul", at);
    }
    this.pos += n;
    if (pad !== 0 && this.dirty(pad)) s.note("pstrPadDirty", this.pos);
    this.pos += pad;
  }

  /** Container type info of a typed array or dictionary (4.3+/4.4+). */
  containerType(code: number): void {
    if (code === 1) {
      this.need(4, "container element type");
      const at = this.pos;
      const id = this.u32();
      if (id >= this.typeCount || this.ops[id] === undefined) {
        throw new Stop(at, "invalid-data", `container element type id ${id} is out of range`);
      }
      if (id === 0) this.s.note("typedBuiltinNil", at);
    } else {
      this.string(NAME);
      if (code === 3) {
        // A script path must start with res://
        const b = this.b;
        const p = this.strStart;
        const ok =
          this.strLength >= 6 &&
          b[p] === 0x72 &&
          b[p + 1] === 0x65 &&
          b[p + 2] === 0x73 &&
          b[p + 3] === 0x3a &&
          b[p + 4] === 0x2f &&
          b[p + 5] === 0x2f;
        if (!ok) this.s.note("typedScriptOdd", p - 4);
      }
    }
  }

  /** True when the last string read is an identifier-like class name. */
  lastIsIdentifier(): boolean {
    const b = this.b;
    const p = this.strStart;
    const n = this.strLength;
    for (let i = 0; i < n; i++) {
      const c = b[p + i]!;
      const alpha = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
      if (!alpha && (i === 0 || c < 0x30 || c > 0x39)) return false;
    }
    return n > 0;
  }

  lastIsScript(): boolean {
    const b = this.b;
    const p = this.strStart;
    return (
      this.strLength === 6 &&
      b[p] === 0x73 &&
      b[p + 1] === 0x63 &&
      b[p + 2] === 0x72 &&
      b[p + 3] === 0x69 &&
      b[p + 4] === 0x70 &&
      b[p + 5] === 0x74
    );
  }

  nested(): void {
    const d = ++this.depth;
    if (d > this.maxDepth) throw new Stop(this.pos, "depth-exceeded", `nesting deeper than ${this.maxDepth}`);
    if (d > this.s.maxDepth) this.s.maxDepth = d;
    this.value();
    this.depth--;
  }

  /** Reals: `count` f32 (or f64) values checked for plausibility, at most `limit` of them. */
  reals(count: number, wide: boolean, limit: number): void {
    const v = this.v;
    const s = this.s;
    const p = this.pos;
    const size = wide ? 8 : 4;
    const step = count <= limit ? 1 : Math.floor(count / limit);
    for (let i = 0; i < count; i += step) {
      const at = p + i * size;
      if (wide) f64Check(s, v.getUint32(at, true), v.getUint32(at + 4, true), at);
      else f32Check(s, v.getUint32(at, true), at);
    }
  }

  value(): void {
    const start = this.pos;
    if (this.end - start < 4)
      throw new Stop(
        start,
        "truncated",
        `header needs 4 bytes, ${this.end - start} left`,
        4 - (this.end - start),
      );
    const header = this.v.getUint32(start, true);
    const id = (header & this.typeMask) >>> 0;
    const e = id < this.typeCount ? this.ops[id] : undefined;
    if (e === undefined)
      throw new Stop(start, "unknown-type", `type id ${id} is not a ${this.L.dialect.name} type`);
    const s = this.s;
    s.values++;
    const extra = (header & ~this.typeMask & ~e.flagMask) >>> 0;
    if (extra !== 0) {
      if (this.L.strictFlags) {
        throw new Stop(
          start,
          "bad-flags",
          `header 0x${header.toString(16).padStart(8, "0")}: ${this.L.dialect.name} writes no such flag bits on ${e.name}`,
        );
      }
      if (extra & 0xff00) s.note("byte1", start);
      if (extra & 0xffff0000) s.note("unknownFlags", start);
    }
    this.pos = start + 4;
    const flagged = (header & FLAG_64) !== 0;
    // Small methods per operation: V8 optimises a small dispatcher and small bodies early,
    // a single large switch late (measured: the first walk of a dump ran several times slower).
    switch (e.op) {
      case OP.NIL:
        return;
      case OP.CALLABLE:
        s.callables++;
        return;
      case OP.BOOL:
        this.need(4, "BOOL");
        if (this.u32() > 1) s.note("boolOdd", start);
        return;
      case OP.INT:
        this.int(e.wide && flagged, start);
        return;
      case OP.FLOAT:
        this.float(e.wide && flagged, start);
        return;
      case OP.STRING:
        this.string(STR);
        return;
      case OP.REALS:
        this.realsValue(e, e.wide && flagged, start);
        return;
      case OP.INTS:
        this.need(e.n * 4, e.name);
        this.pos += e.n * 4;
        return;
      case OP.NODE_PATH:
        this.nodePath(start);
        return;
      case OP.RID:
        s.rids++;
        if (e.n > 0) {
          this.need(e.n, "RID");
          this.pos += e.n;
        }
        return;
      case OP.OBJECT_BARE:
        s.objectsBare++;
        return;
      case OP.OBJECT:
        this.object(flagged, start);
        return;
      case OP.SIGNAL:
        s.signals++;
        this.string(NAME);
        this.need(8, "SIGNAL object id");
        this.pos += 8;
        return;
      case OP.DICTIONARY:
      case OP.ARRAY:
        this.container(e, header, start);
        return;
      case OP.BYTES:
        this.byteArray(e);
        return;
      case OP.PACKED: {
        const n = this.countWord(e.name);
        this.checkCount(n, e.n, this.pos - 4);
        if (e.floats) this.reals(n * (e.n >> 2), false, 8);
        this.pos += n * e.n;
        return;
      }
      case OP.PACKED_REALS:
        this.packedReals(e, e.wide && flagged, start);
        return;
      case OP.PACKED_STRING: {
        const n = this.countWord(e.name);
        this.checkCount(n, 4, this.pos - 4);
        for (let i = 0; i < n; i++) this.pstrElement();
        return;
      }
      case OP.IMAGE:
        this.image(start);
        return;
      case OP.INPUT_EVENT:
        this.inputEvent(start);
        return;
      default:
        throw new Stop(start, "invalid-data", `no verifier layout for ${e.kind} (${e.name})`);
    }
  }

  int(wide: boolean, start: number): void {
    const s = this.s;
    if (wide) {
      this.need(8, "INT");
      const lo = this.u32();
      const hi = this.u32();
      if (hi === (lo & SIGN ? 0xffffffff : 0)) s.note("int64Fits32", start);
      else s.int64++;
    } else {
      this.need(4, "INT");
      this.pos += 4;
      s.int32++;
    }
  }

  float(wide: boolean, start: number): void {
    const s = this.s;
    if (wide) {
      this.need(8, "FLOAT");
      const lo = this.v.getUint32(this.pos, true);
      const hi = this.v.getUint32(this.pos + 4, true);
      f64Check(s, lo, hi, this.pos);
      f64Scratch.setUint32(0, lo, true);
      f64Scratch.setUint32(4, hi, true);
      const d = f64Scratch.getFloat64(0, true);
      if (Math.fround(d) === d) s.note("float64Exact", start);
      s.float64++;
      this.pos += 8;
    } else {
      this.need(4, "FLOAT");
      f32Check(s, this.u32(), start + 4);
      s.float32++;
    }
  }

  realsValue(e: OpEntry, wide: boolean, start: number): void {
    const s = this.s;
    this.need(e.n * (wide ? 8 : 4), e.name);
    if (e.math) {
      if (wide) {
        s.mathDouble++;
        if (e.kind === "vector4" || e.kind === "projection") s.vector4Double++;
      } else s.mathSingle++;
    }
    this.reals(e.n, wide, 16);
    if (e.shape !== 0) this.shape(e.shape, wide, start);
    this.pos += e.n * (wide ? 8 : 4);
  }

  nodePath(start: number): void {
    const s = this.s;
    this.need(4, "NODE_PATH");
    const w = this.u32();
    if ((w & SIGN) === 0) {
      throw new Stop(
        start + 4,
        "invalid-data",
        "NodePath in the old format (bit 31 of the first word clear)",
      );
    }
    this.need(8, "NODE_PATH");
    const subAt = this.pos;
    const sub = this.u32();
    const flags = this.u32();
    if (this.L.generation === 2 && sub > 0x7fffffff) {
      throw new Stop(subAt, "invalid-data", `NodePath subname count ${sub} is negative as int32`);
    }
    s.nodePaths++;
    if (flags > 3) s.note("nodePathBadFlags", subAt + 4);
    const prop = (flags & 2) !== 0;
    if (prop) s.note("nodePathProperty", subAt + 4);
    const total = (w & 0x7fffffff) + sub + (prop ? 1 : 0);
    this.checkCount(total, 4, start + 4);
    for (let i = 0; i < total; i++) this.string(PATH);
  }

  object(asId: boolean, start: number): void {
    const s = this.s;
    if (asId) {
      this.need(8, "OBJECT id");
      const lo = this.u32();
      const hi = this.u32();
      s.objectsId++;
      if (lo === 0 && hi === 0) s.note("objectIdZero", start);
      return;
    }
    s.note("objectsFull", start);
    this.string(NAME);
    if (this.strLength === 0) {
      s.note("objectEmptyClass", start);
      return;
    }
    if (!this.lastIsIdentifier()) s.note("objectClassOdd", start + 4);
    const count = this.countWord("property");
    this.checkCount(count, 8, this.pos - 4);
    s.containers++;
    for (let i = 0; i < count; i++) {
      this.string(NAME);
      if (this.lastIsScript() && this.end - this.pos >= 4) {
        const t = this.v.getUint8(this.pos);
        const k = this.ops[t]?.kind;
        if (k === "string") s.note("scriptPath", this.pos);
        else if (k === "object") s.note("scriptObject", this.pos);
      }
      this.nested();
    }
  }

  container(e: OpEntry, header: number, start: number): void {
    const s = this.s;
    const dict = e.op === OP.DICTIONARY;
    if (e.typed) {
      const k = (header >>> 16) & 3;
      const val = dict ? (header >>> 18) & 3 : 0;
      if (k !== 0) this.containerType(k);
      if (val !== 0) this.containerType(val);
      if (k !== 0 || val !== 0) {
        if (dict) s.note("typedDictionaries", start);
        else s.note("typedArrays", start);
      }
    }
    this.need(4, dict ? "DICTIONARY count" : "ARRAY count");
    const at = this.pos;
    const word = this.u32();
    if (word & SIGN) {
      s.sharedSet++;
      if (s.at.sharedSet === undefined) s.at.sharedSet = at;
    } else s.sharedClear++;
    const count = word & 0x7fffffff;
    this.checkCount(count, dict ? 8 : 4, at);
    s.containers++;
    const n = dict ? count * 2 : count;
    for (let i = 0; i < n; i++) this.nested();
  }

  byteArray(e: OpEntry): void {
    const s = this.s;
    const n = this.countWord(e.name);
    this.checkCount(n, 1, this.pos - 4);
    s.byteArrays++;
    this.pos += n;
    const pad = (4 - (n & 3)) & 3;
    if (pad === 0) return;
    const left = this.end - this.pos;
    if (left < pad) {
      if (this.L.bytePadRequired) {
        throw new Stop(
          this.pos,
          "truncated",
          `${e.name} padding needs ${pad} bytes, ${left} left`,
          pad - left,
        );
      }
      s.note("bytePadMissing", this.pos);
      this.pos = this.end;
    } else {
      if (this.dirty(pad)) s.note("bytePadDirty", this.pos);
      this.pos += pad;
    }
  }

  packedReals(e: OpEntry, wide: boolean, start: number): void {
    const s = this.s;
    const n = this.countWord(e.name);
    const stride = e.n * (wide ? 8 : 4);
    this.checkCount(n, stride, this.pos - 4);
    if (e.math) {
      if (wide) s.mathDouble++;
      else s.mathSingle++;
    }
    if (e.kind === "packedVector4Array") s.note("packedVector4", start);
    this.reals(n * e.n, wide, 8);
    this.pos += n * stride;
  }

  /** Reads the components of a color, plane, AABB or 2D transform to judge its shape. */
  shape(kind: number, wide: boolean, start: number): void {
    const v = this.v;
    const p = this.pos;
    const n = kind === SHAPE.COLOR || kind === SHAPE.PLANE ? 4 : 6;
    const x = scratch;
    for (let i = 0; i < n; i++) x[i] = wide ? v.getFloat64(p + i * 8, true) : v.getFloat32(p + i * 4, true);
    const s = this.s;
    let finite = true;
    for (let i = 0; i < n; i++) if (!Number.isFinite(x[i]!)) finite = false;
    if (kind === SHAPE.COLOR) {
      // Colors: components mostly in 0..1 (HDR above 1 happens; negative or alpha beyond 1 rarely).
      if (
        !finite ||
        x[0]! < 0 ||
        x[1]! < 0 ||
        x[2]! < 0 ||
        x[3]! < 0 ||
        x[3]! > 1 ||
        Math.max(x[0]!, x[1]!, x[2]!) > 64
      ) {
        s.note("colorOdd", start);
      } else if (x[0]! <= 1 && x[1]! <= 1 && x[2]! <= 1) s.colorInRange++;
    } else if (kind === SHAPE.PLANE) {
      // Planes: the engine's constructors normalise the normal.
      const len = Math.hypot(x[0]!, x[1]!, x[2]!);
      if (finite && Math.abs(len - 1) < 1e-4) s.planeUnit++;
      else if (len === 0) s.note("planeZero", start);
    } else if (kind === SHAPE.AABB) {
      if (!finite || x[3]! < 0 || x[4]! < 0 || x[5]! < 0) s.note("aabbNegative", start);
      else s.aabbSized++;
    } else if (finite) {
      // Transform2D / Matrix32: x axis (0, 1), y axis (2, 3), origin (4, 5).
      const lx = Math.hypot(x[0]!, x[1]!);
      const ly = Math.hypot(x[2]!, x[3]!);
      const det = x[0]! * x[3]! - x[1]! * x[2]!;
      // Orthogonality only counts for axes of sane, comparable sizes: with wildly different
      // magnitudes (random or misread data) a dot product vanishes by rounding alone.
      const sane = (t: number) => t === 0 || (Math.abs(t) >= 1e-6 && Math.abs(t) <= 1e6);
      const comparable = lx > 0 && ly > 0 && lx / ly <= 1e3 && ly / lx <= 1e3;
      if (lx === 0 || ly === 0 || Math.abs(det) < 1e-9 * (lx * ly + 1e-30)) s.note("xformDegenerate", start);
      else if (
        comparable &&
        sane(x[0]!) &&
        sane(x[1]!) &&
        sane(x[2]!) &&
        sane(x[3]!) &&
        Math.abs(x[0]! * x[2]! + x[1]! * x[3]!) <= 1e-4 * lx * ly
      ) {
        if (Math.abs(lx - 1) < 1e-4 && Math.abs(ly - 1) < 1e-4) s.xformRotation++;
        else s.xformOrthogonal++;
      }
    }
  }

  // IMAGE (2.x): u32 format | u32 mipmaps | u32 width | u32 height | u32 length L | L bytes | pad
  image(start: number): void {
    this.need(20, "IMAGE");
    const format = this.u32();
    if (format >= 23)
      throw new Stop(start + 4, "invalid-data", `image format ${format} is not below FORMAT_MAX (23)`);
    const mipmaps = this.u32();
    const width = this.u32();
    const height = this.u32();
    const at = this.pos;
    const length = this.u32();
    if (length > 0x7fffffff)
      throw new Stop(at, "invalid-data", `image data length ${length} is negative as int32`);
    const padded = length + ((4 - (length & 3)) & 3);
    if (padded > this.end - this.pos) {
      throw new Stop(
        at,
        "truncated",
        `image data of ${length} bytes (+padding) needs ${padded} bytes, ${this.end - this.pos} left`,
        padded - (this.end - this.pos),
      );
    }
    this.pos += padded;
    const s = this.s;
    s.images++;
    if (length === 0) return;
    // Uncompressed formats: the data is every mip level, width*height*bytes-per-pixel each.
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
      if (expect === length) s.imageSizeOk++;
      else s.note("imageSizeOdd", start);
    } else if (width > 16384 || height > 16384 || mipmaps > 15) s.note("imageSizeOdd", start);
  }

  // INPUT_EVENT (2.x): u32 type | i32 device | u32 length L | type-specific part (see §2.5)
  inputEvent(start: number): void {
    this.need(12, "INPUT_EVENT");
    const type = this.u32();
    this.pos += 4;
    const length = this.u32();
    let extra = 0;
    switch (type) {
      case 1:
        extra = 8;
        break;
      case 3:
      case 5:
      case 6:
        extra = 4;
        break;
      case 4:
        extra = length === 16 ? 4 : 8;
        if (length === 16) this.s.note("inputEventJoy20", start);
        break;
      default:
    }
    this.need(extra, "INPUT_EVENT");
    if (type === 4 && extra === 8) f32Check(this.s, this.v.getUint32(this.pos + 4, true), this.pos + 4);
    this.pos += extra;
    const s = this.s;
    s.inputEvents++;
    if (type > 8) s.note("inputEventTypeOdd", start + 4);
    if (length === 12 + extra) s.inputEventLengthOk++;
    else s.note("inputEventLengthOdd", start + 12);
  }
}

/**
 * Walks one Variant at `start` as `layout`'s dialect reads it, without building values.
 * @param into counts go there (several records of one file add up in one Stats); default a new one
 * @returns `ok` with the end offset and the counts, or the failure (offset, code, message).
 */
export function verify(
  layout: Layout,
  bytes: Uint8Array,
  view: DataView,
  start: number,
  end: number,
  limits: WalkLimits,
  into: Stats = new Stats(),
): WalkReport {
  const w = new Walker(layout, bytes, view, start, end, limits, into);
  try {
    w.value();
    return { ok: true, end: w.pos, stats: w.s };
  } catch (e) {
    if (e instanceof Stop) return { ok: false, failure: e, stats: w.s };
    // The JS stack ran out before maxDepth (a very small stack): report it like the engine would.
    if (e instanceof RangeError) {
      return {
        ok: false,
        failure: new Stop(w.pos, "depth-exceeded", "nesting too deep for the JS stack"),
        stats: w.s,
      };
    }
    throw e;
  }
}

/**
 * False when the header word at `start` already fails {@link verify} (no header word, a type id
 * the dialect lacks, or flag bits a strict dialect refuses): an O(1) test before a walk.
 */
export function headerFits(layout: Layout, view: DataView, start: number, end: number): boolean {
  if (end - start < 4) return false;
  const header = view.getUint32(start, true);
  const id = (header & layout.typeMask) >>> 0;
  const e = id < layout.typeCount ? layout.ops[id] : undefined;
  if (e === undefined) return false;
  return !layout.strictFlags || (header & ~layout.typeMask & ~e.flagMask) >>> 0 === 0;
}

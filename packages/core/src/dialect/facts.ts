import { FLAG_64 } from "../codecs/define.js";
import type { Value } from "../value/types.js";
import type { Observer } from "./builder.js";
import type { Dialect } from "./contract.js";
import { F, Facts } from "./fact-names.js";
import { type Entry, LOOK, NONE, OP, SHAPE, tableOf } from "./facts-table.js";
import { LayoutWalker, type PartCode, PartEnum, type PartSink, paddedStringLength } from "./layout.js";

export { FACT_NAMES, type FactName, Facts } from "./fact-names.js";

const RES = "res://";

/**
 * Values whose inner bytes (string characters and padding, float bits, shapes) a
 * {@link FactsObserver} looks at in every one; after them, one value in {@link SAMPLE_STEP}.
 */
export const FULL_CHECKS = 1024;
/** After {@link FULL_CHECKS} values, the inner bytes of one value in this many are looked at. */
export const SAMPLE_STEP = 16;

/**
 * The facts observer: beside the builder that makes the value ({@link MODEL}, the plain-JS one),
 * it counts {@link Facts} about the bytes as the dialect's reader reads them (`readWith(dialect,
 * bytes, options, builder, observer)`): header bits, 64-bit numbers that 32 bits hold,
 * string and array padding, NUL bytes, denormal and NaN-payload floats, plane normals, colour
 * ranges, typed container headers, the 2.x Image and InputEvent fields. It parses no layout: the
 * parts of each value come from its codec's declared layout (`Codec.layout`, walked by
 * `dialect/layout.ts`), and it judges the bytes inside them. Headers, numbers, containers and
 * objects are counted in every value; the inner bytes of strings and reals in every value up to
 * {@link FULL_CHECKS}, then in one of {@link SAMPLE_STEP} (their counts are then lower bounds).
 * One instance per reading.
 */
export class FactsObserver implements Observer, PartSink {
  readonly facts: Facts;
  private readonly b: Uint8Array;
  // Over `b`, made when first needed (a long string, a shape, a double): a DataView costs as
  // much to make as reading a small message.
  private dv: DataView | undefined;
  // A shape's reals, made by the first shape.
  private shapeReals: Float64Array | undefined;
  private readonly table: readonly (Entry | undefined)[];
  private readonly typeMask: number;
  // Made by the first value whose layout is walked (most readings walk none: a walker costs as
  // much to make as a small value's facts).
  private walker: LayoutWalker | undefined;
  // The value being walked: its entry, start, whether its inner bytes are looked at, and the
  // named words its parts gave so far (Image, InputEvent, an object's class name end).
  private e: Entry | undefined;
  private start = 0;
  private full = false;
  private w0 = 0;
  private w1 = 0;
  private w2 = 0;
  private w3 = 0;
  private w4 = 0;

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

  // The u32 at `p` inside a part; bytes past the input read as 0 (an observer never throws).
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
    switch (e.op) {
      case OP.STRING:
        s.counts[F.strings]!++;
        if (!full) return;
        break;
      case OP.NAME:
        if (!full) return;
        break;
      case OP.REALS:
        if (e.math) {
          if (wide) {
            s.counts[F.mathDouble]!++;
            if (e.kind === "vector4" || e.kind === "projection") s.counts[F.vector4Double]!++;
          } else s.counts[F.mathSingle]!++;
        }
        if (!full) return;
        break;
      case OP.RID:
        s.counts[F.rids]!++;
        return;
      case OP.CALLABLE:
        s.counts[F.callables]!++;
        return;
      case OP.SIGNAL:
        s.counts[F.signals]!++;
        break;
      case OP.OBJECT:
        // An object's facts are in its value; its class name's bytes are walked below.
        if (!this.objectFacts(value as Value, wide, start)) return;
        break;
      case OP.ARRAY:
      case OP.DICTIONARY:
        s.counts[F.containers]!++;
        if ((header & e.flags & 0xf0000) !== 0)
          s.note(e.op === OP.DICTIONARY ? F.typedDictionaries : F.typedArrays, start);
        break;
      case OP.BYTES:
        s.counts[F.byteArrays]!++;
        break;
      case OP.PACKED_REALS:
        if (e.math) {
          if (wide) s.counts[F.mathDouble]!++;
          else s.counts[F.mathSingle]!++;
        }
        if (e.kind === "packedVector4Array") s.note(F.packedVector4, start);
        break;
      case OP.IMAGE:
        s.counts[F.images]!++;
        break;
      case OP.INPUT_EVENT:
        s.counts[F.inputEvents]!++;
        break;
      case OP.OTHER:
        return;
    }
    const f = e.fixed;
    if (f !== undefined) {
      // One fixed-size part right after the header (its layout says so): judged directly.
      const w = (header & FLAG_64) !== 0;
      const p = start + 4;
      const size = w ? f.wideSize : f.size;
      if (f.code === PartEnum.float) this.floats(e, p, p + size, w && f.wideElement === 8, "", start, full);
      else if (f.code === PartEnum.int) {
        if (e.op === OP.INT) this.int(p, w ? f.wideElement : f.element, start);
      } else if (f.code === PartEnum.word) this.word4(e, p, this.word(p), "", start);
      return;
    }
    if (e.shortcut?.string === true) {
      // The parts the walker reports for a padded string (its length part tells facts nothing
      // here): most values of a dump are strings, and a walk costs more than judging them.
      const p = start + 4;
      if (p < end) {
        const n = paddedStringLength(this.b, p, end);
        const q = p + 4 + n;
        const pad = (4 - (n & 3)) & 3;
        if (n > 0) this.text(e, p + 4, n);
        if (pad > 0) this.padding(e, q, Math.max(q, Math.min(q + pad, end)), pad);
      }
    } else if (e.shortcut !== undefined && (header & e.shortcut.typedMask) === 0) {
      // An untyped container: its count is its one part.
      if (start + 4 < end) this.count(e, start + 4, this.word(start + 4), "count");
    } else {
      this.e = e;
      this.start = start;
      this.full = full;
      this.walker ??= new LayoutWalker();
      this.walker.walk(e.layout, e.flagMask, this.b, header, start, end, this, false);
    }
    if (e.op === OP.IMAGE) this.image(start);
    else if (e.op === OP.INPUT_EVENT) this.inputEvent(start);
    else if (e.op === OP.OBJECT) this.objectRest(value as Value, start);
  }

  /** One part of the value being looked at (LayoutWalker): judged by what it is and whose it is. */
  part(code: PartCode, start: number, end: number, value: number, name: string): void {
    const e = this.e!;
    const s = this.facts;
    switch (code) {
      case PartEnum.word:
        this.word4(e, start, value, name, this.start);
        return;
      case PartEnum.count:
        this.count(e, start, value, name);
        return;
      case PartEnum.length:
        if (e.op === OP.PACKED_STRING) s.counts[F.pstrElements]!++;
        else if (e.op === OP.IMAGE) this.w4 = value;
        // Where a full object's properties start (after its class name and padding).
        else if (e.op === OP.OBJECT && name === "class") this.w0 = start + 4 + ((value + 3) & ~3);
        return;
      case PartEnum.int:
        if (e.op === OP.INT) this.int(start, value, this.start);
        return;
      case PartEnum.float:
        this.floats(e, start, end, value === 8, name, this.start, this.full);
        return;
      case PartEnum.text:
        this.text(e, start, value);
        return;
      case PartEnum.padding:
        this.padding(e, start, end, value);
        return;
      case PartEnum.type:
        // A typed container's builtin type id of NIL, or a script outside res://.
        if (name === "" && value === 0) s.note(F.typedBuiltinNil, start);
        else if (name === "script" && !this.resPath(start + 4, value)) s.note(F.typedScriptOdd, start);
        return;
    }
  }

  // A count word: a container's 2.x shared bit, a NodePath's name count.
  private count(e: Entry, at: number, value: number, name: string): void {
    const s = this.facts;
    if (e.op === OP.ARRAY || e.op === OP.DICTIONARY) {
      if (value & 0x80000000) s.note(F.sharedSet, at);
      else s.counts[F.sharedClear]!++;
    } else if (e.op === OP.NODE_PATH && name === "names") s.counts[F.nodePaths]!++;
  }

  // An INT's integer of `size` bytes at `p`: a 64-bit one that 32 bits hold is a fact.
  private int(p: number, size: number, valueStart: number): void {
    const s = this.facts;
    if (size === 8) {
      const lo = this.word(p);
      const hi = this.word(p + 4);
      if (hi === (lo & 0x80000000 ? 0xffffffff : 0)) s.note(F.int64Fits32, valueStart);
      else s.counts[F.int64]!++;
    } else s.counts[F.int32]!++;
  }

  // A named u32 field: a bool's value, a NodePath's flags, an Image's or InputEvent's fields.
  private word4(e: Entry, at: number, value: number, name: string, valueStart: number): void {
    const s = this.facts;
    switch (e.op) {
      case OP.BOOL:
        if (value > 1) s.note(F.boolOdd, valueStart);
        return;
      case OP.NODE_PATH:
        if (value > 3) s.note(F.nodePathBadFlags, at);
        if ((value & 2) !== 0) s.note(F.nodePathProperty, at);
        return;
      case OP.IMAGE:
        if (name === "format") this.w0 = value;
        else if (name === "mipmaps") this.w1 = value;
        else if (name === "width") this.w2 = value;
        else if (name === "height") this.w3 = value;
        return;
      case OP.INPUT_EVENT:
        if (name === "type") this.w0 = value;
        else if (name === "length") {
          this.w1 = value;
          this.w2 = at;
        }
        return;
    }
  }

  // Reals: a FLOAT, a math type's fields, a packed array's elements, an InputEvent's axis value.
  private floats(
    e: Entry,
    start: number,
    end: number,
    wide: boolean,
    name: string,
    valueStart: number,
    full: boolean,
  ): void {
    const s = this.facts;
    const count = (end - start) / (wide ? 8 : 4);
    switch (e.op) {
      case OP.FLOAT:
        if (wide) {
          if (full) this.reals(start, 1, true, 1);
          const d = this.view().getFloat64(start, true);
          if (Math.fround(d) === d && !Number.isNaN(d)) s.note(F.float64Exact, valueStart);
          s.counts[F.float64]!++;
        } else {
          if (full) this.real32(this.word(start), start);
          s.counts[F.float32]!++;
        }
        return;
      case OP.REALS:
        this.reals(start, count, wide, 16);
        if (e.shape !== SHAPE.NONE) this.shape(e.shape, start, wide, valueStart);
        return;
      case OP.PACKED_FLOATS:
      case OP.PACKED_REALS:
        this.reals(start, count, wide, 8);
        return;
      case OP.INPUT_EVENT:
        if (name === "axisValue") this.reals(start, 1, false, 1);
        return;
    }
  }

  // A string's UTF-8 bytes [p, p + n): NULs and control bytes, by whose string it is. Offsets
  // are noted at the string's length word.
  private text(e: Entry, p: number, n: number): void {
    const s = this.facts;
    const b = this.b;
    const at = p - 4;
    if (e.op === OP.PACKED_STRING) {
      // The engine writes N+1 bytes ending in a NUL.
      if (n > 0 && b[p + n - 1] === 0) {
        let inside = false;
        for (let j = 0; j < n - 1; j++) if (b[p + j] === 0) inside = true;
        if (inside) s.note(F.pstrNulInside, at);
        else s.counts[F.pstrNul]!++;
      } else s.note(F.pstrNoNul, at);
      return;
    }
    let control = false;
    // Four bytes at a time while none is below 0x20 or 0x7f (most strings: no byte is); the
    // loop below looks at the rest byte by byte.
    let i = 0;
    const words = Math.min(n, b.length - p) - 3;
    const view = words > 4 ? this.view() : undefined;
    for (; view !== undefined && i < words; i += 4) {
      const w = view.getUint32(p + i, true);
      const d = w ^ 0x7f7f7f7f;
      if ((((w - 0x20202020) & ~w) | ((d - 0x01010101) & ~d)) & 0x80808080) break;
    }
    for (; i < n; i++) {
      const c = b[p + i]!;
      if (c < 0x20 || c === 0x7f) {
        if (c === 0) {
          s.note(F.stringNul, at);
          break;
        }
        if (c !== 9 && c !== 10 && c !== 13) control = true;
      }
    }
    if (control && e.op === OP.STRING) s.note(F.stringControl, at);
  }

  // Padding [start, end) of `want` bytes: missing (byte arrays) or not zero, by whose it is.
  private padding(e: Entry, start: number, end: number, want: number): void {
    const s = this.facts;
    if (end - start < want) {
      if (e.op === OP.BYTES) s.note(F.bytePadMissing, start);
      return;
    }
    if (!this.dirty(start, want)) return;
    switch (e.op) {
      case OP.STRING:
        s.note(F.stringPadDirty, start);
        return;
      case OP.NODE_PATH:
        s.note(F.nodePathPadDirty, start);
        return;
      case OP.BYTES:
        s.note(F.bytePadDirty, start);
        return;
      case OP.PACKED_STRING:
        s.note(F.pstrPadDirty, start);
        return;
      default:
        s.note(F.namePadDirty, start);
    }
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

  /** How a color, plane, AABB or 2D transform whose reals start at `p` looks next to the engine's values. */
  private shape(kind: SHAPE, p: number, wide: boolean, start: number): void {
    const n = kind === SHAPE.COLOR || kind === SHAPE.PLANE ? 4 : 6;
    this.shapeReals ??= new Float64Array(6);
    const x = this.shapeReals;
    const view = this.view();
    let finite = true;
    for (let i = 0; i < n; i++) {
      x[i] = wide ? view.getFloat64(p + i * 8, true) : view.getFloat32(p + i * 4, true);
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

  // An object's facts from its value; true when its bytes are to be walked (a full object: its
  // class name's padding, and where its properties start for the script facts).
  private objectFacts(v: Value, wide: boolean, start: number): boolean {
    const s = this.facts;
    if (v.kind !== "object") return false;
    if (v.form === "null") {
      s.counts[F.objectsBare]!++;
      return false;
    }
    if (wide || v.form === "id") {
      s.counts[F.objectsId]!++;
      if (v.form === "id" && (v.id === 0 || v.id === 0n)) s.note(F.objectIdZero, start);
      return false;
    }
    s.note(F.objectsFull, start);
    return true;
  }

  // After a full object's walk (its class name's end is in w0): the class and script facts.
  private objectRest(v: Value, start: number): void {
    const s = this.facts;
    if (v.kind !== "object" || v.form !== "full") return;
    if (v.className === "") {
      s.note(F.objectEmptyClass, start);
      return;
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(v.className)) s.note(F.objectClassOdd, start + 4);
    s.counts[F.containers]!++;
    for (const [name, value] of v.properties) {
      if (name !== "script") continue;
      if (value.kind === "string") s.note(F.scriptPath, this.w0);
      else if (value.kind === "object") s.note(F.scriptObject, this.w0);
    }
  }

  // The string of `n` bytes at `p` starts with "res://".
  private resPath(p: number, n: number): boolean {
    const b = this.b;
    if (n < 6) return false;
    for (let i = 0; i < 6; i++) if (b[p + i] !== RES.charCodeAt(i)) return false;
    return true;
  }

  // 2.x Image, from its fields (w0 format, w1 mipmaps, w2 width, w3 height, w4 data length).
  private image(start: number): void {
    const s = this.facts;
    const [format, mipmaps, width, height, length] = [this.w0, this.w1, this.w2, this.w3, this.w4];
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

  // 2.x InputEvent, from its fields (w0 type, w1 length, w2 where the length is).
  private inputEvent(start: number): void {
    const s = this.facts;
    const type = this.w0;
    const length = this.w1;
    let extra = 0;
    if (type === 1) extra = 8;
    else if (type === 3 || type === 5 || type === 6) extra = 4;
    else if (type === 4) {
      extra = length === 16 ? 4 : 8;
      if (length === 16) s.note(F.inputEventJoy20, start);
    }
    if (type > 8) s.note(F.inputEventTypeOdd, start + 4);
    if (length === 12 + extra) s.counts[F.inputEventLengthOk]!++;
    else s.note(F.inputEventLengthOdd, this.w2);
  }
}

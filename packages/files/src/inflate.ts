import { adler32, crc32 } from "./checksums.js";
import { CodecError } from "./codec-error.js";
import type { Output } from "./output.js";

// Inflate (RFC 1951) inside a zlib wrapper (RFC 1950, mode Deflate) or a gzip member (RFC 1952,
// mode GZip), as zlib's inflate(Z_FINISH) reads one GCPF block for the engine: the same errors
// (bad trees, distances too far back, a stream that does not end), and the Adler-32 or CRC-32
// and length at the end verified. It writes straight into the plaintext, checking the room
// before every byte, so its work and memory follow the bytes it reads and writes: no window,
// and a dynamic block's tables cost a fixed ~1,500 steps.

const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195,
  227, 258,
];
const LEN_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
  6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
/** Codes up to this many bits are decoded with one table look-up; longer ones bit by bit. */
const ROOT = 9;

/**
 * A canonical Huffman code: `fast[next ROOT bits]` is `symbol << 4 | length` for codes of up to
 * ROOT bits (0: a longer code, or none); `count` and `sorted` decode the longer ones (puff's way).
 */
class Huffman {
  readonly fast = new Uint16Array(1 << ROOT);
  readonly count = new Uint16Array(16);
  readonly sorted = new Uint16Array(320);
  private readonly offs = new Uint16Array(16);
  mask = 0;

  /**
   * Builds the code of `lengths[0, n)`. `complete` refuses an incomplete code (zlib allows one
   * only when its longest code is 1 bit, and for the code lengths' code never).
   * @returns false for an over-subscribed or (refused) incomplete set of lengths.
   */
  build(lengths: Uint8Array, n: number, complete: boolean): boolean {
    const count = this.count;
    count.fill(0);
    for (let i = 0; i < n; i++) count[lengths[i]!]!++;
    let max = 0;
    for (let len = 1; len < 16; len++) if (count[len]) max = len;
    let left = 1;
    for (let len = 1; len < 16; len++) {
      left = (left << 1) - count[len]!;
      if (left < 0) return false;
    }
    if (max === 0) {
      // No codes at all: zlib accepts this for distances; any use is an error.
      if (complete) return false;
    } else if (left > 0 && (complete || max !== 1)) return false;
    const offs = this.offs;
    offs.fill(0);
    for (let len = 1; len < 15; len++) offs[len + 1] = offs[len]! + count[len]!;
    for (let s = 0; s < n; s++) if (lengths[s]) this.sorted[offs[lengths[s]!]!++] = s;
    const root = Math.max(1, Math.min(max, ROOT));
    const size = 1 << root;
    this.mask = size - 1;
    const fast = this.fast;
    fast.fill(0, 0, size);
    let code = 0;
    let k = 0;
    for (let len = 1; len <= root; len++) {
      for (let c = count[len]!; c > 0; c--) {
        const entry = (this.sorted[k++]! << 4) | len;
        // Codes are packed from their first bit: the table is indexed by the reversed code.
        let rev = 0;
        for (let b = 0; b < len; b++) rev |= ((code >> b) & 1) << (len - 1 - b);
        for (let j = rev; j < size; j += 1 << len) fast[j] = entry;
        code++;
      }
      code <<= 1;
    }
    return true;
  }
}

function fixedCodes(): [Huffman, Huffman] {
  const l = new Uint8Array(288);
  l.fill(8, 0, 144).fill(9, 144, 256).fill(7, 256, 280).fill(8, 280, 288);
  const lit = new Huffman();
  lit.build(l, 288, true);
  // 32 codes of 5 bits: 30 and 31 are invalid distances, as in zlib's fixed table.
  const dist = new Huffman();
  dist.build(new Uint8Array(32).fill(5), 32, true);
  return [lit, dist];
}

/** The fixed codes (BTYPE 01), built once and only read. */
const FIXED = /* @__PURE__ */ fixedCodes();

/**
 * The tables of dynamic blocks, made once per file (at its first dynamic block) and rebuilt in
 * place: a block allocates nothing.
 */
export class InflateTables {
  readonly lit = new Huffman();
  readonly dist = new Huffman();
  readonly lengths = new Huffman();
  readonly cl = new Uint8Array(19);
  readonly lens = new Uint8Array(286 + 30);
}

/** The bit reader and block decoder of one stream. */
class Inflater {
  private hold = 0;
  private bits = 0;
  /** Zero bytes fed past the end of the input: reading them is an error. */
  private over = 0;
  private made: InflateTables | undefined;

  constructor(
    private readonly src: Uint8Array,
    public ip: number,
    private readonly out: Output,
    private readonly makeTables: () => InflateTables,
  ) {}

  private fail(message: string): never {
    throw new CodecError(message, Math.min(this.ip, this.src.length));
  }

  private need(n: number): void {
    while (this.bits < n) {
      if (this.ip < this.src.length) this.hold |= this.src[this.ip++]! << this.bits;
      else this.over++;
      this.bits += 8;
    }
  }

  /** Drops the bits up to the byte boundary; returns the offset of the next unread byte. */
  private align(): number {
    // Whole bytes still in the bit buffer go back to the input (not the zeros fed past its end).
    this.ip -= (this.bits >> 3) - this.over;
    this.hold = 0;
    this.bits = 0;
    this.over = 0;
    return this.ip;
  }

  /** Fails once a read used bits past the end of the input. */
  private checkEnd(): void {
    if (this.over > 0 && this.bits < this.over * 8) this.fail("the stream ends early");
  }

  private take(n: number): number {
    this.need(n);
    const v = this.hold & ((1 << n) - 1);
    this.hold >>>= n;
    this.bits -= n;
    return v;
  }

  private decode(h: Huffman): number {
    this.need(15);
    const e = h.fast[this.hold & h.mask]!;
    if (e !== 0) {
      const len = e & 15;
      this.hold >>>= len;
      this.bits -= len;
      this.checkEnd();
      return e >> 4;
    }
    // A code longer than ROOT bits (or none): walk the lengths (puff's decode).
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= this.hold & 1;
      this.hold >>>= 1;
      this.bits--;
      const count = h.count[len]!;
      if (code - count < first) {
        this.checkEnd();
        return h.sorted[index + code - first]!;
      }
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    return this.fail("invalid Huffman code");
  }

  /** Inflates blocks to the last one; returns the offset of the first byte after the stream. */
  run(): number {
    const out = this.out;
    const start = out.pos;
    let final = 0;
    do {
      final = this.take(1);
      const type = this.take(2);
      this.checkEnd();
      if (type === 0) {
        // Stored: to the byte boundary, then LEN and its complement.
        const src = this.src;
        const p = this.align();
        if (p + 4 > src.length) this.fail("the stream ends early");
        const len = src[p]! | (src[p + 1]! << 8);
        if ((src[p + 2]! | (src[p + 3]! << 8)) !== (~len & 0xffff)) this.fail("invalid stored block lengths");
        if (p + 4 + len > src.length) this.fail("the stream ends early");
        const buf = out.reserve(out.pos, len);
        buf.set(src.subarray(p + 4, p + 4 + len), out.pos);
        out.pos += len;
        this.ip = p + 4 + len;
        continue;
      }
      let lit: Huffman;
      let dist: Huffman;
      if (type === 1) [lit, dist] = FIXED;
      else if (type === 2) [lit, dist] = this.dynamic();
      else return this.fail("invalid block type");
      this.codes(lit, dist, start);
    } while (!final);
    return this.align();
  }

  private dynamic(): [Huffman, Huffman] {
    this.made ??= this.makeTables();
    const { lengths, lit, dist, cl, lens } = this.made;
    const nlen = this.take(5) + 257;
    const ndist = this.take(5) + 1;
    const ncode = this.take(4) + 4;
    if (nlen > 286 || ndist > 30) this.fail("too many length or distance symbols");
    cl.fill(0);
    for (let i = 0; i < ncode; i++) cl[CL_ORDER[i]!] = this.take(3);
    this.checkEnd();
    if (!lengths.build(cl, 19, true)) this.fail("invalid code lengths set");
    lens.fill(0);
    for (let i = 0; i < nlen + ndist; ) {
      const sym = this.decode(lengths);
      if (sym < 16) {
        lens[i++] = sym;
        continue;
      }
      let value = 0;
      let rep: number;
      if (sym === 16) {
        if (i === 0) this.fail("invalid bit length repeat");
        value = lens[i - 1]!;
        rep = 3 + this.take(2);
      } else if (sym === 17) rep = 3 + this.take(3);
      else rep = 11 + this.take(7);
      this.checkEnd();
      if (i + rep > nlen + ndist) this.fail("invalid bit length repeat");
      lens.fill(value, i, i + rep);
      i += rep;
    }
    if (lens[256] === 0) this.fail("invalid code -- missing end-of-block");
    if (!lit.build(lens, nlen, false)) this.fail("invalid literal/lengths set");
    if (!dist.build(lens.subarray(nlen), ndist, false)) this.fail("invalid distances set");
    return [lit, dist];
  }

  private codes(lit: Huffman, dist: Huffman, start: number): void {
    const out = this.out;
    let buf = out.buf;
    let op = out.pos;
    for (;;) {
      const sym = this.decode(lit);
      if (sym < 256) {
        if (op >= buf.length || op >= out.limit) buf = out.reserve(op, 1);
        buf[op++] = sym;
        continue;
      }
      if (sym === 256) break;
      const li = sym - 257;
      if (li >= 29) this.fail("invalid literal/length code");
      const len = LEN_BASE[li]! + this.take(LEN_EXTRA[li]!);
      const di = this.decode(dist);
      if (di >= 30) this.fail("invalid distance code");
      const d = DIST_BASE[di]! + this.take(DIST_EXTRA[di]!);
      this.checkEnd();
      if (d > op - start) this.fail("invalid distance too far back");
      if (op + len > buf.length || op + len > out.limit) buf = out.reserve(op, len);
      let from = op - d;
      if (d >= len) {
        buf.copyWithin(op, from, from + len);
        op += len;
      } else for (let k = 0; k < len; k++) buf[op++] = buf[from++]!;
    }
    out.pos = op;
  }
}

/** The zlib header (RFC 1950): 2 bytes, as inflateInit2(15) checks them. */
function zlibHeader(src: Uint8Array): number {
  if (src.length < 2) throw new CodecError("the stream ends early", src.length);
  const cmf = src[0]!;
  const flg = src[1]!;
  if (((cmf << 8) | flg) % 31 !== 0) throw new CodecError("incorrect header check", 0);
  if ((cmf & 15) !== 8) throw new CodecError("unknown compression method", 0);
  if ((cmf >> 4) + 8 > 15) throw new CodecError("invalid window size", 0);
  if (flg & 0x20) throw new CodecError("the stream needs a preset dictionary", 1);
  return 2;
}

/** The gzip member header (RFC 1952), with its optional fields and header CRC. */
function gzipHeader(src: Uint8Array): number {
  const short = (): never => {
    throw new CodecError("the stream ends early", src.length);
  };
  if (src.length < 10) short();
  if (src[0] !== 0x1f || src[1] !== 0x8b) throw new CodecError("incorrect header check", 0);
  if (src[2] !== 8) throw new CodecError("unknown compression method", 2);
  const flags = src[3]!;
  if (flags & 0xe0) throw new CodecError("unknown header flags set", 3);
  let p = 10;
  if (flags & 4) {
    if (p + 2 > src.length) short();
    p += 2 + (src[p]! | (src[p + 1]! << 8));
  }
  for (const bit of [8, 16]) {
    if (!(flags & bit)) continue;
    while (p < src.length && src[p] !== 0) p++;
    if (p >= src.length) short();
    p++;
  }
  if (flags & 2) {
    if (p + 2 > src.length) short();
    if ((src[p]! | (src[p + 1]! << 8)) !== (crc32(src, 0, p) & 0xffff))
      throw new CodecError("header crc mismatch", p);
    p += 2;
  }
  if (p > src.length) short();
  return p;
}

/**
 * Inflates one Deflate (zlib) or GZip block into `out`, up to `out.limit`, and checks its
 * trailer. Bytes after the trailer are ignored, as zlib ignores them.
 * @param tables where the tables of dynamic blocks are built (one per file; made on first use).
 * @throws {CodecError} with the offset in `src`; `overflow` when it would write past the limit.
 */
export function inflateBlock(
  src: Uint8Array,
  out: Output,
  gzip: boolean,
  tables: () => InflateTables = () => new InflateTables(),
): void {
  const start = out.pos;
  const at = gzip ? gzipHeader(src) : zlibHeader(src);
  const p = new Inflater(src, at, out, tables).run();
  if (gzip) {
    if (p + 8 > src.length) throw new CodecError("the stream ends early", src.length);
    const crc = (src[p]! | (src[p + 1]! << 8) | (src[p + 2]! << 16) | (src[p + 3]! << 24)) >>> 0;
    if (crc !== crc32(out.buf, start, out.pos)) throw new CodecError("incorrect data check", p);
    const size = (src[p + 4]! | (src[p + 5]! << 8) | (src[p + 6]! << 16) | (src[p + 7]! << 24)) >>> 0;
    if (size !== (out.pos - start) >>> 0) throw new CodecError("incorrect length check", p + 4);
  } else {
    if (p + 4 > src.length) throw new CodecError("the stream ends early", src.length);
    const sum = ((src[p]! << 24) | (src[p + 1]! << 16) | (src[p + 2]! << 8) | src[p + 3]!) >>> 0;
    if (sum !== adler32(out.buf, start, out.pos)) throw new CodecError("incorrect data check", p);
  }
}

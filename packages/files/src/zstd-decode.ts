import { BackwardBits } from "./backward-bits.js";
import { u32 } from "./bytes.js";
import { CodecError } from "./codec-error.js";
import type { Output } from "./output.js";
import { xxh64Low32 } from "./xxhash64.js";
import { FseTable, nextState } from "./zstd-fse.js";
import { decodeHuffmanLiterals, HuffmanTable } from "./zstd-huffman.js";

// A Zstandard decoder (RFC 8878) written for hostile input: it writes straight into the
// plaintext (a match copies from the bytes the frame already wrote), so a frame's window costs
// nothing, and everything it does is bounded by the bytes it reads and the bytes it may write.
// It follows libzstd's one-shot ZSTD_decompressDCtx, which the engine calls on each GCPF block:
// any number of frames and skippable frames, all of the input consumed, the content size and
// the content checksum verified, no dictionaries.

const MAGIC = 0xfd2fb528;
const BLOCK_MAX = 128 * 1024;
/** libzstd's ZSTD_WINDOWLOG_MAX on 64-bit builds. */
const WINDOW_LOG_MAX = 31;

// Literal length and match length codes: baseline and extra bits (RFC 8878 §3.1.1.3.2.1).
const LL_BASE = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 28, 32, 40, 48, 64, 128, 256, 512,
  1024, 2048, 4096, 8192, 16384, 32768, 65536,
];
const LL_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14,
  15, 16,
];
const ML_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
  32, 33, 34, 35, 37, 39, 41, 43, 47, 51, 59, 67, 83, 99, 131, 259, 515, 1027, 2051, 4099, 8195, 16387, 32771,
  65539,
];
const ML_BITS = [
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1,
  2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
];
const MAX_LL = 35;
const MAX_ML = 52;
const MAX_OF = 31;

// The predefined distributions (RFC 8878 §3.1.1.3.2.2), built once and only read.
const LL_DEFAULT = /* @__PURE__ */ FseTable.of(
  [
    4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1, -1, -1,
    -1, -1,
  ],
  6,
);
const ML_DEFAULT = /* @__PURE__ */ FseTable.of(
  [
    1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1, -1, -1,
  ],
  6,
);
const OF_DEFAULT = /* @__PURE__ */ FseTable.of(
  [1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1],
  5,
);

/**
 * The tables and the literals buffer, made once per file and rebuilt in place by each block
 * that describes new ones: a block allocates nothing.
 */
export class ZstdTables {
  readonly huffman = new HuffmanTable();
  readonly ll = new FseTable();
  readonly of = new FseTable();
  readonly ml = new FseTable();
  private literals = new Uint8Array(0);

  /** A buffer of at least `n` bytes (n <= 128 KiB) for a block's literals. */
  literalsBuffer(n: number): Uint8Array {
    if (this.literals.length < n) this.literals = new Uint8Array(Math.max(n, 2 * this.literals.length));
    return this.literals;
  }
}

/** What one frame carries from block to block. */
interface FrameState {
  /** Where the frame's output starts: no match may reach before it. */
  readonly start: number;
  readonly tables: ZstdTables;
  /** True once a block of the frame described a Huffman tree. */
  huffman: boolean;
  ll: FseTable | undefined;
  of: FseTable | undefined;
  ml: FseTable | undefined;
  readonly rep: [number, number, number];
}

/**
 * Decodes the Zstd data `src` (one GCPF block) into `out`, at most up to `out.limit`.
 * @param tables reused across calls (one per file).
 * @throws {CodecError} with the offset in `src`; `overflow` when it would write past the limit.
 */
export function zstdDecompress(src: Uint8Array, out: Output, tables = new ZstdTables()): void {
  let at = 0;
  // As libzstd: frames while 5 bytes or more are left, then nothing may remain.
  while (src.length - at >= 5) {
    const magic = u32(src, at);
    if ((magic & 0xfffffff0) >>> 0 === 0x184d2a50) {
      if (src.length - at < 8) throw new CodecError("skippable frame header is cut short", at);
      const size = u32(src, at + 4);
      if (size > src.length - at - 8) throw new CodecError("skippable frame runs past the block", at);
      at += 8 + size;
      continue;
    }
    if (magic !== MAGIC) throw new CodecError("not a Zstd frame (bad magic)", at);
    at = frame(src, at + 4, out, tables);
  }
  if (at !== src.length) throw new CodecError(`${src.length - at} bytes after the last frame`, at);
}

/** One frame from its header (after the magic); returns the offset after it. */
function frame(src: Uint8Array, at: number, out: Output, tables: ZstdTables): number {
  if (at >= src.length) throw new CodecError("frame header is cut short", at);
  const fhd = src[at]!;
  const fcsFlag = fhd >> 6;
  const single = (fhd >> 5) & 1;
  const checksum = (fhd >> 2) & 1;
  const dictFlag = fhd & 3;
  if (fhd & 8) throw new CodecError("reserved bit set in the frame header", at);
  const fcsSize = [single, 2, 4, 8][fcsFlag]!;
  const dictSize = [0, 1, 2, 4][dictFlag]!;
  const headerSize = 1 + (single ? 0 : 1) + dictSize + fcsSize;
  if (at + headerSize > src.length) throw new CodecError("frame header is cut short", src.length);
  let p = at + 1;
  if (!single) {
    const wd = src[p++]!;
    if ((wd >> 3) + 10 > WINDOW_LOG_MAX)
      throw new CodecError(`window of 2^${(wd >> 3) + 10} bytes is over libzstd's 2^31`, p - 1);
  }
  let dictId = 0;
  for (let i = dictSize - 1; i >= 0; i--) dictId = dictId * 256 + src[p + i]!;
  if (dictId !== 0) throw new CodecError(`frame needs dictionary ${dictId}`, p);
  p += dictSize;
  let contentSize = -1;
  if (fcsSize > 0) {
    contentSize = 0;
    for (let i = fcsSize - 1; i >= 0; i--) contentSize = contentSize * 256 + src[p + i]!;
    if (fcsSize === 2) contentSize += 256;
    // Refused before any block: the frame could never fit.
    if (contentSize > out.limit - out.pos)
      throw new CodecError(`frame says ${contentSize} bytes, more than the block holds`, p, true);
    p += fcsSize;
  }
  const state: FrameState = {
    start: out.pos,
    tables,
    huffman: false,
    ll: undefined,
    of: undefined,
    ml: undefined,
    rep: [1, 4, 8],
  };
  for (;;) {
    if (p + 3 > src.length) throw new CodecError("block header is cut short", src.length);
    const header = src[p]! | (src[p + 1]! << 8) | (src[p + 2]! << 16);
    p += 3;
    const last = header & 1;
    const type = (header >> 1) & 3;
    const size = header >>> 3;
    if (type === 1) {
      // RLE: one byte, `size` times.
      if (p >= src.length) throw new CodecError("RLE block is cut short", src.length);
      const buf = out.reserve(out.pos, size);
      buf.fill(src[p]!, out.pos, out.pos + size);
      out.pos += size;
      p += 1;
    } else {
      if (p + size > src.length) throw new CodecError("block runs past the end of the data", p);
      if (type === 0) {
        const buf = out.reserve(out.pos, size);
        buf.set(src.subarray(p, p + size), out.pos);
        out.pos += size;
      } else if (type === 2) {
        if (size >= BLOCK_MAX) throw new CodecError(`compressed block of ${size} bytes`, p - 3);
        compressedBlock(src, p, p + size, out, state);
      } else throw new CodecError("reserved block type", p - 3);
      p += size;
    }
    if (last) break;
  }
  if (contentSize >= 0 && out.pos - state.start !== contentSize)
    throw new CodecError(`frame says ${contentSize} bytes, its blocks hold ${out.pos - state.start}`, at);
  if (checksum) {
    if (p + 4 > src.length) throw new CodecError("content checksum is cut short", src.length);
    if (u32(src, p) !== xxh64Low32(out.buf, state.start, out.pos))
      throw new CodecError("content checksum does not match", p);
    p += 4;
  }
  return p;
}

/**
 * The literals section: the literals, and where the sequences section starts. More literals
 * than the block may still write are refused before any is decoded.
 */
function literals(
  src: Uint8Array,
  at: number,
  end: number,
  state: FrameState,
  out: Output,
): [Uint8Array, number] {
  const b0 = src[at]!;
  const type = b0 & 3;
  const sf = (b0 >> 2) & 3;
  if (type < 2) {
    // Raw or RLE: 5, 12 or 20 bits of size.
    let n: number;
    let p: number;
    if ((sf & 1) === 0) {
      n = b0 >> 3;
      p = at + 1;
    } else if (sf === 1) {
      n = (b0 >> 4) | (src[at + 1]! << 4);
      p = at + 2;
    } else {
      n = (b0 >> 4) | (src[at + 1]! << 4) | (src[at + 2]! << 12);
      p = at + 3;
    }
    checkRoom(n, out, at);
    if (type === 0) {
      if (p + n > end) throw new CodecError("literals run past their block", at);
      return [src.subarray(p, p + n), p + n];
    }
    if (p >= end) throw new CodecError("RLE literals are cut short", at);
    return [state.tables.literalsBuffer(n).fill(src[p]!, 0, n).subarray(0, n), p + 1];
  }
  // Huffman-coded (2: with its tree; 3: the previous block's tree).
  if (at + 5 > end) throw new CodecError("literals header is cut short", at);
  const h = u32(src, at);
  let n: number;
  let c: number;
  let p: number;
  if (sf < 2) {
    n = (h >>> 4) & 0x3ff;
    c = (h >>> 14) & 0x3ff;
    p = at + 3;
  } else if (sf === 2) {
    n = (h >>> 4) & 0x3fff;
    c = h >>> 18;
    p = at + 4;
  } else {
    n = (h >>> 4) & 0x3ffff;
    c = (h >>> 22) + (src[at + 4]! << 10);
    p = at + 5;
  }
  checkRoom(n, out, at);
  const cEnd = p + c;
  if (cEnd > end) throw new CodecError("compressed literals run past their block", at);
  const table = state.tables.huffman;
  if (type === 2) {
    p += table.read(src, p, cEnd);
    state.huffman = true;
  } else if (!state.huffman) throw new CodecError("treeless literals with no tree before", at);
  const lit = state.tables.literalsBuffer(n).subarray(0, n);
  decodeHuffmanLiterals(table, src, p, cEnd, lit, n, sf !== 0);
  return [lit, cEnd];
}

/** Refuses `n` literals that could not fit the block's room (before a byte is decoded). */
function checkRoom(n: number, out: Output, at: number): void {
  if (n > BLOCK_MAX) throw new CodecError(`${n} literals in one block`, at);
  if (n > out.limit - out.pos) throw new CodecError(`${n} literals, more than the block holds`, at, true);
}

/** One sequence table by its mode; returns the bytes its description took. */
function seqTable(
  mode: number,
  src: Uint8Array,
  at: number,
  end: number,
  previous: FseTable | undefined,
  predefinedTable: FseTable,
  storage: FseTable,
  maxLog: number,
  maxSymbol: number,
): [FseTable, number] {
  switch (mode) {
    case 0:
      return [predefinedTable, 0];
    case 1: {
      if (at >= end) throw new CodecError("RLE sequence table is cut short", at);
      const s = src[at]!;
      if (s > maxSymbol) throw new CodecError(`sequence code ${s} is over ${maxSymbol}`, at);
      return [storage.rle(s), 1];
    }
    case 2:
      return [storage, storage.read(src, at, end, maxLog, maxSymbol)];
    default:
      if (previous === undefined) throw new CodecError("repeated sequence table with none before", at);
      return [previous, 0];
  }
}

function compressedBlock(src: Uint8Array, at: number, end: number, out: Output, state: FrameState): void {
  // libzstd's MIN_CBLOCK_SIZE: a literals header, a literal, a sequence count.
  if (end - at < 3) throw new CodecError("compressed block is too short", at);
  const [lit, seqAt] = literals(src, at, end, state, out);
  if (seqAt >= end) throw new CodecError("sequences section is missing", seqAt);
  let p = seqAt;
  let count = src[p++]!;
  const blockStart = out.pos;
  const blockEnd = Math.min(out.limit, blockStart + BLOCK_MAX);
  if (count === 0) {
    if (p !== end) throw new CodecError("bytes after an empty sequences section", p);
  } else {
    if (count === 255) {
      if (p + 2 > end) throw new CodecError("sequence count is cut short", p);
      count = src[p]! + (src[p + 1]! << 8) + 0x7f00;
      p += 2;
    } else if (count > 127) {
      if (p >= end) throw new CodecError("sequence count is cut short", p);
      count = ((count - 128) << 8) + src[p++]!;
    }
    if (p >= end) throw new CodecError("sequence modes are cut short", p);
    const modes = src[p++]!;
    if (modes & 3) throw new CodecError("reserved bits set in the sequence modes", p - 1);
    const t = state.tables;
    let size: number;
    [state.ll, size] = seqTable(modes >> 6, src, p, end, state.ll, LL_DEFAULT, t.ll, 9, MAX_LL);
    p += size;
    [state.of, size] = seqTable((modes >> 4) & 3, src, p, end, state.of, OF_DEFAULT, t.of, 8, MAX_OF);
    p += size;
    [state.ml, size] = seqTable((modes >> 2) & 3, src, p, end, state.ml, ML_DEFAULT, t.ml, 9, MAX_ML);
    p += size;
    sequences(src, p, end, count, lit, out, state, blockEnd);
    return;
  }
  if (blockStart + lit.length > blockEnd) overflow(out, blockStart + lit.length);
  out.reserve(out.pos, lit.length).set(lit, out.pos);
  out.pos += lit.length;
}

function overflow(out: Output, to: number): never {
  // Past the GCPF block's share: the caller's overflow; past 128 KiB in one block: corrupt.
  if (to > out.limit) out.reserve(out.pos, to - out.pos);
  throw new CodecError("a block inflates past 128 KiB", 0);
}

/** Decodes and executes `count` sequences from the bitstream `src[at, end)`. */
function sequences(
  src: Uint8Array,
  at: number,
  end: number,
  count: number,
  lit: Uint8Array,
  out: Output,
  state: FrameState,
  blockEnd: number,
): void {
  const ll = state.ll!;
  const of = state.of!;
  const ml = state.ml!;
  const rep = state.rep;
  const bits = new BackwardBits(src, at, end);
  let llState = bits.read(ll.log);
  let ofState = bits.read(of.log);
  let mlState = bits.read(ml.log);
  let litPos = 0;
  let op = out.pos;
  for (let i = 0; i < count; i++) {
    const llCode = ll.symbol[llState]!;
    const mlCode = ml.symbol[mlState]!;
    const ofCode = of.symbol[ofState]!;
    // Offset, then match length, then literal length (RFC 8878 §3.1.1.3.2.1.1).
    let offset: number;
    if (ofCode > 1) {
      // Up to 31 extra bits: read in two parts (24 bits at most at a time).
      const hi = ofCode > 24 ? bits.read(ofCode - 24) : 0;
      const lo = bits.read(Math.min(ofCode, 24));
      offset = 2 ** ofCode + hi * 2 ** 24 + lo - 3;
      rep[2] = rep[1];
      rep[1] = rep[0];
      rep[0] = offset;
    } else {
      const llZero = llCode === 0 ? 1 : 0;
      const index = ofCode + llZero + (ofCode === 1 ? bits.read(1) : 0);
      if (index === 0) offset = rep[0];
      else {
        offset = index === 3 ? rep[0] - 1 : rep[index]!;
        // libzstd: 0 is not a valid offset; it becomes 1 (and then fails below if nothing precedes).
        if (offset === 0) offset = 1;
        if (index !== 1) rep[2] = rep[1];
        rep[1] = rep[0];
        rep[0] = offset;
      }
    }
    const matchLen = ML_BASE[mlCode]! + bits.read(ML_BITS[mlCode]!);
    const litLen = LL_BASE[llCode]! + bits.read(LL_BITS[llCode]!);
    if (i + 1 < count) {
      llState = nextState(ll, llState, bits);
      mlState = nextState(ml, mlState, bits);
      ofState = nextState(of, ofState, bits);
    }
    // Execute: the literals, then the match, each checked before a byte is written.
    if (litLen > lit.length - litPos)
      throw new CodecError("a sequence uses more literals than there are", at);
    const seqEnd = op + litLen + matchLen;
    if (seqEnd > blockEnd) overflow(out, seqEnd);
    const buf = out.reserve(op, litLen + matchLen);
    buf.set(lit.subarray(litPos, litPos + litLen), op);
    litPos += litLen;
    op += litLen;
    if (offset > op - state.start) throw new CodecError("a match reaches before the start of the frame", at);
    let from = op - offset;
    if (offset >= matchLen) {
      buf.copyWithin(op, from, from + matchLen);
      op += matchLen;
    } else for (let k = 0; k < matchLen; k++) buf[op++] = buf[from++]!;
    out.pos = op;
  }
  if (bits.pos !== 0) throw new CodecError("sequences do not end where their bitstream does", at);
  const rest = lit.length - litPos;
  if (op + rest > blockEnd) overflow(out, op + rest);
  out.reserve(op, rest).set(lit.subarray(litPos), op);
  out.pos = op + rest;
}

import { BackwardBits } from "./backward-bits.js";
import { CodecError } from "./codec-error.js";
import { FseTable, nextState } from "./zstd-fse.js";

// Zstd's Huffman coding of literals (RFC 8878 §4.2): a tree description (weights, direct or
// FSE-compressed), then one or four backward bitstreams. Tables have at most 2^12 entries and
// are rebuilt in place; every stream must decode to its exact share and end exactly at its
// first bit.

/** libzstd's limit (HUF_TABLELOG_MAX); the format says 11, libzstd reads up to 12. */
const MAX_BITS = 12;

/**
 * A decoding table (the next `maxBits` bits index the symbol and its code length), rebuilt in
 * place from each tree description.
 */
export class HuffmanTable {
  maxBits = 0;
  readonly symbol = new Uint8Array(1 << MAX_BITS);
  readonly bits = new Uint8Array(1 << MAX_BITS);
  // Scratch: the weights (the last one implied), their FSE table, counts per weight.
  private readonly weights = new Uint8Array(256);
  private readonly fse = new FseTable();
  private readonly count = new Uint32Array(MAX_BITS + 2);
  private readonly startOf = new Uint32Array(MAX_BITS + 2);

  /** Reads the weights at `b[at, end)`; returns [how many, bytes taken]. */
  private readWeights(b: Uint8Array, at: number, end: number): [number, number] {
    if (at >= end) throw new CodecError("Huffman tree description is missing", at);
    const head = b[at]!;
    const weights = this.weights;
    if (head >= 128) {
      const n = head - 127;
      const size = 1 + ((n + 1) >> 1);
      if (at + size > end) throw new CodecError("Huffman weights run past their block", end);
      for (let i = 0; i < n; i++) {
        const byte = b[at + 1 + (i >> 1)]!;
        weights[i] = i & 1 ? byte & 15 : byte >> 4;
      }
      return [n, size];
    }
    // FSE-compressed weights: two interleaved states over one backward stream.
    const end2 = at + 1 + head;
    if (end2 > end) throw new CodecError("Huffman weights run past their block", end);
    const table = this.fse;
    const size = table.read(b, at + 1, end2, 6, 255);
    const bits = new BackwardBits(b, at + 1 + size, end2);
    let s1 = bits.read(table.log);
    let s2 = bits.read(table.log);
    let n = 0;
    // libzstd's FSE_decompress loop: a symbol from one state, then the other, until the stream
    // is overread; then the other state's symbol ends the list (at most 255 weights).
    for (;;) {
      if (n > 253) throw new CodecError("too many Huffman weights", at);
      weights[n++] = table.symbol[s1]!;
      s1 = nextState(table, s1, bits);
      if (bits.pos < 0) {
        weights[n++] = table.symbol[s2]!;
        break;
      }
      if (n > 253) throw new CodecError("too many Huffman weights", at);
      weights[n++] = table.symbol[s2]!;
      s2 = nextState(table, s2, bits);
      if (bits.pos < 0) {
        weights[n++] = table.symbol[s1]!;
        break;
      }
    }
    return [n, 1 + head];
  }

  /**
   * Reads a tree description at `b[at, end)` into this table.
   * @returns the bytes the description took.
   * @throws {CodecError} for weights that do not make a complete prefix code.
   */
  read(b: Uint8Array, at: number, end: number): number {
    const [n, size] = this.readWeights(b, at, end);
    const { weights, count, startOf } = this;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const w = weights[i]!;
      if (w > MAX_BITS) throw new CodecError(`Huffman weight ${w} is over ${MAX_BITS}`, at);
      if (w > 0) total += 1 << (w - 1);
    }
    if (total === 0) throw new CodecError("Huffman weights are all zero", at);
    const maxBits = 32 - Math.clz32(total);
    if (maxBits > MAX_BITS) throw new CodecError(`Huffman codes of ${maxBits} bits`, at);
    const rest = (1 << maxBits) - total;
    if ((rest & (rest - 1)) !== 0) throw new CodecError("Huffman weights do not make a full tree", at);
    weights[n] = 32 - Math.clz32(rest);
    count.fill(0);
    for (let i = 0; i <= n; i++) count[weights[i]!]!++;
    // libzstd: a full tree has an even number (at least 2) of the longest codes.
    if (count[1]! < 2 || count[1]! & 1) throw new CodecError("Huffman weights do not make a full tree", at);
    startOf.fill(0);
    for (let w = 1; w <= maxBits; w++) startOf[w + 1] = startOf[w]! + count[w]! * (1 << (w - 1));
    for (let s = 0; s <= n; s++) {
      const w = weights[s]!;
      if (w === 0) continue;
      const from = startOf[w]!;
      const to = from + (1 << (w - 1));
      this.symbol.fill(s, from, to);
      this.bits.fill(maxBits + 1 - w, from, to);
      startOf[w] = to;
    }
    this.maxBits = maxBits;
    return size;
  }
}

/** Decodes one stream `b[from, end)` into `out[o, o + n)`. @throws {CodecError} */
function decodeStream(
  t: HuffmanTable,
  b: Uint8Array,
  from: number,
  end: number,
  out: Uint8Array,
  o: number,
  n: number,
): void {
  const bits = new BackwardBits(b, from, end);
  const { maxBits, symbol, bits: lengths } = t;
  for (let i = 0; i < n; i++) {
    const v = bits.peek(maxBits);
    out[o + i] = symbol[v]!;
    bits.pos -= lengths[v]!;
  }
  if (bits.pos !== 0) throw new CodecError("Huffman stream does not end where its literals do", from);
}

/**
 * Decodes `n` literals from one stream or four (with their jump table) at `b[at, end)` into
 * `out[0, n)`.
 * @throws {CodecError}
 */
export function decodeHuffmanLiterals(
  t: HuffmanTable,
  b: Uint8Array,
  at: number,
  end: number,
  out: Uint8Array,
  n: number,
  four: boolean,
): void {
  if (!four) {
    decodeStream(t, b, at, end, out, 0, n);
    return;
  }
  if (at + 6 > end) throw new CodecError("Huffman jump table runs past its block", at);
  const s1 = b[at]! | (b[at + 1]! << 8);
  const s2 = b[at + 2]! | (b[at + 3]! << 8);
  const s3 = b[at + 4]! | (b[at + 5]! << 8);
  const start = at + 6;
  if (start + s1 + s2 + s3 > end) throw new CodecError("Huffman streams run past their block", at);
  const per = (n + 3) >> 2;
  // libzstd 1.5: four streams need 6 literals at least (and each stream its share).
  if (n < 6) throw new CodecError("too few literals for four streams", at);
  decodeStream(t, b, start, start + s1, out, 0, per);
  decodeStream(t, b, start + s1, start + s1 + s2, out, per, per);
  decodeStream(t, b, start + s1 + s2, start + s1 + s2 + s3, out, 2 * per, per);
  decodeStream(t, b, start + s1 + s2 + s3, end, out, 3 * per, n - 3 * per);
}

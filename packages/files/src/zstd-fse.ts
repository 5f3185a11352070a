import type { BackwardBits } from "./backward-bits.js";
import { CodecError } from "./codec-error.js";

// Finite State Entropy tables of Zstd (RFC 8878 §4.1): read from a table description (or the
// predefined distributions), used to decode literal lengths, match lengths, offsets and
// Huffman weights. A table is at most 512 states; tables are rebuilt in place, so reading one
// allocates nothing and costs O(its size).

/** The most states a table has (accuracy 9). */
const MAX_STATES = 512;

/** A decoding table: per state, its symbol, the bits to read and the base of the next state. */
export class FseTable {
  log = 0;
  readonly symbol = new Uint8Array(MAX_STATES);
  readonly bits = new Uint8Array(MAX_STATES);
  readonly base = new Uint16Array(MAX_STATES);
  /** Scratch of the builder: normalized counts and each symbol's next state. */
  private readonly norm = new Int16Array(256);
  private readonly next = new Uint16Array(256);

  /** This table, for the normalized counts `counts` (`-1`: a "less than 1" probability). */
  static of(counts: readonly number[], log: number): FseTable {
    const t = new FseTable();
    t.norm.set(counts);
    t.build(counts.length, log);
    return t;
  }

  /** Makes this the table of one symbol always (Symbol_Compression_Mode RLE). */
  rle(s: number): this {
    this.log = 0;
    this.symbol[0] = s;
    this.bits[0] = 0;
    this.base[0] = 0;
    return this;
  }

  /** Builds the table of `this.norm[0, symbols)` (RFC 8878 §4.1.1, as libzstd spreads it). */
  private build(symbols: number, log: number): void {
    const { norm, next, symbol, bits, base } = this;
    const size = 1 << log;
    let high = size - 1;
    for (let s = 0; s < symbols; s++) {
      const n = norm[s]!;
      if (n === -1) {
        symbol[high--] = s;
        next[s] = 1;
      } else next[s] = n;
    }
    const step = (size >> 1) + (size >> 3) + 3;
    const mask = size - 1;
    let pos = 0;
    for (let s = 0; s < symbols; s++) {
      const n = norm[s]!;
      for (let i = 0; i < n; i++) {
        symbol[pos] = s;
        do pos = (pos + step) & mask;
        while (pos > high);
      }
    }
    if (pos !== 0) throw new CodecError("FSE table description does not fill the table", 0);
    for (let u = 0; u < size; u++) {
      const s = symbol[u]!;
      const ns = next[s]!;
      next[s] = ns + 1;
      const nb = log - (31 - Math.clz32(ns));
      bits[u] = nb;
      base[u] = (ns << nb) - size;
    }
    this.log = log;
  }

  /**
   * Reads a table description at `b[at, end)` into this table (RFC 8878 §4.1.1).
   * @returns the bytes the description took.
   * @throws {CodecError} for an accuracy over `maxLog`, a symbol over `maxSymbol`, counts that
   *   do not add up, or a description running past `end`.
   */
  read(b: Uint8Array, at: number, end: number, maxLog: number, maxSymbol: number): number {
    if (at >= end) throw new CodecError("FSE table description is missing", at);
    let pos = at * 8;
    // Past `end` reads zeros; the length check at the end refuses such a description.
    const byte = (i: number): number => (i < end ? b[i]! : 0);
    const bitsAt = (n: number): number => {
      const i = pos >> 3;
      return ((byte(i) | (byte(i + 1) << 8) | (byte(i + 2) << 16)) >>> (pos & 7)) & ((1 << n) - 1);
    };
    const log = bitsAt(4) + 5;
    pos += 4;
    if (log > maxLog) throw new CodecError(`FSE accuracy ${log} is over ${maxLog}`, at);
    const norm = this.norm;
    norm.fill(0);
    let remaining = (1 << log) + 1;
    let threshold = 1 << log;
    let nbBits = log + 1;
    let s = 0;
    while (remaining > 1) {
      if (s > maxSymbol) throw new CodecError("FSE table description has too many symbols", pos >> 3);
      const max = 2 * threshold - 1 - remaining;
      const v = bitsAt(nbBits);
      let count: number;
      if ((v & (threshold - 1)) < max) {
        count = v & (threshold - 1);
        pos += nbBits - 1;
      } else {
        count = v & (2 * threshold - 1);
        if (count >= threshold) count -= max;
        pos += nbBits;
      }
      count--;
      remaining -= count < 0 ? -count : count;
      norm[s++] = count;
      if (count === 0) {
        let repeat: number;
        do {
          repeat = bitsAt(2);
          pos += 2;
          s += repeat;
        } while (repeat === 3);
        if (s > maxSymbol) throw new CodecError("FSE table description has too many symbols", pos >> 3);
      }
      while (remaining < threshold) {
        nbBits--;
        threshold >>= 1;
      }
    }
    if (remaining !== 1) throw new CodecError("FSE table counts do not add up", pos >> 3);
    const size = (pos + 7 - at * 8) >> 3;
    if (at + size > end) throw new CodecError("FSE table description runs past its block", end);
    this.build(s, log);
    return size;
  }
}

/** The state after `state`: its base plus the bits it needs. */
export function nextState(t: FseTable, state: number, bits: BackwardBits): number {
  return t.base[state]! + bits.read(t.bits[state]!);
}

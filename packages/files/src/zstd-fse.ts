import type { BackwardBits } from "./backward-bits.js";
import { CodecError } from "./codec-error.js";

// Finite State Entropy tables of Zstd (RFC 8878 §4.1): read from a table description (or the
// predefined distributions), used to decode literal lengths, match lengths, offsets and
// Huffman weights. Every size is small (at most 512 states), so a table costs O(its size).

/** A decoding table: per state, its symbol, the bits to read and the base of the next state. */
export interface FseTable {
  readonly log: number;
  readonly symbol: Uint8Array;
  readonly bits: Uint8Array;
  readonly base: Uint16Array;
}

/** The decoding table of normalized counts `norm` (`-1`: a "less than 1" probability). */
export function buildFseTable(norm: Int16Array, symbols: number, log: number): FseTable {
  const size = 1 << log;
  const symbol = new Uint8Array(size);
  const bits = new Uint8Array(size);
  const base = new Uint16Array(size);
  const next = new Uint16Array(symbols);
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
  return { log, symbol, bits, base };
}

/** The table of one symbol always (Symbol_Compression_Mode RLE). */
export function rleFseTable(s: number): FseTable {
  return { log: 0, symbol: Uint8Array.of(s), bits: new Uint8Array(1), base: new Uint16Array(1) };
}

/**
 * Reads an FSE table description at `b[at, end)` (RFC 8878 §4.1.1).
 * @returns the table and the bytes the description took.
 * @throws {CodecError} for an accuracy over `maxLog`, a symbol over `maxSymbol`, counts that do
 *   not add up, or a description running past `end`.
 */
export function readFseTable(
  b: Uint8Array,
  at: number,
  end: number,
  maxLog: number,
  maxSymbol: number,
): { table: FseTable; size: number } {
  let pos = at * 8;
  const bitsAt = (n: number): number => {
    const i = pos >> 3;
    // Past `end` reads zeros; the length check at the end refuses such a description.
    const byte = (k: number): number => (i + k < end ? b[i + k]! : 0);
    return ((byte(0) | (byte(1) << 8) | (byte(2) << 16)) >>> (pos & 7)) & ((1 << n) - 1);
  };
  if (at >= end) throw new CodecError("FSE table description is missing", at);
  const log = bitsAt(4) + 5;
  pos += 4;
  if (log > maxLog) throw new CodecError(`FSE accuracy ${log} is over ${maxLog}`, at);
  const norm = new Int16Array(maxSymbol + 1);
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
  return { table: buildFseTable(norm, s, log), size };
}

/** Reads the next symbol's state bits into `state`'s successor: base + the bits it needs. */
export function nextState(t: FseTable, state: number, bits: BackwardBits): number {
  return t.base[state]! + bits.read(t.bits[state]!);
}

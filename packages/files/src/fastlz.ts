// FastLZ (ariya/FastLZ, MIT), the engine's default GCPF mode: thirdparty/misc/fastlz.c. Written
// here because no maintained npm package exists. The engine compresses with fastlz_compress,
// which picks level 1 below 64 KiB and level 2 from 64 KiB up (a block of 65536 bytes or more);
// the level is the top 3 bits of the first byte (0 = level 1, 1 = level 2). Instructions:
//
//   000LLLLL                         literal run of L+1 bytes (1..32)
//   LLLOOOOO [ext] oooooooo          match, level 1: length (LLL)+2, plus ext when LLL = 7;
//                                    distance ((OOOOO << 8) | oooooooo) + 1, at most 8192
//   level 2: ext is a run of bytes summed while each is 255; after the low distance byte, a
//            255 with OOOOO = 31 is followed by a 16-bit big-endian distance, plus 8191.
//
// The first instruction is always a literal run (its top bits carry the level).

import { CodecError } from "./codec-error.js";
import type { Output } from "./output.js";

const MAX_L1_DISTANCE = 8192;
const MAX_L2_DISTANCE = 8191;
const MAX_COPY = 32;
const MAX_LEN = 264; // 2 + 7 + 255
const HASH_LOG = 13;

/**
 * Decompresses a FastLZ stream (level 1 or 2) into `out`, up to `out.limit`.
 * @throws {CodecError} on a truncated stream, a distance before the start, or output past the
 *   limit (`overflow` set).
 */
export function fastlzDecompress(input: Uint8Array, out: Output): void {
  if (input.length === 0) return;
  const level = (input[0]! >> 5) + 1;
  if (level !== 1 && level !== 2) throw new CodecError(`FastLZ level ${level} does not exist`, 0);
  const start = out.pos;
  let buf = out.buf;
  let op = start;
  let ip = 1;
  let ctrl = input[0]! & 31;
  for (;;) {
    if (ctrl >= 32) {
      let len = (ctrl >> 5) - 1;
      let ofs = (ctrl & 31) << 8;
      if (len === 6) {
        if (level === 1) {
          if (ip >= input.length) throw new CodecError("stream ends inside a match length", ip);
          len += input[ip++]!;
        } else {
          let code: number;
          do {
            if (ip >= input.length) throw new CodecError("stream ends inside a match length", ip);
            code = input[ip++]!;
            len += code;
          } while (code === 255);
        }
      }
      if (ip >= input.length) throw new CodecError("stream ends inside a match distance", ip);
      const code = input[ip++]!;
      let ref = op - ofs - 1 - code;
      if (level === 2 && code === 255 && ofs === 31 << 8) {
        if (ip + 2 > input.length) throw new CodecError("stream ends inside a far distance", ip);
        ofs = (input[ip]! << 8) | input[ip + 1]!;
        ip += 2;
        ref = op - ofs - MAX_L2_DISTANCE - 1;
      }
      const n = len + 3;
      if (ref < start) throw new CodecError("match distance reaches before the start", ip - 1);
      if (op + n > buf.length || op + n > out.limit) buf = out.reserve(op, n, ip - 1);
      // Overlapping copies repeat bytes (ref may be op - 1): copy byte by byte.
      for (let i = 0; i < n; i++) buf[op++] = buf[ref++]!;
    } else {
      const n = ctrl + 1;
      if (ip + n > input.length) throw new CodecError("stream ends inside a literal run", ip);
      if (op + n > buf.length || op + n > out.limit) buf = out.reserve(op, n, ip);
      buf.set(input.subarray(ip, ip + n), op);
      ip += n;
      op += n;
    }
    if (ip >= input.length) break;
    ctrl = input[ip++]!;
  }
  out.pos = op;
}

function hash3(b: Uint8Array, at: number): number {
  const v = b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
  return (Math.imul(v, 2654435769) >>> (32 - HASH_LOG)) & ((1 << HASH_LOG) - 1);
}

/**
 * Compresses with FastLZ level 1 (greedy, one hash probe per position), which every engine's
 * decompressor reads whatever the input size. Inputs shorter than 16 bytes are padded with zeros
 * to 16 first, as Compression::compress does (the engine's decompressor expects at least 16).
 */
export function fastlzCompress(src: Uint8Array): Uint8Array {
  let input = src;
  if (input.length < 16) {
    input = new Uint8Array(16);
    input.set(src);
  }
  const n = input.length;
  // Up to 32 bytes: one literal run (no match could pay for the 32 KB hash table).
  if (n <= MAX_COPY) {
    const run = new Uint8Array(n + 1);
    run[0] = n - 1;
    run.set(input, 1);
    return run;
  }
  const out = new Uint8Array(n + Math.ceil(n / MAX_COPY) + 16);
  const table = new Int32Array(1 << HASH_LOG).fill(-1);
  let op = 0;
  let anchor = 0;
  const flushLiterals = (end: number): void => {
    while (anchor < end) {
      const run = Math.min(MAX_COPY, end - anchor);
      out[op++] = run - 1;
      out.set(input.subarray(anchor, anchor + run), op);
      op += run;
      anchor += run;
    }
  };
  // Position 0 is always a literal (the first instruction must be a literal run).
  let ip = 1;
  const last = n - 3;
  while (ip <= last) {
    const h = hash3(input, ip);
    const ref = table[h]!;
    table[h] = ip;
    if (
      ref >= 0 &&
      ip - ref <= MAX_L1_DISTANCE &&
      input[ref] === input[ip] &&
      input[ref + 1] === input[ip + 1] &&
      input[ref + 2] === input[ip + 2]
    ) {
      let len = 3;
      const max = Math.min(MAX_LEN, n - ip);
      while (len < max && input[ref + len] === input[ip + len]) len++;
      flushLiterals(ip);
      const d = ip - ref - 1;
      const l = len - 2;
      if (l < 7) {
        out[op++] = (l << 5) | (d >> 8);
      } else {
        out[op++] = (7 << 5) | (d >> 8);
        out[op++] = l - 7;
      }
      out[op++] = d & 255;
      ip += len;
      anchor = ip;
      // As FastLZ does, index only the two positions before the match's end: indexing every
      // position inside would leave the table full of the nearest (shortest) matches.
      for (let k = Math.max(ip - 2, ip - len + 1); k < ip && k <= last; k++) table[hash3(input, k)] = k;
    } else {
      ip++;
    }
  }
  flushLiterals(n);
  return out.slice(0, op);
}

// What the floor scripts (js-floor, string-floor, encode-floor, int-floor) share: reading a
// workload, making a string from bytes the way core does it without the checks, and the loop
// that valgrind counts.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The committed bytes of bench/workloads/<format>/<name>.bin, in a Uint8Array of their own. */
export function workload(format, name) {
  return new Uint8Array(
    readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
  );
}

const fcc = String.fromCharCode;

/**
 * The `n` ASCII bytes of `b` from `s` as a string: one fixed-arity fromCharCode call per 16 bytes
 * (V8 builds the string straight from the arguments), as core's asciiShort has one call per length
 * up to 16; longer ones concatenated.
 */
export function asciiString(b, s, n) {
  switch (n) {
    case 0:
      return "";
    case 1:
      return fcc(b[s]);
    case 2:
      return fcc(b[s], b[s + 1]);
    case 3:
      return fcc(b[s], b[s + 1], b[s + 2]);
    case 4:
      return fcc(b[s], b[s + 1], b[s + 2], b[s + 3]);
    case 5:
      return fcc(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4]);
    case 6:
      return fcc(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5]);
    case 7:
      return fcc(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6]);
    case 8:
      return fcc(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6], b[s + 7]);
    case 9:
      return fcc(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6], b[s + 7], b[s + 8]);
    case 10:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
      );
    case 11:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
        b[s + 10],
      );
    case 12:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
        b[s + 10],
        b[s + 11],
      );
    case 13:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
        b[s + 10],
        b[s + 11],
        b[s + 12],
      );
    case 14:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
        b[s + 10],
        b[s + 11],
        b[s + 12],
        b[s + 13],
      );
    case 15:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
        b[s + 10],
        b[s + 11],
        b[s + 12],
        b[s + 13],
        b[s + 14],
      );
    case 16:
      return fcc(
        b[s],
        b[s + 1],
        b[s + 2],
        b[s + 3],
        b[s + 4],
        b[s + 5],
        b[s + 6],
        b[s + 7],
        b[s + 8],
        b[s + 9],
        b[s + 10],
        b[s + 11],
        b[s + 12],
        b[s + 13],
        b[s + 14],
        b[s + 15],
      );
    default:
      return asciiString(b, s, 16) + asciiString(b, s + 16, n - 16);
  }
}

const td = new TextDecoder();

/**
 * A String's `n` UTF-8 bytes from `s` as core makes them (bytes/utf8.ts), without its checks:
 * ASCII up to 16 bytes by fixed-arity fromCharCode calls; up to 64 bytes by UTF-16 units into
 * an array and one fromCharCode.apply (the bytes are known valid, so no validation); longer by
 * TextDecoder. The bytes hold no NUL (the floors are checked against decodeJS's value).
 */
export function utf8String(b, s, n) {
  if (n <= 16) {
    let bad = 0;
    for (let i = s; i < s + n; i++) bad |= b[i];
    if ((bad & 0x80) === 0) return asciiString(b, s, n);
  }
  if (n > 64) return td.decode(b.subarray(s, s + n));
  const units = [];
  for (let i = s, end = s + n; i < end; ) {
    const c = b[i++];
    if (c < 0x80) units.push(c);
    else if (c < 0xe0) units.push(((c & 0x1f) << 6) | (b[i++] & 0x3f));
    else if (c < 0xf0) {
      units.push(((c & 0x0f) << 12) | ((b[i] & 0x3f) << 6) | (b[i + 1] & 0x3f));
      i += 2;
    } else {
      const u =
        (((c & 0x07) << 18) | ((b[i] & 0x3f) << 12) | ((b[i + 1] & 0x3f) << 6) | (b[i + 2] & 0x3f)) - 0x10000;
      units.push(0xd800 | (u >> 10), 0xdc00 | (u & 0x3ff));
      i += 3;
    }
  }
  return fcc.apply(null, units);
}

/**
 * The loop valgrind counts (see icount.sh): 30 calls of warm-up (FLOOR_WARMUP), then `iterations`
 * calls. Run it with two counts and divide the difference of the instruction totals by the
 * difference of the counts: start-up and warm-up cancel out.
 */
export function countedCalls(fn, iterations) {
  const warmup = Number(process.env.FLOOR_WARMUP ?? 30);
  for (let i = 0; i < warmup; i++) fn();
  let x = 0;
  for (let i = 0; i < iterations; i++) x += fn() ? 1 : 0;
  if (x < 0) console.log(x);
}

#!/usr/bin/env node
// Instruction counts of UTF-8 decoding candidates (the numbers behind SHORT_DECODE in
// packages/core/src/bytes/utf8.ts). One candidate, one string set, N passes, for valgrind:
//   sh bench/micro/utf8-icount.sh <candidate> <set> <strings in set>
// Sets: a 3.x workload holding strings ("string-array", "string-int-dict"), or synthetic
// "ascii:N" / "mixed:N" (4,000 strings of N bytes; mixed starts with "é"). Candidates:
// td (TextDecoder), concat (the old ASCII-only loop), apply, units, arity, general (JS UTF-8
// decoder for strings up to LIM bytes, LIM from the environment, default 64), core (the
// decodeUtf8 of packages/core/dist). Each is checked against TextDecoder first.
import { readFileSync } from "node:fs";

// CORE_DIST: another build of core to take decodeUtf8 from (default: the installed package).
const { decodeUtf8: coreDecode } = await import(process.env.CORE_DIST ?? "@gdvariant/core");

const [which, iters, set = "string-array"] = process.argv.slice(2);
const decoder = new TextDecoder("utf-8", { fatal: true });
let b;
if (set.startsWith("ascii:") || set.startsWith("mixed:")) {
  const n = Number(set.split(":")[1]);
  const count = 4000;
  b = new Uint8Array(8 + count * (8 + ((n + 3) & ~3) + 16));
  const dv = new DataView(b.buffer);
  dv.setUint32(0, 19, true);
  dv.setUint32(4, count, true);
  let p = 8;
  for (let i = 0; i < count; i++) {
    dv.setUint32(p, 4, true);
    dv.setUint32(p + 4, n, true);
    for (let j = 0; j < n; j++) b[p + 8 + j] = 97 + ((i + j) % 26);
    if (set.startsWith("mixed:")) {
      b[p + 8] = 0xc3;
      b[p + 9] = 0xa9;
    }
    p += 8 + ((n + 3) & ~3);
  }
} else b = new Uint8Array(readFileSync(new URL(`../workloads/godot-3/${set}.bin`, import.meta.url)));
const v = new DataView(b.buffer);
const list = [];
{
  const type = v.getUint32(0, true) & 0xff;
  const count = v.getUint32(4, true) & 0x7fffffff;
  let p = 8;
  for (let i = 0; i < count; i++) {
    p += 4;
    const n = v.getUint32(p, true);
    list.push(p + 4, n);
    p += 4 + n + ((4 - (n & 3)) & 3);
    if (type === 18) {
      const h = v.getUint32(p, true);
      p += h & 0x10000 ? 12 : 8;
    }
  }
}
const flat = Int32Array.from(list);
const td = (b, s, n) => {
  try {
    return decoder.decode(b.subarray(s, s + n));
  } catch {
    return undefined;
  }
};
const f = String.fromCharCode;
function arity(b, s, n) {
  // ASCII check first
  let or = 0;
  const end = s + n;
  for (let i = s; i < end; i++) or |= b[i];
  if (or >= 0x80 || n > 32) return td(b, s, n);
  let out = "";
  let i = s;
  while (end - i >= 8) {
    out += f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6], b[i + 7]);
    i += 8;
  }
  switch (end - i) {
    case 0:
      return out;
    case 1:
      return out + f(b[i]);
    case 2:
      return out + f(b[i], b[i + 1]);
    case 3:
      return out + f(b[i], b[i + 1], b[i + 2]);
    case 4:
      return out + f(b[i], b[i + 1], b[i + 2], b[i + 3]);
    case 5:
      return out + f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4]);
    case 6:
      return out + f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5]);
    default:
      return out + f(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5], b[i + 6]);
  }
}
const U = new Uint16Array(72);
function fromUnits(u, n) {
  let out = "";
  let i = 0;
  while (n - i >= 8) {
    out += f(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6], u[i + 7]);
    i += 8;
  }
  switch (n - i) {
    case 0:
      return out;
    case 1:
      return out + f(u[i]);
    case 2:
      return out + f(u[i], u[i + 1]);
    case 3:
      return out + f(u[i], u[i + 1], u[i + 2]);
    case 4:
      return out + f(u[i], u[i + 1], u[i + 2], u[i + 3]);
    case 5:
      return out + f(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4]);
    case 6:
      return out + f(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5]);
    default:
      return out + f(u[i], u[i + 1], u[i + 2], u[i + 3], u[i + 4], u[i + 5], u[i + 6]);
  }
}
const LIM = Number(process.env.LIM ?? 64);
function general(b, s, n) {
  if (n > LIM) return td(b, s, n);
  const end = s + n;
  let k = 0;
  let i = s;
  const u = U;
  while (i < end) {
    const c = b[i++];
    if (c < 0x80) {
      u[k++] = c;
      continue;
    }
    if (c >= 0xc2 && c < 0xe0) {
      if (i >= end) return undefined;
      const c1 = b[i++];
      if ((c1 & 0xc0) !== 0x80) return undefined;
      u[k++] = ((c & 0x1f) << 6) | (c1 & 0x3f);
      continue;
    }
    if (c >= 0xe0 && c < 0xf0) {
      if (i + 1 >= end) return undefined;
      const c1 = b[i++],
        c2 = b[i++];
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80) return undefined;
      const cp = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      if (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000)) return undefined;
      u[k++] = cp;
      continue;
    }
    return td(b, s, n);
  }
  return fromUnits(u, k);
}
function fromUnits16(u, n) {
  switch (n) {
    case 0:
      return "";
    case 1:
      return f(u[0]);
    case 2:
      return f(u[0], u[1]);
    case 3:
      return f(u[0], u[1], u[2]);
    case 4:
      return f(u[0], u[1], u[2], u[3]);
    case 5:
      return f(u[0], u[1], u[2], u[3], u[4]);
    case 6:
      return f(u[0], u[1], u[2], u[3], u[4], u[5]);
    case 7:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6]);
    case 8:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7]);
    case 9:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8]);
    case 10:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9]);
    case 11:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10]);
    case 12:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11]);
    case 13:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12]);
    case 14:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13]);
    case 15:
      return f(u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8], u[9], u[10], u[11], u[12], u[13], u[14]);
    case 16:
      return f(
        u[0],
        u[1],
        u[2],
        u[3],
        u[4],
        u[5],
        u[6],
        u[7],
        u[8],
        u[9],
        u[10],
        u[11],
        u[12],
        u[13],
        u[14],
        u[15],
      );
  }
  return fromUnits(u, n);
}
function general16(b, s, n) {
  if (n > 16) return td(b, s, n);
  const end = s + n;
  let k = 0;
  let i = s;
  const u = U;
  while (i < end) {
    const c = b[i++];
    if (c < 0x80) {
      if (c === 0) break;
      u[k++] = c;
      continue;
    }
    if (c >= 0xc2 && c < 0xe0) {
      if (i >= end) return undefined;
      const c1 = b[i++];
      if ((c1 & 0xc0) !== 0x80) return undefined;
      u[k++] = ((c & 0x1f) << 6) | (c1 & 0x3f);
      continue;
    }
    if (c >= 0xe0 && c < 0xf0) {
      if (i + 1 >= end) return undefined;
      const c1 = b[i++],
        c2 = b[i++];
      if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80) return undefined;
      const cp = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
      if (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000)) return undefined;
      u[k++] = cp;
      continue;
    }
    return td(b, s, n);
  }
  return fromUnits16(u, k);
}
const C = {
  general16,
  core: (b, s, n) => coreDecode(b, s, n),
  general,
  arity,
  bufutf8: (b, s, n) => Buffer.prototype.utf8Slice.call(b, s, s + n),
  noop: (_b, _s, _n) => "abc",
  sliceonly: (b, s, n) => (b.subarray(s, s + n).length ? "abc" : ""),
  td,
  concat: (b, s, n) => {
    let out = "";
    const end = s + n;
    let i = s;
    for (; i < end; i++) {
      const c = b[i];
      if (c >= 0x80) break;
      out += String.fromCharCode(c);
    }
    return i === end ? out : td(b, s, n);
  },
  apply: (b, s, n) => {
    const end = s + n;
    for (let i = s; i < end; i++) if (b[i] >= 0x80) return td(b, s, n);
    return String.fromCharCode.apply(null, b.subarray(s, end));
  },
  units: (() => {
    const u = new Array(64);
    return (b, s, n) => {
      if (n > 64) return td(b, s, n);
      const end = s + n;
      u.length = n;
      for (let i = s; i < end; i++) {
        const c = b[i];
        if (c >= 0x80) return td(b, s, n);
        u[i - s] = c;
      }
      return String.fromCharCode.apply(null, u);
    };
  })(),
  full: (() => {
    const u = new Uint16Array(256);
    return (b, s, n) => {
      if (n > 200) return td(b, s, n);
      const end = s + n;
      let k = 0;
      let i = s;
      while (i < end) {
        const c = b[i++];
        if (c < 0x80) {
          u[k++] = c;
          continue;
        }
        if (c >= 0xc2 && c < 0xe0) {
          if (i >= end) return undefined;
          const c1 = b[i++];
          if ((c1 & 0xc0) !== 0x80) return undefined;
          u[k++] = ((c & 0x1f) << 6) | (c1 & 0x3f);
          continue;
        }
        if (c >= 0xe0 && c < 0xf0) {
          if (i + 1 >= end) return undefined;
          const c1 = b[i++],
            c2 = b[i++];
          if ((c1 & 0xc0) !== 0x80 || (c2 & 0xc0) !== 0x80) return undefined;
          const cp = ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f);
          if (cp < 0x800 || (cp >= 0xd800 && cp < 0xe000)) return undefined;
          u[k++] = cp;
          continue;
        }
        return td(b, s, n);
      }
      return String.fromCharCode.apply(null, u.subarray(0, k));
    };
  })(),
  latin1: (() => {
    const l1 = new TextDecoder("latin1");
    return (b, s, n) => {
      const end = s + n;
      for (let i = s; i < end; i++) if (b[i] >= 0x80) return td(b, s, n);
      return l1.decode(b.subarray(s, end));
    };
  })(),
};
const fn = C[which];
for (let i = 0; i < flat.length; i += 2)
  if (fn(b, flat[i], flat[i + 1]) !== td(b, flat[i], flat[i + 1])) throw new Error(which + " wrong");
const loop = () => {
  let x = 0;
  for (let i = 0; i < flat.length; i += 2) x += fn(b, flat[i], flat[i + 1]).length;
  return x;
};
for (let i = 0; i < 20; i++) loop();
let x = 0;
for (let i = 0; i < Number(iters); i++) x += loop();
if (x < 0) console.log(x);

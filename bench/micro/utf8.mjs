#!/usr/bin/env node
// Micro-benchmark behind core's short-string path (packages/core/src/bytes/utf8.ts):
//   node bench/micro/utf8.mjs
// Decodes the strings of the "string-array" and "string-int-dict" workloads (3.x) from their
// wire bytes with each candidate, and synthetic ASCII strings of fixed lengths, and prints
// MB/s (median of interleaved samples). Every candidate is checked against TextDecoder first.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { measureAll } from "../src/measure.mjs";

const decoder = new TextDecoder("utf-8", { fatal: true });

// Every candidate: (bytes, start, length) -> string | undefined (undefined = invalid UTF-8).
// NUL handling is left out: it is the same for all of them.
const candidates = {
  textDecoder: (b, s, n) => {
    try {
      return decoder.decode(b.subarray(s, s + n));
    } catch {
      return undefined;
    }
  },
  concatLoop: (b, s, n) => {
    let out = "";
    const end = s + n;
    let i = s;
    for (; i < end; i++) {
      const c = b[i];
      if (c >= 0x80) break;
      out += String.fromCharCode(c);
    }
    return i === end ? out : candidates.textDecoder(b, s, n);
  },
  fromCharCodeApply: (b, s, n) => {
    const end = s + n;
    for (let i = s; i < end; i++) if (b[i] >= 0x80) return candidates.textDecoder(b, s, n);
    return String.fromCharCode.apply(null, b.subarray(s, end));
  },
  unitsSpread: (() => {
    // msgpack-javascript utf8DecodeJs: UTF-16 units into an array, one fromCharCode call.
    const units = [];
    return (b, s, n) => {
      const end = s + n;
      units.length = 0;
      for (let i = s; i < end; i++) {
        const c = b[i];
        if (c >= 0x80) return candidates.textDecoder(b, s, n);
        units.push(c);
      }
      return String.fromCharCode.apply(null, units);
    };
  })(),
  fullJsDecoder: (() => {
    // A complete JS UTF-8 decoder (validating), units into a reused array.
    const units = new Uint16Array(4096);
    return (b, s, n) => {
      if (n > 1024) return candidates.textDecoder(b, s, n);
      const end = s + n;
      let u = 0;
      let i = s;
      while (i < end) {
        const c = b[i++];
        if (c < 0x80) units[u++] = c;
        else if (c >= 0xc2 && c < 0xe0) {
          if (i >= end || (b[i] & 0xc0) !== 0x80) return undefined;
          units[u++] = ((c & 0x1f) << 6) | (b[i++] & 0x3f);
        } else return candidates.textDecoder(b, s, n);
      }
      return String.fromCharCode.apply(null, units.subarray(0, u));
    };
  })(),
};

function stringsOf(file, skipKeysOnly) {
  // Walks the wire form of an Array of Strings or a Dictionary String -> int and lists (offset, length).
  const b = new Uint8Array(
    readFileSync(fileURLToPath(new URL(`../workloads/godot-3/${file}.bin`, import.meta.url))),
  );
  const v = new DataView(b.buffer);
  const out = [];
  const type = v.getUint32(0, true) & 0xff;
  const count = v.getUint32(4, true) & 0x7fffffff;
  let p = 8;
  const str = () => {
    p += 4; // header
    const n = v.getUint32(p, true);
    out.push([p + 4, n]);
    p += 4 + n + ((4 - (n & 3)) & 3);
  };
  for (let i = 0; i < count; i++) {
    str();
    if (type === 18) {
      const h = v.getUint32(p, true);
      p += h & 0x10000 ? 12 : 8;
    }
  }
  return { bytes: b, list: out, total: out.reduce((a, [, n]) => a + n, 0), skipKeysOnly };
}

function synthetic(len, count = 20000) {
  const b = new Uint8Array(count * len);
  for (let i = 0; i < b.length; i++) b[i] = 97 + ((i * 7) % 26);
  const list = Array.from({ length: count }, (_, i) => [i * len, len]);
  return { bytes: b, list, total: count * len };
}

const sets = {
  "string-array (3.x workload)": stringsOf("string-array"),
  "string-int-dict keys (3.x workload)": stringsOf("string-int-dict"),
  "ascii 4 bytes": synthetic(4),
  "ascii 8 bytes": synthetic(8),
  "ascii 16 bytes": synthetic(16),
  "ascii 32 bytes": synthetic(32),
  "ascii 64 bytes": synthetic(64),
  "ascii 128 bytes": synthetic(128),
};

const rows = [];
for (const [label, set] of Object.entries(sets)) {
  for (const [name, fn] of Object.entries(candidates)) {
    for (const [s, n] of set.list) {
      if (fn(set.bytes, s, n) !== candidates.textDecoder(set.bytes, s, n))
        throw new Error(`${name} is wrong on ${label}`);
    }
  }
  const flat = Int32Array.from(set.list.flat());
  // One loop per candidate, each compiled from its own source (new Function), so that the call
  // site in the loop stays monomorphic instead of sharing feedback across candidates.
  const subjects = Object.entries(candidates).map(([name, fn]) => ({
    name,
    fn: new Function(
      "fn",
      "bytes",
      "flat",
      `return function ${name}Loop() { let x = 0; for (let i = 0; i < flat.length; i += 2) x += fn(bytes, flat[i], flat[i + 1]).length; return x; };`,
    )(fn, set.bytes, flat),
  }));
  const m = measureAll(subjects, { warmupMs: 200, sampleMs: 40, samples: 9 });
  const row = { set: label, strings: set.list.length, avgBytes: +(set.total / set.list.length).toFixed(1) };
  for (const s of subjects) row[s.name] = +(set.total / 1e3 / m.get(s.name).msPerOp).toFixed(1);
  rows.push(row);
}
console.table(rows);
console.log("MB/s of string bytes decoded, median of 9 interleaved samples");

#!/usr/bin/env node
// The floor under plain-JS decode and encode of a workload: the least a JS reader and writer of
// the Godot wire format must do in this V8. The decode floor makes only the strings, objects and
// arrays of the result (from a plan made once), with key strings reused as a codec object reuses
// them; the encode floor writes the same bytes as `encode` (checked
// first) into one preallocated buffer, with no checks and no key reuse. Inline kinds only (nil,
// bool, int, float, String, Vector2/3, Color, Array, Dictionary with String keys): the small
// message, the dictionary and the nested mix. Beside them, paired in rounds: the codec object,
// the functions and msgpackr's kept Packr.
//   node bench/scripts/js-floor.mjs godot-4 small-message          # wall clock, interleaved
//   valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
//     node --single-threaded bench/scripts/js-floor.mjs godot-4 small-message decode-floor 20000
// (with two iteration counts, as icount.sh: the difference is the instructions per call;
// subjects decode-floor, encode-floor, codec-decode-js, codec-encode, unpack, pack).
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { readFileSync } = await import("node:fs");
const { fileURLToPath } = await import("node:url");
const { dialects } = await import("../src/subjects.mjs");
const { rounds } = await import("./rounds.mjs");
const { Packr } = await import("msgpackr");

const [format = "godot-4", name = "small-message", only, iterations] = process.argv.slice(2);
const g = dialects[format];
const bytes = new Uint8Array(
  readFileSync(fileURLToPath(new URL(`../workloads/${format}/${name}.bin`, import.meta.url))),
);
const plain = g.decodeJS(bytes);
const ID = Object.fromEntries(
  ["nil", "bool", "int", "float", "string", "vector2", "vector3", "color", "dictionary", "array"].map((k) => [
    k,
    g.dialect.wireIdOfKind(k),
  ]),
);

const fcc = String.fromCharCode;
const td = new TextDecoder();
function str(b, s, n) {
  if (n <= 8) {
    let ascii = true;
    for (let i = s; i < s + n; i++) if (b[i] >= 0x80 || b[i] === 0) ascii = false;
    if (ascii) {
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
        default:
          return fcc(b[s], b[s + 1], b[s + 2], b[s + 3], b[s + 4], b[s + 5], b[s + 6], b[s + 7]);
      }
    }
  }
  return td.decode(b.subarray(s, s + n));
}

// The decode floor: only what the result is made of. The workload is parsed once into a plan;
// each call makes the result from it: each String from its bytes (fromCharCode up to 8 ASCII
// bytes, else TextDecoder, as core), each object, array and vector, and the key stores, with key
// strings reused (as a codec object reuses them). No header, length or bounds is read.
function plan(b) {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let p = 0;
  const read = () => {
    const h = v.getUint32(p, true);
    const id = h & 0xffff;
    p += 4;
    if (id === ID.int || id === ID.float) {
      const wide = (h & 0x10000) !== 0;
      const x =
        id === ID.float
          ? wide
            ? v.getFloat64(p, true)
            : v.getFloat32(p, true)
          : wide
            ? v.getUint32(p, true) + v.getInt32(p + 4, true) * 4294967296
            : v.getInt32(p, true);
      p += wide ? 8 : 4;
      return { t: 0, x };
    }
    if (id === ID.string) {
      const n = v.getUint32(p, true);
      const at = p + 4;
      p += 4 + ((n + 3) & ~3);
      return { t: 1, at, n };
    }
    if (id === ID.bool) {
      p += 4;
      return { t: 0, x: v.getUint32(p - 4, true) !== 0 };
    }
    if (id === ID.nil) return { t: 0, x: null };
    if (id === ID.vector2 || id === ID.vector3 || id === ID.color) {
      const n = id === ID.vector2 ? 2 : id === ID.vector3 ? 3 : 4;
      const f = [];
      for (let i = 0; i < n; i++) f.push(v.getFloat32(p + 4 * i, true));
      p += 4 * n;
      return { t: n, f };
    }
    if (id === ID.array || id === ID.dictionary) {
      const n = v.getUint32(p, true) & 0x7fffffff;
      p += 4;
      const keys = [];
      const items = [];
      for (let i = 0; i < n; i++) {
        if (id === ID.dictionary) {
          const k = read();
          if (k.t !== 1) throw new Error("js-floor: a dictionary key that is not a String");
          keys.push(str(b, k.at, k.n));
        }
        items.push(read());
      }
      return id === ID.array ? { t: 5, items } : { t: 6, keys, items };
    }
    throw new Error(`js-floor: wire id ${id} is not a kind the floor reads`);
  };
  return read();
}
const root = plan(bytes);
function make(b, node) {
  switch (node.t) {
    case 0:
      return node.x;
    case 1:
      return str(b, node.at, node.n);
    case 2:
      return { x: node.f[0], y: node.f[1] };
    case 3:
      return { x: node.f[0], y: node.f[1], z: node.f[2] };
    case 4:
      return { r: node.f[0], g: node.f[1], b: node.f[2], a: node.f[3] };
    case 5: {
      const items = node.items;
      const out = new Array(items.length);
      for (let i = 0; i < items.length; i++) out[i] = make(b, items[i]);
      return out;
    }
    default: {
      const { keys, items } = node;
      const out = {};
      for (let i = 0; i < items.length; i++) out[keys[i]] = make(b, items[i]);
      return out;
    }
  }
}
const floorDecode = (b) => make(b, root);

// The encode floor: the same bytes as encode(plain), into one buffer.
const te = new TextEncoder();
const out = new Uint8Array(bytes.length * 2 + 1024);
const w = new DataView(out.buffer);
// Module-level position and plain functions: no closure or context per call.
let p = 0;
function string(s) {
  let n = s.length;
  let ascii = true;
  for (let i = 0; i < n; i++) if (s.charCodeAt(i) >= 0x80) ascii = false;
  if (ascii) for (let i = 0; i < n; i++) out[p + 4 + i] = s.charCodeAt(i);
  else n = te.encodeInto(s, out.subarray(p + 4)).written;
  w.setUint32(p, n, true);
  p += 4 + n;
  while (p & 3) out[p++] = 0;
}
function write(x) {
  if (typeof x === "number") {
    if ((x | 0) === x) {
      w.setUint32(p, ID.int, true);
      w.setInt32(p + 4, x, true);
      p += 8;
    } else if (Number.isInteger(x)) {
      w.setUint32(p, ID.int | 0x10000, true);
      w.setBigInt64(p + 4, BigInt(x), true);
      p += 12;
    } else if (Math.fround(x) === x) {
      w.setUint32(p, ID.float, true);
      w.setFloat32(p + 4, x, true);
      p += 8;
    } else {
      w.setUint32(p, ID.float | 0x10000, true);
      w.setFloat64(p + 4, x, true);
      p += 12;
    }
  } else if (typeof x === "string") {
    w.setUint32(p, ID.string, true);
    p += 4;
    string(x);
  } else if (typeof x === "boolean") {
    w.setUint32(p, ID.bool, true);
    w.setUint32(p + 4, x ? 1 : 0, true);
    p += 8;
  } else if (x === null) {
    w.setUint32(p, ID.nil, true);
    p += 4;
  } else if (Array.isArray(x)) {
    w.setUint32(p, ID.array, true);
    w.setUint32(p + 4, x.length, true);
    p += 8;
    for (let i = 0; i < x.length; i++) write(x[i]);
  } else {
    const ks = Object.keys(x);
    w.setUint32(p, ID.dictionary, true);
    w.setUint32(p + 4, ks.length, true);
    p += 8;
    for (let i = 0; i < ks.length; i++) {
      w.setUint32(p, ID.string, true);
      p += 4;
      string(ks[i]);
      write(x[ks[i]]);
    }
  }
}
function floorEncode(value) {
  p = 0;
  write(value);
  return p;
}

// Both floors must do the work of the real thing: the same value, the same bytes.
const expected = g.encode(plain);
const n = floorEncode(plain);
if (n !== expected.length || out.subarray(0, n).some((x, i) => x !== expected[i]))
  throw new Error("js-floor: the encode floor does not write encode's bytes");
if (JSON.stringify(floorDecode(bytes)) !== JSON.stringify(plain))
  throw new Error("js-floor: the decode floor does not read decodeJS's value");

const codec = g.createCodec();
const packr = new Packr({ useRecords: false });
const packed = packr.pack(plain);
const subjects = {
  "decode-floor": () => floorDecode(bytes),
  "codec-decode-js": () => codec.decodeJS(bytes),
  "decode-js": () => g.decodeJS(bytes),
  unpack: () => packr.unpack(packed),
  "encode-floor": () => floorEncode(plain),
  "codec-encode": () => codec.encode(plain),
  "encode-js": () => g.encode(plain),
  pack: () => packr.pack(plain),
};

if (only !== undefined) {
  const fn = subjects[only];
  for (let i = 0; i < 30; i++) fn();
  let x = 0;
  for (let i = 0; i < Number(iterations ?? 1000); i++) x += fn() ? 1 : 0;
  if (x < 0) console.log(x);
} else {
  const times = rounds(subjects, { count: 7, ms: 200, warmup: 1 });
  const med = (k) => times[k][3];
  const us = (k) => med(k).toFixed(2);
  const x = (a, b) => `${(med(a) / med(b)).toFixed(2)}x`;
  console.log(
    `${format}/${name}, µs (median of 7 rounds) and ÷ floor:\n` +
      `  decode: floor ${us("decode-floor")}, codec.decodeJS ${us("codec-decode-js")} (${x("codec-decode-js", "decode-floor")}), ` +
      `decodeJS ${us("decode-js")} (${x("decode-js", "decode-floor")}), msgpackr unpack ${us("unpack")} (${x("unpack", "decode-floor")})\n` +
      `  encode: floor ${us("encode-floor")}, codec.encode ${us("codec-encode")} (${x("codec-encode", "encode-floor")}), ` +
      `encode ${us("encode-js")} (${x("encode-js", "encode-floor")}), msgpackr pack ${us("pack")} (${x("pack", "encode-floor")})`,
  );
}

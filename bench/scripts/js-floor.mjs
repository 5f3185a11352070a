// The floor under plain-JS decode and encode of a workload: the least a JS reader and writer of
// the Godot wire format must do in this V8. The decode floor makes only the strings, objects,
// arrays, bigints and views of decodeJS's result (from a plan made once): every String from its
// bytes as core makes it without the checks (floor-lib.mjs), a dictionary key that comes again in
// the value made once per call (as a one-off decode's key cache), and with `decode-floor-keys`
// every key made once and reused across calls, as a codec object reuses them. The encode floor writes
// the same bytes as `encode(plain)` (checked first) into one kept buffer, with no checks, no
// growth and no result buffer of its own (msgpackr's Packr returns a view of its buffer too).
// Every workload: nil, bool, int (64-bit ones as bigints past 2^53, as decodeJS), float, String,
// Vector2/3, Color, Array (typed ones of a builtin type too), Dictionary with String keys and the
// packed float arrays (a Float32Array view, as decodeJS). Beside them, paired in rounds: the codec
// object, the functions and msgpackr's kept Packr.
//   node bench/scripts/js-floor.mjs godot-4 small-message          # wall clock, interleaved
//   valgrind --tool=cachegrind --cache-sim=no --smc-check=all-non-file --cachegrind-out-file=/dev/null \
//     node --single-threaded bench/scripts/js-floor.mjs godot-4 small-message decode-floor 20000
// (with two iteration counts, as icount.sh: the difference is the instructions per call;
// subjects decode-floor, decode-floor-keys, encode-floor, codec-decode-js, codec-encode,
// decode-js, encode-js, unpack, pack). floor-table.mjs counts them all into one table.
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { dialects } = await import("../src/subjects.mjs");
const { difference, sameBytes } = await import("../src/compare.mjs");
const { rounds } = await import("./rounds.mjs");
const { countedCalls, utf8String, workload } = await import("./floor-lib.mjs");
const { Packr } = await import("msgpackr");

const [format = "godot-4", name = "small-message", only, iterations] = process.argv.slice(2);
const g = dialects[format];
const bytes = workload(format, name);
const plain = g.decodeJS(bytes);
const ID = Object.fromEntries(
  [
    "nil",
    "bool",
    "int",
    "float",
    "string",
    "vector2",
    "vector3",
    "color",
    "dictionary",
    "array",
    "packedFloat32Array",
    "packedVector3Array",
  ].map((k) => [k, g.dialect.wireIdOfKind(k)]),
);

// The decode floor: only what the result is made of. The workload is parsed once into a plan;
// each call makes the result from it: each String from its bytes, each object, array, vector,
// bigint and view, and the key stores. No header, length or bounds is read, nothing is checked.
// The distinct dictionary keys of the value, where their bytes are; a key node holds its index.
const distinct = [];
// A typed Array's element type as decode gives it (the workloads' typed Arrays are of a builtin).
let elementWire;
const elementType = () => ({
  kind: "builtin",
  type: Object.entries(ID).find(([, id]) => id === elementWire)?.[0],
});
function plan(b) {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const seen = new Map();
  let p = 0;
  const read = () => {
    const h = v.getUint32(p, true);
    const id = h & 0xffff;
    p += 4;
    if (id === ID.int || id === ID.float) {
      const wide = (h & 0x10000) !== 0;
      const at = p;
      p += wide ? 8 : 4;
      if (id === ID.float)
        return { t: 0, k: "float", x: wide ? v.getFloat64(at, true) : v.getFloat32(at, true) };
      if (!wide) return { t: 0, k: "int", x: v.getInt32(at, true) };
      const x = v.getUint32(at, true) + v.getInt32(at + 4, true) * 4294967296;
      // Past 2^53 decodeJS gives a bigint: the floor makes it from the bytes, in one call.
      return Number.isSafeInteger(x) ? { t: 0, k: "int", x } : { t: 7, at };
    }
    if (id === ID.string) {
      const n = v.getUint32(p, true);
      const at = p + 4;
      p += 4 + ((n + 3) & ~3);
      return { t: 1, at, n };
    }
    if (id === ID.bool) {
      p += 4;
      return { t: 0, k: "bool", x: v.getUint32(p - 4, true) !== 0 };
    }
    if (id === ID.nil) return { t: 0, k: "nil", x: null };
    if (id === ID.vector2 || id === ID.vector3 || id === ID.color) {
      const n = id === ID.vector2 ? 2 : id === ID.vector3 ? 3 : 4;
      const f = [];
      for (let i = 0; i < n; i++) f.push(v.getFloat32(p + 4 * i, true));
      p += 4 * n;
      return { t: n, f };
    }
    if (id === ID.packedFloat32Array || id === ID.packedVector3Array) {
      const n = v.getUint32(p, true) * (id === ID.packedFloat32Array ? 1 : 3);
      const at = p + 4;
      p = at + 4 * n;
      return { t: 8, at, n };
    }
    if (id === ID.array || id === ID.dictionary) {
      // A typed Array of a builtin type: its element type first (4.x; other typed forms are not
      // in the workloads).
      const typed = (h >> 16) & 3;
      if (id === ID.array && typed === 1) {
        elementWire = v.getUint32(p, true);
        p += 4;
      } else if (typed !== 0 || (id === ID.dictionary && (h >> 18) & 3))
        throw new Error("js-floor: a typed container the floor does not read");
      const n = v.getUint32(p, true) & 0x7fffffff;
      p += 4;
      const keys = [];
      const items = [];
      for (let i = 0; i < n; i++) {
        if (id === ID.dictionary) {
          const k = read();
          if (k.t !== 1) throw new Error("js-floor: a dictionary key that is not a String");
          const text = utf8String(b, k.at, k.n);
          if (!seen.has(text)) {
            seen.set(text, distinct.length);
            distinct.push(k);
          }
          keys.push(seen.get(text));
        }
        items.push(read());
      }
      if (id === ID.dictionary) return { t: 6, keys, items };
      return { t: 5, items, typed: typed === 1 ? elementType() : undefined };
    }
    throw new Error(`js-floor: wire id ${id} is not a kind the floor reads`);
  };
  return read();
}
const root = plan(bytes);
// `ks`: the distinct keys' strings, made once per call or once for all calls.
function make(b, node, ks) {
  switch (node.t) {
    case 0:
      return node.x;
    case 1:
      return utf8String(b, node.at, node.n);
    case 2:
      return { x: node.f[0], y: node.f[1] };
    case 3:
      return { x: node.f[0], y: node.f[1], z: node.f[2] };
    case 4:
      return { r: node.f[0], g: node.f[1], b: node.f[2], a: node.f[3] };
    case 5: {
      const items = node.items;
      const out = new Array(items.length);
      for (let i = 0; i < items.length; i++) out[i] = make(b, items[i], ks);
      return out;
    }
    case 6: {
      const { keys, items } = node;
      const out = {};
      for (let i = 0; i < items.length; i++) out[ks[keys[i]]] = make(b, items[i], ks);
      return out;
    }
    case 7:
      return new DataView(b.buffer, b.byteOffset).getBigInt64(node.at, true);
    default:
      return new Float32Array(b.buffer, b.byteOffset + node.at, node.n);
  }
}
const madeKeys = (b) => {
  const ks = new Array(distinct.length);
  for (let i = 0; i < ks.length; i++) ks[i] = utf8String(b, distinct[i].at, distinct[i].n);
  return ks;
};
const keptKeys = madeKeys(bytes);
const floorDecode = (b) => make(b, root, madeKeys(b));
const floorDecodeKeys = (b) => make(b, root, keptKeys);

// The floor under `decode` (the tagged values, the engine's targets): the same plan made into
// decode's objects: { kind, value } per scalar and String (key Strings too), { kind, x, y } per
// vector, and an [key, value] array per dictionary entry; key strings made once per call.
// Inline kinds and typed Arrays only (not the packed arrays, which decode as views).
function tagged(b, node, ks) {
  switch (node.t) {
    case 0:
      return node.k === "nil" ? { kind: "nil" } : { kind: node.k, value: node.x };
    case 1:
      return { kind: "string", value: utf8String(b, node.at, node.n) };
    case 2:
      return { kind: "vector2", x: node.f[0], y: node.f[1] };
    case 3:
      return { kind: "vector3", x: node.f[0], y: node.f[1], z: node.f[2] };
    case 4:
      return { kind: "color", r: node.f[0], g: node.f[1], b: node.f[2], a: node.f[3] };
    case 5: {
      const items = node.items;
      const out = new Array(items.length);
      for (let i = 0; i < items.length; i++) out[i] = tagged(b, items[i], ks);
      return node.typed
        ? { kind: "array", items: out, elementType: node.typed }
        : { kind: "array", items: out };
    }
    case 6: {
      const { keys, items } = node;
      const entries = new Array(items.length);
      for (let i = 0; i < items.length; i++)
        entries[i] = [{ kind: "string", value: ks[keys[i]] }, tagged(b, items[i], ks)];
      return { kind: "dictionary", entries };
    }
    case 7:
      return { kind: "int", value: new DataView(b.buffer, b.byteOffset).getBigInt64(node.at, true) };
    default:
      throw new Error("js-floor: the tagged floor does not make packed arrays");
  }
}
const floorTagged = (b) => tagged(b, root, madeKeys(b));

// The encode floor: the same bytes as encode(plain), into one buffer.
const te = new TextEncoder();
const expected = g.encode(plain);
const out = new Uint8Array(expected.length + 1024);
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
      w.setUint32(p + 4, x >>> 0, true);
      w.setInt32(p + 8, Math.floor(x / 4294967296), true);
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
  } else if (typeof x === "bigint") {
    w.setUint32(p, ID.int | 0x10000, true);
    w.setBigInt64(p + 4, x, true);
    p += 12;
  } else if (x instanceof Float32Array) {
    w.setUint32(p, ID.packedFloat32Array, true);
    w.setUint32(p + 4, x.length, true);
    out.set(new Uint8Array(x.buffer, x.byteOffset, x.byteLength), p + 8);
    p += 8 + x.byteLength;
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
const n = floorEncode(plain);
if (!sameBytes(out.subarray(0, n), expected))
  throw new Error("js-floor: the encode floor does not write encode's bytes");
// difference() compares a sample of long lists; the JSON text (bigints written out) compares all.
const text = (v) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? `${x}n` : x));
if (!g.decode(bytes).kind.startsWith("packed")) {
  const d =
    text(g.decode(bytes)) === text(floorTagged(bytes))
      ? undefined
      : difference(g.decode(bytes), floorTagged(bytes));
  if (d !== undefined)
    throw new Error(`js-floor: the tagged floor differs from decode's value at ${d ?? "somewhere"}`);
}
for (const f of [floorDecode, floorDecodeKeys]) {
  const d = difference(plain, f(bytes)) ?? (text(plain) === text(f(bytes)) ? undefined : "somewhere");
  if (d !== undefined) throw new Error(`js-floor: the decode floor differs from decodeJS's value at ${d}`);
}

const codec = g.createCodec();
const packr = new Packr({ useRecords: false });
const packed = packr.pack(plain);
const subjects = {
  "decode-floor": () => floorDecode(bytes),
  "decode-floor-keys": () => floorDecodeKeys(bytes),
  "codec-decode-js": () => codec.decodeJS(bytes),
  "decode-js": () => g.decodeJS(bytes),
  "tagged-floor": () => floorTagged(bytes),
  decode: () => g.decode(bytes),
  unpack: () => packr.unpack(packed),
  "encode-floor": () => floorEncode(plain),
  "codec-encode": () => codec.encode(plain),
  "encode-js": () => g.encode(plain),
  pack: () => packr.pack(plain),
};

if (only !== undefined) {
  countedCalls(subjects[only], Number(iterations ?? 1000));
} else {
  const times = rounds(subjects, { count: 7, ms: 200, warmup: 1 });
  const med = (k) => times[k][3];
  const us = (k) => med(k).toFixed(2);
  const x = (a, b) => `${(med(a) / med(b)).toFixed(2)}x`;
  console.log(
    `${format}/${name}, µs (median of 7 rounds) and ÷ floor:\n` +
      `  decode: floor ${us("decode-floor")} (keys reused ${us("decode-floor-keys")}), codec.decodeJS ${us("codec-decode-js")} (${x("codec-decode-js", "decode-floor")}), ` +
      `decodeJS ${us("decode-js")} (${x("decode-js", "decode-floor")}), msgpackr unpack ${us("unpack")} (${x("unpack", "decode-floor")})\n` +
      `  encode: floor ${us("encode-floor")}, codec.encode ${us("codec-encode")} (${x("codec-encode", "encode-floor")}), ` +
      `encode ${us("encode-js")} (${x("encode-js", "encode-floor")}), msgpackr pack ${us("pack")} (${x("pack", "encode-floor")})`,
  );
}

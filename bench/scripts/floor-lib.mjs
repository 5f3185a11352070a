// What the floor scripts (js-floor, string-floor, encode-floor, int-floor) share: reading a
// workload, making a string from bytes the way core does it without the checks, and the loop
// that valgrind counts.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { difference, sameBytes } from "../src/compare.mjs";

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
 * The loop valgrind counts (see icount.sh): 30 calls of warm-up (FLOOR_WARMUP), a full collection
 * when node runs with --expose-gc (so that runs of every length start the counted calls from the
 * same heap), then `iterations` calls. Run it with two counts and divide the difference of the
 * instruction totals by the difference of the counts: start-up and warm-up cancel out.
 */
export function countedCalls(fn, iterations) {
  const warmup = Number(process.env.FLOOR_WARMUP ?? 30);
  for (let i = 0; i < warmup; i++) fn();
  if (typeof globalThis.gc === "function") globalThis.gc();
  let x = 0;
  for (let i = 0; i < iterations; i++) x += fn() ? 1 : 0;
  if (x < 0) console.log(x);
}

/**
 * The floors of one workload (see js-floor.mjs): `decodeFloor(b)` and `decodeFloorKeys(b)` make
 * decodeJS's value, `taggedFloor(b)` decode's, `encodeFloor(plain)` writes encode's bytes; all
 * from a plan made once of `bytes`; `encodeTaggedFloor(v)` writes decode's value `v` unchecked and
 * `written(n)` views what it wrote. `check()` throws unless each gives what gdvariant gives.
 * @param {{ dialect: any, decode: Function, decodeJS: Function, encode: Function }} g a dialect package
 * @param {Uint8Array} bytes the workload
 */
export function floors(g, bytes) {
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
        // Its floats are read from the bytes at each call (as a reader does): read from a kept
        // array of numbers, each would be boxed again and the floor would cost more than decodeJS.
        const at = p;
        p += 4 * n;
        return { t: n, at };
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
  function make(b, node, ks, v) {
    switch (node.t) {
      case 0:
        return node.x;
      case 1:
        return utf8String(b, node.at, node.n);
      case 2:
        return { x: v.getFloat32(node.at, true), y: v.getFloat32(node.at + 4, true) };
      case 3:
        return {
          x: v.getFloat32(node.at, true),
          y: v.getFloat32(node.at + 4, true),
          z: v.getFloat32(node.at + 8, true),
        };
      case 4:
        return {
          r: v.getFloat32(node.at, true),
          g: v.getFloat32(node.at + 4, true),
          b: v.getFloat32(node.at + 8, true),
          a: v.getFloat32(node.at + 12, true),
        };
      case 5: {
        const items = node.items;
        const out = new Array(items.length);
        for (let i = 0; i < items.length; i++) out[i] = make(b, items[i], ks, v);
        return out;
      }
      case 6: {
        const { keys, items } = node;
        const out = {};
        for (let i = 0; i < items.length; i++) out[ks[keys[i]]] = make(b, items[i], ks, v);
        return out;
      }
      case 7:
        return v.getBigInt64(node.at, true);
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
  // One DataView per call, as a reader has (it reads the 64-bit ints past 2^53 as bigints).
  const view = (b) => new DataView(b.buffer, b.byteOffset, b.byteLength);
  const floorDecode = (b) => make(b, root, madeKeys(b), view(b));
  const floorDecodeKeys = (b) => make(b, root, keptKeys, view(b));

  // The floor under `decode` (the tagged values, the engine's targets): the same plan made into
  // decode's objects: { kind, value } per scalar and String (key Strings too), { kind, x, y } per
  // vector, and an [key, value] array per dictionary entry; key strings made once per call.
  // Inline kinds and typed Arrays only (not the packed arrays, which decode as views).
  function tagged(b, node, ks, v) {
    switch (node.t) {
      case 0:
        return node.k === "nil" ? { kind: "nil" } : { kind: node.k, value: node.x };
      case 1:
        return { kind: "string", value: utf8String(b, node.at, node.n) };
      case 2:
        return { kind: "vector2", x: v.getFloat32(node.at, true), y: v.getFloat32(node.at + 4, true) };
      case 3:
        return {
          kind: "vector3",
          x: v.getFloat32(node.at, true),
          y: v.getFloat32(node.at + 4, true),
          z: v.getFloat32(node.at + 8, true),
        };
      case 4:
        return {
          kind: "color",
          r: v.getFloat32(node.at, true),
          g: v.getFloat32(node.at + 4, true),
          b: v.getFloat32(node.at + 8, true),
          a: v.getFloat32(node.at + 12, true),
        };
      case 5: {
        const items = node.items;
        const out = new Array(items.length);
        for (let i = 0; i < items.length; i++) out[i] = tagged(b, items[i], ks, v);
        return node.typed
          ? { kind: "array", items: out, elementType: node.typed }
          : { kind: "array", items: out };
      }
      case 6: {
        const { keys, items } = node;
        const entries = new Array(items.length);
        for (let i = 0; i < items.length; i++)
          entries[i] = [{ kind: "string", value: ks[keys[i]] }, tagged(b, items[i], ks, v)];
        return { kind: "dictionary", entries };
      }
      case 7:
        return { kind: "int", value: v.getBigInt64(node.at, true) };
      default:
        throw new Error("js-floor: the tagged floor does not make packed arrays");
    }
  }

  // The encode floor: the same bytes as encode(plain), into one buffer.
  const te = new TextEncoder();
  const expected = g.encode(plain);
  const out = new Uint8Array(Math.max(expected.length, bytes.length) + 1024);
  const w = new DataView(out.buffer);
  // One position for the plain functions below (a context slot, as a module's `let` is).
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

  // The floor under `encode` of the tagged value (decode's): the workload's own bytes, written
  // unchecked into the same kept buffer, for every kind the workloads hold (encode-floor.mjs times it).
  function writeTagged(x) {
    switch (x.kind) {
      case "nil":
        w.setUint32(p, ID.nil, true);
        p += 4;
        return;
      case "bool":
        w.setUint32(p, ID.bool, true);
        w.setUint32(p + 4, x.value ? 1 : 0, true);
        p += 8;
        return;
      case "int": {
        const v = x.value;
        if (typeof v === "number" && (v | 0) === v) {
          w.setUint32(p, ID.int, true);
          w.setInt32(p + 4, v, true);
          p += 8;
        } else {
          w.setUint32(p, ID.int | 0x10000, true);
          w.setBigInt64(p + 4, BigInt(v), true);
          p += 12;
        }
        return;
      }
      case "float":
        if (Math.fround(x.value) === x.value) {
          w.setUint32(p, ID.float, true);
          w.setFloat32(p + 4, x.value, true);
          p += 8;
        } else {
          w.setUint32(p, ID.float | 0x10000, true);
          w.setFloat64(p + 4, x.value, true);
          p += 12;
        }
        return;
      case "string":
        w.setUint32(p, ID.string, true);
        p += 4;
        string(x.value);
        return;
      case "vector2":
        w.setUint32(p, ID.vector2, true);
        w.setFloat32(p + 4, x.x, true);
        w.setFloat32(p + 8, x.y, true);
        p += 12;
        return;
      case "vector3":
        w.setUint32(p, ID.vector3, true);
        w.setFloat32(p + 4, x.x, true);
        w.setFloat32(p + 8, x.y, true);
        w.setFloat32(p + 12, x.z, true);
        p += 16;
        return;
      case "color":
        w.setUint32(p, ID.color, true);
        w.setFloat32(p + 4, x.r, true);
        w.setFloat32(p + 8, x.g, true);
        w.setFloat32(p + 12, x.b, true);
        w.setFloat32(p + 16, x.a, true);
        p += 20;
        return;
      case "array": {
        const items = x.items;
        if (x.elementType) {
          w.setUint32(p, ID.array | 0x10000, true);
          w.setUint32(p + 4, ID[x.elementType.type], true);
          p += 4;
        } else w.setUint32(p, ID.array, true);
        w.setUint32(p + 4, items.length, true);
        p += 8;
        for (let i = 0; i < items.length; i++) writeTagged(items[i]);
        return;
      }
      case "dictionary": {
        const entries = x.entries;
        w.setUint32(p, ID.dictionary, true);
        w.setUint32(p + 4, entries.length, true);
        p += 8;
        for (let i = 0; i < entries.length; i++) {
          writeTagged(entries[i][0]);
          writeTagged(entries[i][1]);
        }
        return;
      }
    }
    throw new Error(`js-floor: the tagged encode floor does not write ${x.kind}`);
  }
  function floorEncodeTagged(value) {
    p = 0;
    writeTagged(value);
    return p;
  }

  const floorTagged = (b) => tagged(b, root, madeKeys(b), view(b));
  // Both floors must do the work of the real thing: the same value, the same bytes.
  function check() {
    const tv = g.decode(bytes);
    if (!tv.kind.startsWith("packed")) {
      const m = floorEncodeTagged(tv);
      if (!sameBytes(out.subarray(0, m), bytes))
        throw new Error("js-floor: the tagged encode floor does not write the workload's bytes");
    }
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
      if (d !== undefined)
        throw new Error(`js-floor: the decode floor differs from decodeJS's value at ${d}`);
    }
  }
  return {
    plain,
    decodeFloor: floorDecode,
    decodeFloorKeys: floorDecodeKeys,
    taggedFloor: floorTagged,
    encodeTaggedFloor: floorEncodeTagged,
    encodeFloor: floorEncode,
    // The bytes the last encode floor wrote (n of them), a view of the kept buffer.
    written: (n) => out.subarray(0, n),
    check,
  };
}

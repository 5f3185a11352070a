// The fuzz campaign: mutations of engine-written Variants (bit flips, byte and word
// overwrites, truncations, splices, inserted and deleted chunks, count inflation, header retyping),
// random bytes, large arrays and dictionaries of engine values (typed, framed as a store_var
// record, mutated), and built hostile inputs (1,024+ deep nesting, wide containers, hostile counts,
// `__proto__`/`constructor` keys), fed to every dialect's decode (objects allowed and not),
// toJS, toText, tagged JSON both ways (and equals), the text parser on toText's output,
// convertValue to the next generation and encode of what decodes, and auto-detect's detect and
// decodeAny; and ConfigFile text (config-file.mjs: engine files mutated, hostile texts built),
// parsed as both dialects and written back, which every input also goes through. A tenth of the
// inputs are sealed files (sealed.mjs: GDEC and GCPF of every mode, bombs, many-block files,
// Zstd windows), fed to @gdvariant/files' readers instead.
//
// An input "escapes" when anything but the project's own error comes out (`GdVariantError.is`),
// or when toJS touches Object.prototype. An input under 64 KB is "slow" when a stage takes over
// its limit three times in a row (one slow run can be the machine): 100 ms for decode,
// auto-detect, toJS, toJSON, convert and encode, 500 ms for the text form, its parse and ConfigFile text. Heap growth across one call (heap +
// ArrayBuffers, measured before and after) is tracked, largest first.
import { readFileSync } from "node:fs";
import { decodeAny, decodeAnyJS, detect } from "@gdvariant/auto-detect";
import {
  convertValue,
  equals,
  fromJSON,
  GdVariantError,
  parseVariantText,
  toJS,
  toJSON,
} from "@gdvariant/core";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import * as legacy2 from "@gdvariant/legacy-2";
import { difference } from "../src/compare.mjs";
import { configInput, configTargets } from "./config-file.mjs";
import { loadSealedCorpus, sealedInput, sealedTargets } from "./sealed.mjs";

export const DIALECTS = { "godot-4": godot4, "godot-3": godot3, "legacy-2": legacy2 };
// Where convertValue sends each dialect's values: the generation next to it.
const NEXT = { "godot-4": "godot-3", "godot-3": "legacy-2", "legacy-2": "godot-4" };

// Wire ids used by the built inputs (wire-format.md §2.1, §3.1, §4.1).
const IDS = {
  "godot-4": {
    nil: 0,
    int: 2,
    string: 4,
    dict: 27,
    array: 28,
    bytes: 29,
    int32s: 30,
    strings: 34,
    vec3s: 36,
  },
  "godot-3": {
    nil: 0,
    int: 2,
    string: 4,
    dict: 18,
    array: 19,
    bytes: 20,
    int32s: 21,
    strings: 23,
    vec3s: 25,
  },
  "legacy-2": {
    nil: 0,
    int: 2,
    string: 4,
    dict: 20,
    array: 21,
    bytes: 22,
    int32s: 23,
    strings: 25,
    vec3s: 27,
  },
};

const INTERESTING_U32 = [
  0, 1, 2, 3, 4, 7, 8, 0x7f, 0x80, 0xff, 0x100, 0xfff, 0x1000, 0xffff, 0x10000, 0x10001, 0x20000, 0x30000,
  0xf0000, 0x3fffffff, 0x40000000, 0x7ffffffe, 0x7fffffff, 0x80000000, 0x80000001, 0xfffffff0, 0xfffffffe,
  0xffffffff, 0x00ffffff, 0x01000000, 1024, 1025, 65536, 16777216, 16777217,
];
const INTERESTING_U8 = [0, 1, 0x7f, 0x80, 0xc0, 0xef, 0xf0, 0xff, 0x1b, 0x1c, 0x1d, 0x1e, 0x26, 0x27];

/** mulberry32: small, fast, seedable. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (arr) => arr[int(arr.length)], chance: (p) => next() < p };
}

function unhex(h) {
  const out = new Uint8Array(h.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(h.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function hex(b, max = Infinity) {
  let s = "";
  const n = Math.min(b.length, max);
  for (let i = 0; i < n; i++) s += b[i].toString(16).padStart(2, "0");
  return n < b.length ? `${s}…(${b.length} bytes)` : s;
}

/** Seed inputs: engine fixtures (bench/fuzz/corpus/*.hex, from tools/bench/make-fuzz-corpus.mjs). */
export function loadCorpus() {
  const items = [];
  for (const engine of ["godot-2.1.4", "godot-3.2.3", "godot-4.6.3"]) {
    const text = readFileSync(new URL(`./corpus/${engine}.hex`, import.meta.url), "utf8");
    for (const line of text.split("\n")) {
      const [label, h] = line.split(" ");
      if (h) items.push({ engine, label, bytes: unhex(h) });
    }
  }
  return items;
}

// ---- built hostile inputs ----------------------------------------------------------------------

function words(list) {
  const b = new Uint8Array(list.length * 4);
  const v = new DataView(b.buffer);
  for (let i = 0; i < list.length; i++) v.setUint32(i * 4, list[i] >>> 0, true);
  return b;
}

function concat(parts) {
  const n = parts.reduce((a, p) => a + p.length, 0);
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function str(ids, s) {
  const b = new TextEncoder().encode(s);
  const pad = (4 - (b.length & 3)) & 3;
  return concat([words([ids.string, b.length]), b, new Uint8Array(pad)]);
}

/** Nested arrays (or dictionaries, or a mix) `depth` deep, ending in `tail`. */
function nested(ids, depth, r, tail) {
  const parts = [];
  for (let i = 0; i < depth; i++) {
    const kind = r.int(3);
    if (kind === 0 || kind === 2) parts.push(words([ids.array, 1]));
    else parts.push(words([ids.dict, 1]), words([ids.nil]));
  }
  parts.push(tail);
  return concat(parts);
}

const HOSTILE_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "__defineGetter__",
  "valueOf",
];

/** A dictionary whose keys are hostile names, values dictionaries with a `polluted` key. */
function hostileDict(ids, r, depth = 0) {
  const entries = [];
  const n = 1 + r.int(4);
  for (let i = 0; i < n; i++) {
    entries.push(str(ids, r.pick(HOSTILE_KEYS)));
    if (depth < 3 && r.chance(0.6)) entries.push(hostileDict(ids, r, depth + 1));
    else entries.push(concat([words([ids.dict, 1]), str(ids, "polluted"), words([ids.int, 1])]));
  }
  return concat([words([ids.dict, n]), ...entries]);
}

export function built(r) {
  const dialect = r.pick(Object.keys(IDS));
  const ids = IDS[dialect];
  switch (r.int(11)) {
    case 9: {
      // a chain of dictionaries, each the key of the next (key fingerprints, text and convert)
      const n = 1 + r.int(1000);
      const parts = [];
      for (let i = 0; i < n; i++) parts.push(words([ids.dict, 1]));
      parts.push(words([ids.dict, 0]));
      for (let i = 0; i < n; i++) parts.push(words([ids.int, i]));
      return { how: `dictionary key chain x${n} (${dialect})`, bytes: concat(parts) };
    }
    case 0: // deep nesting at and around the limit (1024 by default)
      return {
        how: `deep nesting (${dialect})`,
        bytes: nested(ids, r.pick([1023, 1024, 1025, 1100, 2000, 5000]), r, words([ids.nil])),
      };
    case 1: // deep nesting that runs out of bytes
      return {
        how: `deep truncated nesting (${dialect})`,
        bytes: nested(ids, 1000 + r.int(3000), r, new Uint8Array(0)),
      };
    case 2: {
      // a wide array of nils (valid): 16,000 elements in 64 KB
      const n = 1000 + r.int(15000);
      const parts = [words([ids.array, n])];
      for (let i = 0; i < n; i++) parts.push(words([ids.nil]));
      return { how: `wide array x${n} (${dialect})`, bytes: concat(parts) };
    }
    case 3: {
      // a wide dictionary of int keys
      const n = 1000 + r.int(7000);
      const parts = [words([ids.dict, n])];
      for (let i = 0; i < n; i++) parts.push(words([ids.int, i, ids.nil]));
      return { how: `wide dictionary x${n} (${dialect})`, bytes: concat(parts) };
    }
    case 4: {
      // hostile counts on every container and packed type, few bytes behind them
      const type = r.pick([ids.array, ids.dict, ids.bytes, ids.int32s, ids.strings, ids.vec3s]);
      const count = r.pick([0x7fffffff, 0xffffffff, 0x80000000, 16777216, 16777215, 1 << 20, 65536]);
      return {
        how: `hostile count ${count} on type ${type} (${dialect})`,
        bytes: concat([words([type, count]), new Uint8Array(r.int(64))]),
      };
    }
    case 5: // hostile dictionary keys for toJS
      return { how: `hostile keys (${dialect})`, bytes: hostileDict(ids, r) };
    case 6: {
      // a string-array of many empty strings (wide, valid)
      const n = 1000 + r.int(8000);
      const parts = [words([ids.strings, n])];
      for (let i = 0; i < n; i++) parts.push(words([0]));
      return { how: `wide string array x${n} (${dialect})`, bytes: concat(parts) };
    }
    case 7: {
      // nested containers whose counts each claim far more than there is
      const parts = [];
      for (let i = 0; i < 200; i++) parts.push(words([r.pick([ids.array, ids.dict]), 1 + r.int(1 << 20)]));
      return { how: `nested inflated counts (${dialect})`, bytes: concat(parts) };
    }
    case 8: {
      // random words drawn from the interesting values and type ids
      const n = 1 + r.int(256);
      const list = [];
      for (let i = 0; i < n; i++)
        list.push(
          r.chance(0.5) ? r.int(48) | (r.chance(0.2) ? r.int(16) << 16 : 0) : r.pick(INTERESTING_U32),
        );
      return { how: "random words", bytes: words(list) };
    }
    default: {
      // random bytes
      const n = r.int(r.chance(0.9) ? 512 : 65536);
      const b = new Uint8Array(n);
      for (let i = 0; i < n; i++) b[i] = r.int(256);
      return { how: `random bytes x${n}`, bytes: b };
    }
  }
}

// ---- mutations ----------------------------------------------------------------------------------

export function mutateOnce(b, r, corpus) {
  const n = b.length;
  const word = () => (n >= 4 ? r.int(n >> 2) << 2 : 0);
  switch (r.int(11)) {
    case 0: {
      // bit flips
      const out = b.slice();
      for (let k = 1 + r.int(4); k > 0 && n > 0; k--) out[r.int(n)] ^= 1 << r.int(8);
      return ["bitflip", out];
    }
    case 1: {
      // interesting bytes
      const out = b.slice();
      for (let k = 1 + r.int(3); k > 0 && n > 0; k--) out[r.int(n)] = r.pick(INTERESTING_U8);
      return ["byte", out];
    }
    case 2: {
      // interesting u32 words at aligned offsets
      if (n < 4) return ["none", b];
      const out = b.slice();
      new DataView(out.buffer).setUint32(word(), r.pick(INTERESTING_U32), true);
      return ["word", out];
    }
    case 3: {
      // count inflation: a small word (a count or a length) made large
      if (n < 4) return ["none", b];
      const out = b.slice();
      const v = new DataView(out.buffer);
      const small = [];
      for (let p = 0; p + 4 <= n; p += 4) {
        const w = v.getUint32(p, true);
        if (w >= 1 && w < 4096) small.push(p);
      }
      if (small.length === 0) return ["none", b];
      const p = r.pick(small);
      const w = v.getUint32(p, true);
      v.setUint32(
        p,
        r.pick([w * 2, w * 1000, w + 1, 0x7fffffff, 0xffffffff, 0x80000000 | w, 16777216, w << 16]) >>> 0,
        true,
      );
      return ["inflate", out];
    }
    case 4: {
      // header retype: type id and flag bits of an aligned word
      if (n < 4) return ["none", b];
      const out = b.slice();
      const p = word();
      out[p] = r.int(48);
      if (r.chance(0.5)) out[p + 2] = r.pick([0, 1, 2, 3, 4, 5, 0xf, 0xff]);
      if (r.chance(0.2)) out[p + 3] = r.pick([0, 0x80, 0xff]);
      return ["retype", out];
    }
    case 5: // truncation
      return ["truncate", b.slice(0, r.chance(0.5) ? r.int(n + 1) & ~3 : r.int(n + 1))];
    case 6: {
      // splice: a prefix of this input, the suffix of another
      const o = r.pick(corpus).bytes;
      const a = r.int(n + 1);
      const c = r.int(o.length + 1);
      return ["splice", concat([b.subarray(0, a), o.subarray(c)])];
    }
    case 7: {
      // insert a chunk of another input
      const o = r.pick(corpus).bytes;
      const at = word();
      const s = o.length >= 4 ? r.int(o.length >> 2) << 2 : 0;
      const len = Math.min(o.length - s, 4 * (1 + r.int(32)));
      return ["insert", concat([b.subarray(0, at), o.subarray(s, s + len), b.subarray(at)])];
    }
    case 8: {
      // delete a chunk
      const at = word();
      const len = 4 * (1 + r.int(8));
      return ["delete", concat([b.subarray(0, at), b.subarray(Math.min(n, at + len))])];
    }
    case 9: {
      // duplicate a chunk
      const at = word();
      const len = Math.min(n - at, 4 * (1 + r.int(16)));
      const chunk = b.subarray(at, at + len);
      const reps = 1 + r.int(r.chance(0.1) ? 200 : 4);
      return [
        "duplicate",
        concat([b.subarray(0, at + len), ...Array(reps).fill(chunk), b.subarray(at + len)]),
      ];
    }
    default: {
      // random bytes over a range
      const out = b.slice();
      const at = r.int(n + 1);
      for (let i = at; i < Math.min(n, at + 1 + r.int(16)); i++) out[i] = r.int(256);
      return ["scramble", out];
    }
  }
}

const GENERATION = { "godot-2.1.4": "legacy-2", "godot-3.2.3": "godot-3", "godot-4.6.3": "godot-4" };
const singleValues = new WeakMap();

/**
 * A large array or dictionary (4-12 KB) of engine-written single values of one generation (the
 * corpus's random cases): the inputs decodeAny's walk reads as words and builds the value of.
 * Sometimes typed (4.x: `Array[int]`, `Dictionary[String, int]`; the elements are not checked
 * against the type), sometimes one `store_var` record (a u32 length first), then mutated half
 * of the time.
 */
export function bigMix(r, corpus) {
  let byEngine = singleValues.get(corpus);
  if (byEngine === undefined) {
    byEngine = {};
    for (const e of Object.keys(GENERATION))
      byEngine[e] = corpus.filter((s) => s.engine === e && s.label.startsWith("case"));
    singleValues.set(corpus, byEngine);
  }
  const engine = r.pick(Object.keys(GENERATION));
  const dialect = GENERATION[engine];
  const ids = IDS[dialect];
  const dict = r.chance(0.4);
  const target = 4096 + r.int(8192);
  const parts = [];
  let size = 0;
  while (size < target || (dict && (parts.length & 1) === 1)) {
    const v = r.pick(byEngine[engine]).bytes;
    parts.push(v);
    size += v.length;
  }
  const n = dict ? parts.length >> 1 : parts.length;
  const typed = dialect === "godot-4" && r.chance(0.3);
  const head = typed
    ? dict
      ? words([ids.dict | 0x50000, ids.string, ids.int, n])
      : words([ids.array | 0x10000, ids.int, n])
    : words([dict ? ids.dict : ids.array, n]);
  let bytes = concat([head, ...parts]);
  const framed = r.chance(0.3);
  if (framed) bytes = concat([words([bytes.length]), bytes]);
  let how = `big mix ${dict ? "dictionary" : "array"} x${n}${typed ? " typed" : ""}${framed ? " record" : ""} (${dialect})`;
  if (r.chance(0.5)) {
    const [m, out] = mutateOnce(bytes, r, corpus);
    how += ` +${m}`;
    bytes = out;
  }
  return { how, bytes };
}

/** One input: a mutated seed (most of the time), ConfigFile text, a big mix, or a built hostile input / random bytes. */
export function nextInput(r, corpus) {
  if (r.chance(0.1)) return configInput(r);
  if (r.chance(0.12)) return built(r);
  if (r.chance(0.04)) return bigMix(r, corpus);
  const seed = r.pick(corpus);
  let bytes = seed.bytes;
  const hows = [];
  for (let k = r.chance(0.6) ? 1 : 1 + r.int(4); k > 0; k--) {
    const [how, out] = mutateOnce(bytes, r, corpus);
    hows.push(how);
    bytes = out;
  }
  return { how: `${seed.engine}/${seed.label}: ${hows.join("+")}`, bytes };
}

// ---- targets ------------------------------------------------------------------------------------

const protoNames = () => Object.getOwnPropertyNames(Object.prototype).join(",");
const PROTO = protoNames();

/** True when Object.prototype is as it was (toJS must never write through `__proto__`). */
function protoIntact() {
  return {}.polluted === undefined && protoNames() === PROTO;
}

function checkJS(js) {
  if (
    js !== null &&
    typeof js === "object" &&
    !Array.isArray(js) &&
    !ArrayBuffer.isView(js) &&
    !(js instanceof Map)
  ) {
    const proto = Object.getPrototypeOf(js);
    if (proto !== Object.prototype && proto !== null)
      throw new Error("toJS returned an object with a foreign prototype");
  }
  if (!protoIntact()) throw new Error("Object.prototype was modified by toJS");
}

/**
 * Every check run on one input, as [name, fn] pairs. Each fn may throw project errors only and
 * returns true when it produced a value. The stages after a decode (toJS, the text form, encode)
 * are targets of their own, run on the value the decode before them produced (the `.after`
 * suffix), so that each is timed on its own.
 */
export function targets() {
  const list = [];
  for (const [id, d] of Object.entries(DIALECTS)) {
    for (const allowObjects of [false, true]) {
      const name = `${id}.decode${allowObjects ? "(allowObjects)" : ""}`;
      let value;
      list.push([
        name,
        (bytes) => {
          value = undefined;
          try {
            value = d.decode(bytes, { allowObjects });
            return true;
          } catch (e) {
            if (GdVariantError.is(e)) return false;
            throw e;
          }
        },
      ]);
      // decodeJS reads the same bytes in one pass: the same value as toJS(decode), or the
      // project's error exactly where decode failed.
      list.push([
        `${name}.decodeJS`,
        (bytes) => {
          let js;
          try {
            js = d.decodeJS(bytes, { allowObjects });
          } catch (e) {
            if (!GdVariantError.is(e)) throw e;
            if (value !== undefined) throw new Error("decodeJS failed where decode did not");
            return false;
          }
          if (value === undefined) throw new Error("decodeJS gave a value where decode failed");
          checkJS(js);
          const diff = difference(toJS(value), js);
          if (diff !== undefined) throw new Error(`decodeJS differs from toJS(decode) at ${diff}`);
          return true;
        },
      ]);
      // A codec object kept across every input of the campaign must give exactly what the
      // stateless calls give: the same value (decode, decodeJS), the same error (name, code,
      // offset, message with path), the same bytes for encode; and the bytes an earlier encode
      // handed out must still be what they were.
      const codec = d.createCodec({ allowObjects });
      const jsCodec = d.createCodec({ allowObjects, dictionaries: "map" });
      let handed;
      list.push([
        `${name}.codec`,
        (bytes) => {
          if (handed !== undefined && !sameBytes(handed.bytes, handed.expected))
            throw new Error("a codec's encode result was written over by a later call");
          handed = undefined;
          compareOutcomes(
            "codec.decode",
            outcomeOf(() => codec.decode(bytes)),
            outcomeOf(() => d.decode(bytes, { allowObjects })),
          );
          compareOutcomes(
            "codec.decodeJS",
            outcomeOf(() => codec.decodeJS(bytes)),
            outcomeOf(() => d.decodeJS(bytes, { allowObjects })),
          );
          compareOutcomes(
            "codec.decodeJS(map)",
            outcomeOf(() => jsCodec.decodeJS(bytes)),
            outcomeOf(() => d.decodeJS(bytes, { allowObjects, dictionaries: "map" })),
          );
          if (value === undefined) return false;
          const mine = outcomeOf(() => codec.encode(value));
          const theirs = outcomeOf(() => d.encode(value, {}));
          compareOutcomes("codec.encode", mine, theirs);
          if (mine.value !== undefined) handed = { bytes: mine.value, expected: theirs.value };
          return true;
        },
      ]);
      list.push([
        `${name}.after.toJS`,
        () => {
          if (value === undefined) return false;
          checkJS(toJS(value));
          return true;
        },
      ]);
      // A stage after the decode: true when it produced something, false for the project's
      // own error, anything else thrown is an escape.
      const after = (stage, fn) =>
        list.push([
          `${name}.after.${stage}`,
          () => {
            if (value === undefined) return false;
            try {
              fn(value);
              return true;
            } catch (e) {
              if (GdVariantError.is(e)) return false;
              throw e;
            }
          },
        ]);
      after("toText", (v) => d.toText(v));
      // Tagged JSON both ways, and equality with what came in (toJSON itself may refuse).
      after("toJSON", (v) => {
        const back = fromJSON(JSON.parse(JSON.stringify(toJSON(v))));
        if (!equals(back, v)) throw new Error("fromJSON(toJSON(v)) differs from v");
      });
      after("parseText", (v) => parseVariantText(d.toText(v), { dialect: id }));
      after("convert", (v) => convertValue(v, DIALECTS[NEXT[id]].dialect));
      after("encode", (v) => d.encode(v));
    }
  }
  list.push([
    "auto-detect.detect",
    (bytes) => {
      try {
        return detect(bytes).best !== undefined;
      } catch (e) {
        if (GdVariantError.is(e)) return false;
        throw e;
      }
    },
  ]);
  list.push([
    "auto-detect.decodeAny",
    (bytes) => {
      // decodeAnyJS with it: exactly toJS of decodeAny's value, or a project error where it failed.
      let v;
      let js;
      try {
        v = decodeAny(bytes, { ambiguous: "best" });
      } catch (e) {
        if (!GdVariantError.is(e)) throw e;
      }
      try {
        js = decodeAnyJS(bytes, { ambiguous: "best" });
      } catch (e) {
        if (!GdVariantError.is(e)) throw e;
        if (v !== undefined) throw new Error("decodeAnyJS failed where decodeAny did not");
        return false;
      }
      if (v === undefined) throw new Error("decodeAnyJS gave a value where decodeAny failed");
      checkJS(js);
      const diff = difference(toJS(v), js);
      if (diff !== undefined) throw new Error(`decodeAnyJS differs from toJS(decodeAny) at ${diff}`);
      return true;
    },
  ]);
  list.push(...configTargets());
  return list;
}

// A result, or the project's error as its name, code, offset and message; anything else thrown
// goes on (an escape).
function outcomeOf(f) {
  try {
    return { value: f() };
  } catch (e) {
    if (!GdVariantError.is(e)) throw e;
    return { error: `${e.name} ${e.code} ${e.offset} ${e.message}` };
  }
}

function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Codec against stateless: the same error text, or values with no difference (bytes exactly).
function compareOutcomes(what, mine, theirs) {
  if (mine.error !== theirs.error)
    throw new Error(`${what}: ${mine.error ?? "a value"} vs ${theirs.error ?? "a value"}`);
  if (mine.error !== undefined) return;
  if (mine.value instanceof Uint8Array) {
    if (!sameBytes(mine.value, theirs.value)) throw new Error(`${what}: other bytes`);
    return;
  }
  const diff = difference(mine.value, theirs.value);
  if (diff !== undefined) throw new Error(`${what} differs at ${diff}`);
}

/**
 * CPU milliseconds this process has used: per-call times are CPU time, so a machine busy with
 * other work (CI runs every package's tests at once) does not make a fast call look slow.
 */
function cpuNow() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function heapNow() {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/** The stage a target name belongs to: decode, detect, toJS, toText, encode. */
export function stageOf(name) {
  if (name.startsWith("files.config")) return "config";
  if (name.startsWith("files.")) return "sealed";
  if (name.endsWith(".toText")) return "toText";
  if (name.endsWith(".parseText")) return "parseText";
  if (name.endsWith(".toJSON")) return "toJSON";
  if (name.endsWith(".convert")) return "convert";
  if (name.endsWith(".toJS")) return "toJS";
  if (name.endsWith(".encode")) return "encode";
  if (name.startsWith("auto-detect")) return "auto-detect";
  return "decode";
}

/**
 * Runs a campaign.
 * @param {{ seed?: number, iterations?: number, slowMs?: number, textSlowMs?: number,
 *   sealedShare?: number, sealedSlowMs?: number, onProgress?: (s: object) => void,
 *   progressEvery?: number }} o
 *   `sealedShare` (default 0.1): the share of inputs that are sealed files (bench/fuzz/sealed.mjs),
 *   run through the file readers instead of the Variant targets; `sealedSlowMs` (default 250).
 * @returns a summary: inputs tried, target calls, escapes (with hex), slow inputs (over the
 *   stage's limit in CPU time five times running, inputs under 64 KB: `slowMs`, default 100, for decode,
 *   auto-detect, toJS and encode; `textSlowMs`, default 500, for the text form and ConfigFile), the slowest input under 64 KB per stage, the
 *   largest heap growth of one call, the peak heap.
 */
export function runCampaign(o = {}) {
  const seed = o.seed ?? 1;
  const iterations = o.iterations ?? 1000;
  const slowMs = o.slowMs ?? 100;
  // The text form is not the decoder: it prints every float with %g (tens of ms for 15,000 of
  // them), so it gets its own limit, reported apart.
  const limits = {
    decode: slowMs,
    "auto-detect": slowMs,
    toJS: slowMs,
    encode: slowMs,
    toText: o.textSlowMs ?? 500,
    parseText: o.textSlowMs ?? 500,
    config: o.textSlowMs ?? 500,
    toJSON: slowMs,
    convert: slowMs,
    // Sealed files inflate up to 1 MiB per call (SEALED_MAX_BYTES) and check their checksums.
    sealed: o.sealedSlowMs ?? 250,
  };
  const r = rng(seed);
  const corpus = loadCorpus();
  const list = targets();
  // Sealed files (GDEC, GCPF): their own seeds and targets, a share of the inputs.
  const sealedCorpus = loadSealedCorpus(rng(seed + 36));
  const sealedList = sealedTargets();
  const sealedShare = o.sealedShare ?? 0.1;
  let sealedInputs = 0;
  const escapes = [];
  const slow = [];
  const slowest = {};
  let growth = { bytes: 0 };
  let peak = heapNow();
  let calls = 0;
  let produced = 0;
  const t0 = performance.now();
  const byHow = new Map();

  for (let i = 0; i < iterations; i++) {
    const sealed = r.chance(sealedShare);
    const input = sealed ? sealedInput(r, sealedCorpus, mutateOnce) : nextInput(r, corpus);
    if (sealed) sealedInputs++;
    const bytes = input.bytes;
    // The first mutation ("bitflip") or the kind of built input ("deep", "wide", "random"...).
    const kind =
      input.kind ??
      (input.how.includes(": ") ? input.how.split(": ")[1].split("+")[0] : input.how.split(" ")[0]);
    byHow.set(kind, (byHow.get(kind) ?? 0) + 1);
    for (const [name, fn] of sealed ? sealedList : list) {
      calls++;
      const h0 = heapNow();
      const s = cpuNow();
      let err;
      let ok = false;
      try {
        ok = fn(bytes) === true;
      } catch (e) {
        err = e;
      }
      const ms = cpuNow() - s;
      const h1 = heapNow();
      if (h1 > peak) peak = h1;
      if (h1 - h0 > growth.bytes)
        growth = { bytes: h1 - h0, target: name, how: input.how, size: bytes.length };
      if (err !== undefined) {
        if (escapes.length < 100) {
          escapes.push({
            iteration: i,
            target: name,
            how: input.how,
            error: String(err?.stack ?? err).slice(0, 600),
            hex: hex(bytes, 4096),
          });
        }
        continue;
      }
      if (ok) produced++;
      if (bytes.length < 65536) {
        const stage = stageOf(name);
        const limit = limits[stage];
        let best = ms;
        // Re-time up to four times: a slow case only counts when it is slow every time (one slow
        // run can be a collection or the machine). Stages after a decode re-run on the value it
        // left.
        for (let k = 0; k < 4 && best > limit; k++) {
          const s2 = cpuNow();
          try {
            fn(bytes);
          } catch {}
          best = Math.min(best, cpuNow() - s2);
        }
        if (best > limit && slow.length < 100) {
          slow.push({
            iteration: i,
            target: name,
            stage,
            how: input.how,
            ms: best,
            size: bytes.length,
            hex: hex(bytes, 256),
          });
        }
        if (best > (slowest[stage]?.ms ?? 0)) {
          slowest[stage] = { ms: best, target: name, how: input.how, size: bytes.length, iteration: i };
        }
      }
    }
    if (o.onProgress && (i + 1) % (o.progressEvery ?? 1000) === 0) {
      o.onProgress({
        done: i + 1,
        escapes: escapes.length,
        slow: slow.length,
        seconds: (performance.now() - t0) / 1000,
      });
    }
  }
  return {
    seed,
    iterations,
    corpusSeeds: corpus.length,
    targets: list.map(([n]) => n),
    sealedTargets: sealedList.map(([n]) => n),
    sealedInputs,
    targetCalls: calls,
    callsThatProducedAValue: produced,
    seconds: (performance.now() - t0) / 1000,
    escapes,
    slow,
    limitsMs: limits,
    slowest,
    largestHeapGrowth: growth,
    peakHeapBytes: peak,
    inputsByKind: Object.fromEntries([...byHow.entries()].sort((a, b) => b[1] - a[1])),
    protoIntact: protoIntact(),
  };
}

// Seeded random values for one dialect, written by that dialect's own encoder in the evaluation.
// Only kinds the dialect has a codec for, shaped like engine data: 2.x numbers are f32/i32,
// 2.x containers are shared (as 2.x script containers are), typed containers only in 4.x.
import { MATRIX_SIZES, VECTOR_FIELDS } from "@gdvariant/core";

/** Mulberry32: small, seeded, good enough for test data. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (xs) => xs[Math.floor(next() * xs.length)];
  return { next, int, pick };
}

const CHARS = [
  "a",
  "b",
  "z",
  "_",
  " ",
  "0",
  "9",
  "é",
  "ß",
  "日",
  "本",
  "🎮",
  "\n",
  "/",
  ":",
  "x",
  "Hp",
  "name",
];
const INT_VECTORS = new Set(["vector2i", "rect2i", "vector3i", "vector4i"]);

function str(r, max = 12) {
  let s = "";
  const n = r.int(0, max);
  for (let i = 0; i < n; i++) s += r.pick(CHARS);
  return s;
}

function real(r, gen) {
  const k = r.int(0, 9);
  let v;
  if (k < 3) v = r.int(-1000, 1000);
  else if (k < 5) v = r.int(-8, 8) / 4;
  else if (k < 8) v = (r.next() - 0.5) * 10 ** r.int(-3, 6);
  else if (k === 8) v = 0;
  else v = r.pick([1, -1, 0.5, 100]);
  return gen === 4 && r.int(0, 3) === 0 ? v : Math.fround(v);
}

function int32(r) {
  return r.pick([r.int(-10, 10), r.int(-100000, 100000), r.int(-2147483648, 2147483647)]);
}

function intValue(r, gen) {
  if (gen === 2) return int32(r);
  const k = r.int(0, 5);
  if (k === 5) return BigInt(r.int(-2147483648, 2147483647)) * 4294967296n + BigInt(r.int(0, 4294967295));
  if (k === 4) return r.int(-(2 ** 40), 2 ** 40);
  return int32(r);
}

function fields(r, kind, gen) {
  const out = { kind };
  for (const f of VECTOR_FIELDS[kind]) {
    out[f] = INT_VECTORS.has(kind)
      ? int32(r)
      : kind === "color"
        ? Math.fround(r.int(0, 255) / 255)
        : Math.fround(real(r, gen));
  }
  return out;
}

function packed(r, kind, gen) {
  const n = r.int(0, 6);
  switch (kind) {
    case "packedByteArray":
      return { kind, data: Uint8Array.from({ length: n }, () => r.int(0, 255)) };
    case "packedInt32Array":
      return { kind, data: Int32Array.from({ length: n }, () => int32(r)) };
    case "packedInt64Array":
      return { kind, data: BigInt64Array.from({ length: n }, () => BigInt(intValue(r, 4))) };
    case "packedFloat32Array":
      return { kind, data: Float32Array.from({ length: n }, () => real(r, gen)) };
    case "packedFloat64Array":
      return { kind, data: Float64Array.from({ length: n }, () => real(r, 4)) };
    case "packedStringArray":
      return { kind, data: Array.from({ length: n }, () => str(r)) };
    case "packedColorArray":
      return { kind, data: Float32Array.from({ length: n * 4 }, () => r.int(0, 255) / 255) };
    default: {
      const stride = kind === "packedVector2Array" ? 2 : kind === "packedVector3Array" ? 3 : 4;
      return { kind, data: Float32Array.from({ length: n * stride }, () => real(r, gen)) };
    }
  }
}

/**
 * A random value of a kind `dialect` can write. `gen` is its generation (2, 3, 4).
 * `depth` limits nesting.
 */
export function randomValue(r, dialect, gen, depth = 0) {
  const kinds = [...new Set(dialect.codecs.filter(Boolean).map((c) => c.kind))];
  const leafy = depth >= 2 ? kinds.filter((k) => k !== "array" && k !== "dictionary") : kinds;
  const kind = r.pick(leafy);
  switch (kind) {
    case "nil":
    case "callable":
      return { kind };
    case "bool":
      return { kind, value: r.int(0, 1) === 1 };
    case "int":
      return { kind, value: intValue(r, gen) };
    case "float":
      return { kind, value: real(r, gen === 2 ? 2 : 4) };
    case "string":
    case "stringName":
      return { kind, value: str(r) };
    case "nodePath": {
      const names = Array.from({ length: r.int(0, 3) }, () => str(r, 5).replace(/[/:]/g, "") || "n");
      const subnames = Array.from({ length: r.int(0, 2) }, () => str(r, 5).replace(/[/:]/g, "") || "s");
      return { kind, names, subnames, absolute: r.int(0, 1) === 1 };
    }
    case "rid":
      return { kind, id: gen === 4 ? r.int(0, 2 ** 40) : 0 };
    case "object":
      return gen === 2 ? { kind, form: "null" } : { kind, form: "id", id: r.int(1, 2 ** 40) };
    case "signal":
      return { kind, name: str(r, 8) || "sig", objectId: r.int(1, 2 ** 40) };
    case "array": {
      const items = Array.from({ length: r.int(0, 4) }, () => randomValue(r, dialect, gen, depth + 1));
      if (gen === 4 && r.int(0, 3) === 0) {
        const n = r.int(0, 3);
        return {
          kind,
          items: Array.from({ length: n }, () => ({ kind: "int", value: int32(r) })),
          elementType: { kind: "builtin", type: "int" },
        };
      }
      return gen === 2 ? { kind, items, shared: true } : { kind, items };
    }
    case "dictionary": {
      const entries = Array.from({ length: r.int(0, 3) }, () => [
        { kind: "string", value: str(r, 6) },
        randomValue(r, dialect, gen, depth + 1),
      ]);
      if (gen === 4 && r.int(0, 4) === 0) {
        return {
          kind,
          entries: entries.map(([k]) => [k, { kind: "int", value: int32(r) }]),
          keyType: { kind: "builtin", type: "string" },
          valueType: { kind: "builtin", type: "int" },
        };
      }
      return gen === 2 ? { kind, entries, shared: true } : { kind, entries };
    }
    case "image": {
      const w = r.int(1, 4);
      const h = r.int(1, 4);
      return {
        kind,
        format: 4,
        mipmaps: 0,
        width: w,
        height: h,
        data: Uint8Array.from({ length: w * h * 4 }, () => r.int(0, 255)),
      };
    }
    case "inputEvent": {
      const t = r.pick([0, 1, 3, 4, 5, 6]);
      const e = { kind, eventType: t, device: r.int(0, 3) };
      if (t === 1) Object.assign(e, { modifiers: r.pick([0, 1 << 25, 1 << 28]), scancode: r.int(32, 126) });
      if (t === 3 || t === 5) e.buttonIndex = r.int(1, 8);
      if (t === 6) e.index = r.int(0, 4);
      if (t === 4) Object.assign(e, { axis: r.int(0, 3), axisValue: Math.fround(r.int(-4, 4) / 4) });
      return e;
    }
    default:
      if (kind in MATRIX_SIZES)
        return { kind, values: Array.from({ length: MATRIX_SIZES[kind] }, () => Math.fround(real(r, gen))) };
      if (kind in VECTOR_FIELDS) return fields(r, kind, gen);
      return packed(r, kind, gen);
  }
}

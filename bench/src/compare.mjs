// Compares a peer's output with ours. Peers model values differently (gd-com: GodotVector3
// with `_x`; plain arrays for pool arrays), so both sides go through `canon` first: numbers
// stay numbers, vector-like objects become `{x, y, z}`, typed arrays become arrays, Maps
// become objects. Big containers are compared on their length and an even sample of elements.

const SAMPLE = 2000;

export function canon(v) {
  if (v === null || v === undefined) return null;
  if (typeof v !== "object") return v;
  if (ArrayBuffer.isView(v)) return v;
  if (Array.isArray(v)) return v;
  if (v instanceof Map) return Object.fromEntries(v);
  // Class instances (gd-com's GodotVector3 keeps `_x`): fields without the underscore. Plain
  // objects are dictionaries and keep their keys as they are.
  const proto = Object.getPrototypeOf(v);
  if (proto === Object.prototype || proto === null) return v;
  const out = {};
  for (const k of Object.keys(v)) out[k.startsWith("_") ? k.slice(1) : k] = v[k];
  return out;
}

function sameNumber(a, b) {
  if (typeof a === "bigint" || typeof b === "bigint") return BigInt(a) === BigInt(b);
  if (Number.isNaN(a) && Number.isNaN(b)) return true;
  // f32 round trips through different paths: allow a float32 ulp-level difference.
  return a === b || Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a));
}

function indices(n) {
  if (n <= SAMPLE) return Array.from({ length: n }, (_, i) => i);
  const out = [];
  for (let i = 0; i < SAMPLE; i++) out.push(Math.floor((i * (n - 1)) / (SAMPLE - 1)));
  return out;
}

/** Returns undefined when `a` and `b` agree (on a sample), or a description of the first difference. */
export function difference(a, b, path = "") {
  a = canon(a);
  b = canon(b);
  if (typeof a === "number" || typeof a === "bigint") {
    return (typeof b === "number" || typeof b === "bigint") && sameNumber(a, b)
      ? undefined
      : `${path}: ${a} vs ${b}`;
  }
  if (typeof a !== "object" || a === null) return a === b ? undefined : `${path}: ${show(a)} vs ${show(b)}`;
  if (typeof b !== "object" || b === null) return `${path}: ${show(a)} vs ${show(b)}`;
  const aList = Array.isArray(a) || ArrayBuffer.isView(a);
  const bList = Array.isArray(b) || ArrayBuffer.isView(b);
  if (aList !== bList) return `${path}: a list vs an object`;
  if (aList) {
    if (a.length !== b.length) return `${path}: length ${a.length} vs ${b.length}`;
    for (const i of indices(a.length)) {
      const d = difference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return `${path}: ${ak.length} keys vs ${bk.length}`;
  for (const i of indices(ak.length)) {
    const k = ak[i];
    if (!Object.hasOwn(b, k)) return `${path}: key ${JSON.stringify(k)} missing`;
    const d = difference(a[k], b[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

function show(v) {
  const s = typeof v === "string" ? JSON.stringify(v) : String(v);
  return s.length > 40 ? `${s.slice(0, 40)}…` : s;
}

export function sameBytes(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

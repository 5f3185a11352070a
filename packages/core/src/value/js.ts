import { describeJS } from "../describe.js";
import { checkOptions, DEFAULT_MAX_COLLECTION_LENGTH, DEFAULT_MAX_DEPTH } from "../dialect/options.js";
import { EncodeError } from "../errors.js";
import type { PathSegment } from "../path.js";
import { withPath } from "./check-value.js";
import { toInt64 } from "./construct.js";
import { Expansion, type WalkOptions, walkOptions } from "./expansion.js";
import { isInt64Number } from "./int64.js";
import { type DictionaryEntry, isKind, type Value, VECTOR_FIELDS } from "./types.js";
import { asProjectError, CycleGuard, drainWork, type ExitMarker } from "./walk.js";
import { malformed } from "./well-formed.js";

/** Options of {@link fromJS}: the limits of `encode`, which a value made here must pass anyway. */
export interface FromJSOptions extends WalkOptions {
  /** Deepest nesting allowed (root = 0), or a cycle. Default 1024. */
  maxDepth?: number;
  /**
   * Most elements in one array, Map or object. Checked before the elements are read, so a sparse
   * array of length 2^32 - 1 is refused at once. Default 16,777,216.
   */
  maxCollectionLength?: number;
}

/**
 * Converts plain JS data to a {@link Value}. The inference, in order:
 *
 * - an object whose `kind` is a value kind name: taken as a Value as it is (wrap user data
 *   that has such a `kind` key in a `Map` or build it with `dictionary()`)
 * - `null`, `undefined` → nil; boolean → bool; bigint → int
 * - number: a whole number within int64 (-2^63 <= n < 2^63) → int, anything else (1.5, NaN,
 *   Infinity, and whole numbers too large for an int such as 1e300) → float. Write `float(1)`
 *   for a float that happens to be whole.
 * - string → string
 * - `Uint8Array` → packedByteArray, `Int32Array` → packedInt32Array, `BigInt64Array` →
 *   packedInt64Array, `Float32Array` → packedFloat32Array, `Float64Array` → packedFloat64Array
 * - array → array (elements converted; a hole is nil)
 * - `Map` → dictionary (keys and values converted, insertion order kept)
 * - plain object → dictionary with string keys (own enumerable keys, in order)
 *
 * Options: `maxDepth` (default 1024), `maxCollectionLength` (default 16,777,216), `maxValues`
 * (default 16,777,216: how far arrays, Maps and objects held in many places may expand it).
 * @throws {EncodeError} with the path to the failing value: `invalid-value` for anything else
 *   (functions, symbols, class instances) and for what cannot be read (a getter or a Proxy that
 *   throws, a revoked Proxy, a Map whose iterator throws), `depth-exceeded` past `maxDepth` (or
 *   a cycle), `limit-exceeded` for a collection over `maxCollectionLength`, `out-of-range` for a
 *   bigint beyond int64; nothing else.
 */
export function fromJS(input: unknown, options?: FromJSOptions): Value {
  const o = checkOptions(options, (m) => new EncodeError(`fromJS: ${m}`, { code: "invalid-value" }), [
    "maxDepth",
    "maxCollectionLength",
    "maxValues",
  ]);
  const c = new FromJS(
    o.maxDepth ?? DEFAULT_MAX_DEPTH,
    o.maxCollectionLength ?? DEFAULT_MAX_COLLECTION_LENGTH,
    new Expansion(input, "fromJS", o.maxValues, true),
  );
  try {
    return c.convert(input, 0);
  } catch (e) {
    // A getter's or a Proxy's exception becomes the project's error here, with the path.
    const err = asProjectError(e, "fromJS");
    const path = c.path;
    if (EncodeError.is(err) && path.length > 0) {
      // The segments were added innermost first, as the error left each container; the message
      // is made again once (by prependPath).
      const outer = path.pop()!;
      err.path = [...path.reverse(), ...err.path];
      err.prependPath(outer);
    }
    throw err;
  }
}

class FromJS {
  /** The path of a failure, innermost segment first (filled as it unwinds). */
  readonly path: PathSegment[] = [];

  constructor(
    private readonly maxDepth: number,
    private readonly maxLength: number,
    private readonly expansion: Expansion,
  ) {}

  // A collection's length, before it is read: over the limit, or (its `values` counted with
  // what came before) a value that subtrees held in many places expand too far.
  private count(n: number, values: number, of: object): void {
    if (n > this.maxLength)
      throw new EncodeError(`fromJS: ${n} elements are over maxCollectionLength ${this.maxLength}`, {
        code: "limit-exceeded",
      });
    this.expansion.spend(values, of);
  }

  convert(input: unknown, depth: number): Value {
    if (depth > this.maxDepth)
      throw new EncodeError(`fromJS: nesting deeper than ${this.maxDepth} (or a cycle)`, {
        code: "depth-exceeded",
      });
    switch (typeof input) {
      case "undefined":
        return { kind: "nil" };
      case "boolean":
        return { kind: "bool", value: input };
      case "bigint":
        return { kind: "int", value: toInt64(input) };
      case "number":
        return isInt64Number(input)
          ? { kind: "int", value: toInt64(input) }
          : { kind: "float", value: input };
      case "string":
        return { kind: "string", value: input };
      case "object": {
        if (input === null) return { kind: "nil" };
        if (isKind((input as { kind?: unknown }).kind)) return input as Value;
        if (Array.isArray(input)) return this.array(input, depth + 1);
        if (input instanceof Uint8Array) return { kind: "packedByteArray", data: input };
        if (input instanceof Int32Array) return { kind: "packedInt32Array", data: input };
        if (input instanceof BigInt64Array) return { kind: "packedInt64Array", data: input };
        if (input instanceof Float32Array) return { kind: "packedFloat32Array", data: input };
        if (input instanceof Float64Array) return { kind: "packedFloat64Array", data: input };
        if (input instanceof Map) return this.map(input, depth + 1);
        const proto = Object.getPrototypeOf(input);
        if (proto === Object.prototype || proto === null) return this.record(input, depth + 1);
        break;
      }
    }
    throw new EncodeError(`fromJS: cannot infer a Variant from ${describeJS(input)}`, {
      code: "invalid-value",
    });
  }

  // Each container's loop is in one try: on a failure, the segment of the element that failed.
  private array(input: readonly unknown[], d: number): Value {
    const n = input.length;
    this.count(n, n, input);
    const items = new Array<Value>(n);
    let i = 0;
    try {
      for (; i < n; i++) items[i] = this.convert(input[i], d);
    } catch (e) {
      this.path.push(i);
      throw e;
    }
    return { kind: "array", items };
  }

  private map(input: Map<unknown, unknown>, d: number): Value {
    this.count(input.size, 2 * input.size, input);
    const entries: DictionaryEntry[] = [];
    let key: Value | undefined;
    try {
      for (const [k, v] of input) {
        key = undefined;
        const kv = this.convert(k, d);
        key = kv;
        entries.push([kv, this.convert(v, d)]);
      }
    } catch (e) {
      this.path.push(key === undefined ? { keyAt: entries.length } : { key });
      throw e;
    }
    return { kind: "dictionary", entries };
  }

  private record(input: object, d: number): Value {
    const keys = Object.keys(input);
    this.count(keys.length, 2 * keys.length, input);
    const entries: DictionaryEntry[] = [];
    let i = 0;
    try {
      for (; i < keys.length; i++) {
        const k = keys[i]!;
        entries.push([{ kind: "string", value: k }, this.convert((input as Record<string, unknown>)[k], d)]);
      }
    } catch (e) {
      this.path.push({ key: { kind: "string", value: keys[i]! } });
      throw e;
    }
    return { kind: "dictionary", entries };
  }
}

/** Options of {@link toJS}. */
export interface ToJSOptions {
  /**
   * Dictionaries become plain objects when every key is a string, StringName or int;
   * otherwise `Map`. `"map"` makes every dictionary a `Map`. Default `"auto"`.
   */
  dictionaries?: "auto" | "map";
}

/**
 * A plain JS view of a value, for code that wants `{ hp: 3 }`. Lossy by design (int and
 * float both become numbers, StringName becomes a string); use the Value itself or
 * `toJSON` to keep everything.
 *
 * - nil → null; bool → boolean; int → number (bigint beyond 2^53); float → number
 * - string, StringName → string; NodePath → its text (`"/root/A:b"`)
 * - vectors, rects, colors... → objects of their fields (`{ x, y }`); matrices → number arrays
 * - array → array; packed arrays → their typed array (packedStringArray → string[])
 * - dictionary → object with null-safe keys (a key `__proto__` is an own property, never the
 *   prototype) or a `Map` (see {@link ToJSOptions})
 * - object → `{ className, properties }` / `{ objectId }` / null; other kinds → a tagged copy.
 *
 * Walks iteratively, so any depth the value has is fine. A subtree held in many places is
 * viewed once per place, up to `maxValues` (default 16,777,216) values in all.
 * @throws {EncodeError} `depth-exceeded` for a value that contains itself (a cycle),
 *   `limit-exceeded` past `maxValues` or for a list over 4 times the collection limit,
 *   `invalid-value` for something that is not a value or a list of a value's fields that is not
 *   the model's (a NodePath's names, a matrix's values, a PackedStringArray's data), with the path
 *   to it, or for options that are not options.
 */
export function toJS(value: Value, options?: ToJSOptions & WalkOptions): unknown {
  const o = walkOptions(options, "toJS");
  try {
    return view(value, o.dictionaries ?? "auto", 0, new Expansion(value, "toJS", o.maxValues));
  } catch (e) {
    throw withPath(asProjectError(e, "toJS"), [value], "toJS");
  }
}

// Plain recursion is the fast way for the nesting real data has; past RECURSION_LIMIT levels
// (or in a cycle) the rest of the value goes to the iterative walk, which any stack can hold
// and which finds cycles.
const RECURSION_LIMIT = 200;

// Each container counts its children as it is viewed (`x`: the count of the walk).
function view(v: Value, dicts: "auto" | "map", depth: number, x: Expansion): unknown {
  if (depth > RECURSION_LIMIT) return new JSView(dicts, x).root(v);
  const d = depth + 1;
  switch (v.kind) {
    case "array": {
      const items = v.items;
      x.spend(items.length, v);
      const out = new Array<unknown>(items.length);
      for (let i = 0; i < items.length; i++) out[i] = view(items[i]!, dicts, d, x);
      return out;
    }
    case "dictionary":
      x.spend(2 * v.entries.length, v);
      return dictionaryView(v.entries, dicts, d, x);
    case "object":
      if (v.form === "id") return { objectId: v.id };
      if (v.form === "null" || v.className === "") return null;
      {
        x.spend(v.properties.length, v);
        const props: Record<string, unknown> = {};
        for (const [name, val] of v.properties) setKey(props, name, view(val, dicts, d, x));
        return { className: v.className, properties: props };
      }
    default:
      return leafView(v);
  }
}

function plainKeys(entries: readonly DictionaryEntry[], dicts: "auto" | "map"): boolean {
  let plain = dicts === "auto";
  for (let i = 0; plain && i < entries.length; i++) {
    const k = entries[i]![0].kind;
    plain = k === "string" || k === "stringName" || k === "int";
  }
  return plain;
}

function dictionaryView(
  entries: readonly DictionaryEntry[],
  dicts: "auto" | "map",
  d: number,
  x: Expansion,
): unknown {
  const n = entries.length;
  if (plainKeys(entries, dicts)) {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const e = entries[i]!;
      const key = (e[0] as { value: string | number | bigint }).value;
      setKey(out, typeof key === "string" ? key : String(key), view(e[1], dicts, d, x));
    }
    return out;
  }
  const out = new Map<unknown, unknown>();
  for (let i = 0; i < n; i++) {
    const e = entries[i]!;
    out.set(view(e[0], dicts, d, x), view(e[1], dicts, d, x));
  }
  return out;
}

type ViewTask =
  | { readonly v: Extract<Value, { kind: "array" }>; readonly out: unknown[] }
  | { readonly v: Extract<Value, { kind: "dictionary" }>; readonly out: Record<string, unknown> }
  | { readonly v: Extract<Value, { kind: "dictionary" }>; readonly out: Map<unknown, unknown> }
  | { readonly v: Extract<Value, { kind: "object"; form: "full" }>; readonly out: Record<string, unknown> };

// Each container's view is made empty when its parent's is filled (so it lands in the parent in
// order), then filled from the work list; an exit marker after its children ends its cycle watch.
class JSView {
  private readonly work: (ViewTask | ExitMarker)[] = [];
  private readonly guard = new CycleGuard("toJS");

  constructor(
    private readonly dicts: "auto" | "map",
    private readonly x: Expansion,
  ) {}

  root(value: Value): unknown {
    const out = this.view(value);
    drainWork(
      this.work,
      this.guard,
      (t) => t.v,
      (t) => this.fill(t),
    );
    return out;
  }

  private fill(task: ViewTask): void {
    const v = task.v;
    this.x.spend(
      v.kind === "array" ? v.items.length : v.kind === "object" ? v.properties.length : 2 * v.entries.length,
      v,
    );
    if (v.kind === "array") {
      const items = v.items;
      const out = task.out as unknown[];
      for (let i = 0; i < items.length; i++) out[i] = this.view(items[i]!);
    } else if (v.kind === "object") {
      const props = task.out as Record<string, unknown>;
      for (const [name, val] of v.properties) setKey(props, name, this.view(val));
    } else if (task.out instanceof Map) {
      const out = task.out;
      for (const e of v.entries) out.set(this.view(e[0]), this.view(e[1]));
    } else {
      const out = task.out as Record<string, unknown>;
      for (const e of v.entries) {
        const key = (e[0] as { value: string | number | bigint }).value;
        setKey(out, typeof key === "string" ? key : String(key), this.view(e[1]));
      }
    }
  }

  /** The view of `v`; a container's comes back empty and is filled from the work list. */
  private view(v: Value): unknown {
    switch (v.kind) {
      case "array": {
        const out = new Array<unknown>(v.items.length);
        this.work.push({ v, out });
        return out;
      }
      case "dictionary": {
        if (plainKeys(v.entries, this.dicts)) {
          const out: Record<string, unknown> = {};
          this.work.push({ v, out });
          return out;
        }
        const out = new Map<unknown, unknown>();
        this.work.push({ v, out });
        return out;
      }
      case "object":
        if (v.form === "id") return { objectId: v.id };
        if (v.form === "null" || v.className === "") return null;
        {
          const props: Record<string, unknown> = {};
          this.work.push({ v, out: props });
          return { className: v.className, properties: props };
        }
      default:
        return leafView(v);
    }
  }
}

// Keys are assigned, which is the fast way to build an object, except the names Object.prototype
// has: assigning `__proto__` calls its setter (it would set the prototype, never add a key), and
// where Object.prototype is frozen (hardened environments), assigning `toString` or
// `constructor` throws. Those are defined as own properties instead. The names are taken once:
// `key in Object.prototype` per key was a third of decoding a small message (bench/README.md).
// The names by length, compared with ===: a Set lookup hashes each fresh key string, which cost
// as much as a fifth of building a 10,000-key object (bench/scripts/js-ab.mjs).
const PROTO_BY_LENGTH: readonly (readonly string[] | undefined)[] = /* @__PURE__ */ (() => {
  const out: string[][] = [];
  for (const name of Object.getOwnPropertyNames(Object.prototype)) {
    const same = out[name.length] ?? [];
    same.push(name);
    out[name.length] = same;
  }
  return out;
})();
// By length, the first characters of those names, as bits `1 << (code & 31)`: a key whose first
// character is none of them is assigned without comparing it (comparing a fresh key string with
// a name of its length cost 87 instructions a key of 7-14 characters; bench/CHANGELOG.md, shape).
const PROTO_FIRST: readonly (number | undefined)[] = /* @__PURE__ */ PROTO_BY_LENGTH.map((names) =>
  names!.reduce((m, n) => m | (1 << (n.charCodeAt(0) & 31)), 0),
);

export function setKey(target: Record<string, unknown>, key: string, v: unknown): void {
  const first = PROTO_FIRST[key.length];
  if (
    first !== undefined &&
    ((first >>> (key.charCodeAt(0) & 31)) & 1) !== 0 &&
    PROTO_BY_LENGTH[key.length]!.includes(key)
  )
    Object.defineProperty(target, key, { value: v, enumerable: true, writable: true, configurable: true });
  else target[key] = v;
}

// The lists toJS copies or joins must be the model's (value/well-formed.ts).
function wellFormed(v: Value): void {
  const why = malformed(v);
  if (why !== undefined) throw new EncodeError(`toJS: ${why}`, { code: "invalid-value" });
}

function leafView(v: Value): unknown {
  switch (v.kind) {
    case "nil":
      return null;
    case "bool":
    case "int":
    case "float":
    case "string":
    case "stringName":
      return v.value;
    case "vector2":
    case "vector2i":
      return { x: v.x, y: v.y };
    case "vector3":
    case "vector3i":
      return { x: v.x, y: v.y, z: v.z };
    case "color":
      return { r: v.r, g: v.g, b: v.b, a: v.a };
    case "nodePath": {
      // Joined into text: a names list that is not the model's (a sparse array of length
      // 2^32 - 1) would never end.
      wellFormed(v);
      const p = (v.absolute ? "/" : "") + v.names.join("/");
      const subs = v.property !== undefined ? [...v.subnames, v.property] : v.subnames;
      return subs.length > 0 ? `${p}:${subs.join(":")}` : p;
    }
    case "packedByteArray":
    case "packedInt32Array":
    case "packedInt64Array":
    case "packedFloat32Array":
    case "packedFloat64Array":
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array":
    case "packedColorArray":
      return v.data;
    case "packedStringArray":
      wellFormed(v);
      return [...v.data];
    case "transform2d":
    case "matrix32":
    case "basis":
    case "matrix3":
    case "transform3d":
    case "projection":
      wellFormed(v);
      return [...v.values];
    case "rid":
      return { rid: v.id };
    default: {
      if (v.kind in VECTOR_FIELDS) {
        const out: Record<string, unknown> = {};
        for (const f of VECTOR_FIELDS[v.kind as keyof typeof VECTOR_FIELDS]) {
          out[f] = (v as unknown as Record<string, number>)[f];
        }
        return out;
      }
      // Copied field by field: what is not a value at all (a sparse array of length 2^24 + 1,
      // whose copy took 90 ms) or a rarer kind with a field that is not the model's is refused.
      wellFormed(v);
      const { kind: _k, ...rest } = v as unknown as Record<string, unknown>;
      return rest;
    }
  }
}

import { base64Decode, base64Encode } from "../bytes/base64.js";
import { DecodeError, EncodeError, GdVariantError } from "../errors.js";
import type { PathSegment } from "../path.js";
import { withPath } from "./check-value.js";
import { toInt64 } from "./construct.js";
import { Expansion, type WalkOptions, walkOptions } from "./expansion.js";
import {
  type ContainerType,
  type DictionaryEntry,
  type Int64,
  isKind,
  MATRIX_SIZES,
  type ObjectProperty,
  type Value,
  VECTOR_FIELDS,
} from "./types.js";
import { asProjectError, CycleGuard, drainWork, type ExitMarker, isContainer } from "./walk.js";
import { INPUT_EVENT_FIELDS, malformed } from "./well-formed.js";

/** A JSON-compatible structure (what `JSON.stringify` accepts and `JSON.parse` returns). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/*
 * Tagged JSON: the value model with every number made JSON-safe.
 * - floats: JSON numbers, except "NaN", "Infinity", "-Infinity" and "-0" as strings
 * - ints (and ids): JSON numbers when safe, decimal strings beyond 2^53
 * - packedByteArray and image data: base64 strings
 * - packed vector arrays from double-precision builds carry "precision": "double"
 * Everything else keeps the model's field names, so the JSON reads like the Value.
 */

function f(n: number): JsonValue {
  if (Number.isFinite(n)) return Object.is(n, -0) ? "-0" : n;
  return Number.isNaN(n) ? "NaN" : n > 0 ? "Infinity" : "-Infinity";
}

function i(n: Int64): JsonValue {
  return typeof n === "bigint" ? n.toString() : n;
}

function containerTypeJSON(t: ContainerType): JsonValue {
  return { ...t } as JsonValue;
}

type JsonObject = { [k: string]: JsonValue };

/**
 * The lossless tagged JSON form of a value; {@link fromJSON} reverses it exactly. Walks
 * iteratively, so any depth the value has is fine. A subtree held in many places is written
 * once per place, up to `maxValues` (default 16,777,216; packed arrays count their elements).
 * @throws {EncodeError} `depth-exceeded` for a value that contains itself (a cycle),
 *   `limit-exceeded` past `maxValues` or for a list over 4 times the collection limit,
 *   `invalid-value` for something that is not a value or a field that is not the model's (an
 *   array where a number belongs), with the path to it.
 */
export function toJSON(value: Value, options?: WalkOptions): JsonValue {
  const o = walkOptions(options, "toJSON");
  try {
    return recursiveJSON(value, 0, new Expansion(value, "toJSON", o.maxValues));
  } catch (e) {
    throw withPath(asProjectError(e, "toJSON"), [value], "toJSON");
  }
}

// Plain recursion is the fast way for the nesting real data has; past RECURSION_LIMIT levels
// (or in a cycle) the rest of the value goes to the iterative walk, which any stack can hold
// and which finds cycles.
const RECURSION_LIMIT = 200;

// Each container counts its children, and a packed array its elements (`x`: the walk's count).
function recursiveJSON(v: Value, depth: number, x: Expansion): JsonValue {
  if (depth > RECURSION_LIMIT) return walkJSON(v, x);
  const d = depth + 1;
  switch (v.kind) {
    case "array": {
      x.spend(v.items.length, v);
      const out: JsonObject = { kind: "array", items: v.items.map((c) => recursiveJSON(c, d, x)) };
      if (v.elementType) out.elementType = containerTypeJSON(v.elementType);
      if (v.shared) out.shared = true;
      return out;
    }
    case "dictionary": {
      x.spend(2 * v.entries.length, v);
      const out: JsonObject = {
        kind: "dictionary",
        entries: v.entries.map(([k, c]) => [recursiveJSON(k, d, x), recursiveJSON(c, d, x)]),
      };
      if (v.keyType) out.keyType = containerTypeJSON(v.keyType);
      if (v.valueType) out.valueType = containerTypeJSON(v.valueType);
      if (v.shared) out.shared = true;
      return out;
    }
    case "object":
      if (v.form !== "full") return leafJSON(v, x);
      x.spend(v.properties.length, v);
      return {
        kind: "object",
        form: "full",
        className: v.className,
        properties: v.properties.map(([n, p]) => [n, recursiveJSON(p, d, x)]),
      };
    default:
      return leafJSON(v, x);
  }
}

function walkJSON(value: Value, x: Expansion): JsonValue {
  if (!isContainer(value)) return leafJSON(value, x);
  // Each container's JSON is made (empty) when its parent is, in the parent's order; the work
  // list then fills it. An exit marker after the children ends the container's cycle watch.
  const guard = new CycleGuard("toJSON");
  const root = shellJSON(value);
  const work: (readonly [Value, JsonValue[]] | Value)[] = [[value, root.slots]];
  while (work.length > 0) {
    const task = work.pop()!;
    if (!Array.isArray(task)) {
      guard.leave(task as Value);
      continue;
    }
    const [v, slots] = task as readonly [Value, JsonValue[]];
    guard.enter(v);
    work.push(v);
    x.spend(
      v.kind === "array"
        ? v.items.length
        : v.kind === "dictionary"
          ? 2 * v.entries.length
          : (v as { properties: readonly unknown[] }).properties.length,
      v,
    );
    const child = (c: Value, into: JsonValue[]) => {
      if (!isContainer(c)) {
        into.push(leafJSON(c, x));
        return;
      }
      const s = shellJSON(c);
      into.push(s.json);
      work.push([c, s.slots]);
    };
    // Slots are taken in order here; the queued children fill theirs in any order after.
    if (v.kind === "array") for (const item of v.items) child(item, slots);
    else if (v.kind === "dictionary") {
      for (const [k, x] of v.entries) {
        const pair: JsonValue[] = [];
        slots.push(pair);
        child(k, pair);
        child(x, pair);
      }
    } else if (v.kind === "object" && v.form === "full") {
      for (const [n, p] of v.properties) {
        const pair: JsonValue[] = [n];
        slots.push(pair);
        child(p, pair);
      }
    }
  }
  return root.json;
}

// The JSON of a container with its list (items, entries, properties) still empty.
function shellJSON(v: Value): { json: JsonObject; slots: JsonValue[] } {
  const slots: JsonValue[] = [];
  if (v.kind === "array") {
    const out: JsonObject = { kind: "array", items: slots };
    if (v.elementType) out.elementType = containerTypeJSON(v.elementType);
    if (v.shared) out.shared = true;
    return { json: out, slots };
  }
  if (v.kind === "dictionary") {
    const out: JsonObject = { kind: "dictionary", entries: slots };
    if (v.keyType) out.keyType = containerTypeJSON(v.keyType);
    if (v.valueType) out.valueType = containerTypeJSON(v.valueType);
    if (v.shared) out.shared = true;
    return { json: out, slots };
  }
  const o = v as Extract<Value, { kind: "object"; form: "full" }>;
  return { json: { kind: "object", form: "full", className: o.className, properties: slots }, slots };
}

function leafJSON(value: Value, x: Expansion): JsonValue {
  const v = value;
  // Fields are copied as they are: what is not the model's (an array where a number belongs,
  // which JSON.stringify would then walk) is refused here.
  const why = malformed(v);
  if (why !== undefined) throw new EncodeError(`toJSON: ${why}`, { code: "invalid-value" });
  switch (v.kind) {
    case "nil":
    case "callable":
      return { kind: v.kind };
    case "bool":
    case "string":
    case "stringName":
      return { kind: v.kind, value: v.value };
    case "int":
      return { kind: "int", value: i(v.value) };
    case "float":
      return { kind: "float", value: f(v.value) };
    case "nodePath": {
      const out: { [k: string]: JsonValue } = {
        kind: "nodePath",
        names: [...v.names],
        subnames: [...v.subnames],
        absolute: v.absolute,
      };
      if (v.property !== undefined) out.property = v.property;
      return out;
    }
    case "rid":
      return { kind: "rid", id: i(v.id) };
    case "signal":
      return { kind: "signal", name: v.name, objectId: i(v.objectId) };
    case "object":
      if (v.form === "id") return { kind: "object", form: "id", id: i(v.id) };
      if (v.form === "null") return { kind: "object", form: "null" };
      return walkJSON(v, x);
    case "array":
    case "dictionary":
      return walkJSON(v, x);
    case "packedByteArray":
      x.spend(v.data.length, v.data);
      return { kind: v.kind, base64: base64Encode(v.data) };
    case "packedInt32Array":
      x.spend(v.data.length, v.data);
      return { kind: v.kind, data: Array.from(v.data) };
    case "packedInt64Array":
      x.spend(v.data.length, v.data);
      return { kind: v.kind, data: Array.from(v.data, (n) => i(toInt64(n))) };
    case "packedFloat32Array":
    case "packedFloat64Array":
    case "packedColorArray":
      x.spend(v.data.length, v.data);
      return { kind: v.kind, data: Array.from(v.data, f) };
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array": {
      x.spend(v.data.length, v.data);
      const out: { [k: string]: JsonValue } = { kind: v.kind, data: Array.from(v.data, f) };
      if (v.data instanceof Float64Array) out.precision = "double";
      return out;
    }
    case "packedStringArray":
      x.spend(v.data.length, v.data);
      return { kind: v.kind, data: [...v.data] };
    case "image":
      x.spend(v.data.length, v.data);
      return {
        kind: "image",
        format: v.format,
        mipmaps: v.mipmaps,
        width: v.width,
        height: v.height,
        base64: base64Encode(v.data),
      };
    case "inputEvent": {
      const out: { [k: string]: JsonValue } = {};
      for (const [k, x] of Object.entries(v)) if (x !== undefined) out[k] = typeof x === "number" ? f(x) : x;
      return out;
    }
    default: {
      if (v.kind in MATRIX_SIZES) {
        return { kind: v.kind, values: (v as { values: readonly number[] }).values.map(f) };
      }
      const out: { [k: string]: JsonValue } = { kind: v.kind };
      const fields = VECTOR_FIELDS[v.kind as keyof typeof VECTOR_FIELDS];
      if (fields === undefined) {
        throw new EncodeError(`toJSON: not a value (kind ${String((v as { kind: unknown }).kind)})`, {
          code: "invalid-value",
        });
      }
      for (const field of fields) {
        out[field] = f((v as unknown as Record<string, number>)[field]!);
      }
      return out;
    }
  }
}

const SIGNED_EVENT_FIELDS = new Set(["device", "buttonIndex", "index", "axis"]);

// A path as links to the parent, so queuing a nested value costs O(1) whatever its depth.
type PathLink = { readonly seg: PathSegment; readonly up: PathLink } | undefined;

function pathOf(link: PathLink): PathSegment[] {
  const out: PathSegment[] = [];
  for (let l = link; l !== undefined; l = l.up) out.push(l.seg);
  return out.reverse();
}

// A container whose list is still to read: its JSON list, where its values go, where it is.
type Pending =
  | { readonly list: JsonValue[]; readonly into: Value[]; readonly at: PathLink; readonly of: "items" }
  | {
      readonly list: JsonValue[];
      readonly into: DictionaryEntry[];
      readonly at: PathLink;
      readonly of: "entries";
    }
  | {
      readonly list: JsonValue[];
      readonly into: ObjectProperty[];
      readonly at: PathLink;
      readonly of: "properties";
    };

class Parser {
  private at: PathLink = undefined;
  private readonly work: (Pending | ExitMarker)[] = [];
  private readonly guard = new CycleGuard("tagged JSON", (m) => this.fail(m.slice("tagged JSON: ".length)));

  fail(message: string): never {
    throw new DecodeError(`tagged JSON: ${message}`, {
      code: "invalid-data",
      offset: 0,
      path: pathOf(this.at),
    });
  }

  /** Reads `json` iteratively: containers are made empty, then filled from the work list. */
  root(json: JsonValue): Value {
    const v = this.value(json);
    drainWork(
      this.work,
      this.guard,
      (t) => t.list,
      (t) => this.fill(t),
    );
    return v;
  }

  private fill(task: Pending): void {
    const up = task.at;
    const list = task.list;
    if (task.of === "items") {
      for (let n = 0; n < list.length; n++) {
        this.at = { seg: n, up };
        task.into.push(this.value(list[n]));
      }
    } else if (task.of === "entries") {
      for (let n = 0; n < list.length; n++) {
        this.at = up;
        const pair = this.arr(list[n], "entry");
        this.at = { seg: { keyAt: n }, up };
        const k = this.value(pair[0]);
        this.at = { seg: { key: k }, up };
        task.into.push([k, this.value(pair[1])]);
      }
    } else {
      for (const p of list) {
        this.at = up;
        const pair = this.arr(p, "property");
        const name = this.str(pair[0], "property name");
        this.at = { seg: { property: name }, up };
        task.into.push([name, this.value(pair[1])]);
      }
    }
  }

  obj(j: JsonValue | undefined): { [k: string]: JsonValue } {
    if (typeof j !== "object" || j === null || Array.isArray(j)) this.fail("expected an object");
    return j;
  }

  arr(j: JsonValue | undefined, what: string): JsonValue[] {
    if (!Array.isArray(j)) this.fail(`${what} must be an array`);
    return j;
  }

  str(j: JsonValue | undefined, what: string): string {
    if (typeof j !== "string") this.fail(`${what} must be a string`);
    return j;
  }

  num(j: JsonValue | undefined, what: string): number {
    if (typeof j === "number") return j;
    switch (j) {
      case "NaN":
        return Number.NaN;
      case "Infinity":
        return Number.POSITIVE_INFINITY;
      case "-Infinity":
        return Number.NEGATIVE_INFINITY;
      case "-0":
        return -0;
    }
    return this.fail(`${what} must be a number`);
  }

  int(j: JsonValue | undefined, what: string): Int64 {
    try {
      if (typeof j === "number") return toInt64(j);
      if (typeof j === "string" && /^-?\d+$/.test(j)) return toInt64(BigInt(j));
    } catch {
      // falls through to the error below
    }
    return this.fail(`${what} must be an int64 (number or decimal string)`);
  }

  u32(j: JsonValue | undefined, what: string): number {
    if (typeof j !== "number" || !Number.isInteger(j) || j < 0 || j > 0xffffffff)
      this.fail(`${what} must be a u32`);
    return j;
  }

  // A 32-bit word read as i32 or u32 (what the encoder accepts for such fields).
  word32(j: JsonValue | undefined, what: string): number {
    if (typeof j !== "number" || !Number.isInteger(j) || j < -0x80000000 || j > 0xffffffff)
      this.fail(`${what} must be a 32-bit integer`);
    return j;
  }

  bool(j: JsonValue | undefined, what: string): boolean {
    if (typeof j !== "boolean") this.fail(`${what} must be a boolean`);
    return j;
  }

  containerType(j: JsonValue | undefined): ContainerType {
    const o = this.obj(j);
    switch (o.kind) {
      case "builtin": {
        const t = o.type;
        if (!isKind(t)) this.fail(`unknown builtin type ${String(t)}`);
        return { kind: "builtin", type: t };
      }
      case "class":
        return { kind: "class", className: this.str(o.className, "className") };
      case "script":
        return { kind: "script", path: this.str(o.path, "path") };
    }
    return this.fail(`unknown container type kind ${String(o.kind)}`);
  }

  value(j: JsonValue | undefined): Value {
    const o = this.obj(j);
    const kind = o.kind;
    if (!isKind(kind)) return this.fail(`unknown kind ${JSON.stringify(kind)}`);
    switch (kind) {
      case "nil":
      case "callable":
        return { kind };
      case "bool":
        return { kind, value: this.bool(o.value, "value") };
      case "string":
      case "stringName":
        return { kind, value: this.str(o.value, "value") };
      case "int":
        return { kind, value: this.int(o.value, "value") };
      case "float":
        return { kind, value: this.num(o.value, "value") };
      case "nodePath": {
        const names = this.arr(o.names, "names").map((n) => this.str(n, "name"));
        const subnames = this.arr(o.subnames, "subnames").map((n) => this.str(n, "subname"));
        const out = { kind, names, subnames, absolute: this.bool(o.absolute, "absolute") };
        return o.property === undefined ? out : { ...out, property: this.str(o.property, "property") };
      }
      case "rid":
        return { kind, id: this.int(o.id, "id") };
      case "signal":
        return { kind, name: this.str(o.name, "name"), objectId: this.int(o.objectId, "objectId") };
      case "object":
        if (o.form === "id") return { kind, form: "id", id: this.int(o.id, "id") };
        if (o.form === "null") return { kind, form: "null" };
        if (o.form !== "full") return this.fail("object form must be id, full or null");
        {
          const className = this.str(o.className, "className");
          const properties: ObjectProperty[] = [];
          const list = this.arr(o.properties, "properties");
          this.work.push({ list, into: properties, at: this.at, of: "properties" });
          return { kind, form: "full", className, properties };
        }
      case "array": {
        const items: Value[] = [];
        this.work.push({ list: this.arr(o.items, "items"), into: items, at: this.at, of: "items" });
        const out: { -readonly [K in keyof Extract<Value, { kind: "array" }>]: unknown } = { kind, items };
        if (o.elementType !== undefined) out.elementType = this.containerType(o.elementType);
        if (o.shared === true) out.shared = true;
        return out as Value;
      }
      case "dictionary": {
        const entries: DictionaryEntry[] = [];
        this.work.push({ list: this.arr(o.entries, "entries"), into: entries, at: this.at, of: "entries" });
        const out: { -readonly [K in keyof Extract<Value, { kind: "dictionary" }>]: unknown } = {
          kind,
          entries,
        };
        if (o.keyType !== undefined) out.keyType = this.containerType(o.keyType);
        if (o.valueType !== undefined) out.valueType = this.containerType(o.valueType);
        if (o.shared === true) out.shared = true;
        return out as Value;
      }
      case "packedByteArray":
        return { kind, data: this.base64(o.base64) };
      case "packedInt32Array":
        return {
          kind,
          data: Int32Array.from(this.arr(o.data, "data"), (n) => {
            const x = this.num(n, "element");
            if (!Number.isInteger(x) || x < -2147483648 || x > 2147483647)
              this.fail("element must be an int32");
            return x;
          }),
        };
      case "packedInt64Array":
        return {
          kind,
          data: BigInt64Array.from(this.arr(o.data, "data"), (n) => BigInt(this.int(n, "element"))),
        };
      case "packedFloat32Array":
      case "packedColorArray":
        return { kind, data: this.floats(o.data, 1, false) as Float32Array };
      case "packedFloat64Array":
        return { kind, data: this.floats(o.data, 1, true) as Float64Array };
      case "packedVector2Array":
      case "packedVector3Array":
      case "packedVector4Array": {
        const stride = kind === "packedVector2Array" ? 2 : kind === "packedVector3Array" ? 3 : 4;
        return { kind, data: this.floats(o.data, stride, o.precision === "double") };
      }
      case "packedStringArray":
        return { kind, data: this.arr(o.data, "data").map((s) => this.str(s, "element")) };
      case "image":
        return {
          kind,
          format: this.u32(o.format, "format"),
          mipmaps: this.u32(o.mipmaps, "mipmaps"),
          width: this.u32(o.width, "width"),
          height: this.u32(o.height, "height"),
          data: this.base64(o.base64),
        };
      case "inputEvent": {
        const out: Record<string, unknown> = { kind };
        for (const [k, x] of Object.entries(o)) {
          if (k === "kind") continue;
          if (!INPUT_EVENT_FIELDS.includes(k)) {
            this.fail(`unknown inputEvent field ${k}`);
          }
          // The 2.x wire holds device, buttonIndex, index and axis as i32, the rest as u32.
          out[k] =
            k === "axisValue"
              ? this.num(x, k)
              : SIGNED_EVENT_FIELDS.has(k)
                ? this.word32(x, k)
                : this.u32(x, k);
        }
        if (out.eventType === undefined || out.device === undefined)
          this.fail("inputEvent needs eventType and device");
        return out as unknown as Value;
      }
      default: {
        if (kind in MATRIX_SIZES) {
          const size = MATRIX_SIZES[kind as keyof typeof MATRIX_SIZES];
          const values = this.arr(o.values, "values").map((n) => this.num(n, "value"));
          if (values.length !== size) this.fail(`${kind} needs ${size} values`);
          return { kind, values } as Value;
        }
        const out: Record<string, unknown> = { kind };
        for (const field of VECTOR_FIELDS[kind as keyof typeof VECTOR_FIELDS]) {
          const x = this.num(o[field], field);
          if (kind.endsWith("i") && (!Number.isInteger(x) || x < -2147483648 || x > 2147483647)) {
            this.fail(`${field} must be an int32`);
          }
          out[field] = x;
        }
        return out as unknown as Value;
      }
    }
  }

  floats(j: JsonValue | undefined, stride: number, wide: boolean): Float32Array | Float64Array {
    const list = this.arr(j, "data");
    if (list.length % stride !== 0) this.fail(`data length must be a multiple of ${stride}`);
    const out = wide ? new Float64Array(list.length) : new Float32Array(list.length);
    for (let n = 0; n < list.length; n++) out[n] = this.num(list[n], "element");
    return out;
  }

  base64(j: JsonValue | undefined): Uint8Array {
    const s = this.str(j, "base64");
    const out = base64Decode(s);
    if (out === undefined) this.fail("invalid base64");
    return out;
  }
}

/**
 * Reads the tagged JSON form written by {@link toJSON} (as a parsed structure; pass
 * `JSON.parse(text)`).
 * @throws {DecodeError} `invalid-data` with the path of the first malformed part.
 */
export function fromJSON(json: JsonValue): Value {
  const p = new Parser();
  try {
    return p.root(json);
  } catch (e) {
    if (GdVariantError.is(e)) throw e;
    // A getter that throws, a Proxy, a typed array that is not one: not tagged JSON.
    return p.fail(`unreadable input (${String(e)})`);
  }
}

import {
  asProjectError,
  type ContainerType,
  DecodeError,
  type DecodeErrorCode,
  type DictionaryEntry,
  type Kind,
  type ObjectProperty,
  type PathSegment,
  stringToFloat,
  stringToInt,
  TYPE_NAME_KINDS,
  type Value,
} from "@gdvariant/core";
import { dedupeEntries } from "../text/dedupe-keys.js";
import type { Godot4Precision, Godot4Version } from "../versions.js";
import { type NumberOut, shortDecimal } from "./c-number.js";
import { EngineJsonParser } from "./json-parse.js";
import { JsonArray, type JsonNode, JsonNumber, type JsonNumbers, JsonObject } from "./json-tree.js";
import { parseNodePathText } from "./node-path-text.js";
import { type Godot4JsonRules, godot4JsonRules } from "./rules.js";
import {
  doubleToInt32,
  doubleToInt64,
  nodeToArray,
  nodeToDouble,
  nodeToInt32,
  nodeToInt64,
  nodeToString,
  nodeToUint8,
} from "./variant-convert.js";

/** Options of {@link readJsonNative}. */
export interface JsonNativeReadOptions {
  /** The engine release whose `JSON.to_native` to follow, `"4.4"` to `"4.6"`. Default `"4.6"`. */
  version?: Godot4Version;
  /** `JSON.to_native`'s `allow_objects`: read `{"type": <class>, "props": …}` and class- or
   * script-typed containers as inert data instead of refusing them. Default `false`. */
  allowObjects?: boolean;
  /** `"double"` for `precision=double` builds (vector components kept as doubles, packed vector
   * arrays as Float64Array). Default `"single"`. */
  precision?: Godot4Precision;
  /**
   * The bare integers of a PackedInt64Array: `"exact"` (default) keeps what the text spells,
   * all 64 bits; `"engine"` gives what the engine holds, the integer read through a double
   * (9007199254740993 becomes 9007199254740992).
   */
  integers?: "exact" | "engine";
  /** What a part the engine refuses becomes: `"throw"` a `DecodeError` with its path (default),
   * or `"null"`, what the engine gives after printing its error (null, or an empty container). */
  onRefusal?: "throw" | "null";
}

const MAX_NATIVE_DEPTH = 1024;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;
const INT_LITERAL = /^-?[0-9]{1,19}$/;
const I64_MIN = -9223372036854775808n;
const I64_MAX = 9223372036854775807n;
const SAFE = 9007199254740991n;

/**
 * `"i:"` then an optional `-` and 1 to 15 digits: the integer (`String::to_int` of such a text,
 * exact in a double); anything else undefined.
 */
export function smallInt(s: string): number | undefined {
  const len = s.length;
  let k = 2;
  const negative = k < len && s.charCodeAt(k) === 45;
  if (negative) k++;
  if (k === len || len - k > 15) return undefined;
  let x = 0;
  for (; k < len; k++) {
    const d = s.charCodeAt(k) - 48;
    if (d < 0 || d > 9) return undefined;
    x = x * 10 + d;
  }
  return negative ? 0 - x : x;
}

const I_LITERAL = /^i:-?[0-9]{1,19}$/;

/**
 * `"i:"` then an optional `-` and 1 to 19 digits that spell an int64: the integer, as
 * `String::to_int` gives it (its overflow checks only act past INT64_MAX or below INT64_MIN),
 * read by one `BigInt` instead of BigInt steps per digit; anything else undefined.
 */
export function int64Literal(s: string): bigint | undefined {
  if (!I_LITERAL.test(s)) return undefined;
  const b = BigInt(s.slice(2));
  return b >= I64_MIN && b <= I64_MAX ? b : undefined;
}

function int64(b: bigint): number | bigint {
  return b >= -SAFE && b <= SAFE ? Number(b) : b;
}

// Variant::get_type_by_name for the names a from_native text can hold: core's 4.x type names
// and Nil.
const TYPE_BY_NAME: Readonly<Record<string, Kind>> = { Nil: "nil", ...TYPE_NAME_KINDS };

const VECTOR_ARGS = {
  vector2: ["x", "y"],
  rect2: ["x", "y", "width", "height"],
  vector3: ["x", "y", "z"],
  vector4: ["x", "y", "z", "w"],
  plane: ["x", "y", "z", "d"],
  quaternion: ["x", "y", "z", "w"],
  aabb: ["x", "y", "z", "width", "height", "depth"],
  vector2i: ["x", "y"],
  rect2i: ["x", "y", "width", "height"],
  vector3i: ["x", "y", "z"],
  vector4i: ["x", "y", "z", "w"],
} as const;

const MATRIX_ARGS = { transform2d: 6, basis: 9, transform3d: 12, projection: 16 } as const;

class Refusal extends Error {
  constructor(
    readonly code: DecodeErrorCode,
    readonly detail: string,
    readonly at: number,
    /** What the engine hands back instead (null unless a depth limit built part of it). */
    readonly instead: Value = { kind: "nil" },
  ) {
    super(detail);
  }
}

function where(n: JsonNode, fallback: number): number {
  if (n instanceof JsonNumber) return n.start;
  if (n instanceof JsonArray || n instanceof JsonObject) return n.at;
  return fallback;
}

function columns(a: readonly number[]): number[] {
  return [a[0]!, a[3]!, a[6]!, a[1]!, a[4]!, a[7]!, a[2]!, a[5]!, a[8]!];
}

// ContainerTypeValidate::validate for a builtin element type: the value as the container holds
// it, or undefined when the engine refuses it.
function fitType(v: Value, t: ContainerType | undefined): Value | undefined {
  if (t === undefined || t.kind !== "builtin") return v;
  if (v.kind === t.type) return v;
  if (t.type === "object" && v.kind === "nil") return v;
  if (t.type === "string" && v.kind === "stringName") return { kind: "string", value: v.value };
  if (t.type === "stringName" && v.kind === "string") return { kind: "stringName", value: v.value };
  if (t.type === "float" && v.kind === "int") return { kind: "float", value: Number(v.value) };
  return undefined;
}

// dedupeEntries when every key is a String or StringName (equal when their text is): found by
// the text itself; undefined when some key is of another kind.
function dedupeStringKeys(entries: readonly DictionaryEntry[]): DictionaryEntry[] | undefined {
  const out: DictionaryEntry[] = [];
  const seen = new Map<string, number>();
  for (const e of entries) {
    const k = e[0];
    if (k.kind !== "string" && k.kind !== "stringName") return undefined;
    const at = seen.get(k.value);
    if (at === undefined) {
      seen.set(k.value, out.length);
      out.push(e);
    } else out[at] = [out[at]![0], e[1]];
  }
  return out;
}

class NativeReader {
  private readonly rules: Godot4JsonRules;
  private readonly allowObjects: boolean;
  private readonly single: boolean;
  private readonly exact: boolean;
  private readonly nullMode: boolean;
  private readonly number: NumberOut = { num: 0, numEnd: 0 };

  constructor(
    private readonly text: string,
    o: JsonNativeReadOptions,
  ) {
    this.rules = godot4JsonRules(o.version ?? "4.6");
    this.allowObjects = o.allowObjects ?? false;
    this.single = (o.precision ?? "single") === "single";
    this.exact = (o.integers ?? "exact") === "exact";
    this.nullMode = o.onRefusal === "null";
  }

  root(n: JsonNode): Value {
    try {
      return this.value(n, 0, 0);
    } catch (e) {
      if (e instanceof Refusal) {
        if (this.nullMode) return e.instead;
        throw new DecodeError(e.detail, { code: e.code, offset: e.at, dialect: "godot-4" });
      }
      throw e;
    }
  }

  private child(n: JsonNode, depth: number, at: number, seg: PathSegment): Value {
    try {
      return this.value(n, depth, at);
    } catch (e) {
      if (e instanceof Refusal) {
        if (this.nullMode) return e.instead;
        throw new DecodeError(e.detail, { code: e.code, offset: e.at, path: [seg], dialect: "godot-4" });
      }
      if (e instanceof DecodeError) e.prependPath(seg);
      throw e;
    }
  }

  private real(n: JsonNode): number {
    const x = nodeToDouble(n);
    return this.single ? Math.fround(x) : x;
  }

  private reals(n: JsonNumbers): number[] {
    return this.single ? n.values.map(Math.fround) : n.values.slice();
  }

  private value(n: JsonNode, depth: number, at: number): Value {
    if (n === null) return { kind: "nil" };
    if (typeof n === "boolean") return { kind: "bool", value: n };
    if (typeof n === "string") return this.prefixed(n, at);
    if (n instanceof JsonArray) {
      if (depth > MAX_NATIVE_DEPTH)
        throw new Refusal("depth-exceeded", "Variant is too deep (more than 1024 levels)", n.at, {
          kind: "array",
          items: [],
        });
      const items = n.items.map((x, i) => this.child(x, depth + 1, n.at, i));
      return { kind: "array", items };
    }
    if (n instanceof JsonObject) return this.typed(n, depth);
    throw new Refusal("invalid-data", 'a bare number: the engine only reads floats as "f:" strings', n.start);
  }

  private prefixed(s: string, at: number): Value {
    if (s.startsWith("i:"))
      return { kind: "int", value: smallInt(s) ?? int64(int64Literal(s) ?? stringToInt(s.slice(2))) };
    if (s.startsWith("f:")) {
      // The body read in place when it is a short decimal (never "inf", "-inf" or "nan").
      const out = this.number;
      if (shortDecimal(s, 2, s.length, out)) return { kind: "float", value: out.num };
      const body = s.slice(2);
      if (this.rules.nonFiniteFloats) {
        if (body === "inf") return { kind: "float", value: Number.POSITIVE_INFINITY };
        if (body === "-inf") return { kind: "float", value: Number.NEGATIVE_INFINITY };
        if (body === "nan") return { kind: "float", value: Number.NaN };
      }
      return { kind: "float", value: stringToFloat(body) };
    }
    if (s.startsWith("s:")) return { kind: "string", value: s.slice(2) };
    if (s.startsWith("sn:")) return { kind: "stringName", value: s.slice(3) };
    if (s.startsWith("np:")) {
      const path = parseNodePathText(s.slice(3));
      if (path !== undefined) return path;
      throw new Refusal("invalid-data", "an invalid NodePath (an empty name or subname)", at, {
        kind: "nodePath",
        names: [],
        subnames: [],
        absolute: false,
      });
    }
    throw new Refusal("invalid-data", "a string without a type prefix (i:, f:, s:, sn:, np:)", at);
  }

  private args(o: JsonObject): readonly JsonNode[] {
    if (!o.has("args")) throw new Refusal("invalid-data", 'no "args"', o.at);
    return nodeToArray(o.get("args")!);
  }

  // The args as numbers only (no node per number), when the parser handed them over so.
  private numArgs(o: JsonObject): JsonNumbers | undefined {
    const a = o.get("args");
    return a instanceof JsonArray ? a.numbers : undefined;
  }

  // argsOf / argsBy's checks on numbers-only args.
  private numArgsOf(o: JsonObject, type: string, size: number): JsonNumbers | undefined {
    const n = this.numArgs(o);
    if (n !== undefined && n.values.length !== size)
      throw new Refusal("invalid-data", `${type} takes ${size} args, not ${n.values.length}`, o.at);
    return n;
  }

  private numArgsBy(o: JsonObject, type: string, factor: number): JsonNumbers | undefined {
    const n = this.numArgs(o);
    if (n !== undefined && n.values.length % factor !== 0)
      throw new Refusal(
        "invalid-data",
        `${type} takes a multiple of ${factor} args, not ${n.values.length}`,
        o.at,
      );
    return n;
  }

  private argsOf(o: JsonObject, type: string, size: number): readonly JsonNode[] {
    const a = this.args(o);
    if (a.length !== size)
      throw new Refusal("invalid-data", `${type} takes ${size} args, not ${a.length}`, o.at);
    return a;
  }

  private argsBy(o: JsonObject, type: string, factor: number): readonly JsonNode[] {
    const a = this.args(o);
    if (a.length % factor !== 0)
      throw new Refusal("invalid-data", `${type} takes a multiple of ${factor} args, not ${a.length}`, o.at);
    return a;
  }

  private containerType(o: JsonObject, key: string): ContainerType | undefined {
    if (!o.has(key)) return undefined;
    const name = nodeToString(o.get(key)!);
    const kind = Object.hasOwn(TYPE_BY_NAME, name) ? TYPE_BY_NAME[name] : undefined;
    if (kind !== undefined && kind !== "object")
      return kind === "nil" ? undefined : { kind: "builtin", type: kind };
    if (IDENT.test(name) || name.startsWith("res://")) {
      if (!this.allowObjects)
        throw new Refusal("objects-not-allowed", `${key} ${JSON.stringify(name)} needs allowObjects`, o.at);
      return IDENT.test(name) ? { kind: "class", className: name } : { kind: "script", path: name };
    }
    throw new Refusal("unknown-type", `invalid ${key} ${JSON.stringify(name.slice(0, 80))}`, o.at);
  }

  private typed(o: JsonObject, depth: number): Value {
    if (!o.has("type")) throw new Refusal("invalid-data", 'a dictionary without "type"', o.at);
    const name = nodeToString(o.get("type")!);
    const kind = Object.hasOwn(TYPE_BY_NAME, name) ? TYPE_BY_NAME[name]! : undefined;
    switch (kind) {
      case undefined:
      case "object":
        return this.object(o, name, depth);
      case "nil":
      case "bool":
        throw new Refusal("invalid-data", `"type": "${name}" is JSON itself, not a typed dictionary`, o.at);
      case "int":
      case "float":
      case "string":
      case "stringName":
      case "nodePath":
        throw new Refusal("invalid-data", `"type": "${name}" must be written as a prefixed string`, o.at);
      case "rid":
        return { kind: "rid", id: 0 };
      case "callable":
        return { kind: "callable" };
      case "signal":
        return { kind: "signal", name: "", objectId: 0 };
      case "vector2":
      case "rect2":
      case "vector3":
      case "vector4":
      case "plane":
      case "quaternion":
      case "aabb": {
        const fields = VECTOR_ARGS[kind];
        const v: Record<string, unknown> = { kind };
        const n = this.numArgsOf(o, name, fields.length);
        if (n !== undefined) {
          const r = n.values;
          const f = this.single ? Math.fround : Number;
          // Vector2 and Vector3 (the common ones) as literals: one object shape each.
          if (kind === "vector3") return { kind, x: f(r[0]!), y: f(r[1]!), z: f(r[2]!) };
          if (kind === "vector2") return { kind, x: f(r[0]!), y: f(r[1]!) };
          for (let i = 0; i < fields.length; i++) v[fields[i]!] = f(r[i]!);
          return v as unknown as Value;
        }
        const a = this.argsOf(o, name, fields.length);
        fields.forEach((f, i) => {
          v[f] = this.real(a[i]!);
        });
        return v as unknown as Value;
      }
      case "vector2i":
      case "rect2i":
      case "vector3i":
      case "vector4i": {
        const fields = VECTOR_ARGS[kind];
        const v: Record<string, unknown> = { kind };
        const n = this.numArgsOf(o, name, fields.length);
        if (n !== undefined) {
          for (let i = 0; i < fields.length; i++) v[fields[i]!] = doubleToInt32(n.values[i]!);
          return v as unknown as Value;
        }
        const a = this.argsOf(o, name, fields.length);
        fields.forEach((f, i) => {
          v[f] = nodeToInt32(a[i]!);
        });
        return v as unknown as Value;
      }
      case "color": {
        const n = this.numArgsOf(o, name, 4);
        if (n !== undefined) {
          const [r, g, b, a] = n.values.map(Math.fround);
          return { kind: "color", r: r!, g: g!, b: b!, a: a! };
        }
        const a = this.argsOf(o, name, 4);
        const c = a.map((x) => Math.fround(nodeToDouble(x)));
        return { kind: "color", r: c[0]!, g: c[1]!, b: c[2]!, a: c[3]! };
      }
      case "transform2d":
      case "projection": {
        const n = this.numArgsOf(o, name, MATRIX_ARGS[kind]);
        if (n !== undefined) return { kind, values: this.reals(n) };
        const a = this.argsOf(o, name, MATRIX_ARGS[kind]);
        return { kind, values: a.map((x) => this.real(x)) };
      }
      case "basis": {
        const n = this.numArgsOf(o, name, 9);
        if (n !== undefined) return { kind, values: columns(this.reals(n)) };
        const a = this.argsOf(o, name, 9);
        return { kind, values: columns(a.map((x) => this.real(x))) };
      }
      case "transform3d": {
        const n = this.numArgsOf(o, name, 12);
        const a = n !== undefined ? this.reals(n) : this.argsOf(o, name, 12).map((x) => this.real(x));
        return { kind, values: [...columns(a), a[9]!, a[10]!, a[11]!] };
      }
      case "dictionary":
        return this.dictionary(o, depth);
      case "array":
        return this.array(o, depth);
      case "packedByteArray": {
        const n = this.numArgs(o);
        if (n !== undefined) return { kind, data: Uint8Array.from(n.values, (x) => doubleToInt32(x) & 0xff) };
        return { kind, data: Uint8Array.from(this.args(o), nodeToUint8) };
      }
      case "packedInt32Array": {
        const n = this.numArgs(o);
        if (n !== undefined) return { kind, data: Int32Array.from(n.values, doubleToInt32) };
        return { kind, data: Int32Array.from(this.args(o), nodeToInt32) };
      }
      case "packedInt64Array": {
        const n = this.numArgs(o);
        if (n !== undefined) {
          const { values, wide } = n;
          const data = new BigInt64Array(values.length);
          // A number read in place as a short decimal is below 2^53, and an integer literal only
          // when its double is that integer: its text adds nothing. The others by text.
          for (let i = 0; i < data.length; i++) data[i] = doubleToInt64(values[i]!);
          for (let j = 0; j < wide.length; j += 3) {
            const k = wide[j]!;
            data[k] = this.int64Text(wide[j + 1]!, wide[j + 2]!) ?? doubleToInt64(values[k]!);
          }
          return { kind, data };
        }
        const a = this.args(o);
        const data = new BigInt64Array(a.length);
        for (let i = 0; i < a.length; i++) data[i] = this.int64Arg(a[i]!);
        return { kind, data };
      }
      case "packedFloat32Array": {
        const n = this.numArgs(o);
        return {
          kind,
          data: n !== undefined ? new Float32Array(n.values) : Float32Array.from(this.args(o), nodeToDouble),
        };
      }
      case "packedFloat64Array": {
        const n = this.numArgs(o);
        return {
          kind,
          data: n !== undefined ? new Float64Array(n.values) : Float64Array.from(this.args(o), nodeToDouble),
        };
      }
      case "packedStringArray":
        return { kind, data: this.args(o).map((x) => nodeToString(x)) };
      case "packedColorArray": {
        const n = this.numArgsBy(o, name, 4);
        if (n !== undefined) return { kind, data: new Float32Array(n.values) };
        return { kind, data: Float32Array.from(this.argsBy(o, name, 4), nodeToDouble) };
      }
      case "packedVector2Array":
      case "packedVector3Array":
      case "packedVector4Array": {
        const stride = kind === "packedVector2Array" ? 2 : kind === "packedVector3Array" ? 3 : 4;
        const n = this.numArgsBy(o, name, stride);
        if (n !== undefined)
          return { kind, data: this.single ? new Float32Array(n.values) : new Float64Array(n.values) };
        const a = this.argsBy(o, name, stride);
        const data = this.single ? Float32Array.from(a, nodeToDouble) : Float64Array.from(a, nodeToDouble);
        return { kind, data };
      }
      default:
        throw new Refusal("unknown-type", `invalid type ${JSON.stringify(name.slice(0, 80))}`, o.at);
    }
  }

  private int64Arg(n: JsonNode): bigint {
    if (n instanceof JsonNumber) {
      const b = this.int64Text(n.start, n.end);
      if (b !== undefined) return b;
    }
    return nodeToInt64(n);
  }

  // With integers: "exact", the int64 a number's text spells when it is an integer literal in
  // range; otherwise undefined.
  private int64Text(start: number, end: number): bigint | undefined {
    if (!this.exact || end - start > 20) return undefined;
    const t = this.text.slice(start, end);
    if (!INT_LITERAL.test(t)) return undefined;
    const b = BigInt(t);
    return b >= I64_MIN && b <= I64_MAX ? b : undefined;
  }

  private dictionary(o: JsonObject, depth: number): Value {
    const a = this.argsBy(o, "Dictionary", 2);
    const keyType = this.typeAt(o, "key_type");
    const valueType = this.typeAt(o, "value_type");
    const typing = {
      ...(keyType !== undefined ? { keyType } : {}),
      ...(valueType !== undefined ? { valueType } : {}),
    };
    if (depth > MAX_NATIVE_DEPTH)
      throw new Refusal("depth-exceeded", "Variant is too deep (more than 1024 levels)", o.at, {
        kind: "dictionary",
        entries: [],
        ...typing,
      });
    const entries: DictionaryEntry[] = [];
    for (let i = 0; i + 1 < a.length; i += 2) {
      let key = this.child(a[i]!, depth + 1, o.at, { keyAt: i >> 1 });
      let value = this.child(a[i + 1]!, depth + 1, o.at, { key });
      // A typed Dictionary checks each key and value as it is set (ContainerTypeValidate): an
      // int becomes a float, a String a StringName and back, anything else is refused and
      // the entry left out.
      const k = fitType(key, keyType);
      const v = fitType(value, valueType);
      if (k === undefined || v === undefined) {
        const part = k === undefined ? "key" : "value";
        const r = new Refusal("invalid-data", `a ${part} that does not fit the typed Dictionary`, o.at);
        if (this.nullMode) continue;
        const seg: PathSegment = k === undefined ? { keyAt: i >> 1 } : { key };
        throw new DecodeError(r.detail, { code: r.code, offset: r.at, path: [seg], dialect: "godot-4" });
      }
      key = k;
      value = v;
      entries.push([key, value]);
    }
    return { kind: "dictionary", entries: dedupeStringKeys(entries) ?? dedupeEntries(entries), ...typing };
  }

  private typeAt(o: JsonObject, key: string): ContainerType | undefined {
    try {
      return this.containerType(o, key);
    } catch (e) {
      if (e instanceof Refusal && !this.nullMode)
        throw new DecodeError(e.detail, {
          code: e.code,
          offset: e.at,
          path: [{ part: key }],
          dialect: "godot-4",
        });
      throw e;
    }
  }

  private array(o: JsonObject, depth: number): Value {
    const a = this.args(o);
    const elementType = this.typeAt(o, "elem_type");
    const typing = elementType !== undefined ? { elementType } : {};
    if (depth > MAX_NATIVE_DEPTH)
      throw new Refusal("depth-exceeded", "Variant is too deep (more than 1024 levels)", o.at, {
        kind: "array",
        items: [],
        ...typing,
      });
    // The engine fills a typed Array without checking the elements' types.
    const items = a.map((x, i) => this.child(x, depth + 1, where(x, o.at), i));
    return { kind: "array", items, ...typing };
  }

  private object(o: JsonObject, name: string, depth: number): Value {
    if (!IDENT.test(name))
      throw new Refusal("unknown-type", `invalid type ${JSON.stringify(name.slice(0, 80))}`, o.at);
    if (!this.allowObjects)
      throw new Refusal("objects-not-allowed", `an object of class ${name} needs allowObjects`, o.at);
    if (depth > MAX_NATIVE_DEPTH)
      throw new Refusal("depth-exceeded", "Variant is too deep (more than 1024 levels)", o.at);
    if (!o.has("props")) throw new Refusal("invalid-data", 'an object without "props"', o.at);
    const props = nodeToArray(o.get("props")!);
    if (props.length % 2 !== 0) throw new Refusal("invalid-data", "an odd number of props", o.at);
    // Set one by one on one object: a name given twice keeps its first place and last value.
    const out: ObjectProperty[] = [];
    const index = new Map<string, number>();
    for (let i = 0; i < props.length; i += 2) {
      const prop = nodeToString(props[i]!);
      const value = this.child(props[i + 1]!, depth + 1, o.at, { property: prop });
      if (
        prop === "script" &&
        value.kind !== "nil" &&
        !(value.kind === "string" && value.value.startsWith("res://"))
      ) {
        const r = new Refusal("invalid-data", "an object's script must be a res:// path", o.at);
        if (this.nullMode) return r.instead;
        throw new DecodeError(r.detail, {
          code: r.code,
          offset: r.at,
          path: [{ property: prop }],
          dialect: "godot-4",
        });
      }
      const at = index.get(prop);
      if (at === undefined) {
        index.set(prop, out.length);
        out.push([prop, value]);
      } else out[at] = [prop, value];
    }
    return { kind: "object", form: "full", className: name, properties: out };
  }
}

/**
 * Reads a `JSON.from_native` text as Godot 4.4+'s `JSON.to_native(JSON.parse_string(text))`
 * does, into a value of the shared model: the engine's JSON reader (its number reader included,
 * so a float is the double the engine holds), its type names, argument counts and conversions.
 *
 * @param options `version` (default `"4.6"`), `allowObjects` (default false), `precision`
 *   (default `"single"`), `integers` (default `"exact"`), `onRefusal` (default `"throw"`).
 * @throws {TextParseError} for text the engine's JSON reader refuses (code `syntax`,
 *   `depth-exceeded` past 1024 levels, `trailing-text`), with line and column.
 * @throws {DecodeError} where `JSON.to_native` refuses (unless `onRefusal: "null"`), with the
 *   character `offset` of the JSON value and the `path` into the value: `invalid-data` (an
 *   unprefixed string, a bare number, `"type": "int"`, a wrong `args` count, no `args`),
 *   `unknown-type`, `objects-not-allowed`, `depth-exceeded`.
 * @throws {GdVariantError} for a version before 4.4.
 */
export function readJsonNative(text: string, options: JsonNativeReadOptions = {}): Value {
  return readJsonNativeFrom(text, options, true);
}

/**
 * {@link readJsonNative}; `numberArrays: false` reads through the plain tree (a node per number)
 * instead of handing arrays of numbers over whole: the same result, for tests to compare.
 * @internal
 */
export function readJsonNativeFrom(
  text: string,
  options: JsonNativeReadOptions,
  numberArrays: boolean,
): Value {
  try {
    const reader = new NativeReader(text, options);
    const rules = godot4JsonRules(options.version ?? "4.6");
    if (!rules.native)
      throw new DecodeError(`JSON.to_native does not exist before Godot 4.4 (version ${rules.version})`, {
        code: "unknown-type",
        offset: 0,
        dialect: "godot-4",
      });
    return reader.root(new EngineJsonParser(text, numberArrays).parse());
  } catch (e) {
    throw asProjectError(e, "readJsonNative", "godot-4");
  }
}

import { base64Decode, base64Encode } from "../bytes/base64.js";
import { DecodeError } from "../errors.js";
import type { PathSegment } from "../path.js";
import { toInt64 } from "./construct.js";
import { type ContainerType, type Int64, isKind, MATRIX_SIZES, type Value, VECTOR_FIELDS } from "./types.js";

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

/** The lossless tagged JSON form of a value; {@link fromJSON} reverses it exactly. */
export function toJSON(value: Value): JsonValue {
  const v = value;
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
      return {
        kind: "object",
        form: "full",
        className: v.className,
        properties: v.properties.map(([n, p]) => [n, toJSON(p)]),
      };
    case "array": {
      const out: { [k: string]: JsonValue } = { kind: "array", items: v.items.map(toJSON) };
      if (v.elementType) out.elementType = containerTypeJSON(v.elementType);
      if (v.shared) out.shared = true;
      return out;
    }
    case "dictionary": {
      const out: { [k: string]: JsonValue } = {
        kind: "dictionary",
        entries: v.entries.map(([k, x]) => [toJSON(k), toJSON(x)]),
      };
      if (v.keyType) out.keyType = containerTypeJSON(v.keyType);
      if (v.valueType) out.valueType = containerTypeJSON(v.valueType);
      if (v.shared) out.shared = true;
      return out;
    }
    case "packedByteArray":
      return { kind: v.kind, base64: base64Encode(v.data) };
    case "packedInt32Array":
      return { kind: v.kind, data: Array.from(v.data) };
    case "packedInt64Array":
      return { kind: v.kind, data: Array.from(v.data, (n) => i(toInt64(n))) };
    case "packedFloat32Array":
    case "packedFloat64Array":
    case "packedColorArray":
      return { kind: v.kind, data: Array.from(v.data, f) };
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array": {
      const out: { [k: string]: JsonValue } = { kind: v.kind, data: Array.from(v.data, f) };
      if (v.data instanceof Float64Array) out.precision = "double";
      return out;
    }
    case "packedStringArray":
      return { kind: v.kind, data: [...v.data] };
    case "image":
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
      for (const field of VECTOR_FIELDS[v.kind as keyof typeof VECTOR_FIELDS]) {
        out[field] = f((v as unknown as Record<string, number>)[field]!);
      }
      return out;
    }
  }
}

class Parser {
  private path: PathSegment[] = [];

  fail(message: string): never {
    throw new DecodeError(`tagged JSON: ${message}`, {
      code: "invalid-data",
      offset: 0,
      path: [...this.path],
    });
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

  nested(seg: PathSegment, j: JsonValue | undefined): Value {
    this.path.push(seg);
    const v = this.value(j);
    this.path.pop();
    return v;
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
        return {
          kind,
          form: "full",
          className: this.str(o.className, "className"),
          properties: this.arr(o.properties, "properties").map((p) => {
            const pair = this.arr(p, "property");
            const name = this.str(pair[0], "property name");
            return [name, this.nested({ property: name }, pair[1])] as const;
          }),
        };
      case "array": {
        const items = this.arr(o.items, "items").map((x, n) => this.nested(n, x));
        const out: { -readonly [K in keyof Extract<Value, { kind: "array" }>]: unknown } = { kind, items };
        if (o.elementType !== undefined) out.elementType = this.containerType(o.elementType);
        if (o.shared === true) out.shared = true;
        return out as Value;
      }
      case "dictionary": {
        const entries = this.arr(o.entries, "entries").map((e, n) => {
          const pair = this.arr(e, "entry");
          const k = this.nested({ keyAt: n }, pair[0]);
          return [k, this.nested({ key: k }, pair[1])] as const;
        });
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
          if (
            ![
              "eventType",
              "device",
              "modifiers",
              "scancode",
              "buttonIndex",
              "index",
              "axis",
              "axisValue",
            ].includes(k)
          ) {
            this.fail(`unknown inputEvent field ${k}`);
          }
          out[k] = k === "axisValue" ? this.num(x, k) : this.u32(x, k);
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
  return new Parser().value(json);
}

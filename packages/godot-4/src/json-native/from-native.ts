import {
  asProjectError,
  assertAcyclic,
  type ContainerType,
  EncodeError,
  type EncodeErrorCode,
  type PathSegment,
  type Value,
} from "@gdvariant/core";
import { dedupeEntries } from "../text/dedupe-keys.js";
import { isNullObject } from "../text/key-order.js";
import { TYPE_NAMES } from "../text/type-names.js";
import type { Godot4Precision, Godot4Version } from "../versions.js";
import { numReal } from "./c-number.js";
import { jsonEscape, jsonFloat } from "./json-number.js";
import { JsonLayout, MAX_STRINGIFY_DEPTH } from "./layout.js";
import { nodePathText } from "./node-path-text.js";
import { type Godot4JsonRules, godot4JsonRules } from "./rules.js";

/** Options of {@link writeJsonNative}. */
export interface JsonNativeWriteOptions {
  /** The engine release whose text to write, `"4.4"` to `"4.6"`. Default `"4.6"`. */
  version?: Godot4Version;
  /** `JSON.from_native`'s `full_objects`: write objects (and class- or script-typed containers)
   * instead of refusing them. Default `false`. */
  fullObjects?: boolean;
  /** `JSON.stringify`'s `indent`. Default `""` (one line). */
  indent?: string;
  /** `JSON.stringify`'s `sort_keys`. Default `true`, as in the engine. */
  sortKeys?: boolean;
  /** `JSON.stringify`'s `full_precision`. Default `false`. */
  fullPrecision?: boolean;
  /** `"double"` for `precision=double` builds (vector components are not rounded to floats).
   * Default `"single"`. */
  precision?: Godot4Precision;
  /**
   * What a value the engine refuses becomes (an object without `fullObjects`, a class-typed
   * container, a script that is not a `res://` path, nesting past 1024): `"throw"` an
   * `EncodeError` with its path (default), or `"null"`, which writes what the engine writes
   * after printing its error (`null`, or `"..."` past the depth limit).
   */
  onRefusal?: "throw" | "null";
}

// Keys of the engine's from_native dictionaries, in insertion order; sorted, they compare as
// args < elem_type < key_type < props < type < value_type.
const SORTED_KEY_RANK: Readonly<Record<string, number>> = {
  args: 0,
  elem_type: 1,
  key_type: 2,
  props: 3,
  type: 4,
  value_type: 5,
};

const MAX_NATIVE_DEPTH = 1024;

class Refused extends Error {
  constructor(
    readonly code: EncodeErrorCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

type Item = (level: number) => string;

class NativeWriter {
  private readonly rules: Godot4JsonRules;
  private readonly layout: JsonLayout;
  private readonly full: boolean;
  private readonly fullObjects: boolean;
  private readonly single: boolean;
  private readonly refuseNull: boolean;

  constructor(o: JsonNativeWriteOptions) {
    this.rules = godot4JsonRules(o.version ?? "4.6");
    if (!this.rules.native)
      throw new EncodeError(
        `JSON.from_native does not exist before Godot 4.4 (version ${this.rules.version})`,
        {
          code: "unsupported-kind",
          dialect: "godot-4",
        },
      );
    this.layout = new JsonLayout(o.indent ?? "", o.sortKeys ?? true);
    // 4.4 drops full_precision in the recursion and a from_native text never has a float at
    // the top, so there it changes nothing.
    this.full = (o.fullPrecision ?? false) && this.rules.floatFormat !== "4.4";
    this.fullObjects = o.fullObjects ?? false;
    this.single = (o.precision ?? "single") === "single";
    this.refuseNull = o.onRefusal === "null";
  }

  write(v: Value): string {
    return this.value(v, 0, 0);
  }

  private real(x: number): string {
    return jsonFloat(this.single ? Math.fround(x) : x, this.rules, this.full);
  }

  private f32(x: number): string {
    return jsonFloat(Math.fround(x), this.rules, this.full);
  }

  private refuse(code: EncodeErrorCode, detail: string): string {
    if (this.refuseNull) return "null";
    throw new Refused(code, detail);
  }

  // A from_native dictionary: keys in engine insertion order, values written lazily.
  private dict(keys: string[], values: Item[], level: number): string {
    if (level + 1 > MAX_STRINGIFY_DEPTH) return this.tooDeep();
    if (this.layout.sortKeys && keys.length > 1) {
      const order = keys
        .map((_, i) => i)
        .sort((a, b) => SORTED_KEY_RANK[keys[a]!]! - SORTED_KEY_RANK[keys[b]!]!);
      return this.layout.object(
        order.map((i) => keys[i]!),
        level,
        (i) => values[order[i]!]!(level + 1),
      );
    }
    return this.layout.object(keys, level, (i) => values[i]!(level + 1));
  }

  private tooDeep(): string {
    if (this.refuseNull) return "...";
    throw new Refused("depth-exceeded", "JSON structure is too deep (more than 1024 levels)");
  }

  private args(n: number, item: (i: number) => string): Item {
    return (level) => {
      if (level > MAX_STRINGIFY_DEPTH) return this.tooDeep();
      return this.layout.array(n, level, item);
    };
  }

  private math(type: string, parts: readonly string[], level: number): string {
    return this.dict(["type", "args"], [() => `"${type}"`, this.args(parts.length, (i) => parts[i]!)], level);
  }

  private containerType(t: ContainerType | undefined): string | undefined | Refused {
    if (t === undefined) return undefined;
    if (t.kind === "builtin") return t.type === "nil" ? undefined : (TYPE_NAMES[t.type] ?? t.type);
    if (!this.fullObjects)
      return new Refused("objects-not-allowed", "a class- or script-typed container needs fullObjects");
    if (t.kind === "class") return t.className;
    if (!t.path.startsWith("res://"))
      return new Refused(
        "invalid-value",
        `a container's script must be a res:// path, not ${JSON.stringify(t.path)}`,
      );
    return t.path;
  }

  private child(v: Value, depth: number, level: number, seg: PathSegment): string {
    try {
      return this.value(v, depth, level);
    } catch (e) {
      if (e instanceof EncodeError) e.prependPath(seg);
      else if (e instanceof Refused)
        throw new EncodeError(e.detail, { code: e.code, path: [seg], dialect: "godot-4" });
      throw e;
    }
  }

  private value(v: Value, depth: number, level: number): string {
    switch (v.kind) {
      case "nil":
        return "null";
      case "bool":
        return v.value ? "true" : "false";
      case "int":
        return `"i:${String(v.value)}"`;
      case "float":
        return `"f:${numReal(v.value, true)}"`;
      case "string":
        return `"s:${jsonEscape(v.value)}"`;
      case "stringName":
        return `"sn:${jsonEscape(v.value)}"`;
      case "nodePath":
        return `"np:${jsonEscape(nodePathText(v))}"`;
      case "rid":
      case "callable":
      case "signal":
        return this.dict(["type"], [() => `"${TYPE_NAMES[v.kind]}"`], level);
      case "vector2":
        return this.math("Vector2", [this.real(v.x), this.real(v.y)], level);
      case "vector2i":
        return this.math("Vector2i", [String(v.x), String(v.y)], level);
      case "rect2":
        return this.math(
          "Rect2",
          [this.real(v.x), this.real(v.y), this.real(v.width), this.real(v.height)],
          level,
        );
      case "rect2i":
        return this.math("Rect2i", [String(v.x), String(v.y), String(v.width), String(v.height)], level);
      case "vector3":
        return this.math("Vector3", [this.real(v.x), this.real(v.y), this.real(v.z)], level);
      case "vector3i":
        return this.math("Vector3i", [String(v.x), String(v.y), String(v.z)], level);
      case "vector4":
        return this.math("Vector4", [this.real(v.x), this.real(v.y), this.real(v.z), this.real(v.w)], level);
      case "vector4i":
        return this.math("Vector4i", [String(v.x), String(v.y), String(v.z), String(v.w)], level);
      case "plane":
        return this.math("Plane", [this.real(v.x), this.real(v.y), this.real(v.z), this.real(v.d)], level);
      case "quaternion":
        return this.math(
          "Quaternion",
          [this.real(v.x), this.real(v.y), this.real(v.z), this.real(v.w)],
          level,
        );
      case "aabb":
        return this.math(
          "AABB",
          [
            this.real(v.x),
            this.real(v.y),
            this.real(v.z),
            this.real(v.width),
            this.real(v.height),
            this.real(v.depth),
          ],
          level,
        );
      case "color":
        return this.math("Color", [this.f32(v.r), this.f32(v.g), this.f32(v.b), this.f32(v.a)], level);
      case "transform2d":
      case "matrix32":
        return this.math(
          "Transform2D",
          v.values.map((x) => this.real(x)),
          level,
        );
      case "basis":
      case "matrix3":
        // The model holds rows; from_native writes columns.
        return this.math(
          "Basis",
          columns(v.values, 0).map((x) => this.real(x)),
          level,
        );
      case "transform3d":
        return this.math(
          "Transform3D",
          [...columns(v.values, 0), v.values[9]!, v.values[10]!, v.values[11]!].map((x) => this.real(x)),
          level,
        );
      case "projection":
        return this.math(
          "Projection",
          v.values.map((x) => this.real(x)),
          level,
        );
      case "object":
        return this.object(v, depth, level);
      case "dictionary":
        return this.dictionary(v, depth, level);
      case "array":
        return this.array(v, depth, level);
      case "packedByteArray":
      case "packedInt32Array":
        return this.packed(v.kind, v.data.length, (i) => String(v.data[i]!), level);
      case "packedInt64Array":
        return this.packed(v.kind, v.data.length, (i) => String(v.data[i]!), level);
      case "packedFloat32Array":
        return this.packed(v.kind, v.data.length, (i) => this.f32(v.data[i]!), level);
      case "packedFloat64Array":
        return this.packed(v.kind, v.data.length, (i) => jsonFloat(v.data[i]!, this.rules, this.full), level);
      case "packedStringArray":
        return this.packed(v.kind, v.data.length, (i) => `"${jsonEscape(v.data[i]!)}"`, level);
      case "packedVector2Array":
      case "packedVector3Array":
      case "packedVector4Array":
        return this.packed(v.kind, v.data.length, (i) => this.real(v.data[i]!), level);
      case "packedColorArray":
        return this.packed(v.kind, v.data.length, (i) => this.f32(v.data[i]!), level);
      case "image":
      case "inputEvent":
        throw new EncodeError(`Godot 4 has no ${v.kind} type`, {
          code: "unsupported-kind",
          dialect: "godot-4",
        });
    }
  }

  private packed(
    kind: keyof typeof TYPE_NAMES,
    n: number,
    item: (i: number) => string,
    level: number,
  ): string {
    return this.dict(["type", "args"], [() => `"${TYPE_NAMES[kind]}"`, this.args(n, item)], level);
  }

  private object(v: Extract<Value, { kind: "object" }>, depth: number, level: number): string {
    if (isNullObject(v)) return "null";
    if (!this.fullObjects)
      return this.refuse("objects-not-allowed", "an object needs fullObjects (full_objects)");
    if (depth > MAX_NATIVE_DEPTH)
      return this.refuse("depth-exceeded", "Variant is too deep (more than 1024 levels)");
    if (v.form === "id") {
      // bytes_to_var gives an EncodedObjectAsID: its stored properties.
      const props = ['"object_id"', `"i:${String(v.id)}"`, '"script"', "null"];
      return this.dict(
        ["type", "props"],
        [() => '"EncodedObjectAsID"', this.args(4, (i) => props[i]!)],
        level,
      );
    }
    if (v.form !== "full") return "null";
    const props = v.properties;
    for (const [name, value] of props) {
      if (
        name === "script" &&
        value.kind !== "nil" &&
        !(value.kind === "string" && value.value.startsWith("res://"))
      ) {
        const r = this.refuse("invalid-value", "an object's script must be a res:// path");
        if (r === "null") return r;
      }
    }
    const propsItem: Item = (lv) => {
      if (lv > MAX_STRINGIFY_DEPTH) return this.tooDeep();
      return this.layout.array(props.length * 2, lv, (i) => {
        const [name, value] = props[i >> 1]!;
        if ((i & 1) === 0) return `"${jsonEscape(name)}"`;
        return this.child(value, depth + 1, lv + 1, { property: name });
      });
    };
    return this.dict(["type", "props"], [() => `"${jsonEscape(v.className)}"`, propsItem], level);
  }

  private dictionary(v: Extract<Value, { kind: "dictionary" }>, depth: number, level: number): string {
    const keys = ["type"];
    const values: Item[] = [() => '"Dictionary"'];
    const kt = this.containerType(v.keyType);
    const vt = this.containerType(v.valueType);
    for (const [t, name] of [
      [kt, "key_type"],
      [vt, "value_type"],
    ] as const) {
      if (t instanceof Refused) {
        if (this.refuseNull) return "null";
        throw new EncodeError(t.detail, { code: t.code, path: [{ part: name }], dialect: "godot-4" });
      }
      if (t !== undefined) {
        keys.push(name);
        values.push(() => `"${jsonEscape(t)}"`);
      }
    }
    keys.push("args");
    if (depth > MAX_NATIVE_DEPTH) {
      if (!this.refuseNull)
        throw new Refused("depth-exceeded", "Variant is too deep (more than 1024 levels)");
      values.push(this.args(0, () => ""));
      return this.dict(keys, values, level);
    }
    const entries = dedupeEntries(v.entries);
    values.push((lv) => {
      if (lv > MAX_STRINGIFY_DEPTH) return this.tooDeep();
      return this.layout.array(entries.length * 2, lv, (i) => {
        const e = entries[i >> 1]!;
        return (i & 1) === 0
          ? this.child(e[0], depth + 1, lv + 1, { keyAt: i >> 1 })
          : this.child(e[1], depth + 1, lv + 1, { key: e[0] });
      });
    });
    return this.dict(keys, values, level);
  }

  private array(v: Extract<Value, { kind: "array" }>, depth: number, level: number): string {
    const et = this.containerType(v.elementType);
    if (et instanceof Refused) {
      if (this.refuseNull) return "null";
      throw new EncodeError(et.detail, {
        code: et.code,
        path: [{ part: "elementType" }],
        dialect: "godot-4",
      });
    }
    const items = depth > MAX_NATIVE_DEPTH ? [] : v.items;
    if (depth > MAX_NATIVE_DEPTH && !this.refuseNull)
      throw new Refused("depth-exceeded", "Variant is too deep (more than 1024 levels)");
    const body: Item = (lv) => {
      if (lv > MAX_STRINGIFY_DEPTH) return this.tooDeep();
      return this.layout.array(items.length, lv, (i) => this.child(items[i]!, depth + 1, lv + 1, i));
    };
    if (et === undefined) return body(level);
    return this.dict(
      ["type", "elem_type", "args"],
      [() => '"Array"', () => `"${jsonEscape(et)}"`, body],
      level,
    );
  }
}

// Row-major 3x3 (at `from`) to the engine's column order.
function columns(values: readonly number[], from: number): number[] {
  const r = (i: number) => values[from + i]!;
  return [r(0), r(3), r(6), r(1), r(4), r(7), r(2), r(5), r(8)];
}

/**
 * The text Godot 4.4+ writes for `JSON.stringify(JSON.from_native(value, full_objects), indent,
 * sort_keys, full_precision)`, character for character: `"i:"`, `"f:"`, `"s:"`, `"sn:"`, `"np:"`
 * strings for scalars, `{"type": …, "args": […]}` for the other types, typed containers with
 * `elem_type` / `key_type` / `value_type`, objects as `props` when `fullObjects` is set.
 *
 * The text does not carry everything a value holds: see `jsonNativeLosses`.
 *
 * @param options `version` (default `"4.6"`), `fullObjects` (default false), `indent` (default
 *   `""`), `sortKeys` (default true), `fullPrecision` (default false), `precision` (default
 *   `"single"`), `onRefusal` (default `"throw"`).
 * @throws {EncodeError} `unsupported-kind` for a version before 4.4 or a 2.x-only kind;
 *   `objects-not-allowed` for an object or class-typed container without `fullObjects`;
 *   `invalid-value` for a script that is not a `res://` path; `depth-exceeded` past the engine's
 *   1024 levels or for a value that contains itself (unless `onRefusal: "null"`).
 */
export function writeJsonNative(value: Value, options: JsonNativeWriteOptions = {}): string {
  try {
    assertAcyclic(value, "writeJsonNative");
    const w = new NativeWriter(options);
    return w.write(value);
  } catch (e) {
    if (e instanceof Refused) throw new EncodeError(e.detail, { code: e.code, dialect: "godot-4" });
    throw asProjectError(e, "writeJsonNative", "godot-4");
  }
}

import {
  asProjectError,
  type ContainerType,
  checkExpansion,
  checkOptions,
  EncodeError,
  joinEach,
  type Value,
  type WalkOptions,
} from "@gdvariant/core";
import { nodePathText } from "../json-native/node-path-text.js";
import { dedupeEntries } from "./dedupe-keys.js";
import { cEscape, cEscapeMultiline } from "./escape.js";
import { findPath } from "./find-path.js";
import { isNullObject, keyLess, variantLess } from "./key-order.js";
import { realText, standaloneFloatText } from "./real.js";
import { type Godot4TextOptions, type Godot4TextRules, godot4TextRules } from "./rules.js";
import { godotSort } from "./sort-array.js";
import { TYPE_NAMES } from "./type-names.js";

// The engine stops descending past this many nested objects/arrays/dictionaries and prints
// `null` / `[]` / `{}` instead (VariantWriter's MAX_RECURSION; 100 in 4.6.3, measured).
const MAX_RECURSION = 100;

function ints(values: ArrayLike<number | bigint>): string {
  return joinEach(values.length, (i) => String(values[i]!), ", ");
}

function typeName(t: ContainerType | undefined): string {
  if (t === undefined) return "Variant";
  if (t.kind === "class") return t.className;
  if (t.kind === "script") return `Resource("${cEscapeMultiline(t.path)}")`;
  return TYPE_NAMES[t.type] ?? t.type;
}

class Writer {
  private readonly reals: Godot4TextRules["reals"];
  private readonly less: (a: Value, b: Value) => boolean;
  /** The value {@link refuse} refused, for its path. */
  refused: Value | undefined;
  constructor(
    private readonly rules: Godot4TextRules,
    private readonly downgrade: boolean,
  ) {
    this.reals = rules.reals;
    this.less = rules.keyOrder === "string-like" ? keyLess : variantLess;
  }

  private r(v: number): string {
    return realText(v, this.reals);
  }

  private list(values: ArrayLike<number>, double = false): string {
    const reals = this.reals;
    return joinEach(values.length, (i) => realText(values[i]!, reals, double), ", ");
  }

  write(v: Value, depth: number): string {
    switch (v.kind) {
      case "nil":
        return "null";
      case "bool":
        return v.value ? "true" : "false";
      case "int":
        return String(v.value);
      case "float":
        return standaloneFloatText(v.value, this.reals);
      case "string":
        return `"${cEscapeMultiline(v.value)}"`;
      case "stringName":
        return `&"${cEscape(v.value)}"`;
      case "vector2":
        return `Vector2(${this.r(v.x)}, ${this.r(v.y)})`;
      case "vector2i":
        return `Vector2i(${v.x}, ${v.y})`;
      case "rect2":
        return `Rect2(${this.r(v.x)}, ${this.r(v.y)}, ${this.r(v.width)}, ${this.r(v.height)})`;
      case "rect2i":
        return `Rect2i(${v.x}, ${v.y}, ${v.width}, ${v.height})`;
      case "vector3":
        return `Vector3(${this.r(v.x)}, ${this.r(v.y)}, ${this.r(v.z)})`;
      case "vector3i":
        return `Vector3i(${v.x}, ${v.y}, ${v.z})`;
      case "vector4":
        return `Vector4(${this.r(v.x)}, ${this.r(v.y)}, ${this.r(v.z)}, ${this.r(v.w)})`;
      case "vector4i":
        return `Vector4i(${v.x}, ${v.y}, ${v.z}, ${v.w})`;
      case "plane":
        return `Plane(${this.r(v.x)}, ${this.r(v.y)}, ${this.r(v.z)}, ${this.r(v.d)})`;
      case "quaternion":
        return `Quaternion(${this.r(v.x)}, ${this.r(v.y)}, ${this.r(v.z)}, ${this.r(v.w)})`;
      case "aabb":
        return `AABB(${this.r(v.x)}, ${this.r(v.y)}, ${this.r(v.z)}, ${this.r(v.width)}, ${this.r(v.height)}, ${this.r(v.depth)})`;
      case "color":
        return `Color(${this.r(v.r)}, ${this.r(v.g)}, ${this.r(v.b)}, ${this.r(v.a)})`;
      // Matrices print in wire order: Transform2D columns, Basis rows, Transform3D basis rows then
      // origin, Projection columns.
      case "transform2d":
      case "matrix32":
        return `Transform2D(${this.list(v.values)})`;
      case "basis":
      case "matrix3":
        return `Basis(${this.list(v.values)})`;
      case "transform3d":
        return `Transform3D(${this.list(v.values)})`;
      case "projection":
        return `Projection(${this.list(v.values)})`;
      case "nodePath":
        return `NodePath("${cEscape(nodePathText(v))}")`;
      case "rid":
        return v.id === 0 || v.id === 0n ? "RID()" : `RID(${String(v.id)})`;
      // The engine never stores a Callable's or Signal's content in text.
      case "callable":
        return "Callable()";
      case "signal":
        return "Signal()";
      case "object":
        return this.objectText(v, depth);
      case "array":
        return this.arrayText(v.items, v.elementType, depth);
      case "dictionary":
        return this.dictionaryText(v, depth);
      case "packedByteArray":
        return `PackedByteArray(${ints(v.data)})`;
      case "packedInt32Array":
        return `PackedInt32Array(${ints(v.data)})`;
      case "packedInt64Array":
        return `PackedInt64Array(${ints(v.data)})`;
      case "packedFloat32Array":
        return `PackedFloat32Array(${this.list(v.data)})`;
      case "packedFloat64Array":
        return `PackedFloat64Array(${this.list(v.data, true)})`;
      case "packedStringArray":
        return `PackedStringArray(${v.data.map((s) => `"${cEscape(s)}"`).join(", ")})`;
      case "packedVector2Array":
        return `PackedVector2Array(${this.list(v.data)})`;
      case "packedVector3Array":
        return `PackedVector3Array(${this.list(v.data)})`;
      case "packedColorArray":
        return `PackedColorArray(${this.list(v.data)})`;
      case "packedVector4Array":
        if (!this.rules.packedVector4Array) return this.refuse(v, "PackedVector4Array arrived in Godot 4.3");
        return `PackedVector4Array(${this.list(v.data)})`;
      case "image":
      case "inputEvent":
        // 2.x-only kinds have no 4.x text form; the engine has no such types.
        return "null";
    }
  }

  objectText(v: Extract<Value, { kind: "object" }>, depth: number): string {
    if (depth > MAX_RECURSION || isNullObject(v)) return "null";
    if (v.form === "id") {
      // bytes_to_var gives an EncodedObjectAsID instance: its stored properties are the id and
      // the (empty) script.
      return `Object(EncodedObjectAsID,"object_id":${String(v.id)},"script":null)\n`;
    }
    if (v.form !== "full") return "null";
    let s = `Object(${v.className},`;
    let first = true;
    for (const [name, value] of v.properties) {
      s += `${first ? "" : ","}"${name}":`;
      first = false;
      if (name === "script" && value.kind === "string") {
        // 4.3+ sends the script as its path; the engine loads it and prints the resource.
        s += `Resource("${cEscapeMultiline(value.value)}")`;
      } else s += this.write(value, depth + 1);
    }
    return `${s})\n`;
  }

  arrayText(items: readonly Value[], elementType: ContainerType | undefined, depth: number): string {
    let body: string;
    if (depth > MAX_RECURSION) body = "[]";
    else {
      body = "[";
      for (let i = 0; i < items.length; i++) body += (i > 0 ? ", " : "") + this.write(items[i]!, depth + 1);
      body += "]";
    }
    return elementType === undefined ? body : `Array[${typeName(elementType)}](${body})`;
  }

  dictionaryText(owner: Extract<Value, { kind: "dictionary" }>, depth: number): string {
    const { entries, keyType, valueType } = owner;
    let body: string;
    if (depth > MAX_RECURSION) body = "{}";
    else if (entries.length === 0) body = "{}";
    else {
      const sorted = dedupeEntries(entries);
      const less = this.less;
      godotSort(sorted, (a, b) => less(a[0], b[0]));
      body = "{\n";
      for (let i = 0; i < sorted.length; i++) {
        const [k, val] = sorted[i]!;
        body += `${this.write(k, depth + 1)}: ${this.write(val, depth + 1)}${i + 1 < sorted.length ? ",\n" : "\n"}`;
      }
      body += "}";
    }
    // Godot 4.6.3 cannot rebuild a script-typed dictionary on decode ("Script class can only be
    // set together with base class name"), so the dictionary it holds, and prints, is untyped.
    const typed =
      (keyType !== undefined || valueType !== undefined) &&
      keyType?.kind !== "script" &&
      valueType?.kind !== "script";
    if (!typed) return body;
    if (!this.rules.typedDictionaries) {
      // Before 4.4 no engine holds a typed dictionary: what it has is the untyped one, if asked.
      if (this.downgrade) return body;
      return this.refuse(
        owner,
        "typed dictionaries arrived in Godot 4.4 (pass downgrade: true to write it untyped)",
      );
    }
    return `Dictionary[${typeName(keyType)}, ${typeName(valueType)}](${body})`;
  }

  // Refuses a value this release has no type for; toText finds its path afterwards (only on
  // this rare path, so that writing keeps no path stack).
  private refuse(v: Value, why: string): never {
    this.refused = v;
    throw new EncodeError(`${why}; ${this.rules.version} has no such value`, {
      code: "unsupported-kind",
      dialect: "godot-4",
    });
  }
}

/** Options of {@link toText}. */
export interface ToTextOptions extends Godot4TextOptions, WalkOptions {
  /**
   * For releases before 4.4, which have no typed dictionaries: write a typed dictionary as the
   * untyped one those engines would hold, instead of refusing it. Default `false`.
   */
  downgrade?: boolean;
}

/**
 * The text the Godot 4.x engine's `var_to_str` prints for the value the engine would hold after
 * decoding `value`'s bytes: float formatting, escaping, dictionary keys in the engine's sorted
 * order, typed container prefixes, per release (`version`, default `"4.6"`).
 *
 * Releases differ in their reals (4.0-4.4 `%lg`, six significant digits; 4.5 shortest
 * round-trip digits, PackedFloat64Array elements with a double's; 4.6 shortest, a 32-bit
 * float's digits wherever a float holds the value), in their dictionary key order (Strings and
 * StringNames by content together from 4.4) and in the types that exist (PackedVector4Array
 * from 4.3, typed dictionaries from 4.4): see {@link Godot4TextRules}. Godot 4.6 is checked
 * against a running Godot 4.6.3; the other releases follow the engine source of their tag.
 *
 * Where the engine prints more than the wire carries, the wire wins: a full object lists the
 * properties it was sent with (the engine adds script variables that are not stored), and a
 * script resource prints as `Resource("res://...")` without the `uid://` the engine may add.
 * A dictionary holding one key twice prints it once with the later value, as the engine keeps it.
 *
 * A subtree held in many places is printed once per place, up to `maxValues` (default
 * 16,777,216) values in all.
 *
 * @param options `version` (default `"4.6"`), `downgrade` (default `false`), `maxValues`.
 * @throws {EncodeError} `depth-exceeded` for a value that contains itself (or deeper than the
 *   JS stack holds where keys are compared), `limit-exceeded` past `maxValues`, `invalid-value`
 *   for something that is not a well-formed value, `unsupported-kind` (with its path) for a
 *   PackedVector4Array before 4.3 or a typed dictionary before 4.4 without `downgrade`.
 * @throws {GdVariantError} for an unknown `version`.
 */
export function toText(value: Value, options?: ToTextOptions): string {
  const o = checkOptions(options, (m) => new EncodeError(`toText: ${m}`, { code: "invalid-value" }), [
    "maxValues",
  ]);
  const writer = new Writer(godot4TextRules(o), o.downgrade === true);
  try {
    // A value that contains itself would branch without end under the depth cap (a dictionary
    // that is its own key: 2^100 paths), and one that holds a subtree in many places expands
    // exponentially (41 arrays, each holding the one below twice: 2^40 leaves): refuse both
    // first, in one pass linear in the value's memory.
    checkExpansion(value, "toText", o.maxValues, true);
    return writer.write(value, 0);
  } catch (e) {
    if (writer.refused !== undefined && EncodeError.is(e)) {
      throw new EncodeError(e.detail, {
        code: e.code,
        path: findPath(value, writer.refused),
        dialect: "godot-4",
      });
    }
    throw asProjectError(e, "toText", "godot-4");
  }
}

import {
  asProjectError,
  type ContainerType,
  checkExpansion,
  checkOptions,
  type DictionaryEntry,
  EncodeError,
  joinEach,
  type Value,
  VECTOR_FIELDS,
  type WalkOptions,
} from "@gdvariant/core";
import { cEscape, cEscapeMultiline } from "./escape.js";
import { isNullObject, keyLess } from "./key-order.js";
import { floatText, rtosFix } from "./real.js";
import { godotSort } from "./sort-array.js";
import { TYPE_NAMES } from "./type-names.js";

// The engine stops descending past this many nested objects/arrays/dictionaries and prints
// `null` / `[]` / `{}` instead (VariantWriter's MAX_RECURSION; 100 in 4.6.3, measured).
const MAX_RECURSION = 100;

function reals(values: ArrayLike<number>): string {
  return joinEach(values.length, (i) => rtosFix(values[i]!), ", ");
}

function ints(values: ArrayLike<number | bigint>): string {
  return joinEach(values.length, (i) => String(values[i]!), ", ");
}

function nodePathString(v: {
  names: readonly string[];
  subnames: readonly string[];
  absolute: boolean;
  property?: string;
}): string {
  let s = v.absolute ? "/" : "";
  s += v.names.join("/");
  for (const sub of v.subnames) s += `:${sub}`;
  if (v.property !== undefined) s += `:${v.property}`;
  return s;
}

function typeName(t: ContainerType | undefined): string {
  if (t === undefined) return "Variant";
  if (t.kind === "class") return t.className;
  if (t.kind === "script") return `Resource("${cEscapeMultiline(t.path)}")`;
  return TYPE_NAMES[t.type] ?? t.type;
}

// Equal keys as the engine's Dictionary sees them (hash_compare, and String == StringName): when
// bytes hold one key twice, the later value replaces the earlier in the first key's slot.
// hash_compare treats NaN as equal to NaN and 0.0 as equal to -0.0, component by component.
function real(x: number): string {
  return Number.isNaN(x) ? "NaN" : String(x === 0 ? 0 : x);
}

function keyIdentity(k: Value): string | undefined {
  switch (k.kind) {
    case "nil":
      return "n";
    case "bool":
      return k.value ? "t" : "f";
    case "int":
      return `i${String(k.value)}`;
    case "float":
      return `d${real(k.value)}`;
    case "string":
    case "stringName":
      return `s${k.value}`;
    case "object":
      return isNullObject(k) ? "n" : undefined;
    case "nodePath":
      return `p${JSON.stringify([k.absolute, k.names, k.subnames, k.property ?? null])}`;
    case "rid":
      return `r${String(k.id)}`;
    default: {
      if (k.kind in VECTOR_FIELDS) {
        const rec = k as unknown as Record<string, number>;
        return `${k.kind}:${VECTOR_FIELDS[k.kind as keyof typeof VECTOR_FIELDS].map((f) => real(rec[f]!)).join(",")}`;
      }
      if ("values" in k && Array.isArray(k.values)) return `${k.kind}:${k.values.map(real).join(",")}`;
      return undefined;
    }
  }
}

function dedupe(entries: readonly DictionaryEntry[]): DictionaryEntry[] {
  const out: DictionaryEntry[] = [];
  const seen = new Map<string, number>();
  for (const e of entries) {
    const pk = keyIdentity(e[0]);
    if (pk === undefined) {
      out.push(e);
      continue;
    }
    const at = seen.get(pk);
    if (at === undefined) {
      seen.set(pk, out.length);
      out.push(e);
    } else out[at] = [out[at]![0], e[1]];
  }
  return out;
}

function write(v: Value, depth: number): string {
  switch (v.kind) {
    case "nil":
      return "null";
    case "bool":
      return v.value ? "true" : "false";
    case "int":
      return String(v.value);
    case "float":
      return floatText(v.value);
    case "string":
      return `"${cEscapeMultiline(v.value)}"`;
    case "stringName":
      return `&"${cEscape(v.value)}"`;
    case "vector2":
      return `Vector2(${rtosFix(v.x)}, ${rtosFix(v.y)})`;
    case "vector2i":
      return `Vector2i(${v.x}, ${v.y})`;
    case "rect2":
      return `Rect2(${rtosFix(v.x)}, ${rtosFix(v.y)}, ${rtosFix(v.width)}, ${rtosFix(v.height)})`;
    case "rect2i":
      return `Rect2i(${v.x}, ${v.y}, ${v.width}, ${v.height})`;
    case "vector3":
      return `Vector3(${rtosFix(v.x)}, ${rtosFix(v.y)}, ${rtosFix(v.z)})`;
    case "vector3i":
      return `Vector3i(${v.x}, ${v.y}, ${v.z})`;
    case "vector4":
      return `Vector4(${rtosFix(v.x)}, ${rtosFix(v.y)}, ${rtosFix(v.z)}, ${rtosFix(v.w)})`;
    case "vector4i":
      return `Vector4i(${v.x}, ${v.y}, ${v.z}, ${v.w})`;
    case "plane":
      return `Plane(${rtosFix(v.x)}, ${rtosFix(v.y)}, ${rtosFix(v.z)}, ${rtosFix(v.d)})`;
    case "quaternion":
      return `Quaternion(${rtosFix(v.x)}, ${rtosFix(v.y)}, ${rtosFix(v.z)}, ${rtosFix(v.w)})`;
    case "aabb":
      return `AABB(${rtosFix(v.x)}, ${rtosFix(v.y)}, ${rtosFix(v.z)}, ${rtosFix(v.width)}, ${rtosFix(v.height)}, ${rtosFix(v.depth)})`;
    case "color":
      return `Color(${rtosFix(v.r)}, ${rtosFix(v.g)}, ${rtosFix(v.b)}, ${rtosFix(v.a)})`;
    // Matrices print in wire order: Transform2D columns, Basis rows, Transform3D basis rows then
    // origin, Projection columns.
    case "transform2d":
    case "matrix32":
      return `Transform2D(${reals(v.values)})`;
    case "basis":
    case "matrix3":
      return `Basis(${reals(v.values)})`;
    case "transform3d":
      return `Transform3D(${reals(v.values)})`;
    case "projection":
      return `Projection(${reals(v.values)})`;
    case "nodePath":
      return `NodePath("${cEscape(nodePathString(v))}")`;
    case "rid":
      return v.id === 0 || v.id === 0n ? "RID()" : `RID(${String(v.id)})`;
    // The engine never stores a Callable's or Signal's content in text.
    case "callable":
      return "Callable()";
    case "signal":
      return "Signal()";
    case "object":
      return objectText(v, depth);
    case "array":
      return arrayText(v.items, v.elementType, depth);
    case "dictionary":
      return dictionaryText(v.entries, v.keyType, v.valueType, depth);
    case "packedByteArray":
      return `PackedByteArray(${ints(v.data)})`;
    case "packedInt32Array":
      return `PackedInt32Array(${ints(v.data)})`;
    case "packedInt64Array":
      return `PackedInt64Array(${ints(v.data)})`;
    case "packedFloat32Array":
      return `PackedFloat32Array(${reals(v.data)})`;
    case "packedFloat64Array":
      return `PackedFloat64Array(${reals(v.data)})`;
    case "packedStringArray":
      return `PackedStringArray(${v.data.map((s) => `"${cEscape(s)}"`).join(", ")})`;
    case "packedVector2Array":
      return `PackedVector2Array(${reals(v.data)})`;
    case "packedVector3Array":
      return `PackedVector3Array(${reals(v.data)})`;
    case "packedColorArray":
      return `PackedColorArray(${reals(v.data)})`;
    case "packedVector4Array":
      return `PackedVector4Array(${reals(v.data)})`;
    case "image":
    case "inputEvent":
      // 2.x-only kinds have no 4.x text form; the engine has no such types.
      return "null";
  }
}

function objectText(v: Extract<Value, { kind: "object" }>, depth: number): string {
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
    } else s += write(value, depth + 1);
  }
  return `${s})\n`;
}

function arrayText(items: readonly Value[], elementType: ContainerType | undefined, depth: number): string {
  let body: string;
  if (depth > MAX_RECURSION) body = "[]";
  else {
    body = "[";
    for (let i = 0; i < items.length; i++) body += (i > 0 ? ", " : "") + write(items[i]!, depth + 1);
    body += "]";
  }
  return elementType === undefined ? body : `Array[${typeName(elementType)}](${body})`;
}

function dictionaryText(
  entries: readonly DictionaryEntry[],
  keyType: ContainerType | undefined,
  valueType: ContainerType | undefined,
  depth: number,
): string {
  let body: string;
  if (depth > MAX_RECURSION) body = "{}";
  else if (entries.length === 0) body = "{}";
  else {
    const sorted = dedupe(entries);
    godotSort(sorted, (a, b) => keyLess(a[0], b[0]));
    body = "{\n";
    for (let i = 0; i < sorted.length; i++) {
      const [k, val] = sorted[i]!;
      body += `${write(k, depth + 1)}: ${write(val, depth + 1)}${i + 1 < sorted.length ? ",\n" : "\n"}`;
    }
    body += "}";
  }
  // Godot 4.6.3 cannot rebuild a script-typed dictionary on decode ("Script class can only be
  // set together with base class name"), so the dictionary it holds, and prints, is untyped.
  const typed =
    (keyType !== undefined || valueType !== undefined) &&
    keyType?.kind !== "script" &&
    valueType?.kind !== "script";
  return typed ? `Dictionary[${typeName(keyType)}, ${typeName(valueType)}](${body})` : body;
}

/**
 * The text the Godot 4.x engine's `var_to_str` prints for the value the engine would hold after
 * decoding `value`'s bytes: float formatting (Grisu2 digits, `inf_neg`, `.0` on whole floats),
 * escaping, dictionary keys in the engine's sorted order, typed container prefixes.
 *
 * Where the engine prints more than the wire carries, the wire wins: a full object lists the
 * properties it was sent with (the engine adds script variables that are not stored), and a
 * script resource prints as `Resource("res://...")` without the `uid://` the engine may add.
 * A dictionary holding one key twice prints it once with the later value, as the engine keeps it.
 *
 * A subtree held in many places is printed once per place, up to `maxValues` (default
 * 16,777,216) values in all.
 *
 * @throws {EncodeError} `depth-exceeded` for a value that contains itself (or deeper than the
 *   JS stack holds where keys are compared), `limit-exceeded` past `maxValues`, `invalid-value`
 *   for something that is not a well-formed value; nothing else.
 */
export function toText(value: Value, options?: WalkOptions): string {
  try {
    const o = checkOptions(options, (m) => new EncodeError(`toText: ${m}`, { code: "invalid-value" }), [
      "maxValues",
    ]);
    // A value that contains itself would branch without end under the depth cap (a dictionary
    // that is its own key: 2^100 paths), and one that holds a subtree in many places expands
    // exponentially (41 arrays, each holding the one below twice: 2^40 leaves): refuse both
    // first, in one pass linear in the value's memory.
    checkExpansion(value, "toText", o.maxValues, true);
    return write(value, 0);
  } catch (e) {
    throw asProjectError(e, "toText", "godot-4");
  }
}

import { describeJS } from "../describe.js";
import { isInt64 } from "./int64.js";
import { isKind, MATRIX_SIZES, VECTOR_FIELDS } from "./types.js";

// Whether one value has the fields the model says it has: for walks that print or copy fields
// (the text writers, convertValue) and would otherwise coerce what is not a number or a string:
// a sparse array of length 2^32 - 1 where a number belongs is joined into a string before it is
// a number, which never ends. The writer's codecs check what they write themselves (encode);
// this checks one value's own fields, not the values it holds.

// Longer arrays inside a value's fields are refused: the collection limit of decode and encode.
const MAX_LENGTH = 0x1000000; // 2^24 (a literal: a bundle of core's dist drops it unused)

const INT_VECTORS: ReadonlySet<string> = new Set(["vector2i", "rect2i", "vector3i", "vector4i"]);
const TYPED: Readonly<Record<string, Function>> = {
  packedByteArray: Uint8Array,
  packedInt32Array: Int32Array,
  packedInt64Array: BigInt64Array,
  packedFloat32Array: Float32Array,
  packedFloat64Array: Float64Array,
  packedColorArray: Float32Array,
};
/** The fields of an inputEvent value besides its kind (2.x). @internal */
export const INPUT_EVENT_FIELDS: readonly string[] = [
  "eventType",
  "device",
  "modifiers",
  "scancode",
  "buttonIndex",
  "index",
  "axis",
  "axisValue",
];

const isNumber = (x: unknown): x is number => typeof x === "number";
const isString = (x: unknown): x is string => typeof x === "string";
const isList = (x: unknown): x is readonly unknown[] => Array.isArray(x) && x.length <= MAX_LENGTH;
const isPair = (x: unknown): boolean => Array.isArray(x) && x.length === 2;

function isContainerType(t: unknown): boolean {
  if (typeof t !== "object" || t === null) return false;
  const c = t as { kind?: unknown; type?: unknown; className?: unknown; path?: unknown };
  return c.kind === "builtin"
    ? isKind(c.type)
    : c.kind === "class"
      ? isString(c.className)
      : c.kind === "script" && isString(c.path);
}

const bad = (kind: string, field: string, x: unknown, expected: string) =>
  Array.isArray(x) && x.length > MAX_LENGTH
    ? `${kind}.${field} holds ${x.length} items, over the ${MAX_LENGTH} a value's list may hold`
    : `${kind}.${field} must be ${expected}, not ${describeJS(x)}`;

/**
 * What is wrong with one value's own fields (its children are not looked at), or undefined when
 * nothing is: a field of the wrong type, a missing one, a number outside the model's range, an
 * array longer than 2^24. Never coerces a field.
 * @internal
 */
export function malformed(v: unknown): string | undefined {
  if (typeof v !== "object" || v === null) return `not a value: ${describeJS(v)}`;
  const o = v as Record<string, unknown>;
  const kind = o.kind;
  // The commonest kinds first, known kinds without isKind's lookup (a walk checks every value).
  switch (kind) {
    case "string":
    case "stringName":
      return isString(o.value) ? undefined : bad(kind, "value", o.value, "a string");
    case "int":
      return isInt64(o.value) ? undefined : bad(kind, "value", o.value, "an int64");
    case "float":
      return isNumber(o.value) ? undefined : bad(kind, "value", o.value, "a number");
    case "bool":
      return typeof o.value === "boolean" ? undefined : bad(kind, "value", o.value, "a boolean");
    case "nil":
      return undefined;
    case "vector2":
      if (isNumber(o.x) && isNumber(o.y)) return undefined;
      break; // the field loop below says which field is wrong
    case "vector3":
      if (isNumber(o.x) && isNumber(o.y) && isNumber(o.z)) return undefined;
      break;
    case "color":
      if (isNumber(o.r) && isNumber(o.g) && isNumber(o.b) && isNumber(o.a)) return undefined;
      break;
    case "array":
      return array(o);
    case "dictionary":
      return dictionary(o);
  }
  if (!isKind(kind)) return `not a value (kind ${describeJS(kind)})`;
  const fields = (VECTOR_FIELDS as Record<string, readonly string[] | undefined>)[kind];
  if (fields !== undefined) {
    const int = INT_VECTORS.has(kind);
    for (const f of fields) {
      const x = o[f];
      if (int ? !(isNumber(x) && (x | 0) === x) : !isNumber(x))
        return bad(kind, f, x, int ? "an int32" : "a number");
    }
    return undefined;
  }
  const size = (MATRIX_SIZES as Record<string, number | undefined>)[kind];
  if (size !== undefined) {
    const values = o.values;
    if (!Array.isArray(values) || values.length !== size || !values.every(isNumber))
      return bad(kind, "values", values, `an array of ${size} numbers`);
    return undefined;
  }
  switch (kind) {
    case "callable":
      return undefined;
    case "nodePath":
      for (const f of ["names", "subnames"]) {
        const x = o[f];
        if (!isList(x) || !x.every(isString)) return bad(kind, f, x, "an array of strings");
      }
      if (typeof o.absolute !== "boolean") return bad(kind, "absolute", o.absolute, "a boolean");
      return o.property === undefined || isString(o.property)
        ? undefined
        : bad(kind, "property", o.property, "a string");
    case "rid":
      return isInt64(o.id) ? undefined : bad(kind, "id", o.id, "an int64");
    case "signal":
      if (!isString(o.name)) return bad(kind, "name", o.name, "a string");
      return isInt64(o.objectId) ? undefined : bad(kind, "objectId", o.objectId, "an int64");
    case "object":
      if (o.form === "null") return undefined;
      if (o.form === "id") return isInt64(o.id) ? undefined : bad(kind, "id", o.id, "an int64");
      if (o.form !== "full") return bad(kind, "form", o.form, '"id", "full" or "null"');
      if (!isString(o.className)) return bad(kind, "className", o.className, "a string");
      if (!isList(o.properties) || !o.properties.every((p) => isPair(p) && isString((p as unknown[])[0])))
        return bad(kind, "properties", o.properties, "an array of [name, value] pairs");
      return undefined;
    case "packedStringArray":
      return isList(o.data) && o.data.every(isString)
        ? undefined
        : bad(kind, "data", o.data, "an array of strings");
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedVector4Array":
      return o.data instanceof Float32Array || o.data instanceof Float64Array
        ? undefined
        : bad(kind, "data", o.data, "a Float32Array or Float64Array");
    case "image":
      for (const f of ["format", "mipmaps", "width", "height"]) {
        if (!Number.isInteger(o[f])) return bad(kind, f, o[f], "a whole number");
      }
      return o.data instanceof Uint8Array ? undefined : bad(kind, "data", o.data, "a Uint8Array");
    case "inputEvent":
      for (const f of INPUT_EVENT_FIELDS) {
        const x = o[f];
        if ((x !== undefined || f === "eventType" || f === "device") && !isNumber(x))
          return bad(kind, f, x, "a number");
      }
      return undefined;
    default: {
      const ctor = TYPED[kind];
      return ctor !== undefined && o.data instanceof ctor
        ? undefined
        : bad(kind, "data", o.data, `a ${ctor?.name}`);
    }
  }
}

function array(o: Record<string, unknown>): string | undefined {
  if (!isList(o.items)) return bad("array", "items", o.items, "an array");
  if (o.elementType !== undefined && !isContainerType(o.elementType))
    return bad("array", "elementType", o.elementType, "a container type");
  return o.shared === undefined || typeof o.shared === "boolean"
    ? undefined
    : bad("array", "shared", o.shared, "a boolean");
}

function dictionary(o: Record<string, unknown>): string | undefined {
  if (!isList(o.entries) || !o.entries.every(isPair))
    return bad("dictionary", "entries", o.entries, "an array of [key, value] pairs");
  for (const f of ["keyType", "valueType"]) {
    if (o[f] !== undefined && !isContainerType(o[f])) return bad("dictionary", f, o[f], "a container type");
  }
  return o.shared === undefined || typeof o.shared === "boolean"
    ? undefined
    : bad("dictionary", "shared", o.shared, "a boolean");
}

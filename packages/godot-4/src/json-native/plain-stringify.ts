import { asProjectError, assertAcyclic, EncodeError, type Value } from "@gdvariant/core";
import { dedupeEntries } from "../text/dedupe-keys.js";
import { isNullObject, keyLess, variantLess } from "../text/key-order.js";
import { godotSort } from "../text/sort-array.js";
import type { Godot4Version } from "../versions.js";
import { cNum, numReal, numRealFloat } from "./c-number.js";
import { jsonEscape, jsonFloat } from "./json-number.js";
import { JsonLayout, MAX_STRINGIFY_DEPTH } from "./layout.js";
import { nodePathText } from "./node-path-text.js";
import { type Godot4JsonRules, godot4JsonRules } from "./rules.js";

/** Options of {@link writeJsonStringify}. */
export interface JsonStringifyOptions {
  /** The engine release whose `JSON.stringify` to follow. Default `"4.6"`. */
  version?: Godot4Version;
  /** `indent`. Default `""`. */
  indent?: string;
  /** `sort_keys`. Default `true`. */
  sortKeys?: boolean;
  /** `full_precision`. Default `false`. */
  fullPrecision?: boolean;
}

const r = (x: number) => numRealFloat(x, true);
const vec = (xs: readonly number[]) => `(${xs.map(r).join(", ")})`;
// Color's String: String::num(component, 4) each (measured on 4.6.3: "(0.0148, 0.797, 0.3233, 1.0)").
const colorText = (xs: readonly number[]) => `(${xs.map((x) => cNum(Math.fround(x), 4)).join(", ")})`;
const ints = (xs: readonly number[]) => `(${xs.join(", ")})`;

function columns3(v: readonly number[], from: number): [number[], number[], number[]] {
  const a = (i: number) => v[from + i]!;
  return [
    [a(0), a(3), a(6)],
    [a(1), a(4), a(7)],
    [a(2), a(5), a(8)],
  ];
}

/** `String(Variant)` (`Variant::stringify`) for the types `JSON.stringify` writes as strings. */
function variantText(v: Value): string {
  switch (v.kind) {
    case "nil":
      return "<null>";
    case "bool":
      return v.value ? "true" : "false";
    case "int":
      return String(v.value);
    case "float":
      return numReal(v.value, true);
    case "string":
    case "stringName":
      return v.value;
    case "nodePath":
      return nodePathText(v);
    case "vector2":
      return vec([v.x, v.y]);
    case "vector2i":
      return ints([v.x, v.y]);
    case "rect2":
      return `[P: ${vec([v.x, v.y])}, S: ${vec([v.width, v.height])}]`;
    case "rect2i":
      return `[P: ${ints([v.x, v.y])}, S: ${ints([v.width, v.height])}]`;
    case "vector3":
      return vec([v.x, v.y, v.z]);
    case "vector3i":
      return ints([v.x, v.y, v.z]);
    case "vector4":
      return vec([v.x, v.y, v.z, v.w]);
    case "vector4i":
      return ints([v.x, v.y, v.z, v.w]);
    case "quaternion":
      // Quaternion's String has no ".0" on whole components (measured on 4.6.3).
      return `(${[v.x, v.y, v.z, v.w].map((x) => numRealFloat(x, false)).join(", ")})`;
    case "color":
      return colorText([v.r, v.g, v.b, v.a]);
    case "plane":
      return `[N: ${vec([v.x, v.y, v.z])}, D: ${numRealFloat(v.d, false)}]`;
    case "aabb":
      return `[P: ${vec([v.x, v.y, v.z])}, S: ${vec([v.width, v.height, v.depth])}]`;
    case "transform2d":
    case "matrix32": {
      const a = v.values;
      return `[X: ${vec([a[0]!, a[1]!])}, Y: ${vec([a[2]!, a[3]!])}, O: ${vec([a[4]!, a[5]!])}]`;
    }
    case "basis":
    case "matrix3": {
      const [x, y, z] = columns3(v.values, 0);
      return `[X: ${vec(x)}, Y: ${vec(y)}, Z: ${vec(z)}]`;
    }
    case "transform3d": {
      const [x, y, z] = columns3(v.values, 0);
      const a = v.values;
      return `[X: ${vec(x)}, Y: ${vec(y)}, Z: ${vec(z)}, O: ${vec([a[9]!, a[10]!, a[11]!])}]`;
    }
    case "projection": {
      const a = v.values;
      const c = (i: number) => vec([a[i]!, a[i + 1]!, a[i + 2]!, a[i + 3]!]);
      return `[X: ${c(0)}, Y: ${c(4)}, Z: ${c(8)}, W: ${c(12)}]`;
    }
    case "rid":
      return `RID(${String(v.id)})`;
    case "callable":
      return "null::null";
    case "signal":
      return `null::[signal]${v.name}`;
    case "packedByteArray":
    case "packedInt32Array":
    case "packedInt64Array":
      return `[${Array.from(v.data as ArrayLike<number | bigint>, String).join(", ")}]`;
    case "packedFloat32Array":
    case "packedFloat64Array":
      return `[${Array.from(v.data, (x) => numReal(x, true)).join(", ")}]`;
    case "packedStringArray":
      return `[${v.data.map((s) => `"${s}"`).join(", ")}]`;
    case "packedVector2Array":
    case "packedVector3Array":
    case "packedColorArray":
    case "packedVector4Array": {
      const n = v.kind === "packedVector2Array" ? 2 : v.kind === "packedVector3Array" ? 3 : 4;
      const parts: string[] = [];
      const one = v.kind === "packedColorArray" ? colorText : vec;
      for (let i = 0; i + n <= v.data.length; i += n) parts.push(one(Array.from(v.data.subarray(i, i + n))));
      return `[${parts.join(", ")}]`;
    }
    case "array":
      return `[${v.items.map(variantText).join(", ")}]`;
    case "dictionary":
      return `{ ${v.entries.map(([k, x]) => `${variantText(k)}: ${variantText(x)}`).join(", ")} }`;
    case "object":
      if (isNullObject(v)) return "<null>";
      throw new EncodeError(
        "JSON.stringify writes an object as its instance id, which only the running engine knows",
        {
          code: "unsupported-kind",
          dialect: "godot-4",
        },
      );
    case "image":
    case "inputEvent":
      throw new EncodeError(`Godot 4 has no ${v.kind} type`, {
        code: "unsupported-kind",
        dialect: "godot-4",
      });
  }
}

class PlainWriter {
  private readonly layout: JsonLayout;
  private readonly full: boolean;
  private readonly less: (a: Value, b: Value) => boolean;

  constructor(
    private readonly rules: Godot4JsonRules,
    o: JsonStringifyOptions,
  ) {
    this.layout = new JsonLayout(o.indent ?? "", o.sortKeys ?? true);
    this.full = o.fullPrecision ?? false;
    this.less = rules.keyOrder === "string-like" ? keyLess : variantLess;
  }

  private float(x: number, level: number): string {
    // Before 4.5 the recursion dropped full_precision: only a float at the top had it.
    const passes = this.rules.floatFormat === "4.5" || this.rules.floatFormat === "4.6";
    return jsonFloat(x, this.rules, this.full && (passes || level === 0));
  }

  write(v: Value, level: number): string {
    if (level > MAX_STRINGIFY_DEPTH)
      throw new EncodeError("JSON structure is too deep (more than 1024 levels)", {
        code: "depth-exceeded",
        dialect: "godot-4",
      });
    switch (v.kind) {
      case "nil":
        return "null";
      case "bool":
        return v.value ? "true" : "false";
      case "int":
        return String(v.value);
      case "float":
        return this.float(v.value, level);
      case "object":
        if (isNullObject(v)) return "null";
        return `"${jsonEscape(variantText(v))}"`;
      case "packedInt32Array":
      case "packedInt64Array":
        return this.layout.array(v.data.length, level, (i) => String(v.data[i]!));
      case "packedFloat32Array":
      case "packedFloat64Array":
        return this.layout.array(v.data.length, level, (i) => this.float(v.data[i]!, level + 1));
      case "packedStringArray":
        return this.layout.array(v.data.length, level, (i) => `"${jsonEscape(v.data[i]!)}"`);
      case "array":
        return this.layout.array(v.items.length, level, (i) => this.write(v.items[i]!, level + 1));
      case "dictionary": {
        const entries = dedupeEntries(v.entries);
        if (this.layout.sortKeys) godotSort(entries, (a, b) => this.less(a[0], b[0]));
        return this.layout.object(
          entries.map((e) => variantText(e[0])),
          level,
          (i) => this.write(entries[i]![1], level + 1),
        );
      }
      default:
        return `"${jsonEscape(variantText(v))}"`;
    }
  }
}

/**
 * What the engine's plain `JSON.stringify(value, indent, sort_keys, full_precision)` writes,
 * character for character: the form most 4.x games send. One way only: ints and floats both
 * become JSON numbers (they read back as floats), Packed int, float and String arrays become
 * plain arrays, every other non-JSON type becomes its `String(v)` text (`"(1.0, 2.0)"` for a
 * Vector2, six significant digits), dictionary keys become their `String(key)` (an int key 1
 * and a String key "1" both write `"1"`), StringName and NodePath lose their type, NaN becomes
 * `null` (4.6) and infinities `1e99999`. Read it back with any JSON parser.
 *
 * @param options `version` (default `"4.6"`), `indent` (default `""`), `sortKeys` (default
 *   true), `fullPrecision` (default false).
 * @throws {EncodeError} `unsupported-kind` for a non-null object (the engine writes its instance
 *   id, `"<Node#123>"`, which only the running engine knows) or a 2.x-only kind;
 *   `depth-exceeded` past 1024 levels or for a value that contains itself.
 */
export function writeJsonStringify(value: Value, options: JsonStringifyOptions = {}): string {
  try {
    assertAcyclic(value, "writeJsonStringify");
    return new PlainWriter(godot4JsonRules(options.version ?? "4.6"), options).write(value, 0);
  } catch (e) {
    throw asProjectError(e, "writeJsonStringify", "godot-4");
  }
}

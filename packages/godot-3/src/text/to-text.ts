import {
  asProjectError,
  checkExpansion,
  checkOptions,
  DEFAULT_MAX_DEPTH,
  EncodeError,
  joinEach,
  type PathSegment,
  poolKeyOf,
  sortArrayGodot3,
  type Value,
  type WalkOptions,
} from "@gdvariant/core";
import type { Godot3DialectOptions } from "../options.js";
import { isNullObject, typeOrder, variantLess } from "./compare.js";
import { cEscape, cEscapeMultiline } from "./escape.js";
import { realText, standaloneRealText } from "./real.js";
import { type Godot3TextRules, godot3TextRules } from "./rules.js";

/** Options of {@link toText}: the engine release (default `"3.6"`) and a depth limit. */
export interface ToTextOptions extends Godot3DialectOptions, WalkOptions {
  /** Deepest nesting written (root = 0). Default 1024, the engine's limit. */
  maxDepth?: number;
}

// Whole numbers of a pool array, written in flat batches (joinEach) rather than one array of
// strings per element.
const whole = (values: ArrayLike<number>): string => joinEach(values.length, (i) => String(values[i]!), ", ");

// Keys the engine's Dictionary merges (VariantHasher + VariantComparator): same type and equal
// values, NaN equal to NaN, 0 equal to -0. Objects and dictionaries never merge: each decode
// makes a new instance, and 3.x compares those by address. The id below is equal for two keys
// exactly when the engine would merge them, so merging is one Map lookup per key.
const norm = (x: number): string => (Number.isNaN(x) ? "nan" : x === 0 ? "0" : String(x));

function keyId(v: Value, unique: () => string): string {
  switch (v.kind) {
    case "nil":
      return "n";
    case "object":
      return isNullObject(v) ? "n" : unique();
    case "dictionary":
      return unique();
    case "bool":
      return v.value ? "t" : "f";
    case "int":
      return `i${String(v.value)}`; // canonical Int64: a number when safe, else a bigint
    case "float":
      return `r${norm(v.value)}`;
    case "string":
      return `s|${v.value}`;
    case "rid":
      return "R";
    case "nodePath": {
      const subs = v.property !== undefined ? [...v.subnames, v.property] : v.subnames;
      return `p${JSON.stringify([v.absolute, v.names, subs])}`;
    }
    case "array":
      return `a[${v.items.map((item) => keyId(item, unique)).join(",")}]`;
    case "packedStringArray":
      return `S${JSON.stringify(v.data)}`;
    default: {
      if ("data" in v) return `${v.kind}:${Array.from(v.data as ArrayLike<number>, norm).join(",")}`;
      if ("values" in v) return `${v.kind}:${v.values.map((x) => norm(Math.fround(x))).join(",")}`;
      const rec = v as unknown as Record<string, number>;
      const fields = Object.keys(rec).filter((k) => k !== "kind");
      return `${v.kind}:${fields.map((k) => norm(Math.fround(rec[k]!))).join(",")}`;
    }
  }
}

class Writer {
  private depth = 0;
  private readonly path: PathSegment[] = [];
  constructor(
    private readonly maxDepth: number,
    private readonly rules: Godot3TextRules,
  ) {}

  // Every real inside a math type or pool array is a 32-bit float in the engine (real_t).
  private readonly r = (v: number): string => realText(Math.fround(v), this.rules.negativeInfinity);
  private list(values: ArrayLike<number>): string {
    const r = this.r;
    return joinEach(values.length, (i) => r(values[i]!), ", ");
  }

  private nested(v: Value, seg: PathSegment): string {
    if (++this.depth > this.maxDepth) {
      throw new EncodeError(`nesting deeper than ${this.maxDepth} (or a cycle)`, {
        code: "depth-exceeded",
        path: [...this.path, seg],
        dialect: "godot-3",
      });
    }
    this.path.push(seg);
    try {
      return this.write(v);
    } finally {
      this.path.pop();
      this.depth--;
    }
  }

  write(v: Value): string {
    const r = this.r;
    switch (v.kind) {
      case "nil":
        return "null";
      case "bool":
        return v.value ? "true" : "false";
      case "int":
        return String(v.value);
      case "float":
        return standaloneRealText(v.value, this.rules.negativeInfinity);
      case "string":
        return `"${cEscapeMultiline(v.value)}"`;
      case "vector2":
        return `Vector2( ${r(v.x)}, ${r(v.y)} )`;
      case "rect2":
        return `Rect2( ${r(v.x)}, ${r(v.y)}, ${r(v.width)}, ${r(v.height)} )`;
      case "vector3":
        return `Vector3( ${r(v.x)}, ${r(v.y)}, ${r(v.z)} )`;
      case "transform2d":
        return `Transform2D( ${this.list(v.values)} )`;
      case "plane":
        return `Plane( ${r(v.x)}, ${r(v.y)}, ${r(v.z)}, ${r(v.d)} )`;
      case "quaternion":
        return `Quat( ${r(v.x)}, ${r(v.y)}, ${r(v.z)}, ${r(v.w)} )`;
      case "aabb":
        return `AABB( ${r(v.x)}, ${r(v.y)}, ${r(v.z)}, ${r(v.width)}, ${r(v.height)}, ${r(v.depth)} )`;
      case "basis":
        return `Basis( ${this.list(v.values)} )`;
      case "transform3d":
        return `Transform( ${this.list(v.values)} )`;
      case "color":
        return `Color( ${r(v.r)}, ${r(v.g)}, ${r(v.b)}, ${r(v.a)} )`;
      case "nodePath":
        return `NodePath("${cEscape(nodePathString(v))}")`;
      case "rid":
        // 3.x VariantWriter has no case for _RID: it writes nothing at all.
        return "";
      case "object":
        return this.object(v);
      case "dictionary":
        return this.dictionary(v);
      case "array": {
        if (v.elementType !== undefined) return this.typed("array");
        const parts = v.items.map((item, i) => this.nested(item, i));
        return `[ ${parts.join(", ")} ]`;
      }
      case "packedByteArray":
        return `PoolByteArray( ${whole(v.data)} )`;
      case "packedInt32Array":
        return `PoolIntArray( ${whole(v.data)} )`;
      case "packedFloat32Array":
        return `PoolRealArray( ${this.list(v.data)} )`;
      case "packedStringArray":
        return `PoolStringArray( ${v.data.map((s) => `"${cEscape(s)}"`).join(", ")} )`;
      case "packedVector2Array":
        return `PoolVector2Array( ${this.list(v.data)} )`;
      case "packedVector3Array":
        return `PoolVector3Array( ${this.list(v.data)} )`;
      case "packedColorArray":
        return `PoolColorArray( ${this.list(v.data)} )`;
      default:
        return this.unsupported(v.kind);
    }
  }

  private unsupported(what: string): never {
    throw new EncodeError(`Godot 3.x has no ${what}; convert the value first`, {
      code: "unsupported-kind",
      path: [...this.path],
      dialect: "godot-3",
    });
  }

  // The rule of every writer (core's container codecs): refused, naming convertValue.
  private typed(what: string): never {
    throw new EncodeError(
      `Godot 3.x has no typed ${what}; convertValue writes it untyped and reports the loss`,
      { code: "unsupported-kind", path: [...this.path], dialect: "godot-3" },
    );
  }

  private object(v: Value & { kind: "object" }): string {
    if (isNullObject(v)) return "null";
    if (v.form === "id") {
      // bytes2var turns an id into an EncodedObjectAsID; var2str lists its stored properties.
      return `Object(EncodedObjectAsID,"object_id":${String(v.id)},"script":null)\n`;
    }
    if (v.form !== "full") return "null";
    const props = v.properties.map(([name, value]) => `"${name}":${this.nested(value, { property: name })}`);
    return `Object(${v.className},${props.join(",")})\n`;
  }

  private dictionary(v: Value & { kind: "dictionary" }): string {
    if (v.keyType !== undefined || v.valueType !== undefined) return this.typed("dictionary");
    // The engine's Dictionary keeps the first position of a key and the last value stored.
    const keys: Value[] = [];
    const values: Value[] = [];
    const index = new Map<string, number>();
    let n = 0;
    const unique = () => `#${n++}`;
    for (const [key, value] of v.entries) {
      const id = keyId(key, unique);
      const at = index.get(id);
      if (at === undefined) {
        index.set(id, keys.length);
        keys.push(key);
        values.push(value);
      } else values[at] = value;
    }
    if (keys.length === 0) return this.rules.emptyDictionary;
    const approx = this.rules.vectorOrder === "approx";
    // Pool-array keys: the engine's `<` only tells "differs", which makes the sort's last pass
    // quadratic (with other keys among them too); their type order and equality keys let it
    // find where each key stops without the walk, with the same result.
    const order = sortArrayGodot3(
      keys.map((_, i) => i),
      (a, b) => variantLess(keys[a]!, keys[b]!, approx),
      { rankOf: (i) => ({ type: typeOrder(keys[i]!), key: poolKeyOf(keys[i]!) }) },
    );
    const lines = order.map((i, n) => {
      const key = keys[i]!;
      return `${this.nested(key, { keyAt: n })}: ${this.nested(values[i]!, { key })}`;
    });
    return `{\n${lines.join(",\n")}\n}`;
  }
}

/**
 * `NodePath::operator String()` of 3.x: `/` first when absolute, names joined by `/`, each
 * subname after `:`. A path with no names and no subnames has no data in the engine, so it
 * prints as the empty string even when the absolute flag was set.
 */
export function nodePathString(v: Value & { kind: "nodePath" }): string {
  const subnames = v.property !== undefined ? [...v.subnames, v.property] : v.subnames;
  if (v.names.length === 0 && subnames.length === 0) return "";
  let s = v.absolute ? "/" : "";
  s += v.names.join("/");
  for (const sub of subnames) s += `:${sub}`;
  return s;
}

/**
 * The text Godot 3.x `var2str` prints for the value, exactly: `Vector2( 1, 2 )`, `[ 1, 2 ]`,
 * `{\n"k": v\n}` with keys in the engine's sort order, reals via `%lg` after narrowing to
 * 32-bit, strings and NodePaths escaped as the engine does.
 *
 * An object id prints as the `EncodedObjectAsID` that `bytes2var` makes of it; a full object
 * prints its class and the properties it carries, in order (the engine would list the
 * properties of the instance it creates, which are the same for engine-written data).
 *
 * The release matters (see {@link godot3TextRules}): `{\n}` or `{\n\n}` for an empty
 * Dictionary, `inf_neg` or `-inf`, and the order of Vector2/Vector3 keys.
 *
 * @param options `version` (default `"3.6"`), `maxDepth` (default 1024), `maxValues` (default
 *   16,777,216: a subtree held in many places is printed once per place, up to that many values).
 * @throws {EncodeError} `unsupported-kind` for a kind 3.x does not have (Vector2i, typed
 *   containers...), `depth-exceeded` past `maxDepth` or for a value that contains itself,
 *   `limit-exceeded` past `maxValues`, `invalid-value` for an unknown `version` or options that
 *   are not options; nothing else.
 */
export function toText(value: Value, options?: ToTextOptions): string {
  const o = checkOptions(
    options,
    (m) => new EncodeError(`toText: ${m}`, { code: "invalid-value", dialect: "godot-3" }),
    ["maxDepth", "maxValues"],
  );
  let rules: Godot3TextRules;
  try {
    rules = godot3TextRules(o);
  } catch (e) {
    throw new EncodeError(String((e as Error).message), {
      code: "invalid-value",
      dialect: "godot-3",
      cause: e,
    });
  }
  const w = new Writer(o.maxDepth ?? DEFAULT_MAX_DEPTH, rules);
  try {
    // A value that holds a subtree in many places expands exponentially (41 arrays, each
    // holding the one below twice: 2^40 leaves); it is refused first, in one pass linear in
    // its memory, as is a value that contains itself.
    checkExpansion(value, "toText", o.maxValues, true);
    return w.write(value);
  } catch (e) {
    throw asProjectError(e, "toText", "godot-3");
  }
}

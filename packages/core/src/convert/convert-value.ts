import { Tag } from "../codecs/inline.js";
import { type Compiled, compile } from "../dialect/compiled.js";
import type { Dialect } from "../dialect/contract.js";
import { encodeWith } from "../dialect/encoder.js";
import { checkOptions, DEFAULT_MAX_DEPTH } from "../dialect/options.js";
import {
  SEGMENT_INDEX,
  SEGMENT_KEY,
  SEGMENT_KEY_AT,
  SEGMENT_PROPERTY,
  type SegmentKind,
  segmentOf,
} from "../dialect/unwinding.js";
import { EncodeError, type EncodeErrorCode, GdVariantError } from "../errors.js";
import { formatPath, type PathSegment } from "../path.js";
import { checkExpansion } from "../value/check-value.js";
import { equals } from "../value/equals.js";
import { toJSON } from "../value/json.js";
import type {
  ArrayValue,
  ContainerType,
  DictionaryEntry,
  DictionaryValue,
  Kind,
  ObjectValue,
  Value,
} from "../value/types.js";
import { ValueIds } from "../value/value-ids.js";
import { asProjectError } from "../value/walk.js";
import { mapKind } from "./kind-map.js";
import type { ConversionLoss, ConvertOptions, ConvertResult } from "./options.js";
import { type Capabilities, capabilities, keepsContainerType, roundTrip } from "./probe.js";

const PACKED_NUMERIC = new Set<Kind>([
  "packedByteArray",
  "packedInt32Array",
  "packedInt64Array",
  "packedFloat32Array",
  "packedFloat64Array",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
  "packedVector4Array",
]);

// Same numbers, whatever typed array holds them (a double-precision PackedVector2Array whose
// values are all exact in f32 converts without loss).
function sameContent(a: Value, b: Value): boolean {
  if (equals(a, b)) return true;
  if (a.kind !== b.kind || !PACKED_NUMERIC.has(a.kind)) return false;
  const x = (a as { data: ArrayLike<number | bigint> }).data;
  const y = (b as { data: ArrayLike<number | bigint> }).data;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  return true;
}

function describe(t: ContainerType): string {
  return t.kind === "builtin" ? t.type : t.kind === "class" ? t.className : t.path;
}

type PathLink = { readonly seg: PathSegment; readonly up: PathLink } | undefined;

class Converter {
  readonly losses: ConversionLoss[] = [];
  private readonly path: PathSegment[] = [];
  // The same place as links to the parent, for losses (see loss()).
  private link: PathLink = undefined;
  private depth = 0;
  private readonly caps: Capabilities;
  private readonly compiled: Compiled;
  private readonly maxDepth: number;
  // Key identity built once per key (serialising keys at every level made a chain of
  // dictionaries, each the key of the next, cost depth times size).
  private readonly ids = new ValueIds();

  constructor(
    private readonly target: Dialect,
    private readonly options: ConvertOptions,
  ) {
    this.caps = capabilities(target);
    this.compiled = compile(target);
    this.maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  }

  private fail(code: EncodeErrorCode, message: string): never {
    throw new EncodeError(message, { code, path: [...this.path], dialect: this.target.id });
  }

  private loss(from: Kind, to: Kind, message: string, code: EncodeErrorCode = "unsupported-kind"): void {
    if (this.options.strict) this.fail(code, `${message} (strict conversion)`);
    // The place is kept as a link to its parent and spelt out when read: a chain of losses
    // (a typed dictionary at every level) would otherwise hold depth x depth segments.
    const link = this.link;
    let segments: readonly PathSegment[] | undefined;
    let text: string | undefined;
    const segmentsOf = () => {
      if (segments === undefined) {
        const out: PathSegment[] = [];
        for (let l = link; l !== undefined; l = l.up) out.push(l.seg);
        segments = out.reverse();
      }
      return segments;
    };
    this.losses.push({
      get path() {
        if (text === undefined) text = formatPath(segmentsOf());
        return text;
      },
      get segments() {
        return segmentsOf();
      },
      from,
      to,
      message,
      code,
    });
  }

  private enter(seg: PathSegment): void {
    this.path.push(seg);
    this.link = { seg, up: this.link };
  }

  private leave(): void {
    this.path.pop();
    this.link = this.link?.up;
  }

  // The segment as plain arguments (unwinding.ts), made only when the level is entered.
  private nested(v: Value, what: SegmentKind, index: number, ref: Value | string | undefined): Value {
    // A leaf known exact (see exactLeaf) within the depth limit is itself: no level entered.
    if (this.depth < this.maxDepth && exactLeaf(this.compiled, v)) return v;
    this.enter(segmentOf(what, index, ref));
    try {
      return this.convert(v, true);
    } finally {
      this.leave();
    }
  }

  // `notExact`: exactLeaf(v) is known false (nested tested it), so leaf need not test it again.
  convert(v: Value, notExact = false): Value {
    if (++this.depth > this.maxDepth)
      this.fail("depth-exceeded", `nesting deeper than ${this.maxDepth} (or a cycle)`);
    try {
      return this.convertAt(v, notExact);
    } finally {
      this.depth--;
    }
  }

  private convertAt(source: Value, notExact: boolean): Value {
    const v = this.target.codecForKind(source.kind) === undefined ? this.replace(source) : source;
    switch (v.kind) {
      case "array":
        return this.array(v);
      case "dictionary":
        return this.dictionary(v);
      case "object":
        return this.object(v);
      case "nodePath":
        return this.leaf(this.nodePath(v), false);
      default:
        // A value the target has no codec for was replaced: the replacement is tested.
        return this.leaf(v, notExact && v === source);
    }
  }

  // A kind the target has no codec for: the rewrite hook, then the built-in mapping.
  private replace(v: Value): Value {
    const hook = this.options.rewrite;
    if (hook !== undefined) {
      const out = hook(v, {
        target: this.target,
        path: formatPath(this.path),
        report: (message) => this.loss(v.kind, v.kind, message),
      });
      if (out !== undefined) {
        if (this.target.codecForKind(out.kind) !== undefined) return out;
        this.fail(
          "unsupported-kind",
          `the rewrite hook gave a ${out.kind}, which ${this.target.name} cannot hold either`,
        );
      }
    }
    const mapped = mapKind(v);
    if (mapped !== undefined && this.target.codecForKind(mapped.value.kind) !== undefined) {
      if (mapped.loss !== undefined) this.loss(v.kind, mapped.value.kind, mapped.loss);
      return mapped.value;
    }
    const what = `${this.target.name} (${this.target.engineVersions}) has no ${v.kind}`;
    if (this.options.unconvertible !== "nil") this.fail("unsupported-kind", what);
    this.loss(v.kind, "nil", `${what}; written as null`);
    return { kind: "nil" };
  }

  // Scalars, math types, strings, packed arrays: write, read back, compare.
  private leaf(v: Value, notExact: boolean): Value {
    if (!notExact && exactLeaf(this.compiled, v)) return v;
    let back: Value | undefined;
    try {
      back = roundTrip(this.target, v);
    } catch (e) {
      this.fail("invalid-value", `cannot convert ${v.kind}: ${GdVariantError.is(e) ? e.message : String(e)}`);
    }
    if (back === undefined) {
      if (v.kind === "float") {
        // A target with 32-bit reals only (2.x) refuses doubles it cannot hold: round.
        const rounded: Value = { kind: "float", value: Math.fround(v.value) };
        this.loss(
          "float",
          "float",
          `float ${v.value} rounded to ${rounded.value} (32-bit real)`,
          "out-of-range",
        );
        return rounded;
      }
      // Ints out of the target's range, malformed values: the encoder says why.
      try {
        encodeWith(this.target, v); // again, for the encoder's own error
      } catch (e) {
        if (EncodeError.is(e)) this.fail(e.code, e.detail);
        throw e;
      }
      this.fail("invalid-value", `${this.target.name} cannot write this ${v.kind}`);
    }
    if (sameContent(back, v)) return v;
    this.loss(v.kind, back.kind, lossMessage(v, back), "out-of-range");
    return back;
  }

  private nodePath(v: Value & { kind: "nodePath" }): Value {
    if (v.property !== undefined && !this.caps.nodePathProperty) {
      // 3.x/4.x read the 2.x property as the last subname: the same path.
      return {
        kind: "nodePath",
        names: v.names,
        subnames: [...v.subnames, v.property],
        absolute: v.absolute,
      };
    }
    if (v.property === undefined && this.caps.nodePathProperty && v.subnames.length > 0) {
      // In 2.x the last `:` part of a path is its property.
      return {
        kind: "nodePath",
        names: v.names,
        subnames: v.subnames.slice(0, -1),
        absolute: v.absolute,
        property: v.subnames[v.subnames.length - 1]!,
      };
    }
    return v;
  }

  private containerType(t: ContainerType, where: "array" | "key" | "value"): boolean {
    if (keepsContainerType(this.target, t, where)) return true;
    const what =
      where === "array" ? `typed Array[${describe(t)}]` : `typed Dictionary ${where} type ${describe(t)}`;
    this.loss(
      where === "array" ? "array" : "dictionary",
      where === "array" ? "array" : "dictionary",
      `${what} written untyped`,
    );
    return false;
  }

  private array(v: ArrayValue): Value {
    const source = v.items;
    // A copy only from the first item that changed (most convert as themselves).
    let items: Value[] | undefined;
    for (let i = 0; i < source.length; i++) {
      const item = source[i]!;
      const out = this.nested(item, SEGMENT_INDEX, i, undefined);
      if (out !== item && items === undefined) items = source.slice(0, i);
      if (items !== undefined) items.push(out);
    }
    const changed = items !== undefined;
    const keepType = v.elementType !== undefined && this.containerType(v.elementType, "array");
    const keepShared = v.shared === true && this.caps.shared;
    if (!changed && keepType === (v.elementType !== undefined) && keepShared === (v.shared === true))
      return v;
    const out: { -readonly [K in keyof ArrayValue]: ArrayValue[K] } = {
      kind: "array",
      items: items ?? source.slice(),
    };
    if (keepType) out.elementType = v.elementType!;
    if (keepShared) out.shared = true;
    return out;
  }

  private dictionary(v: DictionaryValue): Value {
    const source = v.entries;
    // A copy only from the first entry that changed (most convert as themselves).
    let entries: DictionaryEntry[] | undefined;
    let keyChanged = false;
    for (let i = 0; i < source.length; i++) {
      const pair = source[i]!;
      const key = pair[0];
      const value = pair[1];
      const k = this.nested(key, SEGMENT_KEY_AT, i, undefined);
      const val = this.nested(value, SEGMENT_KEY, 0, key);
      if (k !== key) keyChanged = true;
      if (entries === undefined && (k !== key || val !== value)) entries = source.slice(0, i);
      if (entries !== undefined) entries.push([k, val]);
    }
    const changed = entries !== undefined;
    if (entries !== undefined && keyChanged) {
      // Two keys that became one (StringName "a" and String "a" written as Strings): the
      // engine keeps the last value under the first key.
      // (Keys that were equal already are the source's business, not a conversion loss.)
      const seen = new Map<number, number>();
      for (let i = 0; i < entries.length; i++) {
        const id = this.ids.id(entries[i]![0]);
        const before = this.ids.id(v.entries[i]![0]);
        const first = seen.get(id);
        if (first === undefined) seen.set(id, before);
        else if (first !== before) {
          this.enter({ keyAt: i });
          try {
            this.loss(
              "dictionary",
              "dictionary",
              "two keys became equal after conversion; the engine keeps the last value",
            );
          } finally {
            this.leave();
          }
        }
      }
    }
    const keepKey = v.keyType !== undefined && this.containerType(v.keyType, "key");
    const keepValue = v.valueType !== undefined && this.containerType(v.valueType, "value");
    const keepShared = v.shared === true && this.caps.shared;
    if (
      !changed &&
      keepKey === (v.keyType !== undefined) &&
      keepValue === (v.valueType !== undefined) &&
      keepShared === (v.shared === true)
    ) {
      return v;
    }
    const out: { -readonly [K in keyof DictionaryValue]: DictionaryValue[K] } = {
      kind: "dictionary",
      entries: entries ?? source.slice(),
    };
    if (keepKey) out.keyType = v.keyType!;
    if (keepValue) out.valueType = v.valueType!;
    if (keepShared) out.shared = true;
    return out;
  }

  private object(v: ObjectValue): Value {
    const isNull = v.form === "null" || (v.form === "full" && v.className === "");
    if (isNull) {
      // Null is null in every generation: a bare 2.x header, or NIL (what 3.x/4.x write).
      if (v.form === "null" && this.caps.nullObject) return v;
      if (v.form === "full" && this.caps.fullObjects) return v;
      return this.caps.nullObject ? { kind: "object", form: "null" } : { kind: "nil" };
    }
    const can = v.form === "id" ? this.caps.objectIds : this.caps.fullObjects;
    if (!can) {
      const what = v.form === "id" ? `object id ${String(v.id)}` : `${v.className} object`;
      const to: Value = this.caps.nullObject ? { kind: "object", form: "null" } : { kind: "nil" };
      this.loss("object", to.kind, `${what} written as null (${this.target.name} cannot carry objects)`);
      return to;
    }
    if (v.form !== "full") return v;
    let changed = false;
    let properties = v.properties.map(([name, value]) => {
      const out = this.nested(value, SEGMENT_PROPERTY, 0, name);
      if (out !== value) changed = true;
      return [name, out] as const;
    });
    const full = (props: typeof properties): Value => ({
      kind: "object",
      form: "full",
      className: v.className,
      properties: props,
    });
    if (refusal(this.target, full(properties)) !== undefined) {
      // The target refuses a property as it is (4.3+ reads `script` only as a res:// path, and
      // 3.x/4.0-4.2 embed the script as an object): write null there and say why.
      properties = properties.map(([name, value]) => {
        const why = refusal(this.target, full([[name, value]]));
        if (
          why === undefined ||
          value.kind === "nil" ||
          refusal(this.target, full([[name, { kind: "nil" }]])) !== undefined
        ) {
          return [name, value] as const;
        }
        this.enter({ property: name });
        try {
          this.loss(value.kind, "nil", `property "${name}" written as null: ${why}`, "invalid-value");
        } finally {
          this.leave();
        }
        changed = true;
        return [name, { kind: "nil" }] as const;
      });
    }
    return changed ? full(properties) : v;
  }
}

// Whether the target writes the kind of `tag` inline and reads those bytes back inline: its
// core codec, whose bytes for the values exactLeaf lets through read back as the same value.
function inlineBothWays(c: Compiled, tag: number): boolean {
  const id = c.encodeIds[tag]!;
  return id >= 0 && c.tags[id] === tag;
}

function isF32(x: unknown): boolean {
  return typeof x === "number" && Math.fround(x) === x;
}

// A string that UTF-8 writes and reads back as itself: no NUL (the reader stops there), no lone
// surrogate (written as U+FFFD), no leading BOM (dropped). Anything else goes the long way.
function plainString(s: unknown): boolean {
  if (typeof s !== "string") return false;
  const n = s.length;
  if (n > 0 && s.charCodeAt(0) === 0xfeff) return false;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === 0 || (c >= 0xd800 && c <= 0xdfff)) return false;
  }
  return true;
}

/**
 * True when writing `v` with the target and reading it back gives the same value, known without
 * doing it (a leaf's round trip made a writer and a reader per value, 28-45 times a decode): a
 * common kind the target writes inline with a value whose bytes hold it exactly (an int32, a
 * float or vector exact in f32, a plain string). Anything else is written and read back.
 */
function exactLeaf(c: Compiled, v: Value): boolean {
  switch (v.kind) {
    case "nil":
      return inlineBothWays(c, Tag.NIL);
    case "bool":
      return typeof v.value === "boolean" && inlineBothWays(c, Tag.BOOL);
    case "int":
      return typeof v.value === "number" && (v.value | 0) === v.value && inlineBothWays(c, Tag.INT);
    case "float":
      return isF32(v.value) && inlineBothWays(c, Tag.FLOAT);
    case "string":
      return plainString(v.value) && inlineBothWays(c, Tag.STRING);
    case "stringName":
      return plainString(v.value) && inlineBothWays(c, Tag.STRING_NAME);
    case "vector2":
      return isF32(v.x) && isF32(v.y) && inlineBothWays(c, Tag.VECTOR2);
    case "vector3":
      return isF32(v.x) && isF32(v.y) && isF32(v.z) && inlineBothWays(c, Tag.VECTOR3);
    case "color":
      return isF32(v.r) && isF32(v.g) && isF32(v.b) && isF32(v.a) && inlineBothWays(c, Tag.COLOR);
    default:
      return false;
  }
}

/** Why `target` refuses to encode `v`, or undefined when it writes it. */
function refusal(target: Dialect, v: Value): string | undefined {
  try {
    encodeWith(target, v);
    return undefined;
  } catch (e) {
    if (GdVariantError.is(e)) return EncodeError.is(e) ? e.detail : e.message;
    throw e;
  }
}

function lossMessage(from: Value, to: Value): string {
  switch (from.kind) {
    case "rid":
      return `RID id ${String((from as { id: unknown }).id)} dropped (the target writes RIDs without their id)`;
    case "string":
      return "string changed by UTF-8 encoding (lone surrogates become U+FFFD)";
    default:
      return `${from.kind} changed by the target's precision (${JSON.stringify(toJSON(from))} became ${JSON.stringify(toJSON(to))})`;
  }
}

/**
 * Rewrites a value so that `target` can encode it, reporting what did not survive exactly.
 * Works for any dialect and option set: what the target can hold is found through its codecs
 * (`target.codecForKind`) and by writing and reading back small values.
 *
 * - Exact renames, no loss: 2.x Matrix32/Matrix3 and 3.x/4.x Transform2D/Basis; a 2.x NodePath
 *   property and a 3.x/4.x last subname.
 * - Reported: StringName to String; Vector2i/Rect2i/Vector3i/Vector4i to their float kinds;
 *   PackedInt64Array/PackedFloat64Array to Arrays; Callable and Signal to null; typed
 *   containers written untyped; a RID's id; doubles rounded for 32-bit-only targets; objects
 *   for targets that cannot carry them (2.x).
 * - Errors: ints the target cannot hold (a 64-bit int for 2.x), and kinds with no counterpart
 *   (Vector4 or Projection for 3.x, a 2.x Image without a `rewrite` hook) unless
 *   `unconvertible: "nil"`.
 *
 * The 2.x shared bit of Arrays and Dictionaries is dropped silently for targets without it:
 * it only described the container in 2.x memory, not the data.
 *
 * @example
 * ```ts
 * const { value, losses } = convertValue(decodedFrom4x, godot3Dialect());
 * ```
 * @param options `strict` (default false), `unconvertible` (default `"error"`), `rewrite`
 *   (default none), `maxDepth` (default 1024), `maxValues` (default 16,777,216).
 * @throws {EncodeError} `unsupported-kind` for what the target cannot hold, `out-of-range` for
 *   ints it cannot hold, any loss with `strict: true`, `depth-exceeded` past `maxDepth` (or a
 *   cycle), `limit-exceeded` past `maxValues`, `invalid-value` for a malformed value or options;
 *   nothing else.
 */
export function convertValue(value: Value, target: Dialect, options?: ConvertOptions): ConvertResult {
  const o = checkOptions(
    options,
    (m) => new EncodeError(`convertValue: ${m}`, { code: "invalid-value", dialect: target?.id }),
    ["maxDepth", "maxValues"],
  );
  try {
    // Each leaf is written and read back: a value held in many places is refused before that.
    checkExpansion(value, "convertValue", o.maxValues, true);
    const c = new Converter(target, o);
    return { value: c.convert(value, false), losses: c.losses };
  } catch (e) {
    throw asProjectError(e, "convertValue", target?.id);
  }
}

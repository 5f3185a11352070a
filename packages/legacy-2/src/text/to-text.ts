import {
  asProjectError,
  checkExpansion,
  checkOptions,
  DEFAULT_MAX_DEPTH,
  type DictionaryEntry,
  EncodeError,
  formatPrintfG,
  type InputEventValue,
  joinEach,
  type NodePathValue,
  poolKeyOf,
  sortArrayGodot3,
  type Value,
  ValueIds,
  type WalkOptions,
} from "@gdvariant/core";
import { IMAGE_FORMATS, imageRejection } from "../image/formats.js";
import { EVENT_TYPES, KEY_MASK } from "../input-event/constants.js";
import { cEscape, cEscapeMultiline } from "./c-escape.js";
import { sameTypeLess, typeId } from "./variant-less.js";

// var2str of Godot 2.1 (core/variant_parser.cpp, VariantWriter::write). Reals go through
// `rtosfix`: 0 (and -0) print "0", anything else `String::num_scientific`, which is C's "%lg"
// (6 significant digits, glibc style: "inf", "-nan"...). A top-level REAL gets ".0" appended
// when that text has neither "." nor "e" ("100.0", "inf.0").

function nanIsNegative(x: number): boolean {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return (view.getUint8(0) & 0x80) !== 0;
}

/** `rtosfix` of the 2.1 text writer. */
export function realText(x: number): string {
  if (x === 0) return "0";
  if (Number.isNaN(x)) return nanIsNegative(x) ? "-nan" : "nan";
  return formatPrintfG(x, 6);
}

function reals(values: ArrayLike<number>): string {
  return joinEach(values.length, (i) => realText(values[i]!), ", ");
}

/** The path string of a 2.x NodePath as `String(NodePath)` prints it. */
export function nodePathString(v: NodePathValue): string {
  // decode_variant builds NodePath(names, subnames, absolute, property), and that constructor
  // keeps nothing when there are no names: the engine's value is the empty path.
  if (v.names.length === 0) return "";
  let s = v.absolute ? "/" : "";
  s += v.names.join("/");
  for (const sub of v.subnames) s += `:${sub}`;
  if (v.property !== undefined && v.property !== "") s += `:${v.property}`;
  return s;
}

/** C++ float-to-int64 conversion as x86-64 does it (out of range and NaN give INT64_MIN). */
function truncToInt64(x: number): string {
  if (!Number.isFinite(x) || Math.abs(x) >= 2 ** 63) return "-9223372036854775808";
  return BigInt(Math.trunc(x)).toString();
}

function inputEventText(e: InputEventValue): string {
  let s = "InputEvent(";
  switch (e.eventType) {
    case EVENT_TYPES.KEY: {
      s += `KEY,${(e.scancode ?? 0) >>> 0}`;
      const m = e.modifiers ?? 0;
      let mod = "";
      if (m & KEY_MASK.ALT) mod += "A";
      if (m & KEY_MASK.SHIFT) mod += "S";
      if (m & KEY_MASK.CTRL) mod += "C";
      if (m & KEY_MASK.META) mod += "M";
      if (mod !== "") s += `,${mod}`;
      break;
    }
    case EVENT_TYPES.MOUSE_BUTTON:
      s += `MBUTTON,${(e.buttonIndex ?? 0) | 0}`;
      break;
    case EVENT_TYPES.JOYSTICK_BUTTON:
      s += `JBUTTON,${(e.buttonIndex ?? 0) | 0}`;
      break;
    case EVENT_TYPES.JOYSTICK_MOTION:
      // The value is printed through itos(): truncated to an integer.
      s += `JAXIS,${(e.axis ?? 0) | 0},${truncToInt64(e.axisValue ?? 0)}`;
      break;
    case EVENT_TYPES.NONE:
      s += "NONE";
      break;
    default:
  }
  return `${s})`;
}

// One text write: key identities built once per key, and the nesting depth.
interface Ctx {
  readonly ids: ValueIds;
  depth: number;
}

function nested(v: Value, out: string[], ctx: Ctx): void {
  if (++ctx.depth > DEFAULT_MAX_DEPTH) {
    throw new EncodeError(`nesting deeper than ${DEFAULT_MAX_DEPTH} (or a cycle)`, {
      code: "depth-exceeded",
      dialect: "legacy-2",
    });
  }
  write(v, out, ctx);
  ctx.depth--;
}

function write(v: Value, out: string[], ctx: Ctx): void {
  switch (v.kind) {
    case "nil":
      out.push("null");
      return;
    case "bool":
      out.push(v.value ? "true" : "false");
      return;
    case "int":
      out.push(String(v.value));
      return;
    case "float": {
      const s = realText(v.value);
      out.push(s.includes(".") || s.includes("e") ? s : `${s}.0`);
      return;
    }
    case "string":
      out.push(`"${cEscapeMultiline(v.value)}"`);
      return;
    case "vector2":
      out.push(`Vector2( ${reals([v.x, v.y])} )`);
      return;
    case "rect2":
      out.push(`Rect2( ${reals([v.x, v.y, v.width, v.height])} )`);
      return;
    case "vector3":
      out.push(`Vector3( ${reals([v.x, v.y, v.z])} )`);
      return;
    case "matrix32":
      out.push(`Matrix32( ${reals(v.values)} )`);
      return;
    case "plane":
      out.push(`Plane( ${reals([v.x, v.y, v.z, v.d])} )`);
      return;
    case "quaternion":
      out.push(`Quat( ${reals([v.x, v.y, v.z, v.w])} )`);
      return;
    case "aabb":
      out.push(`AABB( ${reals([v.x, v.y, v.z, v.width, v.height, v.depth])} )`);
      return;
    case "matrix3":
      out.push(`Matrix3( ${reals(v.values)} )`);
      return;
    case "transform3d":
      out.push(`Transform( ${reals(v.values)} )`);
      return;
    case "color":
      out.push(`Color( ${reals([v.r, v.g, v.b, v.a])} )`);
      return;
    case "image": {
      // What the engine holds after decoding these fields: nothing if Image::create refused them.
      if (imageRejection(v) !== undefined) {
        out.push("Image()");
        return;
      }
      // The 2.1 writer has no case for YUV_422/YUV_444: their name prints empty.
      const name = v.format === 7 || v.format === 8 ? "" : IMAGE_FORMATS[v.format]!.name;
      out.push(
        `Image( ${v.width}, ${v.height}, ${v.mipmaps | 0}, ${name}, ${Array.prototype.join.call(v.data, ", ")} )`,
      );
      return;
    }
    case "nodePath":
      out.push(`NodePath("${cEscape(nodePathString(v))}")`);
      return;
    case "rid":
      // The 2.1 writer has no case for _RID: it writes nothing at all.
      return;
    case "object":
      if (v.form !== "null") break;
      out.push("null");
      return;
    case "inputEvent":
      out.push(inputEventText(v));
      return;
    case "dictionary": {
      if (v.keyType !== undefined || v.valueType !== undefined) typedRefused("dictionary");
      // Keys in the order the engine's sort leaves them (hash order in, introsort out).
      // Type ids are looked up once per key, not once per comparison.
      const keyed = uniqueKeys(v.entries, ctx.ids).map((e) => ({ t: typeId(e[0]), e }));
      // Pool-array keys: the engine's `<` only tells "differs", which makes the sort's last
      // pass quadratic (with other keys among them too); their type ids and equality keys let
      // it find where each key stops without the walk, with the same result.
      // (Vector2Array compares through a Vector3 view in 2.1, which is not that.)
      const entries = sortArrayGodot3(
        keyed,
        (a, b) => (a.t !== b.t ? a.t < b.t : sameTypeLess(a.e[0], b.e[0])),
        { rankOf: (x) => ({ type: x.t, key: poolKeyOf(x.e[0], ["packedVector2Array"]) }) },
      ).map((x) => x.e);
      out.push("{\n");
      entries.forEach(([k, val], i) => {
        if (i > 0) out.push(",\n");
        nested(k, out, ctx);
        out.push(": ");
        nested(val, out, ctx);
      });
      out.push("\n}");
      return;
    }
    case "array":
      if (v.elementType !== undefined) typedRefused("array");
      out.push("[ ");
      v.items.forEach((item, i) => {
        if (i > 0) out.push(", ");
        nested(item, out, ctx);
      });
      out.push(" ]");
      return;
    case "packedByteArray":
      out.push(`ByteArray( ${Array.prototype.join.call(v.data, ", ")} )`);
      return;
    case "packedInt32Array":
      out.push(`IntArray( ${Array.prototype.join.call(v.data, ", ")} )`);
      return;
    case "packedFloat32Array":
      out.push(`FloatArray( ${reals(v.data)} )`);
      return;
    case "packedStringArray":
      out.push(`StringArray( ${v.data.map((s) => `"${cEscape(s)}"`).join(", ")} )`);
      return;
    case "packedVector2Array":
      out.push(`Vector2Array( ${reals(roundF32(v.data))} )`);
      return;
    case "packedVector3Array":
      out.push(`Vector3Array( ${reals(roundF32(v.data))} )`);
      return;
    case "packedColorArray":
      out.push(`ColorArray( ${reals(v.data)} )`);
      return;
    default:
  }
  throw new EncodeError(
    `Godot 2.x has no text form for ${v.kind === "object" ? `a ${v.form} object` : v.kind}`,
    {
      code: "unsupported-kind",
      dialect: "legacy-2",
    },
  );
}

// A typed container: refused as by every writer (core's container codecs, godot-3's toText),
// naming convertValue, which writes it untyped and reports the loss. (This writer printed it
// untyped and said nothing, where encode refused it.)
function typedRefused(what: string): never {
  throw new EncodeError(
    `Godot 2.x has no typed ${what}; convertValue writes it untyped and reports the loss`,
    {
      code: "unsupported-kind",
      dialect: "legacy-2",
    },
  );
}

// The engine stores decoded entries with `d[key] = value`: a key that comes twice keeps its first
// place and takes the last value. Engine output never repeats a key; hostile bytes can.
// Keys are told apart by their structural id (built once per key for the whole write), not by
// serialising each key: a chain of dictionaries, each the key of the next, stays linear.
function uniqueKeys(entries: readonly DictionaryEntry[], ids: ValueIds): DictionaryEntry[] {
  const at = new Map<string, number>();
  const out: DictionaryEntry[] = [];
  for (const [k, val] of entries) {
    const sig = k.kind === "string" ? `s${k.value}` : k.kind === "int" ? `i${k.value}` : `j${ids.id(k)}`;
    const i = at.get(sig);
    if (i === undefined) {
      at.set(sig, out.length);
      out.push([k, val]);
    } else out[i] = [out[i]![0], val];
  }
  return out;
}

// 2.x vector arrays hold f32; a Float64Array value is shown as the engine would hold it.
function roundF32(data: Float32Array | Float64Array): ArrayLike<number> {
  return data instanceof Float32Array ? data : Float32Array.from(data);
}

/**
 * The text form of a value exactly as Godot 2.1's `var2str` prints it (one line per dictionary
 * entry, reals with C's `%lg`, dictionary keys in the engine's sort order, `Matrix32`,
 * `IntArray( ... )`, `InputEvent(KEY,65,SC)`...). Where the engine would hold something other
 * than the value's fields after `bytes2var` (an Image whose data does not match its size, a
 * NodePath without names), the text is what the engine prints for what it holds.
 * A subtree held in many places is printed once per place, up to `maxValues` (default
 * 16,777,216) values in all.
 * @throws {EncodeError} `unsupported-kind` for kinds 2.x does not have (Vector2i, StringName,
 * full objects...), `depth-exceeded` past 1024 levels or for a value that contains itself,
 * `limit-exceeded` past `maxValues`, `invalid-value` for something that is not a well-formed
 * value; nothing else.
 */
export function toText(value: Value, options?: WalkOptions): string {
  const out: string[] = [];
  try {
    const o = checkOptions(options, (m) => new EncodeError(`toText: ${m}`, { code: "invalid-value" }), [
      "maxValues",
    ]);
    // Refused first, in one pass linear in the value's memory: a subtree held in so many places
    // that the text would not end (41 arrays, each holding the one below twice), or a cycle.
    checkExpansion(value, "toText", o.maxValues, true);
    write(value, out, { ids: new ValueIds(), depth: 0 });
    // Inside the try: a text longer than a JS string can be fails here (limit-exceeded).
    return out.join("");
  } catch (e) {
    throw asProjectError(e, "toText", "legacy-2");
  }
}

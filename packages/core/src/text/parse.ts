import { base64Decode } from "../bytes/base64.js";
import { DEFAULT_MAX_DEPTH } from "../dialect/options.js";
import type {
  ContainerType,
  DictionaryEntry,
  Int64,
  Kind,
  NodePathValue,
  ObjectProperty,
  Value,
} from "../value/types.js";
import { ValueIds } from "../value/value-ids.js";
import { stringToFloat } from "./engine-strtod.js";
import { readImage, readInputEvent } from "./parse-2x.js";
import { TextParseError } from "./parse-error.js";
import { Lexer, type Token } from "./parse-lexer.js";
import { CONSTRUCTOR_KINDS, TYPE_NAME_KINDS } from "./parse-names.js";
import {
  type Arg,
  canonical,
  describe,
  FLOAT_CONSTANTS,
  I64_MAX,
  I64_MIN,
  keyFingerprint,
  MATRIX_ARITY,
  PACKED_STRIDE,
  type ParserHost,
  VECTOR_ARITY,
  type VectorArityKind,
} from "./parse-tables.js";

/** Dialect ids whose naming conventions {@link parseVariantText} knows. */
export type TextDialectId = "godot-4" | "godot-3" | "legacy-2";

/** Options of {@link parseVariantText}. */
export interface ParseVariantTextOptions {
  /**
   * Whose conventions decide the names that mean different kinds in different generations.
   * `"legacy-2"`: `Matrix32`/`Transform2D` give a `matrix32`, `Matrix3`/`Basis` a `matrix3`, and
   * the last `:` part of a NodePath is its 2.x `property`. `"godot-3"` and `"godot-4"`:
   * `transform2d`, `basis`, and every `:` part is a subname. Every generation's constructor
   * names are accepted in every mode (`PoolIntArray`, `IntArray` and `PackedInt32Array` all give
   * a `packedInt32Array`). Default `"godot-4"`.
   */
  dialect?: TextDialectId;
  /**
   * `"single"`: real_t components (Vector2, Transform3D, PackedVector3Array...) are rounded to
   * 32-bit floats, as a single-precision engine holds them, so `Vector2(0.1, 0)` equals the value
   * decoded from that engine's bytes. `"double"`: kept as written, packed vector arrays become
   * Float64Array (4.x `precision=double` builds). Colors and PackedFloat32Array are always 32-bit;
   * standalone floats always 64-bit. 2.x and 3.x are single precision whatever this says.
   * Default `"single"`.
   */
  precision?: "single" | "double";
  /**
   * Deepest nesting accepted (root = 0). Default 1024, as the engine; at most
   * {@link MAX_TEXT_DEPTH} (4096) whatever is asked.
   */
  maxDepth?: number;
  /**
   * Which spellings of infinity and NaN read as floats.
   * - `"all"`: `inf`, `-inf`, `inf_neg`, `nan`, `-nan`, with or without a `.0`, wherever a
   *   number may stand: what any generation's writer printed reads back.
   * - `"named"`: what Godot 3.4-3.6 `str2var` reads: `inf`, `nan` and `inf_neg`, alone and inside
   *   constructors (godot#47500).
   * - `"bare"`: what Godot 3.0-3.3 `str2var` reads: `inf` and `nan`, alone only.
   *
   * In `"named"` and `"bare"`, `-inf` and `-nan` are refused (the engines read them as the int 0),
   * so 3.2's own `-inf.0` does not read back, as in 3.2. Default `"all"`.
   */
  nonFinite?: "all" | "named" | "bare";
  /**
   * Constructor names that the engine release being read like does not know, refused as
   * `unknown-identifier` as that engine refuses them (Godot 4.0-4.2 have no
   * `PackedVector4Array`, 4.0-4.3 no `Dictionary[...](...)`). Default: none.
   */
  unknownNames?: readonly string[];
}

/**
 * The most `maxDepth` can raise the parser's nesting limit to: deeper text is refused with
 * `depth-exceeded` whatever the option says, as the parser recurses once per level.
 */
export const MAX_TEXT_DEPTH = 4096;

class Parser implements ParserHost {
  readonly lx: Lexer;
  private readonly legacy: boolean;
  private readonly single: boolean;
  private readonly maxDepth: number;
  private readonly nonFinite: "all" | "named" | "bare";
  private readonly unknownNames: ReadonlySet<string> | undefined;
  private depth = 0;
  private readonly ids = new ValueIds();

  constructor(text: string, options: ParseVariantTextOptions, start = 0) {
    this.lx = new Lexer(text, start);
    const dialect = options.dialect ?? "godot-4";
    if (dialect !== "godot-4" && dialect !== "godot-3" && dialect !== "legacy-2") {
      throw new TypeError(`unknown dialect ${JSON.stringify(dialect)}: use godot-4, godot-3 or legacy-2`);
    }
    this.legacy = dialect === "legacy-2";
    this.single = dialect !== "godot-4" || options.precision !== "double";
    this.maxDepth = Math.min(options.maxDepth ?? DEFAULT_MAX_DEPTH, MAX_TEXT_DEPTH);
    this.nonFinite = options.nonFinite ?? "all";
    this.unknownNames = options.unknownNames?.length ? new Set(options.unknownNames) : undefined;
  }

  /** A `depth-exceeded` error where the lexer is, for a stack that ran out. */
  stackError(): TextParseError {
    return this.lx.error("depth-exceeded", "nesting too deep for the JavaScript stack", this.lx.position);
  }

  // A non-finite constant, or undefined for a name that is none in the chosen rules.
  private constant(t: Token, inConstructor: boolean): number | undefined {
    const c = FLOAT_CONSTANTS[t.text];
    if (c === undefined || this.nonFinite === "all") return c;
    const named = t.text === "inf" || t.text === "nan" || t.text === "inf_neg";
    const ok = this.nonFinite === "named" ? named : !inConstructor && (t.text === "inf" || t.text === "nan");
    if (ok) return c;
    return this.fail(
      "unsupported",
      `'${t.text}'${inConstructor ? " inside a constructor" : ""} is not read as a number by this engine release (nonFinite: "${this.nonFinite}")`,
      t,
    );
  }

  /** Where the text after the value read last begins. */
  end(): number {
    return this.lx.resume;
  }

  atEnd(): boolean {
    return this.lx.peek().type === "eof";
  }

  expectEnd(): void {
    const t = this.lx.peek();
    if (t.type !== "eof") throw this.lx.error("trailing-text", "text continues after the value", t.start);
  }

  fail(code: TextParseError["code"], message: string, at: Token | number): never {
    throw this.lx.error(code, message, typeof at === "number" ? at : at.start);
  }

  expect(type: Token["type"], what = `'${type}'`): Token {
    const t = this.lx.next();
    if (t.type !== type) this.fail("syntax", `expected ${what}, found ${describe(t)}`, t);
    return t;
  }

  private real(v: number): number {
    return this.single ? Math.fround(v) : v;
  }

  value(): Value {
    const t = this.lx.next();
    switch (t.type) {
      case "{":
        return this.nested(t, () => this.shared({ kind: "dictionary", entries: this.dictionaryBody() }));
      case "[":
        return this.nested(t, () => this.shared({ kind: "array", items: this.arrayBody() }));
      case "string":
        return { kind: "string", value: t.text };
      case "stringName":
        return { kind: "stringName", value: t.text };
      case "nodePath":
        return this.nodePath(t.text);
      case "number":
        return t.isFloat
          ? { kind: "float", value: stringToFloat(t.text) }
          : { kind: "int", value: this.int64(t) };
      case "color":
        return this.htmlColor(t);
      case "identifier":
        return this.identifier(t);
      default:
        return this.fail("syntax", `expected a value, found ${describe(t)}`, t);
    }
  }

  // Every array and dictionary in Godot 2.1.4's dumps has the 2.x "shared" bit set, so the
  // legacy-2 mode sets it too: text written back as 2.x bytes then matches the engine's.
  private shared<T extends { kind: "array" | "dictionary" }>(v: T): T {
    return this.legacy ? { ...v, shared: true } : v;
  }

  private nested<T>(at: Token, body: () => T): T {
    if (++this.depth > this.maxDepth) this.fail("depth-exceeded", `nesting deeper than ${this.maxDepth}`, at);
    try {
      return body();
    } finally {
      this.depth--;
    }
  }

  private int64(t: Token): Int64 {
    const b = BigInt(t.text);
    if (b < I64_MIN || b > I64_MAX) this.fail("out-of-range", `integer ${t.text} does not fit in 64 bits`, t);
    return canonical(b);
  }

  private arrayBody(): Value[] {
    const items: Value[] = [];
    for (;;) {
      if (this.lx.peek().type === "]") {
        this.lx.next();
        return items;
      }
      items.push(this.value());
      const t = this.lx.next();
      if (t.type === "]") return items;
      if (t.type !== ",") this.fail("syntax", `expected ',' or ']' in array, found ${describe(t)}`, t);
    }
  }

  private dictionaryBody(): DictionaryEntry[] {
    const entries: DictionaryEntry[] = [];
    const index = new Map<string, number>();
    for (;;) {
      if (this.lx.peek().type === "}") {
        this.lx.next();
        return entries;
      }
      const key = this.value();
      this.expect(":", "':' after a dictionary key");
      const value = this.value();
      // As the engine's `dict[key] = value`: a repeated key keeps its first place and its first
      // spelling, and takes the later value.
      const fp = keyFingerprint(key, this.ids);
      const at = index.get(fp);
      if (at === undefined) {
        index.set(fp, entries.length);
        entries.push([key, value]);
      } else entries[at] = [entries[at]![0], value];
      const t = this.lx.next();
      if (t.type === "}") return entries;
      if (t.type !== ",") this.fail("syntax", `expected ',' or '}' in dictionary, found ${describe(t)}`, t);
    }
  }

  private identifier(t: Token): Value {
    const id = t.text;
    if (this.unknownNames?.has(id))
      return this.fail("unknown-identifier", `unknown name '${id}' in this engine release`, t);
    switch (id) {
      case "true":
        return { kind: "bool", value: true };
      case "false":
        return { kind: "bool", value: false };
      case "null":
      case "nil":
        return { kind: "nil" };
      case "Array":
        return this.nested(t, () => this.typedArray());
      case "Dictionary":
        return this.nested(t, () => this.typedDictionary());
      case "Resource":
      case "SubResource":
      case "ExtResource":
        return this.fail(
          "unsupported",
          `${id}(...) refers to a resource file; a Variant value cannot hold one (only an object's "script" property and a typed container's element type can name a script)`,
          t,
        );
    }
    const constant = this.constant(t, false);
    if (constant !== undefined) return { kind: "float", value: constant };
    const kind = CONSTRUCTOR_KINDS[id];
    if (kind === undefined) return this.fail("unknown-identifier", `unknown name '${id}'`, t);
    return this.construct(t, kind);
  }

  private construct(t: Token, kind: Kind): Value {
    const id = t.text;
    switch (kind) {
      case "vector2":
      case "rect2":
      case "vector3":
      case "vector4":
      case "plane":
      case "quaternion":
      case "aabb":
      case "color":
      case "vector2i":
      case "rect2i":
      case "vector3i":
      case "vector4i":
        return this.vector(t, kind);
      case "transform2d":
      case "basis":
      case "transform3d":
      case "projection": {
        const size = MATRIX_ARITY[kind];
        const args = this.numbers(t);
        if (args.length !== size)
          this.fail("arguments", `${id} takes ${size} numbers, got ${args.length}`, t);
        const values = args.map((a) => this.real(a.value));
        // The 2.x names and the 2.x mode give the 2.x kinds: same numbers, other wire ids.
        if (kind === "transform2d" && (this.legacy || id === "Matrix32")) return { kind: "matrix32", values };
        if (kind === "basis" && (this.legacy || id === "Matrix3")) return { kind: "matrix3", values };
        return { kind, values };
      }
      case "nodePath": {
        this.expect("(", `'(' after ${id}`);
        const s = this.expect("string", "a string in NodePath(...)");
        this.expect(")", "')' after the NodePath string");
        return this.nodePath(s.text);
      }
      case "rid": {
        const args = this.numbers(t);
        if (args.length > 1) this.fail("arguments", `RID takes at most one id, got ${args.length}`, t);
        const a = args[0];
        if (a === undefined) return { kind: "rid", id: 0 };
        return { kind: "rid", id: this.intArg(a, I64_MIN, I64_MAX, "RID id") };
      }
      case "callable":
        this.expect("(", "'(' after Callable");
        this.expect(")", "')': the engine's text never holds a Callable's target");
        return { kind: "callable" };
      case "signal":
        return this.signal();
      case "object":
        return this.nested(t, () => this.object());
      case "packedByteArray":
        return this.byteArray(t);
      case "packedInt32Array": {
        const args = this.numbers(t);
        return {
          kind,
          data: Int32Array.from(args, (a) =>
            Number(this.intArg(a, -(2n ** 31n), 2n ** 31n - 1n, `${id} element`)),
          ),
        };
      }
      case "packedInt64Array": {
        const args = this.numbers(t);
        return {
          kind,
          data: BigInt64Array.from(args, (a) => BigInt(this.intArg(a, I64_MIN, I64_MAX, `${id} element`))),
        };
      }
      case "packedFloat32Array":
        return { kind, data: Float32Array.from(this.numbers(t), (a) => a.value) };
      case "packedFloat64Array":
        return { kind, data: Float64Array.from(this.numbers(t), (a) => a.value) };
      case "packedStringArray":
        return { kind, data: this.strings(t) };
      case "packedVector2Array":
      case "packedVector3Array":
      case "packedVector4Array":
      case "packedColorArray": {
        const stride = PACKED_STRIDE[kind];
        const args = this.numbers(t);
        if (args.length % stride !== 0) {
          this.fail("arguments", `${id} takes a multiple of ${stride} numbers, got ${args.length}`, t);
        }
        const data =
          kind === "packedColorArray" || this.single
            ? Float32Array.from(args, (a) => a.value)
            : Float64Array.from(args, (a) => a.value);
        return { kind, data } as Value;
      }
      case "image":
        return readImage(this, t);
      case "inputEvent":
        return readInputEvent(this, t);
      default:
        return this.fail("unknown-identifier", `unknown name '${id}'`, t);
    }
  }

  private vector(t: Token, kind: VectorArityKind): Value {
    const fields = VECTOR_ARITY[kind];
    const args = this.numbers(t);
    if (args.length !== fields.length) {
      this.fail("arguments", `${t.text} takes ${fields.length} numbers, got ${args.length}`, t);
    }
    const integer = kind.endsWith("i");
    const out: Record<string, unknown> = { kind };
    fields.forEach((f, i) => {
      const a = args[i]!;
      out[f] = integer
        ? Number(this.intArg(a, -(2n ** 31n), 2n ** 31n - 1n, `${t.text}.${f}`))
        : kind === "color"
          ? Math.fround(a.value)
          : this.real(a.value);
    });
    return out as unknown as Value;
  }

  /** `(` numbers separated by `,` `)`: ints, floats and the float constants, as `_parse_construct`. */
  private numbers(t: Token): Arg[] {
    this.expect("(", `'(' after ${t.text}`);
    const out: Arg[] = [];
    if (this.lx.peek().type === ")") {
      this.lx.next();
      return out;
    }
    for (;;) {
      out.push(this.numberArg(t.text));
      const sep = this.lx.next();
      if (sep.type === ")") return out;
      if (sep.type !== ",")
        this.fail("syntax", `expected ',' or ')' in ${t.text}(...), found ${describe(sep)}`, sep);
    }
  }

  numberArg(ctor: string): Arg {
    const a = this.lx.next();
    if (a.type === "number") {
      return a.isFloat
        ? { value: stringToFloat(a.text), int: undefined, token: a }
        : { value: Number(a.text), int: BigInt(a.text), token: a };
    }
    if (a.type === "identifier") {
      const c = this.constant(a, true);
      if (c !== undefined) return { value: c, int: undefined, token: a };
    }
    return this.fail("arguments", `expected a number in ${ctor}(...), found ${describe(a)}`, a);
  }

  intArg(a: Arg, min: bigint, max: bigint, what: string): Int64 {
    if (a.int === undefined)
      this.fail("arguments", `${what} must be an integer, found ${a.token.text}`, a.token);
    if (a.int < min || a.int > max)
      this.fail("out-of-range", `${what} ${a.int} is outside ${min}..${max}`, a.token);
    return canonical(a.int);
  }

  private strings(t: Token): string[] {
    this.expect("(", `'(' after ${t.text}`);
    const out: string[] = [];
    if (this.lx.peek().type === ")") {
      this.lx.next();
      return out;
    }
    for (;;) {
      out.push(this.expect("string", `a string in ${t.text}(...)`).text);
      const sep = this.lx.next();
      if (sep.type === ")") return out;
      if (sep.type !== ",")
        this.fail("syntax", `expected ',' or ')' in ${t.text}(...), found ${describe(sep)}`, sep);
    }
  }

  // PackedByteArray(1, 2, 3), or PackedByteArray("base64") as recent 4.x engines also read.
  private byteArray(t: Token): Value {
    if (this.lx.peek().type === "(") {
      this.lx.next();
      const s = this.lx.peek();
      if (s.type === "string") {
        this.lx.next();
        this.expect(")", `')' after the base64 string`);
        const bytes = base64Decode(s.text);
        if (bytes === undefined) this.fail("arguments", "invalid base64 in PackedByteArray(...)", s);
        return { kind: "packedByteArray", data: bytes };
      }
      const out: number[] = [];
      if (s.type === ")") this.lx.next();
      else {
        for (;;) {
          out.push(Number(this.intArg(this.numberArg(t.text), 0n, 255n, `${t.text} element`)));
          const sep = this.lx.next();
          if (sep.type === ")") break;
          if (sep.type !== ",")
            this.fail("syntax", `expected ',' or ')' in ${t.text}(...), found ${describe(sep)}`, sep);
        }
      }
      return { kind: "packedByteArray", data: Uint8Array.from(out) };
    }
    return this.fail("syntax", `expected '(' after ${t.text}`, this.lx.peek());
  }

  private nodePath(path: string): NodePathValue {
    const absolute = path.startsWith("/");
    const body = absolute ? path.slice(1) : path;
    const [namePart = "", ...subs] = body.split(":");
    const names = namePart === "" ? [] : namePart.split("/").filter((n) => n !== "");
    const subnames = subs.filter((s) => s !== "");
    if (this.legacy && subnames.length > 0) {
      // 2.x NodePaths keep the last `:` part apart as the property (`node:sub:prop`).
      const property = subnames.pop()!;
      return { kind: "nodePath", names, subnames, absolute, property };
    }
    return { kind: "nodePath", names, subnames, absolute };
  }

  private htmlColor(t: Token): Value {
    const hex = t.text.slice(1);
    const byte = (i: number) => Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    const nib = (i: number) => Number.parseInt(hex[i]! + hex[i]!, 16) / 255;
    let rgba: [number, number, number, number];
    // Color::html: #RGB, #RGBA, #RRGGBB, #RRGGBBAA.
    if (hex.length === 3) rgba = [nib(0), nib(1), nib(2), 1];
    else if (hex.length === 4) rgba = [nib(0), nib(1), nib(2), nib(3)];
    else if (hex.length === 6) rgba = [byte(0), byte(2), byte(4), 1];
    else if (hex.length === 8) rgba = [byte(0), byte(2), byte(4), byte(6)];
    else return this.fail("syntax", `invalid color ${t.text}: use #RGB, #RGBA, #RRGGBB or #RRGGBBAA`, t);
    const [r, g, b, a] = rgba.map(Math.fround) as [number, number, number, number];
    return { kind: "color", r, g, b, a };
  }

  // Signal() as the engine writes it; Signal("name", objectId) also reads, so a signal's wire
  // content can be written by hand.
  private signal(): Value {
    this.expect("(", "'(' after Signal");
    if (this.lx.peek().type === ")") {
      this.lx.next();
      return { kind: "signal", name: "", objectId: 0 };
    }
    const n = this.lx.next();
    if (n.type !== "string" && n.type !== "stringName")
      this.fail("arguments", "Signal takes a name and an object id", n);
    this.expect(",", "',' after the signal name");
    const id = this.intArg(this.numberArg("Signal"), I64_MIN, I64_MAX, "Signal object id");
    this.expect(")", "')' after the signal's object id");
    return { kind: "signal", name: n.text, objectId: id };
  }

  // Object(Class,"prop":value,...). EncodedObjectAsID with only `object_id` (and a null
  // `script`) is what the engine prints for an object sent as its id: it reads back as that id.
  private object(): Value {
    this.expect("(", "'(' after Object");
    const cls = this.expect("identifier", "a class name in Object(...)");
    const properties: ObjectProperty[] = [];
    let sep = this.lx.next();
    if (sep.type !== ")") {
      if (sep.type !== ",")
        this.fail("syntax", `expected ',' or ')' after the class name, found ${describe(sep)}`, sep);
      for (;;) {
        if (this.lx.peek().type === ")") {
          this.lx.next();
          break;
        }
        const name = this.expect("string", "a property name (a string) in Object(...)").text;
        this.expect(":", "':' after the property name");
        properties.push([name, this.propertyValue(name)]);
        sep = this.lx.next();
        if (sep.type === ")") break;
        if (sep.type !== ",")
          this.fail("syntax", `expected ',' or ')' in Object(...), found ${describe(sep)}`, sep);
      }
    }
    if (cls.text === "EncodedObjectAsID") {
      const id = properties.find(([n]) => n === "object_id")?.[1];
      const rest = properties.filter(([n, v]) => n !== "object_id" && !(n === "script" && v.kind === "nil"));
      if (id?.kind === "int" && rest.length === 0) return { kind: "object", form: "id", id: id.value };
    }
    return { kind: "object", form: "full", className: cls.text, properties };
  }

  private propertyValue(name: string): Value {
    const t = this.lx.peek();
    if (name === "script" && t.type === "identifier" && t.text === "Resource") {
      // 4.3+ sends an object's script as its res:// path; the engine prints it as a resource.
      this.lx.next();
      return { kind: "string", value: this.resourcePath() };
    }
    return this.value();
  }

  private resourcePath(): string {
    this.expect("(", "'(' after Resource");
    const path = this.expect("string", "a path in Resource(...)").text;
    // Resource("res://a.gd", "uid://...") in newer files: the uid is not part of the value.
    if (this.lx.peek().type === ",") {
      this.lx.next();
      this.expect("string", "a second path in Resource(...)");
    }
    this.expect(")", "')' after the resource path");
    return path;
  }

  private containerType(): ContainerType | undefined {
    const t = this.expect("identifier", "a type name");
    if (t.text === "Variant") return undefined;
    if (t.text === "Resource" && this.lx.peek().type === "(")
      return { kind: "script", path: this.resourcePath() };
    const kind = TYPE_NAME_KINDS[t.text];
    if (kind !== undefined) return { kind: "builtin", type: kind };
    return { kind: "class", className: t.text };
  }

  private typedArray(): Value {
    this.expect("[", "'[' after Array");
    const elementType = this.containerType();
    this.expect("]", "']' after the element type");
    this.expect("(", "'(' after Array[...]");
    this.expect("[", "'[' in Array[...](...)");
    const items = this.arrayBody();
    this.expect(")", "')' after the array");
    return elementType === undefined ? { kind: "array", items } : { kind: "array", items, elementType };
  }

  private typedDictionary(): Value {
    this.expect("[", "'[' after Dictionary");
    const keyType = this.containerType();
    this.expect(",", "',' after the key type");
    const valueType = this.containerType();
    this.expect("]", "']' after the value type");
    this.expect("(", "'(' after Dictionary[...]");
    this.expect("{", "'{' in Dictionary[...](...)");
    const entries = this.dictionaryBody();
    this.expect(")", "')' after the dictionary");
    const out: {
      -readonly [K in keyof Extract<Value, { kind: "dictionary" }>]: Extract<
        Value,
        { kind: "dictionary" }
      >[K];
    } = { kind: "dictionary", entries };
    if (keyType !== undefined) out.keyType = keyType;
    if (valueType !== undefined) out.valueType = valueType;
    return out;
  }
}

/**
 * Reads one value written in Godot's text syntax: what `var_to_str` (4.x) and `var2str`
 * (2.x/3.x) print, and what a user types the way Godot shows values. One parser reads every
 * generation: 4.x names (`Vector2(1, 2)`, `PackedInt32Array(...)`, `Transform3D`, `Projection`,
 * `&"name"`, `^"node/path"`, `NodePath("a:b")`, `Array[int]([1])`,
 * `Dictionary[String, int]({...})`, `Object(Class,"prop":value)`, `RID(5)`, `Callable()`,
 * `Signal()`), 3.x names with their spaces (`Vector2( 1, 2 )`, `PoolIntArray(  )`,
 * `Transform`, `Quat`), 2.x names (`Matrix32`, `Matrix3`, `IntArray`, `FloatArray`,
 * `StringArray`, `Vector2Array`, `ColorArray`, `ByteArray`, `Image( ... )`,
 * `InputEvent(KEY,...)`), numbers (`1` is an int; `1.0`, `1e5`, `inf`, `-inf`, `inf_neg`, `nan`
 * are floats), strings with the engine's escapes (`\n \t \" \\ \uXXXX \UXXXXXX`), `null`,
 * `true`, `false`, `[ ... ]`, `{ key: value }` with keys of any kind, `#RRGGBB` colors and
 * `;` line comments.
 *
 * What text cannot carry is filled as the engine does: a Callable and a Signal print empty,
 * an InputEvent's device reads as 0, and a repeated dictionary key keeps its first place with
 * the later value. `Object(EncodedObjectAsID,"object_id":N)` reads as the object id N.
 *
 * @param text - the text of exactly one value (whitespace and `;` comments around it are fine).
 * @throws {TextParseError} with `code`, `offset`, `line` and `column` for text that is not a value.
 * @throws {TypeError} for an unknown `dialect` option.
 */
export function parseVariantText(text: string, options: ParseVariantTextOptions = {}): Value {
  options ??= {}; // null from an untyped caller is no options
  return guarded(text, options, (p) => {
    const v = p.value();
    p.expectEnd();
    return v;
  });
}

/**
 * Reads a sequence of values separated by whitespace, such as the output of
 * `gdvariant decode --format text` over several records. An empty text gives an empty list.
 *
 * @throws {TextParseError} as {@link parseVariantText}.
 */
export function parseVariantTextSequence(text: string, options: ParseVariantTextOptions = {}): Value[] {
  options ??= {}; // null from an untyped caller is no options
  return guarded(text, options, (p) => {
    const out: Value[] = [];
    while (!p.atEnd()) out.push(p.value());
    return out;
  });
}

/**
 * Reads one value that starts at `offset` in `text` (after any whitespace and `;` comments) and
 * leaves what follows it alone: the reader of formats that hold values among other text, such
 * as ConfigFile's `key=value`. Returns the value and `end`, the offset just past it. The work is
 * that of the value's own text, wherever it starts; offsets, lines and columns in errors are
 * those of the whole text.
 *
 * @param offset - where to start, 0 to `text.length` (default 0).
 * @throws {TextParseError} as {@link parseVariantText} (`syntax` for a text that ends before a
 *   value starts); `syntax` at 0 for an `offset` that is not an integer in 0..`text.length`.
 * @throws {TypeError} for an unknown `dialect` option.
 */
export function parseVariantTextAt(
  text: string,
  offset = 0,
  options: ParseVariantTextOptions = {},
): { value: Value; end: number } {
  if (!Number.isInteger(offset) || offset < 0 || offset > (typeof text === "string" ? text.length : 0)) {
    throw new TextParseError(`offset ${String(offset)} is not within the text`, {
      code: "syntax",
      offset: 0,
      line: 1,
      column: 1,
    });
  }
  return guarded(
    text,
    options,
    (p) => {
      const value = p.value();
      return { value, end: p.end() };
    },
    offset,
  );
}

// The parser recurses once per nesting level, so `maxDepth` is capped at what every JS engine's
// stack holds; a stack that still runs out (a small worker stack) gives `depth-exceeded` too.
function guarded<T>(text: string, options: ParseVariantTextOptions, run: (p: Parser) => T, start = 0): T {
  if (typeof text !== "string") {
    throw new TextParseError(`expected the text as a string, got ${text === null ? "null" : typeof text}`, {
      code: "syntax",
      offset: 0,
      line: 1,
      column: 1,
    });
  }
  const p = new Parser(text, options ?? {}, start);
  try {
    return run(p);
  } catch (e) {
    if (e instanceof RangeError) throw p.stackError();
    throw e;
  }
}

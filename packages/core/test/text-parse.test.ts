import { readFileSync } from "node:fs";
import {
  aabb,
  array,
  basis,
  builtinType,
  callable,
  classType,
  color,
  dictionary,
  encodeWith,
  equals,
  float,
  fullObject,
  GdVariantError,
  int,
  matrix3,
  matrix32,
  nil,
  nodePath,
  objectId,
  packedByteArray,
  packedColorArray,
  packedFloat32Array,
  packedFloat64Array,
  packedInt32Array,
  packedInt64Array,
  packedStringArray,
  packedVector2Array,
  parseVariantText,
  parseVariantTextAt,
  parseVariantTextSequence,
  projection,
  quaternion,
  rect2i,
  rid,
  scriptType,
  signal,
  string,
  stringName,
  TextParseError,
  transform2d,
  transform3d,
  vector2,
  vector2i,
  vector3,
  vector4i,
} from "@gdvariant/core";
import { bytesToHex } from "@gdvariant/test-support/hex";
import { errorOf } from "@gdvariant/test-support/hostile";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { modern } from "./support/dialects.js";

/** Reverses the engine's `c_escape()` that the fixture generator applied to each text. */
function unCEscape(s: string): string {
  const map: Record<string, string> = { n: "\n", t: "\t", r: "\r", a: "\x07", b: "\b", f: "\f", v: "\v" };
  return s.replace(/\\(.)/g, (_, c: string) => map[c] ?? c);
}

function parseError(text: string, options = {}): TextParseError {
  try {
    parseVariantText(text, options);
  } catch (e) {
    expect(TextParseError.is(e)).toBe(true);
    expect(GdVariantError.is(e)).toBe(true);
    return e as TextParseError;
  }
  throw new Error(`parsed without error: ${text}`);
}

describe("parseVariantText: scalars", () => {
  it("reads ints as ints and floats as floats, as the engine's tokenizer decides", () => {
    expect(parseVariantText("1")).toEqual(int(1));
    expect(parseVariantText("-7")).toEqual(int(-7));
    expect(parseVariantText("1.0")).toEqual(float(1));
    expect(parseVariantText("1e5")).toEqual(float(1e5));
    expect(parseVariantText("-2.5E-3")).toEqual(float(-2.5e-3));
    expect(Object.is((parseVariantText("-0.0") as { value: number }).value, -0)).toBe(true);
    expect(parseVariantText("inf")).toEqual(float(Number.POSITIVE_INFINITY));
    expect(parseVariantText("-inf")).toEqual(float(Number.NEGATIVE_INFINITY));
    expect(parseVariantText("inf_neg")).toEqual(float(Number.NEGATIVE_INFINITY));
    expect(Number.isNaN((parseVariantText("nan") as { value: number }).value)).toBe(true);
    // What 2.x/3.x var2str print for non-finite standalone reals.
    expect(parseVariantText("[ -inf.0, inf.0, -nan ]")).toEqual(
      array([float(Number.NEGATIVE_INFINITY), float(Number.POSITIVE_INFINITY), float(Number.NaN)]),
    );
  });

  it("reads infinity and NaN as a Godot 3.x release's str2var does with nonFinite", () => {
    // Godot 3.2.3 str2var (nonFinite "bare") reads inf and nan alone, refuses inf_neg and any
    // constant inside a constructor; Godot 3.6 ("named") reads inf, nan and inf_neg everywhere.
    // Both read -inf as the int 0: refused here. (godot-3's test/fixtures/versions-*.tsv)
    const neg = float(Number.NEGATIVE_INFINITY);
    for (const nonFinite of ["bare", "named"] as const) {
      expect(parseVariantText("inf", { nonFinite })).toEqual(float(Number.POSITIVE_INFINITY));
      expect(parseVariantText("[ inf.0, nan ]", { nonFinite }).kind).toBe("array");
      expect(parseError("-inf", { nonFinite }).code).toBe("unsupported");
      expect(parseError("Vector2( -inf, 1 )", { nonFinite }).code).toBe("unsupported");
    }
    expect(parseError("inf_neg", { nonFinite: "bare" }).code).toBe("unsupported");
    expect(parseError("Vector2( inf, 1 )", { nonFinite: "bare" }).code).toBe("unsupported");
    expect(parseError("{\ninf_neg: inf\n}", { nonFinite: "bare" }).code).toBe("unsupported");
    expect(parseVariantText("inf_neg", { nonFinite: "named" })).toEqual(neg);
    expect(parseVariantText("Vector2( inf_neg, 1 )", { dialect: "godot-3", nonFinite: "named" })).toEqual(
      vector2(Number.NEGATIVE_INFINITY, 1),
    );
    expect(parseVariantText("Vector2( -inf, 1 )")).toEqual(vector2(Number.NEGATIVE_INFINITY, 1));
  });

  it("keeps 64-bit ints exact", () => {
    expect(parseVariantText("9223372036854775807")).toEqual(int(9223372036854775807n));
    expect(parseVariantText("-9223372036854775808")).toEqual(int(-9223372036854775808n));
    expect(parseError("9223372036854775808").code).toBe("out-of-range");
  });

  it("reads null, nil, true, false", () => {
    expect(parseVariantText("null")).toEqual(nil());
    expect(parseVariantText("nil")).toEqual(nil());
    expect(parseVariantText(" true ")).toEqual({ kind: "bool", value: true });
    expect(parseVariantText("false")).toEqual({ kind: "bool", value: false });
  });

  it("decodes the escapes the engine writes and reads", () => {
    expect(parseVariantText(String.raw`"a\"b\\c\nd\te\rf\bg\fh"`)).toEqual(string('a"b\\c\nd\te\rf\bg\fh'));
    expect(parseVariantText(String.raw`"\'\?"`)).toEqual(string("'?"));
    expect(parseVariantText(String.raw`"\a\v"`)).toEqual(string("\x07\v"));
    expect(parseVariantText(String.raw`"\u00e9\U01F3AE"`)).toEqual(string("é🎮"));
    expect(parseVariantText(String.raw`"\ud83c\udfae"`)).toEqual(string("🎮"));
    expect(parseVariantText('"line1\nline2"')).toEqual(string("line1\nline2"));
    expect(parseVariantText('"日本語"')).toEqual(string("日本語"));
  });

  it("reads StringName and NodePath literals", () => {
    expect(parseVariantText('&"weapon"')).toEqual(stringName("weapon"));
    expect(parseVariantText('@"weapon"')).toEqual(stringName("weapon"));
    expect(parseVariantText('^"/root/Main:position:x"')).toEqual(nodePath("/root/Main:position:x"));
    expect(parseVariantText('NodePath("A/B")')).toEqual(nodePath({ names: ["A", "B"] }));
    expect(parseVariantText('NodePath("")')).toEqual(nodePath(""));
  });
});

describe("parseVariantText: constructors of every generation", () => {
  it("reads 4.x math types, rounding real_t components to float32 by default", () => {
    expect(parseVariantText("Vector2(0.1, -2)")).toEqual(vector2(Math.fround(0.1), -2));
    expect(parseVariantText("Vector2i(1, -2)")).toEqual(vector2i(1, -2));
    expect(parseVariantText("Rect2i(1, 2, 3, 4)")).toEqual(rect2i(1, 2, 3, 4));
    expect(parseVariantText("Vector4i(1, 2, 3, -2147483648)")).toEqual(vector4i(1, 2, 3, -2147483648));
    expect(parseVariantText("Quaternion(0, 0, 0, 1)")).toEqual(quaternion(0, 0, 0, 1));
    expect(parseVariantText("AABB(1, 2, 3, 4, 5, 6)")).toEqual(aabb(1, 2, 3, 4, 5, 6));
    expect(parseVariantText("Transform2D(1, 0, 0, 1, 5, 6)")).toEqual(transform2d([1, 0, 0, 1, 5, 6]));
    expect(parseVariantText("Basis(1, 2, 3, 4, 5, 6, 7, 8, 9)")).toEqual(basis([1, 2, 3, 4, 5, 6, 7, 8, 9]));
    expect(parseVariantText("Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 11, 12)")).toEqual(
      transform3d([1, 0, 0, 0, 1, 0, 0, 0, 1, 10, 11, 12]),
    );
    const p = Array.from({ length: 16 }, (_, i) => i);
    expect(parseVariantText(`Projection(${p.join(", ")})`)).toEqual(projection(p));
    expect(parseVariantText("Vector3(inf, inf_neg, nan)")).toEqual(
      vector3(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN),
    );
  });

  it("keeps real_t components as written for double-precision builds", () => {
    expect(parseVariantText("Vector2(0.1, 2)", { precision: "double" })).toEqual(vector2(0.1, 2));
    expect(parseVariantText("PackedVector2Array(0.1, 2)", { precision: "double" })).toEqual(
      packedVector2Array(Float64Array.of(0.1, 2)),
    );
    // Colors are float32 in every build.
    expect(parseVariantText("Color(0.1, 0, 0, 1)", { precision: "double" })).toEqual(
      color(Math.fround(0.1), 0, 0, 1),
    );
  });

  it("reads 3.x names with their spaces", () => {
    expect(parseVariantText("Vector2( 1, 2 )")).toEqual(vector2(1, 2));
    expect(parseVariantText("Quat( 0, 0, 0, 1 )")).toEqual(quaternion(0, 0, 0, 1));
    expect(parseVariantText("Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0 )")).toEqual(
      transform3d([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
    );
    expect(parseVariantText("PoolIntArray(  )")).toEqual(packedInt32Array([]));
    expect(parseVariantText("PoolRealArray( 1, 2.5 )")).toEqual(packedFloat32Array([1, 2.5]));
    expect(parseVariantText('PoolStringArray( "a", "b" )')).toEqual(packedStringArray(["a", "b"]));
    expect(parseVariantText("PoolColorArray( 1, 0, 0, 1 )")).toEqual(packedColorArray([1, 0, 0, 1]));
    expect(parseVariantText("Rect3( 1, 2, 3, 4, 5, 6 )")).toEqual(aabb(1, 2, 3, 4, 5, 6));
  });

  it("gives the 2.x kinds for 2.x names, and for every name in the legacy-2 mode", () => {
    expect(parseVariantText("Matrix32( 1, 0, 0, 1, 0, 0 )")).toEqual(matrix32([1, 0, 0, 1, 0, 0]));
    expect(parseVariantText("Matrix3( 1, 0, 0, 0, 1, 0, 0, 0, 1 )")).toEqual(
      matrix3([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    );
    expect(parseVariantText("Transform2D(1, 0, 0, 1, 0, 0)", { dialect: "legacy-2" })).toEqual(
      matrix32([1, 0, 0, 1, 0, 0]),
    );
    expect(parseVariantText("Basis(1, 0, 0, 0, 1, 0, 0, 0, 1)", { dialect: "legacy-2" })).toEqual(
      matrix3([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    );
    expect(parseVariantText("Basis(1, 0, 0, 0, 1, 0, 0, 0, 1)", { dialect: "godot-3" })).toEqual(
      basis([1, 0, 0, 0, 1, 0, 0, 0, 1]),
    );
    expect(parseVariantText("IntArray( 1, -2 )")).toEqual(packedInt32Array([1, -2]));
    expect(parseVariantText("FloatArray( 0.5 )")).toEqual(packedFloat32Array([0.5]));
    expect(parseVariantText("ByteArray( 0, 255 )")).toEqual(packedByteArray([0, 255]));
    expect(parseVariantText('StringArray( "x" )')).toEqual(packedStringArray(["x"]));
    expect(parseVariantText("Vector2Array( 1, 2, 3, 4 )")).toEqual(packedVector2Array([1, 2, 3, 4]));
    expect(parseVariantText("ColorArray(  )")).toEqual(packedColorArray([]));
  });

  it("keeps the last ':' part of a 2.x NodePath as its property", () => {
    expect(parseVariantText('NodePath("Node/Child:prop:sub")', { dialect: "legacy-2" })).toEqual(
      nodePath({ names: ["Node", "Child"], subnames: ["prop"], property: "sub" }),
    );
    expect(parseVariantText('NodePath(":prop")', { dialect: "legacy-2" })).toEqual(
      nodePath({ property: "prop" }),
    );
    expect(parseVariantText("[ {\n\n} ]", { dialect: "legacy-2" })).toEqual(
      array([dictionary([], { shared: true })], { shared: true }),
    );
    expect(parseVariantText('NodePath("/root/X:position:x")')).toEqual(
      nodePath({ names: ["root", "X"], subnames: ["position", "x"], absolute: true }),
    );
  });

  it("reads 2.x Images and InputEvents", () => {
    expect(parseVariantText("Image( 2, 1, 0, RGB, 1, 2, 3, 4, 5, 6 )")).toEqual({
      kind: "image",
      format: 3,
      mipmaps: 0,
      width: 2,
      height: 1,
      data: Uint8Array.of(1, 2, 3, 4, 5, 6),
    });
    expect(parseVariantText("Image()")).toEqual({
      kind: "image",
      format: 0,
      mipmaps: 0,
      width: 0,
      height: 0,
      data: new Uint8Array(0),
    });
    expect(parseVariantText("InputEvent(KEY,16777217,SC)")).toEqual({
      kind: "inputEvent",
      eventType: 1,
      device: 0,
      modifiers: (1 << 25) | (1 << 28),
      scancode: 16777217,
    });
    expect(parseVariantText("InputEvent(MBUTTON,5)")).toEqual({
      kind: "inputEvent",
      eventType: 3,
      device: 0,
      buttonIndex: 5,
    });
    expect(parseVariantText("InputEvent(JAXIS,4,0)")).toMatchObject({ eventType: 4, axis: 4, axisValue: 0 });
    expect(parseVariantText("InputEvent(NONE)")).toEqual({ kind: "inputEvent", eventType: 0, device: 0 });
    expect(parseVariantText("InputEvent()")).toEqual({ kind: "inputEvent", eventType: 2, device: 0 });
    expect(parseError("Image( 1, 1, 0, PNG, 1 )").code).toBe("arguments");
  });

  it("reads packed arrays of 4.x, with byte arrays also as base64", () => {
    expect(parseVariantText("PackedByteArray()")).toEqual(packedByteArray([]));
    expect(parseVariantText('PackedByteArray("AQID")')).toEqual(packedByteArray([1, 2, 3]));
    expect(parseVariantText("PackedInt64Array(-9223372036854775808, 1)")).toEqual(
      packedInt64Array([-9223372036854775808n, 1n]),
    );
    expect(parseVariantText("PackedFloat64Array(0.1, inf)")).toEqual(
      packedFloat64Array([0.1, Number.POSITIVE_INFINITY]),
    );
    expect(parseError("PackedByteArray(256)").code).toBe("out-of-range");
    expect(parseError("PackedInt32Array(2147483648)").code).toBe("out-of-range");
    expect(parseError("PackedVector2Array(1, 2, 3)").code).toBe("arguments");
  });

  it("reads RID, Callable, Signal and html colors", () => {
    expect(parseVariantText("RID()")).toEqual(rid(0));
    expect(parseVariantText("RID(4294967296123)")).toEqual(rid(4294967296123));
    expect(parseVariantText("Callable()")).toEqual(callable());
    expect(parseVariantText("Signal()")).toEqual(signal("", 0));
    expect(parseVariantText('Signal(&"hit", 42)')).toEqual(signal("hit", 42));
    expect(parseVariantText("#ff0000")).toEqual(color(1, 0, 0, 1));
    expect(parseVariantText("#00f8")).toEqual(color(0, 0, 1, Math.fround(0x88 / 255)));
  });
});

describe("parseVariantText: containers and objects", () => {
  it("reads arrays and dictionaries with keys of any kind, in the written order", () => {
    const v = parseVariantText('{\n"b": [1, 2.0, "x"],\nVector2(1, 2): null,\n3: {}\n}');
    expect(
      equals(
        v,
        dictionary([
          [string("b"), array([int(1), float(2), string("x")])],
          [vector2(1, 2), nil()],
          [int(3), dictionary()],
        ]),
      ),
    ).toBe(true);
    expect(parseVariantText("[  ]")).toEqual(array());
    expect(parseVariantText("{\n\n}")).toEqual(dictionary());
    // Trailing commas are fine in containers, as in the engine.
    expect(parseVariantText("[1, 2,]")).toEqual(array([int(1), int(2)]));
  });

  it("keeps a repeated key once, in its first place, with the later value (the engine's dict[key] = v)", () => {
    const v = parseVariantText('{"a": 1, &"b": 2, "b": 3, "a": 4}');
    expect(
      equals(
        v,
        dictionary([
          [string("a"), int(4)],
          [stringName("b"), int(3)],
        ]),
      ),
    ).toBe(true);
  });

  it("reads typed arrays and dictionaries", () => {
    expect(parseVariantText("Array[int]([1, 2])")).toEqual(
      array([int(1), int(2)], { elementType: builtinType("int") }),
    );
    expect(parseVariantText("Array[Node]([])")).toEqual(array([], { elementType: classType("Node") }));
    expect(parseVariantText('Array[Resource("res://enemy.gd")]([])')).toEqual(
      array([], { elementType: scriptType("res://enemy.gd") }),
    );
    expect(parseVariantText("Array[Variant]([1])")).toEqual(array([int(1)]));
    expect(parseVariantText('Dictionary[String, int]({\n"a": 1\n})')).toEqual(
      dictionary([[string("a"), int(1)]], { keyType: builtinType("string"), valueType: builtinType("int") }),
    );
    expect(parseVariantText("Dictionary[Variant, Vector2]({})")).toEqual(
      dictionary([], { valueType: builtinType("vector2") }),
    );
  });

  it("reads objects: ids as ids, full objects as inert data, a script as its path", () => {
    expect(
      parseVariantText('Object(EncodedObjectAsID,"object_id":9223372036854775807,"script":null)\n'),
    ).toEqual(objectId(9223372036854775807n));
    expect(parseVariantText('Object(Node2D,"name":"n","script":Resource("res://my_res.gd"))')).toEqual(
      fullObject("Node2D", [
        ["name", string("n")],
        ["script", string("res://my_res.gd")],
      ]),
    );
    expect(parseError('Resource("res://icon.png")').code).toBe("unsupported");
  });

  it("reads a sequence of values", () => {
    expect(parseVariantTextSequence("1 [2]\n{\n}\n")).toEqual([int(1), array([int(2)]), dictionary()]);
    expect(parseVariantTextSequence("  ")).toEqual([]);
  });

  it("reads one value inside a longer text and says where it ends", () => {
    expect(parseVariantTextAt("k=[1,\n2] rest", 2)).toEqual({ value: array([int(1), int(2)]), end: 8 });
    expect(parseVariantTextAt("x= ; note\n 5 y", 2)).toEqual({ value: int(5), end: 12 });
    expect(parseVariantTextAt('a="b\nc"d=1', 2)).toEqual({ value: string("b\nc"), end: 7 });
    expect(parseVariantTextAt("Vector2(1, 2)abc", 0).end).toBe(13);
    expect(parseVariantTextAt("7").end).toBe(1);
    // Errors are placed in the whole text.
    let e: unknown;
    try {
      parseVariantTextAt("ok=1\nbad=Vector2(1,\n", 9);
    } catch (err) {
      e = err;
    }
    expect(TextParseError.is(e) && [e.line, e.offset]).toEqual([3, 20]);
    for (const [text, offset] of [
      ["1", -1],
      ["1", 2],
      ["1", 0.5],
      ["x=", 2],
    ] as const)
      expect(TextParseError.is(errorOf(() => parseVariantTextAt(text, offset))), `${text} @${offset}`).toBe(
        true,
      );
  });
});

describe("parseVariantText: errors", () => {
  it("reports the code, offset, line and column", () => {
    const e = parseError('[1,\n  Vector2(1, "x")]');
    expect(e.code).toBe("arguments");
    expect(e.line).toBe(2);
    expect(e.column).toBe(14);
    expect(e.offset).toBe(17);
    expect(e.message).toContain("line 2, column 14");
  });

  it("rejects bad text with the project's own errors only", () => {
    const cases: Array<[string, TextParseError["code"]]> = [
      ["", "syntax"],
      ["[1, 2", "syntax"],
      ['"abc', "syntax"],
      ["Vector9(1)", "unknown-identifier"],
      ["Vector2(1)", "arguments"],
      ["Vector2i(1.5, 2)", "arguments"],
      ["{1 2}", "syntax"],
      ["1 2", "trailing-text"],
      ["$", "syntax"],
      [String.raw`"\ud83c"`, "syntax"],
      [String.raw`"\uZZZZ"`, "syntax"],
      ["1e", "syntax"],
      ["Object(1)", "syntax"],
      ["#12345", "syntax"],
      ["SubResource(1)", "unsupported"],
    ];
    for (const [text, code] of cases) expect([text, parseError(text).code]).toEqual([text, code]);
  });

  it("stops at maxDepth instead of overflowing the stack", () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    expect(parseError(deep).code).toBe("depth-exceeded");
    expect(parseVariantText("[[[]]]", { maxDepth: 3 })).toEqual(array([array([array()])]));
    expect(parseError("[[[]]]", { maxDepth: 2 }).code).toBe("depth-exceeded");
  });

  it("refuses an unknown dialect option", () => {
    expect(() => parseVariantText("1", { dialect: "godot-5" as "godot-4" })).toThrow(TypeError);
  });
});

describe("parseVariantText: hostile text", () => {
  const onlyOwnErrors = (text: string) => {
    try {
      parseVariantText(text);
    } catch (e) {
      if (!TextParseError.is(e)) throw e;
    }
  };

  it("throws nothing but TextParseError for any text", () => {
    const alphabet = fc.constantFrom(
      ...'[]{}(),:"&^#-.0123456789eE aAinfVector2PoolIntArray;\n\\u'.split(""),
    );
    fc.assert(fc.property(fc.string(), onlyOwnErrors), { numRuns: 2000 });
    fc.assert(fc.property(fc.string({ unit: alphabet, maxLength: 60 }), onlyOwnErrors), { numRuns: 3000 });
  });

  it("throws nothing but TextParseError for engine text cut or changed anywhere", () => {
    const texts = readFileSync(
      new URL("./text-parse-fixtures/godot-4.6.3-random-cases.tsv", import.meta.url),
      "utf8",
    )
      .split("\n")
      .filter((l) => l.startsWith("CASE\t"))
      .slice(0, 200)
      .map((l) => unCEscape(l.split("\t")[2]!));
    for (const t of texts) {
      for (let i = 0; i <= t.length; i += Math.max(1, Math.floor(t.length / 40))) {
        onlyOwnErrors(t.slice(0, i));
        onlyOwnErrors(t.slice(0, i) + t.slice(i + 1));
        onlyOwnErrors(`${t.slice(0, i)}"${t.slice(i)}`);
      }
    }
  });
});

describe("parseVariantText: Godot 4.6.3 var_to_str output", () => {
  const lines = readFileSync(
    new URL("./text-parse-fixtures/godot-4.6.3-random-cases.tsv", import.meta.url),
    "utf8",
  )
    .split("\n")
    .filter((l) => l.startsWith("CASE\t"));

  it("has the engine's cases", () => {
    expect(lines.length).toBe(1000);
  });

  // The fourth column is var_to_bytes(str_to_var(text)) in the engine: what it reads its own text
  // as. Its built_in_strtod is not correctly rounded (it reads "-0.0017461578051249187" 22 ulps
  // away, and far below 1e-290 as zero), and it reads dictionaries in the text's order, so those
  // bytes, not the ones that were printed, are what the parser must give.
  it("reads every engine text as the engine's str_to_var does, byte for byte", () => {
    const failures: string[] = [];
    let moved = 0;
    for (const line of lines) {
      const [, printed, escaped, readBack] = line.split("\t") as [string, string, string, string];
      if (readBack !== printed) moved++;
      const text = unCEscape(escaped);
      const got = bytesToHex(encodeWith(modern, parseVariantText(text)));
      if (got !== readBack) failures.push(`${text.slice(0, 200)}\n  engine ${readBack}\n  parsed ${got}`);
    }
    expect(failures).toEqual([]);
    // Reading back moves some values (reals, dictionary order): the column is not a copy.
    expect(moved).toBeGreaterThan(0);
  });
});

// Encoder policy (32-bit ints and reals, kinds 2.x lacks), text-form details of the 2.1 writer
// that the fixtures do not reach, and the Image helpers.
import { EncodeError, image, inputEvent, nodePath, packedVector2Array, type Value } from "@gdvariant/core";
import {
  decode,
  EVENT_TYPES as E,
  encode,
  IMAGE_FORMAT as F,
  IMAGE_FORMATS,
  imageDataSize,
  imageRejection,
  imageToRGBA8,
  mipLevels,
  nodePath2,
  toText,
} from "@gdvariant/legacy-2";
import { cEscape, cEscapeMultiline, realText, variantLess } from "@gdvariant/legacy-2/text";
import { describe, expect, it } from "vitest";
import { hex, unhex, vectorLines } from "./support/fixtures.js";

function encodeError(v: unknown, options = {}): EncodeError {
  try {
    encode(v, options);
  } catch (e) {
    if (EncodeError.is(e)) return e;
    throw e;
  }
  throw new Error("encoded");
}

const fixture = (label: string) => unhex(vectorLines().find((l) => l.label === label)!.hex);

describe("encode policy", () => {
  it("refuses ints beyond 32 bits instead of truncating them", () => {
    expect(encodeError(2 ** 31).code).toBe("out-of-range");
    expect(encodeError({ kind: "int", value: -(2n ** 40n) }).code).toBe("out-of-range");
    expect(hex(encode(-(2 ** 31)))).toBe("0200000000000080");
  });

  it("refuses inexact reals by default and rounds them as the engine with reals: round", () => {
    const e = encodeError({ hp: 0.1 });
    expect(e.code).toBe("out-of-range");
    expect(e.pathString).toBe('["hp"]');
    expect(encodeError({ kind: "vector2", x: 0.1, y: 0 }).code).toBe("out-of-range");
    expect(encodeError(packedVector2Array(Float64Array.of(1, 0.1))).code).toBe("out-of-range");
    // The engine's own bytes for 0.1 and 1e300 (vectors.txt float_0.1, float_1e300).
    expect(encode(0.1, { reals: "round" })).toEqual(fixture("float_0.1"));
    expect(encode({ kind: "float", value: 1e300 }, { reals: "round" })).toEqual(fixture("float_1e300"));
    expect(encode({ kind: "vector2", x: 0.1, y: 0.2 }, { reals: "round" })).toEqual(fixture("vec2_0.1"));
  });

  it("names the inexact real of every 2.x math kind, and lets exact values and ints through", () => {
    const cases: [unknown, string][] = [
      [{ kind: "vector2", x: 1, y: 0.1 }, "vector2.y = 0.1"],
      [{ kind: "rect2", x: 0, y: 0, width: 0.3, height: 1 }, "rect2.width = 0.3"],
      [{ kind: "vector3", x: 0.5, y: 0.25, z: 1e-50 }, "vector3.z = 1e-50"],
      [{ kind: "plane", x: 0, y: 1, z: 0, d: 1.1 }, "plane.d = 1.1"],
      [{ kind: "quaternion", x: 0.7, y: 0, z: 0, w: 1 }, "quaternion.x = 0.7"],
      [{ kind: "aabb", x: 0, y: 0, z: 0, width: 1, height: 1, depth: 1e300 }, "aabb.depth = 1e+300"],
      [{ kind: "color", r: 1, g: 0.2, b: 0, a: 1 }, "color.g = 0.2"],
      [{ kind: "matrix32", values: [1, 0, 0, 1, 0.1, 0] }, "matrix32.values[4] = 0.1"],
      [{ kind: "matrix3", values: [1, 0, 0, 0, 1, 0, 0, 0, 0.9] }, "matrix3.values[8] = 0.9"],
      [
        { kind: "transform3d", values: [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0.3, 0] },
        "transform3d.values[10] = 0.3",
      ],
      [packedVector2Array(Float64Array.of(1, 2, 0.1, 4)), "packedVector2Array.data[2] = 0.1"],
      [
        inputEvent({ eventType: E.JOYSTICK_MOTION, device: 0, axis: 1, axisValue: 0.6 }),
        "inputEvent.axisValue = 0.6",
      ],
    ];
    for (const [v, what] of cases) {
      const e = encodeError(v);
      expect(e.code, what).toBe("out-of-range");
      expect(e.detail, what).toBe(
        `${what} is not exact in the 32-bit real of Godot 2.x (encode with reals: "round" to round it as the engine does)`,
      );
      expect(() => encode(v, { reals: "round" }), what).not.toThrow();
    }
    // Exact reals, NaN, and 32-bit ints that f32 cannot hold (a key's scancode) are not refused.
    expect(() => encode({ kind: "vector3", x: 0.5, y: Number.NaN, z: -1e30 * 0 })).not.toThrow();
    expect(() =>
      encode(inputEvent({ eventType: E.KEY, device: 0, modifiers: 1 << 25, scancode: 16777345 })),
    ).not.toThrow();
    expect(() => encode(packedVector2Array(Float32Array.of(0.1, 0.2)))).not.toThrow();
  });

  it("writes an Image of every 2.x format and refuses any other format number", () => {
    for (let format = 0; format < IMAGE_FORMATS.length; format++) {
      const bytes = encode(image({ format, width: 1, height: 1, data: [7] }));
      expect(decode(bytes)).toMatchObject({ kind: "image", format, width: 1, height: 1 });
    }
    for (const format of [-1, IMAGE_FORMATS.length, 1.5, Number.NaN, 2 ** 32]) {
      const e = encodeError(image({ format, width: 1, height: 1, data: [7] }));
      expect(e.code, String(format)).toBe("invalid-value");
      expect(e.detail).toBe(`image format ${format} is not a 2.x format (0..22)`);
    }
  });

  it("refuses kinds 2.x cannot carry", () => {
    for (const v of [
      { kind: "stringName", value: "a" },
      { kind: "vector2i", x: 1, y: 2 },
      { kind: "transform2d", values: [1, 0, 0, 1, 0, 0] },
      { kind: "object", form: "full", className: "Node", properties: [] },
      { kind: "packedInt64Array", data: new BigInt64Array(1) },
      { kind: "array", items: [], elementType: { kind: "builtin", type: "int" } },
    ]) {
      expect(encodeError(v).code, v.kind).toBe("unsupported-kind");
    }
  });

  it("writes plain JS values with the shared bit off", () => {
    expect(hex(encode([1, "a"]))).toBe("15000000020000000200000001000000040000000100000061000000");
    expect(decode(encode({ a: true }))).toEqual({
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "a" },
          { kind: "bool", value: true },
        ],
      ],
    });
  });

  it("writes the 2.x NodePath property and, on request, the engine's subname bug", () => {
    const v = { ...nodePath({ names: ["a", "b", "c"], subnames: ["x", "y"] }), property: "p" };
    expect(decode(encode(v))).toEqual(v);
    const bug = decode(encode(v, { nodePathSubnames: "engine" })) as typeof v;
    expect(bug.subnames).toEqual(["y", ""]);
  });

  it("parses paths as 2.x NodePath(String) does", () => {
    expect(nodePath2("/root/X:position:x")).toEqual({
      kind: "nodePath",
      names: ["root", "X"],
      subnames: ["position"],
      absolute: true,
      property: "x",
    });
    expect(nodePath2("a:")).toEqual({ kind: "nodePath", names: ["a"], subnames: [], absolute: false });
    // An empty subname makes the engine's constructor give up: the empty path.
    expect(nodePath2("a::b:c")).toEqual({ kind: "nodePath", names: [], subnames: [], absolute: false });
  });

  it("writes 2.0-era joystick motion (no value) back in its 16-byte layout", () => {
    const ev = inputEvent({ eventType: E.JOYSTICK_MOTION, device: 0, axis: 3 });
    expect(hex(encode(ev))).toBe("1300000004000000000000001000000003000000");
  });
});

describe("var2str details", () => {
  const t = (v: Value) => toText(v);

  it("prints reals as %lg, 0 for zero, inf/nan as glibc", () => {
    expect(realText(-0)).toBe("0");
    expect(realText(1e-5)).toBe("1e-05");
    expect(realText(123456789)).toBe("1.23457e+08");
    expect(t({ kind: "float", value: Number.NEGATIVE_INFINITY })).toBe("-inf.0");
    expect(t({ kind: "float", value: Number.NaN })).toBe("nan.0");
    expect(t({ kind: "float", value: -Number.NaN })).toMatch(/^-?nan\.0$/);
    expect(t({ kind: "float", value: 3.5e38 })).toBe("3.5e+38");
  });

  it("escapes String with c_escape_multiline and StringArray/NodePath with c_escape", () => {
    expect(cEscapeMultiline('a"\\\n?')).toBe('a\\"\\\\\n?');
    expect(cEscape("a'?\t\x07")).toBe("a\\'\\?\\t\\a");
    expect(t({ kind: "packedStringArray", data: ["it's?"] })).toBe('StringArray( "it\\\'s\\?" )');
  });

  it("sorts dictionary keys by type id, then by value where 2.x defines <", () => {
    const d: Value = {
      kind: "dictionary",
      entries: [
        [{ kind: "string", value: "b" }, { kind: "nil" }],
        [{ kind: "vector2", x: 1, y: 0 }, { kind: "nil" }],
        [{ kind: "int", value: 3 }, { kind: "nil" }],
        [{ kind: "string", value: "B" }, { kind: "nil" }],
        [{ kind: "float", value: -1 }, { kind: "nil" }],
        [{ kind: "int", value: -4 }, { kind: "nil" }],
        [{ kind: "vector2", x: 0, y: 5 }, { kind: "nil" }],
        [{ kind: "bool", value: true }, { kind: "nil" }],
      ],
    };
    expect(t(d)).toBe(
      '{\ntrue: null,\n-4: null,\n3: null,\n-1.0: null,\n"B": null,\n"b": null,\nVector2( 0, 5 ): null,\nVector2( 1, 0 ): null\n}',
    );
  });

  it("orders strings by code point, as 2.x's 32-bit CharType does", () => {
    const str = (value: string): Value => ({ kind: "string", value });
    expect(variantLess(str("\uffff"), str("😀"))).toBe(true);
    expect(variantLess(str("😀"), str("\uffff"))).toBe(false);
    expect(variantLess(str("a😀"), str("a😁"))).toBe(true);
    expect(variantLess(str("ab"), str("abc"))).toBe(true);
    expect(variantLess(str("abc"), str("abc"))).toBe(false);
    expect(variantLess({ kind: "int", value: 5 }, str(""))).toBe(true);
  });

  it("prints a repeated dictionary key once, with the last value, as the engine stores it", () => {
    const k = { kind: "string", value: "a" } as const;
    const d: Value = {
      kind: "dictionary",
      entries: [
        [k, { kind: "int", value: 1 }],
        [{ kind: "int", value: 0 }, { kind: "nil" }],
        [k, { kind: "int", value: 2 }],
      ],
    };
    expect(t(d)).toBe('{\n0: null,\n"a": 2\n}');
  });

  it("prints what the engine holds: RID as nothing, a name-less NodePath as empty, a refused Image as Image()", () => {
    expect(
      t({
        kind: "array",
        items: [
          { kind: "rid", id: 0 },
          { kind: "int", value: 1 },
        ],
      }),
    ).toBe("[ , 1 ]");
    expect(t({ kind: "nodePath", names: [], subnames: [], absolute: true, property: "x" })).toBe(
      'NodePath("")',
    );
    expect(t(image({ format: F.RGBA, width: 1, height: 1, data: [1, 2, 3] }))).toBe("Image()");
    expect(t(image({ format: F.RGBA, width: 1, height: 1, data: [1, 2, 3, 4] }))).toBe(
      "Image( 1, 1, 0, RGBA, 1, 2, 3, 4 )",
    );
    // 2.1's writer has no case for the YUV formats: the name prints empty.
    expect(t(image({ format: F.YUV_444, width: 1, height: 1, data: [1, 2, 3] }))).toBe(
      "Image( 1, 1, 0, , 1, 2, 3 )",
    );
  });

  it("prints InputEvents as 2.1 does (axis value through itos)", () => {
    expect(t(inputEvent({ eventType: E.JOYSTICK_MOTION, device: 0, axis: 1, axisValue: -0.75 }))).toBe(
      "InputEvent(JAXIS,1,0)",
    );
    expect(t(inputEvent({ eventType: E.KEY, device: 0, modifiers: 0xffffffff, scancode: 0xffffffff }))).toBe(
      "InputEvent(KEY,4294967295,ASCM)",
    );
    expect(t(inputEvent({ eventType: E.SCREEN_DRAG, device: 0 }))).toBe("InputEvent()");
  });

  it("has no text for kinds 2.x lacks", () => {
    expect(() => t({ kind: "vector2i", x: 1, y: 1 })).toThrow(EncodeError);
  });
});

describe("images", () => {
  it("sizes data as 2.x Image::create checks it", () => {
    expect(imageDataSize(2, 2, F.RGBA, 0)).toBe(16);
    expect(imageDataSize(4, 2, F.RGBA, 2)).toBe(32 + 8 + 4);
    expect(imageDataSize(4, 4, F.INDEXED, 0)).toBe(16 + 768);
    expect(imageDataSize(8, 8, F.BC1, -1)).toBe(32 + 8);
    expect(imageDataSize(16, 16, F.PVRTC2, 0)).toBe(64);
    expect(imageDataSize(1, 1, F.RGBA, 0x7fffffff)).toBe(4 * 0x80000000);
    expect(imageDataSize(1, 1, F.CUSTOM, 0)).toBeUndefined();
    expect(imageDataSize(1, 1, 99, 0)).toBeUndefined();
    expect(mipLevels(1, 1, 99, 0)).toEqual([]);
    expect(mipLevels(4, 2, F.RGB, -1).map((l) => [l.width, l.height, l.offset, l.length])).toEqual([
      [4, 2, 0, 24],
      [2, 1, 24, 6],
      [1, 1, 30, 3],
    ]);
    expect(IMAGE_FORMATS.length).toBe(23);
    expect(imageRejection(image({ format: F.RGB, width: 16385, height: 1, data: [1] }))).toMatch(/outside/);
  });

  it("converts the fixture images to RGBA8 for drawing", () => {
    const rgba = imageToRGBA8(decode(fixture("image_rgba_2x2")) as never)!;
    expect([rgba.width, rgba.height]).toEqual([2, 2]);
    expect([...rgba.data]).toEqual([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 127]);
    expect([...imageToRGBA8(decode(fixture("image_gray_3x1")) as never)!.data]).toEqual([
      0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255,
    ]);
    expect(imageToRGBA8(decode(fixture("image_empty")) as never)).toBeUndefined();
  });

  it("reads every uncompressed format as 2.x get_pixel does", () => {
    const px = (format: number, data: number[], width = 1, height = 1) => [
      ...imageToRGBA8(image({ format, width, height, data }))!.data,
    ];
    expect(px(F.INTENSITY, [9])).toEqual([255, 255, 255, 9]);
    expect(px(F.GRAYSCALE_ALPHA, [7, 9])).toEqual([7, 7, 7, 9]);
    expect(px(F.RGB, [1, 2, 3])).toEqual([1, 2, 3, 255]);
    const pal3 = Array.from({ length: 768 }, (_, i) => i % 251);
    expect(px(F.INDEXED, [2, ...pal3])).toEqual([6, 7, 8, 255]);
    const pal4 = Array.from({ length: 1024 }, (_, i) => i % 251);
    expect(px(F.INDEXED_ALPHA, [2, ...pal4])).toEqual([8, 9, 10, 11]);
    // Y=235, U=V=128 is white, truncated by the engine's int32 conversion (254.9 -> 254).
    expect(px(F.YUV_444, [235, 128, 128])).toEqual([254, 254, 254, 255]);
    expect(px(F.YUV_422, [16, 128, 16, 128], 2, 1)).toEqual([0, 0, 0, 255, 0, 0, 0, 255]);
    expect(
      imageToRGBA8(image({ format: F.BC1, width: 4, height: 4, data: new Array(8).fill(0) })),
    ).toBeUndefined();
    const mips = image({ format: F.GRAYSCALE, width: 2, height: 2, mipmaps: 1, data: [1, 2, 3, 4, 9] });
    expect([...imageToRGBA8(mips, { level: 1 })!.data]).toEqual([9, 9, 9, 255]);
    expect(imageToRGBA8(mips, { level: 2 })).toBeUndefined();
  });
});

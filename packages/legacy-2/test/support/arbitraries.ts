// fast-check arbitraries for every 2.x value kind (reals are f32, ints 32-bit, strings
// without NUL, which ends a string on the wire).
import type { Value } from "@gdvariant/core";
import fc from "fast-check";

const f32 = fc.float();
const i32 = fc.integer({ min: -0x80000000, max: 0x7fffffff });
const u32 = fc.integer({ min: 0, max: 0xffffffff });
export const str = fc.string({ unit: "binary", maxLength: 12 }).filter((s) => !s.includes("\0"));

const fixed = (kind: string, fields: string[]) =>
  fc.tuple(...fields.map(() => f32)).map((xs) => {
    const o: Record<string, unknown> = { kind };
    fields.forEach((k, i) => {
      o[k] = xs[i];
    });
    return o as unknown as Value;
  });

const matrix = (kind: string, n: number) =>
  fc.array(f32, { minLength: n, maxLength: n }).map((values) => ({ kind, values }) as unknown as Value);

const f32s = (stride: number) =>
  fc
    .array(f32, { maxLength: 12 })
    .map((xs) => Float32Array.from(xs.slice(0, xs.length - (xs.length % stride))));

const inputEvent: fc.Arbitrary<Value> = fc
  .tuple(fc.integer({ min: 0, max: 10 }), i32, u32, u32, i32, f32, fc.boolean(), u32)
  .map(([t, device, mods, code, n, x, jm20, big]) => {
    const base = { kind: "inputEvent" as const, eventType: t === 10 ? Math.max(9, big) : t, device };
    switch (t) {
      case 1:
        return { ...base, modifiers: mods, scancode: code };
      case 3:
      case 5:
        return { ...base, buttonIndex: n };
      case 6:
        return { ...base, index: n };
      case 4:
        return jm20 ? { ...base, axis: n } : { ...base, axis: n, axisValue: x };
      default:
        return base;
    }
  });

const leaf: fc.Arbitrary<Value> = fc.oneof(
  fc.constant<Value>({ kind: "nil" }),
  fc.boolean().map((value): Value => ({ kind: "bool", value })),
  i32.map((value): Value => ({ kind: "int", value })),
  f32.map((value): Value => ({ kind: "float", value })),
  str.map((value): Value => ({ kind: "string", value })),
  fixed("vector2", ["x", "y"]),
  fixed("rect2", ["x", "y", "width", "height"]),
  fixed("vector3", ["x", "y", "z"]),
  matrix("matrix32", 6),
  fixed("plane", ["x", "y", "z", "d"]),
  fixed("quaternion", ["x", "y", "z", "w"]),
  fixed("aabb", ["x", "y", "z", "width", "height", "depth"]),
  matrix("matrix3", 9),
  matrix("transform3d", 12),
  fixed("color", ["r", "g", "b", "a"]),
  fc.tuple(fc.integer({ min: 0, max: 22 }), u32, u32, u32, fc.uint8Array({ maxLength: 40 })).map(
    ([format, mipmaps, width, height, data]): Value => ({
      kind: "image",
      format,
      mipmaps,
      width,
      height,
      data,
    }),
  ),
  fc
    .tuple(
      fc.array(str, { maxLength: 3 }),
      fc.array(str, { maxLength: 3 }),
      fc.boolean(),
      fc.option(str, { nil: undefined }),
    )
    .map(
      ([names, subnames, absolute, property]): Value =>
        property === undefined
          ? { kind: "nodePath", names, subnames, absolute }
          : { kind: "nodePath", names, subnames, absolute, property },
    ),
  fc.constant<Value>({ kind: "rid", id: 0 }),
  fc.constant<Value>({ kind: "object", form: "null" }),
  inputEvent,
  fc.uint8Array({ maxLength: 9 }).map((data): Value => ({ kind: "packedByteArray", data })),
  fc
    .array(i32, { maxLength: 5 })
    .map((xs): Value => ({ kind: "packedInt32Array", data: Int32Array.from(xs) })),
  f32s(1).map((data): Value => ({ kind: "packedFloat32Array", data })),
  fc.array(str, { maxLength: 4 }).map((data): Value => ({ kind: "packedStringArray", data })),
  f32s(2).map((data): Value => ({ kind: "packedVector2Array", data })),
  f32s(3).map((data): Value => ({ kind: "packedVector3Array", data })),
  f32s(4).map((data): Value => ({ kind: "packedColorArray", data })),
);

/** Any 2.x value, containers nested up to a few levels (shared bit on or off). */
export const value2x: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(fc.array(tie("v"), { maxLength: 4 }), fc.boolean())
      .map(
        ([items, shared]): Value => (shared ? { kind: "array", items, shared } : { kind: "array", items }),
      ),
    fc
      .tuple(fc.array(fc.tuple(tie("v"), tie("v")), { maxLength: 4 }), fc.boolean())
      .map(
        ([entries, shared]): Value =>
          shared ? { kind: "dictionary", entries, shared } : { kind: "dictionary", entries },
      ),
  ),
})).v;

/** Every kind the 2.x dialect writes, so a test can check the generator reaches them all. */
export const KINDS_2X = [
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "vector2",
  "rect2",
  "vector3",
  "matrix32",
  "plane",
  "quaternion",
  "aabb",
  "matrix3",
  "transform3d",
  "color",
  "image",
  "nodePath",
  "rid",
  "object",
  "inputEvent",
  "dictionary",
  "array",
  "packedByteArray",
  "packedInt32Array",
  "packedFloat32Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
] as const;

import fc from "fast-check";
import type { Value } from "../../../core/src/value/types.js";
import { leafOf } from "./generic.js";
import { f32, i32, u32 } from "./primitives.js";

// ---- 2.x -------------------------------------------------------------------------------------
// Reals are f32, ints 32-bit, strings any UTF-16 without NUL (which ends a string on the wire).

export const str2 = fc.string({ unit: "binary", maxLength: 12 }).filter((s) => !s.includes("\0"));

export const f32s = (stride: number) =>
  fc
    .array(f32, { maxLength: 12 })
    .map((xs) => Float32Array.from(xs.slice(0, xs.length - (xs.length % stride))));

export const inputEvent2x: fc.Arbitrary<Value> = fc
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

export const leaf2x: fc.Arbitrary<Value> = fc.oneof(
  leafOf.nil,
  leafOf.bool,
  leafOf.int32,
  leafOf.float32,
  str2.map((value): Value => ({ kind: "string", value })),
  leafOf.vector2,
  leafOf.rect2,
  leafOf.vector3,
  leafOf.matrix32,
  leafOf.plane,
  leafOf.quaternion,
  leafOf.aabb,
  leafOf.matrix3,
  leafOf.transform3d,
  leafOf.color,
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
      fc.array(str2, { maxLength: 3 }),
      fc.array(str2, { maxLength: 3 }),
      fc.boolean(),
      fc.option(str2, { nil: undefined }),
    )
    .map(
      ([names, subnames, absolute, property]): Value =>
        property === undefined
          ? { kind: "nodePath", names, subnames, absolute }
          : { kind: "nodePath", names, subnames, absolute, property },
    ),
  leafOf.rid0,
  leafOf.objectNull,
  inputEvent2x,
  leafOf.packedByteArray,
  leafOf.packedInt32Array,
  f32s(1).map((data): Value => ({ kind: "packedFloat32Array", data })),
  fc.array(str2, { maxLength: 4 }).map((data): Value => ({ kind: "packedStringArray", data })),
  f32s(2).map((data): Value => ({ kind: "packedVector2Array", data })),
  f32s(3).map((data): Value => ({ kind: "packedVector3Array", data })),
  f32s(4).map((data): Value => ({ kind: "packedColorArray", data })),
);

/** Any 2.x value, containers nested up to a few levels (shared bit on or off). */
export const value2x: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf2x,
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

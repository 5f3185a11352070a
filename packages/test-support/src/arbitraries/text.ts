import fc from "fast-check";
import type { Value } from "../../../core/src/value/types.js";
import type { LeafName } from "./generic.js";

// ---- text forms ------------------------------------------------------------------------------

// 3.x var2str prints nothing for a RID (no case in its writer), so RIDs are left out.
export const GODOT3_TEXT_LEAVES: LeafName[] = [
  "nil",
  "bool",
  "int",
  "float",
  "string",
  "vector2",
  "rect2",
  "vector3",
  "transform2d",
  "plane",
  "quaternion",
  "aabb",
  "basis",
  "transform3d",
  "color",
  "nodePath",
  "objectId",
  "packedByteArray",
  "packedInt32Array",
  "packedFloat32Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
];

// 2.x InputEvents as the text carries them (var2str prints no device, and only these details).
export const textInputEvent2: fc.Arbitrary<Value> = fc.oneof(
  fc.constant<Value>({ kind: "inputEvent", eventType: 0, device: 0 }),
  fc.constant<Value>({ kind: "inputEvent", eventType: 2, device: 0 }),
  fc
    .record({
      scancode: fc.integer({ min: 0, max: 0x01ffffff }),
      modifiers: fc.subarray([1 << 25, 1 << 26, 1 << 27, 1 << 28]),
    })
    .map<Value>((r) => ({
      kind: "inputEvent",
      eventType: 1,
      device: 0,
      modifiers: r.modifiers.reduce((a, b) => a | b, 0),
      scancode: r.scancode,
    })),
  fc
    .tuple(fc.constantFrom(3, 5), fc.integer({ min: 0, max: 15 }))
    .map<Value>(([t, b]) => ({ kind: "inputEvent", eventType: t, device: 0, buttonIndex: b })),
);
// 2.x Images as the text carries them: small L8, RGB8 and RGBA8 pictures without mipmaps.
export const textImage2: fc.Arbitrary<Value> = fc
  .record({
    w: fc.integer({ min: 1, max: 3 }),
    h: fc.integer({ min: 1, max: 3 }),
    format: fc.constantFrom(0, 3, 4),
  })
  .chain(({ w, h, format }) =>
    fc
      .uint8Array({
        minLength: w * h * [1, 0, 0, 3, 4][format]!,
        maxLength: w * h * [1, 0, 0, 3, 4][format]!,
      })
      .map<Value>((data) => ({ kind: "image", format, mipmaps: 0, width: w, height: h, data })),
  );

// ---- 3.x and 4.x in common -------------------------------------------------------------------

export const f32Finite = fc.float({ noNaN: true, noDefaultInfinity: true }).map((x) => Math.fround(x));

/** Values both test dialects can write (the 3.x/4.x common ground), nested. */
export const commonValue34: fc.Arbitrary<Value> = fc.letrec<{ value: Value }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant<Value>({ kind: "nil" }),
    fc.boolean().map((value): Value => ({ kind: "bool", value })),
    fc.integer().map((value): Value => ({ kind: "int", value })),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((v): Value => {
      const safe = v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER);
      return { kind: "int", value: safe ? Number(v) : v };
    }),
    fc.double({ noNaN: true }).map((value): Value => ({ kind: "float", value })),
    fc.string({ unit: "grapheme", maxLength: 20 }).map((value): Value => ({ kind: "string", value })),
    fc.tuple(f32Finite, f32Finite).map(([x, y]): Value => ({ kind: "vector2", x, y })),
    fc
      .tuple(f32Finite, f32Finite, f32Finite, f32Finite)
      .map(([r, g, b, a]): Value => ({ kind: "color", r, g, b, a })),
    fc.uint8Array({ maxLength: 40 }).map((data): Value => ({ kind: "packedByteArray", data })),
    fc
      .array(fc.integer(), { maxLength: 10 })
      .map((a): Value => ({ kind: "packedInt32Array", data: Int32Array.from(a) })),
    fc
      .array(f32Finite, { maxLength: 10 })
      .map((a): Value => ({ kind: "packedFloat32Array", data: Float32Array.from(a) })),
    fc
      .array(fc.string({ maxLength: 8 }), { maxLength: 5 })
      .map((data): Value => ({ kind: "packedStringArray", data })),
    fc.array(tie("value"), { maxLength: 4 }).map((items): Value => ({ kind: "array", items })),
    fc
      .uniqueArray(fc.tuple(fc.string({ maxLength: 6 }), tie("value")), {
        maxLength: 4,
        selector: ([k]) => k,
      })
      .map(
        (entries): Value => ({
          kind: "dictionary",
          entries: entries.map(([k, v]) => [{ kind: "string", value: k }, v] as const),
        }),
      ),
  ),
})).value;

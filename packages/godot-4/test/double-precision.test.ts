// Double-precision builds (`precision=double`) cannot come from the installed engine (Debian ships
// single precision), so these bytes are built by hand from `encode_variant` in core/io/marshalls.cpp: the math
// types carry header FLAG_64 (bit 16) and 8-byte doubles in the same component order; Vector*i,
// Color, PackedColorArray, PackedFloat32/64Array, PackedInt64Array never change.
import {
  aabb,
  basis,
  color,
  EncodeError,
  equals,
  float,
  packedColorArray,
  packedFloat32Array,
  packedFloat64Array,
  packedVector2Array,
  packedVector3Array,
  packedVector4Array,
  plane,
  projection,
  quaternion,
  rect2,
  rect2i,
  transform2d,
  transform3d,
  type Value,
  vector2,
  vector2i,
  vector3,
  vector3i,
  vector4,
  vector4i,
} from "@gdvariant/core";
import { decode, encode, TYPE_ID as T } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { Bytes, FLAG_64 } from "./support/bytes.js";

const d = 0.1; // not exact in f32: only a real f64 slot keeps it
const seq = (n: number) => Array.from({ length: n }, (_, i) => d * (i + 1));

// [value, bytes a double build writes]
const FLAGGED: [string, Value, Uint8Array][] = [
  ["vector2", vector2(d, -2), new Bytes().u32(T.VECTOR2 | FLAG_64).f64(d, -2).bytes],
  ["rect2", rect2(d, 2, 3, 4), new Bytes().u32(T.RECT2 | FLAG_64).f64(d, 2, 3, 4).bytes],
  ["vector3", vector3(d, 2, 3), new Bytes().u32(T.VECTOR3 | FLAG_64).f64(d, 2, 3).bytes],
  ["transform2d", transform2d(seq(6)), new Bytes().u32(T.TRANSFORM2D | FLAG_64).f64(...seq(6)).bytes],
  ["vector4", vector4(d, 2, 3, 4), new Bytes().u32(T.VECTOR4 | FLAG_64).f64(d, 2, 3, 4).bytes],
  ["plane", plane(d, 2, 3, 4), new Bytes().u32(T.PLANE | FLAG_64).f64(d, 2, 3, 4).bytes],
  ["quaternion", quaternion(d, 2, 3, 4), new Bytes().u32(T.QUATERNION | FLAG_64).f64(d, 2, 3, 4).bytes],
  ["aabb", aabb(d, 2, 3, 4, 5, 6), new Bytes().u32(T.AABB | FLAG_64).f64(d, 2, 3, 4, 5, 6).bytes],
  ["basis", basis(seq(9)), new Bytes().u32(T.BASIS | FLAG_64).f64(...seq(9)).bytes],
  ["transform3d", transform3d(seq(12)), new Bytes().u32(T.TRANSFORM3D | FLAG_64).f64(...seq(12)).bytes],
  ["projection", projection(seq(16)), new Bytes().u32(T.PROJECTION | FLAG_64).f64(...seq(16)).bytes],
  [
    "packedVector2Array",
    packedVector2Array(new Float64Array([d, 2, 3, 4])),
    new Bytes()
      .u32(T.PACKED_VECTOR2_ARRAY | FLAG_64)
      .u32(2)
      .f64(d, 2, 3, 4).bytes,
  ],
  [
    "packedVector3Array",
    packedVector3Array(new Float64Array([d, 2, 3])),
    new Bytes()
      .u32(T.PACKED_VECTOR3_ARRAY | FLAG_64)
      .u32(1)
      .f64(d, 2, 3).bytes,
  ],
  [
    "packedVector4Array",
    packedVector4Array(new Float64Array([d, 2, 3, 4])),
    new Bytes()
      .u32(T.PACKED_VECTOR4_ARRAY | FLAG_64)
      .u32(1)
      .f64(d, 2, 3, 4).bytes,
  ],
];

const UNCHANGED: [string, Value, Uint8Array][] = [
  ["vector2i", vector2i(1, -2), new Bytes().u32(T.VECTOR2I).i32(1).i32(-2).bytes],
  ["rect2i", rect2i(1, 2, 3, 4), new Bytes().u32(T.RECT2I).i32(1).i32(2).i32(3).i32(4).bytes],
  ["vector3i", vector3i(1, 2, 3), new Bytes().u32(T.VECTOR3I).i32(1).i32(2).i32(3).bytes],
  ["vector4i", vector4i(1, 2, 3, 4), new Bytes().u32(T.VECTOR4I).i32(1).i32(2).i32(3).i32(4).bytes],
  ["color", color(0.5, 0.25, 1, 1), new Bytes().u32(T.COLOR).f32(0.5, 0.25, 1, 1).bytes],
  [
    "packedColorArray",
    packedColorArray([0.5, 0, 0, 1]),
    new Bytes().u32(T.PACKED_COLOR_ARRAY).u32(1).f32(0.5, 0, 0, 1).bytes,
  ],
  [
    "packedFloat32Array",
    packedFloat32Array([0.5]),
    new Bytes().u32(T.PACKED_FLOAT32_ARRAY).u32(1).f32(0.5).bytes,
  ],
  [
    "packedFloat64Array",
    packedFloat64Array([d]),
    new Bytes().u32(T.PACKED_FLOAT64_ARRAY).u32(1).f64(d).bytes,
  ],
  // FLOAT follows its own rule (f32 when exact, else f64 + flag) in every build.
  ["float exact", float(0.5), new Bytes().u32(T.FLOAT).f32(0.5).bytes],
  ["float inexact", float(d), new Bytes().u32(T.FLOAT | FLAG_64).f64(d).bytes],
];

describe("double-precision builds (bytes from the spec layout)", () => {
  it.each(FLAGGED)("%s: written with FLAG_64 and doubles", (_k, value, bytes) => {
    expect(encode(value, { precision: "double" })).toEqual(bytes);
  });
  it.each(FLAGGED)("%s: flagged bytes decode to the exact doubles (any options)", (_k, value, bytes) => {
    for (const options of [{}, { precision: "double" as const }, { version: "4.0" as const }]) {
      const got = decode(bytes, { ...options, exact: true });
      expect(equals(got, value)).toBe(true);
    }
  });
  it.each(UNCHANGED)("%s: the same bytes as a single build", (_k, value, bytes) => {
    expect(encode(value, { precision: "double" })).toEqual(bytes);
    expect(encode(value)).toEqual(bytes);
    expect(equals(decode(bytes), value)).toBe(true);
  });
  it("a single build writes the same math values as f32 without the flag", () => {
    expect(encode(vector2(0.5, -2))).toEqual(new Bytes().u32(T.VECTOR2).f32(0.5, -2).bytes);
  });
  it("Float32Array packed vectors are widened to doubles for a double build", () => {
    const v = packedVector2Array(new Float32Array([0.5, 1]));
    expect(encode(v, { precision: "double" })).toEqual(
      new Bytes()
        .u32(T.PACKED_VECTOR2_ARRAY | FLAG_64)
        .u32(1)
        .f64(0.5, 1).bytes,
    );
  });
  it("4.0/4.1 double builds cannot write a readable Vector4 or Projection: refused", () => {
    for (const version of ["4.0", "4.1"] as const) {
      for (const v of [vector4(1, 2, 3, 4), projection(seq(16))]) {
        try {
          encode(v, { version, precision: "double" });
          expect.unreachable();
        } catch (e) {
          expect(EncodeError.is(e) && e.code).toBe("unsupported-kind");
          expect((e as Error).message).toMatch(/4\.2/);
        }
      }
    }
    // From 4.2 they carry the flag; single builds of 4.0/4.1 write them as f32 as ever.
    expect(encode(vector4(1, 2, 3, 4), { version: "4.2", precision: "double" })).toEqual(
      new Bytes().u32(T.VECTOR4 | FLAG_64).f64(1, 2, 3, 4).bytes,
    );
    expect(encode(vector4(1, 2, 3, 4), { version: "4.0" })).toEqual(
      new Bytes().u32(T.VECTOR4).f32(1, 2, 3, 4).bytes,
    );
  });
});

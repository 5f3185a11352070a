// Property round trips for every 3.x kind: encode then decode gives the same value, for every
// engine version option, and the text form does not depend on the trip.
import { equals, type Value } from "@gdvariant/core";
import { decode, decodeWithLength, encode, GODOT3_VERSIONS, toText } from "@gdvariant/godot-3";
import { LEAVES_3, leaf3, value3 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

describe("round trips", () => {
  it.each(LEAVES_3)("%s", (kind) => {
    fc.assert(
      fc.property(leaf3[kind], (v) => {
        const bytes = encode(v);
        expect(bytes.length % 4).toBe(0);
        const { value, length } = decodeWithLength(bytes);
        expect(length).toBe(bytes.length);
        expect(equals(value, v)).toBe(true);
        expect(toText(value)).toBe(toText(v));
      }),
      { numRuns: 200 },
    );
  });

  it.each(GODOT3_VERSIONS)("nested values, version %s", (version) => {
    fc.assert(
      fc.property(value3({ objects: true }), (v) => {
        const bytes = encode(v, { version });
        const back = decode(bytes, { version, allowObjects: true, exact: true });
        expect(equals(back, v)).toBe(true);
        expect(toText(back)).toBe(toText(v));
      }),
      { numRuns: 150 },
    );
  });

  it("writes ints 32-bit when they fit, except for 3.0 (every int 64-bit)", () => {
    fc.assert(
      fc.property(leaf3.int, (v) => {
        const n = BigInt((v as Value & { kind: "int" }).value);
        const fits = n >= -2147483648n && n <= 2147483647n;
        expect(encode(v).length).toBe(fits ? 8 : 12);
        const old = encode(v, { version: "3.0" });
        expect(old.length).toBe(12);
        expect(old[2]).toBe(1); // ENCODE_FLAG_64, bit 16 of the header
        expect(equals(decode(old), v)).toBe(true);
      }),
    );
  });

  it("writes reals 32-bit exactly when f32 holds them (NaN always 64-bit)", () => {
    fc.assert(
      fc.property(leaf3.float, (v) => {
        const x = (v as Value & { kind: "float" }).value;
        expect(encode(v).length).toBe(Math.fround(x) === x ? 8 : 12);
      }),
    );
  });

  it("accepts plain JS values", () => {
    const v = decode(encode({ hp: 3, name: "Hero", speed: 1.5, tags: ["a"], ok: true, none: null }));
    expect(toText(v)).toBe(
      '{\n"hp": 3,\n"name": "Hero",\n"none": null,\n"ok": true,\n"speed": 1.5,\n"tags": [ "a" ]\n}',
    );
  });
});

// Property tests: arbitrary 4.x values round-trip through encode/decode (core's `equals`), for
// every target version and both precisions.
import { equals, type Value } from "@gdvariant/core";
import { decode, decodeWithLength, encode, toText } from "@gdvariant/godot-4";
import { leaves4 as leaves, value4 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

function roundTrips(v: Value, options: Parameters<typeof encode>[1] = {}, allowObjects = false): void {
  const bytes = encode(v, options);
  expect(bytes.length % 4).toBe(0);
  const { value, length } = decodeWithLength(bytes, { allowObjects });
  expect(length).toBe(bytes.length);
  if (!equals(value, v)) expect(value).toEqual(v);
  // Encoding is deterministic: the decoded value writes the same bytes.
  expect(encode(value, options)).toEqual(bytes);
}

describe("round trips", () => {
  it("every leaf kind, on its own", () => {
    for (const [kind, arb] of Object.entries(leaves())) {
      fc.assert(
        fc.property(arb, (v) => {
          expect(v.kind).toBe(kind);
          roundTrips(v);
        }),
        { numRuns: 60 },
      );
    }
  });

  it("nested values with typed containers and object ids (4.6)", () => {
    fc.assert(
      fc.property(value4(), (v) => roundTrips(v)),
      { numRuns: 400 },
    );
  });

  it("full objects with allowObjects", () => {
    fc.assert(
      fc.property(value4({ objects: true }), (v) => roundTrips(v, {}, true)),
      { numRuns: 200 },
    );
  });

  it("double-precision builds: f64 math components and Float64Array packed vectors", () => {
    fc.assert(
      fc.property(value4({ real: fc.double(), vec: "f64" }), (v) => roundTrips(v, { precision: "double" })),
      { numRuns: 300 },
    );
  });

  it("4.3 target: typed arrays yes, typed dictionaries no", () => {
    const noTypedDict = value4().filter(function ok(v: Value): boolean {
      if (v.kind === "dictionary")
        return !v.keyType && !v.valueType && v.entries.every(([k, x]) => ok(k) && ok(x));
      if (v.kind === "array") return v.items.every(ok);
      return true;
    });
    fc.assert(
      fc.property(noTypedDict, (v) => roundTrips(v, { version: "4.3" })),
      { numRuns: 200 },
    );
  });

  it("4.0 target: untyped values without PackedVector4Array", () => {
    fc.assert(
      fc.property(
        value4({ typed: false }).filter(
          (v) =>
            !JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? 0 : x)).includes("packedVector4Array"),
        ),
        (v) => roundTrips(v, { version: "4.0" }),
      ),
      { numRuns: 200 },
    );
  });

  it("every encoded value re-decodes, and toText never throws", () => {
    fc.assert(
      fc.property(value4({ objects: true }), (v) => {
        const back = decode(encode(v), { allowObjects: true });
        expect(typeof toText(back)).toBe("string");
      }),
      { numRuns: 200 },
    );
  });

  it("every plain JSON value encodes (whole numbers beyond int64 as floats) and decodes", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (j) => {
        expect(() => decode(encode(j))).not.toThrow();
      }),
      { numRuns: 200 },
    );
    // Before, 1e300 was an int that did not fit (out-of-range).
    expect(decode(encode([1e300, -(2 ** 63), 2 ** 63]))).toEqual({
      kind: "array",
      items: [
        { kind: "float", value: 1e300 },
        { kind: "int", value: -(2n ** 63n) },
        { kind: "float", value: 2 ** 63 },
      ],
    });
  });
});

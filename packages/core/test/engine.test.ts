import { readFileSync } from "node:fs";
import {
  array,
  DecodeError,
  decodeWith,
  decodeWithLength,
  dictionary,
  EncodeError,
  encodeWith,
  equals,
  fullObject,
  GdVariantError,
  int,
  type Span,
  string,
  type Value,
  vector2,
} from "@gdvariant/core";
import { LEGACY_LEAVES, MODERN_LEAVES, valueArb } from "@gdvariant/test-support/arbitraries";
import { expectCpuUnder } from "@gdvariant/test-support/timing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hex, legacy, modern, modernDouble, unhex } from "./support/dialects.js";

const FIXTURES = readFileSync(new URL("./fixtures/godot-4.6.3-vectors.txt", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split(" ") as [string, string])
  .filter(([label]) => !label.startsWith("filestore") && !label.startsWith("streampeer"));

function decodeError(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (e) {
    if (DecodeError.is(e)) return e;
    throw new Error(`expected a DecodeError, got ${String(e)}`);
  }
  throw new Error("expected a DecodeError, got a value");
}

describe("engine against real Godot 4.6.3 bytes (codecs assembled from core factories)", () => {
  it(`decodes and re-encodes all ${FIXTURES.length} vectors byte-exact`, () => {
    expect(FIXTURES.length).toBeGreaterThan(150);
    for (const [label, h] of FIXTURES) {
      const v = decodeWith(modern, unhex(h), { allowObjects: true, exact: true });
      expect(hex(encodeWith(modern, v)), label).toBe(h);
    }
  });

  it("fails with truncated at every cut of every vector, never anything else", () => {
    for (const [label, h] of FIXTURES) {
      const bytes = unhex(h);
      const full = decodeWith(modern, bytes, { allowObjects: true });
      for (let cut = 0; cut < bytes.length; cut++) {
        let value: Value | undefined;
        try {
          value = decodeWith(modern, bytes.subarray(0, cut), { allowObjects: true });
        } catch (e) {
          expect(DecodeError.is(e), `${label} cut at ${cut}`).toBe(true);
          expect((e as DecodeError).code, `${label} cut at ${cut}`).toBe("truncated");
          expect((e as DecodeError).offset).toBeLessThanOrEqual(cut);
          continue;
        }
        // Only the padding of a byte array that ends the input may be missing: the engine checks
        // just the bytes themselves (`decode_variant` in the engine's core/io/marshalls.cpp), so the
        // value is complete.
        expect(label, `${label} decoded when cut at ${cut}`).toMatch(/pba/);
        expect(equals(value, full)).toBe(true);
      }
    }
  });

  it("lets only DecodeError escape random byte flips", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURES),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        ([, h], at, xor) => {
          const bytes = unhex(h);
          bytes[at % bytes.length]! ^= xor;
          try {
            decodeWith(modern, bytes, { allowObjects: true });
          } catch (e) {
            expect(DecodeError.is(e)).toBe(true);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("errors: codes, offsets and paths", () => {
  it("reports unknown type ids at the header", () => {
    const e = decodeError(() => decodeWith(modern, unhex("1c000000020000000200000001000000ff000000")));
    expect(e.code).toBe("unknown-type");
    expect(e.offset).toBe(16);
    expect(e.pathString).toBe("[1]");
    expect(e.dialect).toBe("test-4");
    expect(e.message).toContain("offset 16");
  });

  it("builds the path through dictionaries, arrays and object properties", () => {
    // {"inv": [1, {"sword": <int with 8-byte flag but only 4 bytes>}]}
    const good = encodeWith(
      modern,
      dictionary([[string("inv"), array([int(1), dictionary([[string("sword"), int(2n ** 40n)]])])]]),
    );
    const cut = good.subarray(0, good.length - 4);
    const e = decodeError(() => decodeWith(modern, cut));
    expect(e.code).toBe("truncated");
    expect(e.pathString).toBe('["inv"][1]["sword"]');
    const objBytes = encodeWith(
      modern,
      fullObject("Node", [["inventory", array([string("x"), { kind: "nil" }])]]),
    );
    const e2 = decodeError(() =>
      decodeWith(modern, objBytes.subarray(0, objBytes.length - 2), { allowObjects: true }),
    );
    expect(e2.pathString).toBe(".inventory[1]");
  });

  it("refuses full objects unless allowed, before reading the class name", () => {
    const bytes = unhex(FIXTURES.find(([l]) => l === "full_object_plain")![1]);
    const e = decodeError(() => decodeWith(modern, bytes));
    expect(e.code).toBe("objects-not-allowed");
    expect(e.offset).toBe(0);
    expect(decodeWith(modern, bytes, { allowObjects: true })).toMatchObject({
      kind: "object",
      className: "Object",
    });
  });

  it("is recognisable across copies through the Symbol.for brand", () => {
    const e = decodeError(() => decodeWith(modern, new Uint8Array(2)));
    const foreign = Object.assign(Object.create(null), { [Symbol.for("gdvariant.error")]: true });
    expect(GdVariantError.is(e)).toBe(true);
    expect(GdVariantError.is(foreign)).toBe(true);
    expect(GdVariantError.is(new Error("x"))).toBe(false);
  });

  it("rejects non-byte input and bad offsets with DecodeError", () => {
    expect(decodeError(() => decodeWith(modern, "abc" as never)).code).toBe("invalid-data");
    expect(decodeError(() => decodeWith(modern, new Uint8Array(4), { offset: 9 })).code).toBe("invalid-data");
  });

  it("ignores trailing bytes unless exact is set", () => {
    const bytes = unhex("020000002a000000deadbeef");
    expect(decodeWithLength(modern, bytes)).toEqual({ value: { kind: "int", value: 42 }, length: 8 });
    const e = decodeError(() => decodeWith(modern, bytes, { exact: true }));
    expect(e.code).toBe("trailing-bytes");
    expect(e.offset).toBe(8);
  });

  it("decodes at an offset inside a subarray and reports offsets relative to the view", () => {
    const host = unhex("ffffffff020000002a000000");
    const view = host.subarray(4);
    expect(decodeWith(modern, view)).toEqual({ kind: "int", value: 42 });
    const e = decodeError(() => decodeWith(modern, host.subarray(4, 10)));
    expect(e.offset).toBe(4);
  });
});

describe("limits", () => {
  function nested(depth: number): Uint8Array {
    // depth arrays of one element each, innermost nil: 1c000000 01000000 ... 00000000
    const out = new Uint8Array(depth * 8 + 4);
    const dv = new DataView(out.buffer);
    for (let i = 0; i < depth; i++) {
      dv.setUint32(i * 8, 0x1c, true);
      dv.setUint32(i * 8 + 4, 1, true);
    }
    return out;
  }

  it("accepts 1024 levels and refuses 1025, as the engine (root = depth 0)", () => {
    expect(() => decodeWith(modern, nested(1024))).not.toThrow();
    const e = decodeError(() => decodeWith(modern, nested(1025)));
    expect(e.code).toBe("depth-exceeded");
    expect(e.offset).toBe(1025 * 8);
    expect(e.path.length).toBe(1025);
    expect(decodeError(() => decodeWith(modern, nested(10), { maxDepth: 5 })).code).toBe("depth-exceeded");
  });

  it("refuses encoding beyond the depth limit, cycles included", () => {
    let v: Value = int(1);
    for (let i = 0; i < 1100; i++) v = array([v]);
    expect(() => encodeWith(modern, v)).toThrow(EncodeError);
    const cyclic = { kind: "array", items: [] as Value[] } as { kind: "array"; items: Value[] };
    cyclic.items.push(cyclic);
    try {
      encodeWith(modern, cyclic);
      expect.unreachable();
    } catch (e) {
      expect((e as EncodeError).code).toBe("depth-exceeded");
    }
  });

  it("fails hostile counts at once, allocating nothing they ask for", () => {
    const hostile = [
      "1c000000ffffff7f", // Array of 2^31-1 elements
      "1b000000ffffff7f", // Dictionary of 2^31-1 pairs
      "1d000000ffffff7f", // PackedByteArray
      "1f000000ffffff7f", // PackedInt64Array
      "22000000ffffff7f", // PackedStringArray
      "26000000ffffff7f", // PackedVector4Array
      "16000000ffffffffffffff7f00000000", // NodePath with 2^31-1 names
      "1800000006000000536f6d6500000000ffffff7f", // Object with 2^31-1 properties
    ];
    const before = process.memoryUsage().heapUsed;
    expectCpuUnder(2000, () => {
      for (const h of hostile) {
        for (let i = 0; i < 200; i++) {
          const e = decodeError(() => decodeWith(modern, unhex(h), { allowObjects: true }));
          expect(["truncated", "limit-exceeded", "invalid-data"]).toContain(e.code);
        }
      }
    });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("enforces maxCollectionLength and maxTotalBytes", () => {
    const bytes = encodeWith(modern, array([int(1), int(2), int(3)]));
    expect(decodeError(() => decodeWith(modern, bytes, { maxCollectionLength: 2 })).code).toBe(
      "limit-exceeded",
    );
    expect(decodeError(() => decodeWith(modern, bytes, { maxTotalBytes: 8 })).code).toBe("limit-exceeded");
    expect(() => encodeWith(modern, array([string("x".repeat(100))]), { maxTotalBytes: 64 })).toThrow(
      EncodeError,
    );
  });
});

describe("spans", () => {
  it("reports every value's byte range, kind and path, innermost first", () => {
    const v = dictionary([[string("pos"), vector2(1, 2)]]);
    const spans: Span[] = [];
    decodeWith(modern, encodeWith(modern, v), { onSpan: (s) => spans.push(s) });
    expect(spans).toEqual([
      // header 0-4, count 4-8, key: header + length + "pos" + 1 pad = 8-20, value: 20-32
      { start: 8, end: 20, path: "{key #0}", kind: "string", wireId: 4, depth: 1 },
      { start: 20, end: 32, path: '["pos"]', kind: "vector2", wireId: 5, depth: 1 },
      { start: 0, end: 32, path: "", kind: "dictionary", wireId: 27, depth: 0 },
    ]);
  });
});

describe("encode", () => {
  it("accepts plain JS values through fromJS", () => {
    expect(hex(encodeWith(modern, { a: 1 }))).toBe(FIXTURES.find(([l]) => l === "dict_simple")![1]);
  });

  it("refuses kinds the dialect lacks, with the path", () => {
    try {
      encodeWith(legacy, array([int(1), { kind: "callable" }]));
      expect.unreachable();
    } catch (e) {
      expect(EncodeError.is(e)).toBe(true);
      expect((e as EncodeError).code).toBe("unsupported-kind");
      expect((e as EncodeError).pathString).toBe("[1]");
    }
    expect(() => encodeWith(legacy, int(2n ** 40n))).toThrow(/does not fit/);
    expect(() => encodeWith(legacy, { kind: "float", value: 0.1 })).toThrow(/not exact/);
    expect(() => encodeWith(legacy, array([], { elementType: { kind: "builtin", type: "int" } }))).toThrow(
      /typed/,
    );
  });

  it("writes the 2.x shared bit and the NodePath property part", () => {
    const bytes = encodeWith(legacy, array([], { shared: true }));
    expect(hex(bytes)).toBe("1500000000000080");
    const np = { kind: "nodePath", names: ["a"], subnames: [], absolute: false, property: "p" } as const;
    expect(equals(decodeWith(legacy, encodeWith(legacy, np)), np)).toBe(true);
    // Read by a 3.x/4.x-style codec, the property becomes the last subname.
    const modernBytes = encodeWith(legacy, np);
    modernBytes[0] = 22;
    expect(decodeWith(modern, modernBytes)).toEqual({
      kind: "nodePath",
      names: ["a"],
      subnames: ["p"],
      absolute: false,
    });
  });

  it("uses each call's own dialect when calls alternate between dialects", () => {
    // The inline tables are cached for the last dialect used (codecs/fast.ts): a stale table
    // would write one dialect's type ids with the other's. The ground truth is each dialect's
    // own kind-to-id map, which does not go through that cache.
    const leaves: Value[] = [
      { kind: "nil" },
      { kind: "bool", value: true },
      { kind: "int", value: 7 },
      { kind: "float", value: 0.5 },
      { kind: "string", value: "s" },
      { kind: "vector2", x: 1, y: 2 },
      { kind: "vector3", x: 1, y: 2, z: 3 },
      { kind: "color", r: 0.5, g: 0.25, b: 1, a: 1 },
    ];
    expect(legacy.wireIdOfKind("vector3")).not.toBe(modern.wireIdOfKind("vector3"));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...leaves), fc.boolean()), { minLength: 1, maxLength: 20 }),
        (calls) => {
          for (const [v, useModern] of calls) {
            const d = useModern ? modern : legacy;
            const bytes = encodeWith(d, v);
            const id = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) & 0xff;
            expect(id).toBe(d.wireIdOfKind(v.kind));
          }
        },
      ),
      { numRuns: 200, seed: 41 },
    );
  });

  it("writes 64-bit math payloads with FLAG_64 for double-precision dialects", () => {
    const bytes = encodeWith(modernDouble, vector2(0.1, 2));
    expect(hex(bytes)).toBe("050001009a9999999999b93f0000000000000040");
    expect(decodeWith(modern, bytes)).toEqual(vector2(0.1, 2));
  });
});

describe("property: encode/decode round trips", () => {
  it("modern (4.x-like) values of every kind", () => {
    fc.assert(
      fc.property(valueArb(MODERN_LEAVES, { typed: true, objects: true }), (v) => {
        const bytes = encodeWith(modern, v);
        expect(bytes.length % 4).toBe(0);
        expect(equals(decodeWith(modern, bytes, { allowObjects: true, exact: true }), v)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("double-precision values decode the same in single- and double-precision readers", () => {
    fc.assert(
      fc.property(valueArb(MODERN_LEAVES), (v) => {
        const bytes = encodeWith(modernDouble, v);
        expect(equals(decodeWith(modern, bytes), decodeWith(modernDouble, bytes))).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("legacy (2.x-like) values with shared bits", () => {
    fc.assert(
      fc.property(valueArb(LEGACY_LEAVES, { shared: true }), (v) => {
        expect(equals(decodeWith(legacy, encodeWith(legacy, v), { exact: true }), v)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("Node Buffer input", () => {
  it("decodes to plain Uint8Arrays, and copy: true really copies", async () => {
    const { Buffer } = await import("node:buffer");
    const bytes = encodeWith(modern, { kind: "packedByteArray", data: new Uint8Array([1, 2, 3]) });
    const buf = Buffer.from(bytes);
    const viewed = decodeWith(modern, buf) as { data: Uint8Array };
    expect(viewed.data.constructor).toBe(Uint8Array);
    const copied = decodeWith(modern, buf, { copy: true }) as { data: Uint8Array };
    expect(copied.data.constructor).toBe(Uint8Array);
    buf[8] = 99;
    expect(viewed.data[0]).toBe(99);
    expect(copied.data[0]).toBe(1);
    expect(equals(decodeWith(modern, Buffer.from(bytes)), decodeWith(modern, bytes))).toBe(true);
  });
});

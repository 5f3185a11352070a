// Bad input gets only the project's own errors (DecodeError with a code, byte offset and path),
// in bounded time: truncation at every offset of every fixture, random byte flips, unknown type
// ids, hostile counts, deep nesting.
import { DecodeError, equals, GdVariantError } from "@gdvariant/core";
import { decode, TYPE_ID as T } from "@gdvariant/godot-4";
import { expectCpuUnder } from "@gdvariant/test-support/timing";
import fc from "fast-check";
import { describe, expect, it, onTestFinished } from "vitest";
import { Bytes } from "./support/bytes.js";
import { allValueFixtures } from "./support/fixtures.js";

const fixtures = allValueFixtures();

function decodeError(bytes: Uint8Array, options: Parameters<typeof decode>[1] = {}): DecodeError {
  try {
    decode(bytes, options);
  } catch (e) {
    if (DecodeError.is(e)) return e;
    throw new Error(`not a DecodeError: ${String(e)}`);
  }
  throw new Error("decode succeeded");
}

// A robustness bound in CPU time, not a speed measurement (bench/ measures speed): allocating what
// a hostile count asks, or a hang, takes far longer than this; waiting on a busy machine does not count.
function fast<T>(fn: () => T, ms = 1000): T {
  return expectCpuUnder(ms, fn);
}

describe("truncation", () => {
  // The engine requires padding everywhere except after a PackedByteArray's bytes (it checks
  // only that the bytes themselves exist), so a cut inside the last padding of such an array at
  // the very end still decodes, to the same value. Every other cut is `truncated`.
  it(`every proper prefix of every fixture (${fixtures.length} fixtures) fails with truncated`, () => {
    // Hundreds of thousands of errors: stack traces would dominate the time, and are not checked.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    onTestFinished(() => {
      Error.stackTraceLimit = limit;
    });
    let prefixes = 0;
    for (const f of fixtures) {
      const whole = decode(f.bytes, { allowObjects: f.full });
      for (let n = 0; n < f.bytes.length; n++) {
        const prefix = f.bytes.subarray(0, n);
        let e: DecodeError;
        try {
          const v = decode(prefix, { allowObjects: f.full });
          if (n < f.bytes.length - 3 || !equals(v, whole)) throw new Error(`${f.label} cut at ${n} decoded`);
          continue;
        } catch (x) {
          if (!DecodeError.is(x)) throw x;
          e = x;
        }
        if (e.code !== "truncated" || e.offset > n) {
          throw new Error(`${f.file} ${f.label} cut at ${n}: ${e.code} at offset ${e.offset}: ${e.message}`);
        }
        prefixes++;
      }
    }
    expect(prefixes).toBeGreaterThan(100_000);
  });
});

describe("random corruption", () => {
  const withBytes = fixtures.filter((f) => f.bytes.length >= 8);
  it("byte flips give a value or a DecodeError, nothing else", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: withBytes.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        (which, flips, allowObjects) => {
          const bytes = withBytes[which]!.bytes.slice();
          for (const [at, x] of flips) bytes[at % bytes.length]! ^= x;
          try {
            decode(bytes, { allowObjects });
          } catch (e) {
            if (!DecodeError.is(e)) throw e;
            expect(GdVariantError.is(e)).toBe(true);
            expect(e.offset).toBeGreaterThanOrEqual(0);
            expect(e.offset).toBeLessThanOrEqual(bytes.length);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("random bytes give a value or a DecodeError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          decode(bytes, { allowObjects: true });
        } catch (e) {
          if (!DecodeError.is(e)) throw e;
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("unknown types", () => {
  it("type ids 39-255 are unknown-type at the header's offset, flags or not", () => {
    for (let id = 39; id < 256; id++) {
      for (const flags of [0, 0x10000, 0xffff0000]) {
        const e = decodeError(
          new Bytes()
            .u32((id | flags) >>> 0)
            .u32(0)
            .u32(0).bytes,
        );
        expect(e.code).toBe("unknown-type");
        expect(e.offset).toBe(0);
      }
    }
  });
  it("bits 8-15 are ignored, as in the engine (type = header & 0xFF)", () => {
    expect(decode(new Bytes().u32(T.INT | 0xff00).i32(5).bytes)).toEqual({ kind: "int", value: 5 });
  });
  it("an unknown type inside a container reports its offset and path", () => {
    const bytes = new Bytes().u32(T.ARRAY).u32(2).u32(T.NIL).u32(200).bytes;
    const e = decodeError(bytes);
    expect(e.code).toBe("unknown-type");
    expect(e.offset).toBe(12);
    expect(e.pathString).toBe("[1]");
  });
  it("a typed array's builtin element type id must be a 4.x type", () => {
    const e = decodeError(
      new Bytes()
        .u32(T.ARRAY | (1 << 16))
        .u32(39)
        .u32(0).bytes,
    );
    expect(e.code).toBe("invalid-data");
  });
});

describe("hostile counts fail fast without allocating", () => {
  const HUGE = [0x7fffffff, 0x00ffffff, 0x01000001, 0xfffffff0];
  const cases: [string, (n: number) => Uint8Array][] = [
    ["array", (n) => new Bytes().u32(T.ARRAY).u32(n).bytes],
    [
      "typed array",
      (n) =>
        new Bytes()
          .u32(T.ARRAY | (1 << 16))
          .u32(T.INT)
          .u32(n).bytes,
    ],
    ["dictionary", (n) => new Bytes().u32(T.DICTIONARY).u32(n).bytes],
    ["string length", (n) => new Bytes().u32(T.STRING).u32(n).raw(0x61, 0x61, 0x61, 0x61).bytes],
    ["string name length", (n) => new Bytes().u32(T.STRING_NAME).u32(n).bytes],
    [
      "node path names",
      (n) =>
        new Bytes()
          .u32(T.NODE_PATH)
          .u32((n | 0x80000000) >>> 0)
          .u32(0)
          .u32(0).bytes,
    ],
    ["node path subnames", (n) => new Bytes().u32(T.NODE_PATH).u32(0x80000000).u32(n).u32(0).bytes],
    ["object properties", (n) => new Bytes().u32(T.OBJECT).str("Node").u32(n).bytes],
    ["signal name", (n) => new Bytes().u32(T.SIGNAL).u32(n).bytes],
    ["typed dictionary class name", (n) => new Bytes().u32(T.DICTIONARY | (2 << 16)).u32(n).bytes],
    ...(
      [
        T.PACKED_BYTE_ARRAY,
        T.PACKED_INT32_ARRAY,
        T.PACKED_INT64_ARRAY,
        T.PACKED_FLOAT32_ARRAY,
        T.PACKED_FLOAT64_ARRAY,
        T.PACKED_STRING_ARRAY,
        T.PACKED_VECTOR2_ARRAY,
        T.PACKED_VECTOR3_ARRAY,
        T.PACKED_COLOR_ARRAY,
        T.PACKED_VECTOR4_ARRAY,
      ] as const
    ).map(
      (id) =>
        [`packed type ${id}`, (n: number) => new Bytes().u32(id).u32(n).u32(0).bytes] as [
          string,
          (n: number) => Uint8Array,
        ],
    ),
    ["packed vector2 (f64)", (n) => new Bytes().u32(T.PACKED_VECTOR2_ARRAY | (1 << 16)).u32(n).bytes],
  ];
  it.each(cases)("%s", (_name, build) => {
    for (const n of HUGE) {
      const e = fast(() => decodeError(build(n), { allowObjects: true }));
      expect(["truncated", "limit-exceeded", "invalid-data"]).toContain(e.code);
    }
  });
  it("a count within the bytes but over maxCollectionLength is limit-exceeded", () => {
    const b = new Bytes().u32(T.ARRAY).u32(3);
    for (let i = 0; i < 3; i++) b.u32(T.NIL);
    expect(decodeError(b.bytes, { maxCollectionLength: 2 }).code).toBe("limit-exceeded");
  });
});

describe("other malformed input", () => {
  it("nesting deeper than 1024 is depth-exceeded, quickly, even 100,000 deep", () => {
    const deep = new Uint32Array(200_000);
    for (let i = 0; i < deep.length; i += 2) deep.set([T.ARRAY, 1], i);
    const e = fast(() => decodeError(new Uint8Array(deep.buffer)), 500);
    expect(e.code).toBe("depth-exceeded");
    // 1024 levels below the root are allowed, as in the engine.
    const ok = new Bytes();
    for (let i = 0; i < 1024; i++) ok.u32(T.ARRAY).u32(1);
    ok.u32(T.NIL);
    expect(() => decode(ok.bytes)).not.toThrow();
  });
  it("invalid UTF-8 is invalid-utf8", () => {
    expect(decodeError(new Bytes().u32(T.STRING).u32(2).raw(0xc3, 0x28, 0, 0).bytes).code).toBe(
      "invalid-utf8",
    );
  });
  it("a full object without allowObjects is objects-not-allowed", () => {
    const e = decodeError(new Bytes().u32(T.OBJECT).str("Node").u32(0).bytes);
    expect(e.code).toBe("objects-not-allowed");
  });
  it("a NodePath in the old format is invalid-data", () => {
    expect(decodeError(new Bytes().u32(T.NODE_PATH).u32(1).u32(0).u32(0).bytes).code).toBe("invalid-data");
  });
  it("input that is not bytes is a DecodeError", () => {
    for (const bad of [null, "1c000000", 42, {}, [1, 2, 3]]) {
      expect(decodeError(bad as never).code).toBe("invalid-data");
    }
  });
  it("exact: trailing bytes are trailing-bytes (ignored otherwise, as the engine does)", () => {
    const b = new Bytes().u32(T.NIL).u32(0).bytes;
    expect(decode(b)).toEqual({ kind: "nil" });
    expect(decodeError(b, { exact: true }).code).toBe("trailing-bytes");
  });
});

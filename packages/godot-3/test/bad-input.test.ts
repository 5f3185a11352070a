// Bad input gets only DecodeError (code, byte offset, path), in bounded time and memory.
import { DecodeError, equals, type Value } from "@gdvariant/core";
import { decode, encode } from "@gdvariant/godot-3";
import { expectCpuUnder } from "@gdvariant/test-support/timing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allCases } from "./helpers/fixtures.js";
import { hexToBytes } from "./helpers/mask.js";

const cases = allCases();

function decodeError(bytes: Uint8Array, options: Parameters<typeof decode>[1] = {}): DecodeError {
  try {
    decode(bytes, options);
  } catch (e) {
    if (DecodeError.is(e)) return e;
    throw new Error(`not a DecodeError: ${String(e)}`);
  }
  throw new Error("decoded without error");
}

describe("truncation", () => {
  it("fails with `truncated` at every offset of every fixture", () => {
    let cuts = 0;
    const failures: string[] = [];
    for (const c of cases) {
      const full = decode(c.bytes, { allowObjects: c.full });
      for (let n = 0; n < c.bytes.length; n++) {
        let value: Value;
        try {
          value = decode(c.bytes.subarray(0, n), { allowObjects: c.full });
        } catch (e) {
          if (!DecodeError.is(e) || e.code !== "truncated" || e.offset > n) {
            failures.push(`${c.label} cut at ${n}: ${String(e)}`);
          }
          cuts++;
          continue;
        }
        // Only bytes the engine does not need may be cut: the padding of a byte array at the
        // very end (the engine checks only the data), or bytes after the value.
        if (!equals(value, full)) failures.push(`${c.label} cut at ${n} decoded to something else`);
      }
    }
    expect(failures).toEqual([]);
    expect(cuts).toBeGreaterThan(90_000);
  });
});

describe("random corruption", () => {
  const sample = cases.filter((_, i) => i % 7 === 0);
  it("flipped bytes give a value or a DecodeError, quickly", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sample),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }),
        (c, flips) => {
          const bytes = c.bytes.slice();
          for (const [at, b] of flips) bytes[at % bytes.length] = b;
          // A robustness bound in CPU time, not a speed measurement (bench/ measures speed): a
          // hang or an allocation sized by a hostile count takes far longer than this.
          expectCpuUnder(1000, () => {
            try {
              decode(bytes, { allowObjects: true });
            } catch (e) {
              expect(DecodeError.is(e), String(e)).toBe(true);
              expect(typeof (e as DecodeError).offset).toBe("number");
            }
          });
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("random bytes give a value or a DecodeError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: 64 }), (bytes) => {
        try {
          decode(bytes, { allowObjects: true });
        } catch (e) {
          expect(DecodeError.is(e), String(e)).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("malformed values", () => {
  it("type ids 27 and up are `unknown-type`, whatever the flags", () => {
    for (let id = 27; id < 256; id++) {
      for (const flags of [0, 0x10000, 0xffff0000]) {
        const bytes = new Uint8Array(16);
        new DataView(bytes.buffer).setUint32(0, (id | flags) >>> 0, true);
        const e = decodeError(bytes);
        expect(e.code).toBe("unknown-type");
        expect(e.offset).toBe(0);
      }
    }
    // nested: the path and offset of the bad element
    const e = decodeError(hexToBytes("130000000200000002000000010000001b000000"));
    expect(e.code).toBe("unknown-type");
    expect(e.offset).toBe(16);
    expect(e.pathString).toBe("[1]");
  });

  it("refuses full objects unless allowed (default from 3.1 on)", () => {
    const bytes = hexToBytes(
      "11000000090000005265666572656e63650000000100000006000000736372697074000000000000",
    );
    expect(decodeError(bytes).code).toBe("objects-not-allowed");
    expect(decodeError(bytes, { version: "3.6" }).code).toBe("objects-not-allowed");
    expect(decode(bytes, { allowObjects: true })).toMatchObject({
      kind: "object",
      form: "full",
      className: "Reference",
    });
    // 3.0 and 3.1.0 decoded them unconditionally
    expect(decode(bytes, { version: "3.0" })).toMatchObject({ className: "Reference" });
    expect(decode(bytes, { version: "3.1.0" })).toMatchObject({ className: "Reference" });
    expect(decodeError(bytes, { version: "3.1.0", allowObjects: false }).code).toBe("objects-not-allowed");
  });

  it("reports invalid UTF-8, old-format NodePaths and negative counts", () => {
    expect(decodeError(hexToBytes("0400000002000000c328000000")).code).toBe("invalid-utf8");
    expect(decodeError(hexToBytes("0f000000010000000000000000000000")).code).toBe("invalid-data");
    expect(decodeError(hexToBytes("15000000ffffffff")).code).toBe("invalid-data");
  });

  it("rejects an unknown version option with a DecodeError / EncodeError", () => {
    // @ts-expect-error: not a version
    expect(decodeError(new Uint8Array(4), { version: "3.9" }).code).toBe("invalid-data");
    // @ts-expect-error: not a version
    expect(() => encode(null, { version: "4.0" })).toThrow(/unknown Godot 3 version/);
  });
});

describe("hostile counts and nesting", () => {
  const hostile: [string, string][] = [
    ["array count 2^31-1", "13000000ffffff7f"],
    ["dictionary count 2^31-1", "12000000ffffff7f"],
    ["byte array 2^31-1", "14000000ffffff7f"],
    ["int array 2^31-1", "15000000ffffff7f"],
    ["real array 2^31-1", "16000000ffffff7f"],
    ["string array 2^31-1", "17000000ffffff7f"],
    ["vector2 array 2^31-1", "18000000ffffff7f"],
    ["vector3 array 2^31-1", "19000000ffffff7f"],
    ["color array 2^31-1", "1a000000ffffff7f"],
    ["string length 2^31-1", "04000000ffffff7f"],
    ["nodepath names 2^31-1", "0f000000ffffffff0000000000000000"],
    ["nodepath subnames 2^32-1", "0f00000000000080ffffffff00000000"],
    ["object properties 2^31-1", "1100000001000000410000000ffffff7f"],
    ["string array element 2^31-1", "1700000001000000ffffff7f"],
  ];
  it.each(hostile)("%s fails fast without allocating", (_name, hex) => {
    const bytes = hexToBytes(hex.length % 2 ? `${hex}0` : hex);
    const e = expectCpuUnder(1000, () => decodeError(bytes, { allowObjects: true })); // robustness bound (see above)
    expect(["truncated", "invalid-data", "limit-exceeded"]).toContain(e.code);
  });

  it("honours maxCollectionLength before reading elements", () => {
    const bytes = hexToBytes(`13000000${"05000000"}${"00000000".repeat(5)}`);
    expect(decode(bytes)).toMatchObject({ kind: "array" });
    expect(decodeError(bytes, { maxCollectionLength: 4 }).code).toBe("limit-exceeded");
  });

  it("stops deep nesting at 1024 (and at maxDepth), even 100,000 levels", () => {
    const nest = (n: number) => {
      const b = new Uint8Array(n * 8 + 4);
      const v = new DataView(b.buffer);
      for (let i = 0; i < n; i++) {
        v.setUint32(i * 8, 19, true);
        v.setUint32(i * 8 + 4, 1, true);
      }
      return b;
    };
    expect(() => decode(nest(1024))).not.toThrow();
    expect(decodeError(nest(1026)).code).toBe("depth-exceeded");
    expect(decodeError(nest(50), { maxDepth: 10 }).code).toBe("depth-exceeded");
    expect(expectCpuUnder(500, () => decodeError(nest(100_000))).code).toBe("depth-exceeded");
  });
});

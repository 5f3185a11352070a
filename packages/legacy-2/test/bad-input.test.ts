// Hostile and broken input: every failure is the project's own DecodeError, with the right
// code, in bounded time and without allocating what a count claims.
import { DecodeError, GdVariantError } from "@gdvariant/core";
import { decode, decodeWithLength, legacy2Dialect } from "@gdvariant/legacy-2";
import { expectCpuUnder } from "@gdvariant/test-support/timing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { randomCases, unhex, vectorLines } from "./support/fixtures.js";

const all = [
  ...vectorLines()
    .filter((l) => !l.label.startsWith("filestore") && !l.label.startsWith("streampeer"))
    .map((l) => ({ name: l.label, bytes: unhex(l.hex) })),
  ...randomCases().map((c) => ({ name: `random line ${c.line}`, bytes: unhex(c.hex) })),
];

function u32s(...words: number[]): Uint8Array {
  const b = new Uint8Array(words.length * 4);
  const dv = new DataView(b.buffer);
  words.forEach((w, i) => {
    dv.setUint32(i * 4, w >>> 0, true);
  });
  return b;
}

function failure(input: Uint8Array, options = {}): DecodeError {
  try {
    decode(input, options);
  } catch (e) {
    if (!DecodeError.is(e)) throw new Error(`not a DecodeError: ${String(e)}`);
    return e;
  }
  throw new Error("decoded without error");
}

describe("truncation", () => {
  it("every prefix of every fixture is `truncated`", () => {
    let prefixes = 0;
    const wrong: string[] = [];
    for (const { name, bytes } of all) {
      for (let k = 0; k < bytes.length; k++) {
        prefixes++;
        const e = failure(bytes.slice(0, k));
        if (e.code !== "truncated" || e.offset > k) wrong.push(`${name} at ${k}: ${e.message}`);
      }
    }
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(prefixes).toBeGreaterThan(40_000);
  });
});

describe("random corruption", () => {
  it("byte flips in fixtures give a value or a DecodeError, nothing else", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: all.length - 1 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }),
        (which, flips) => {
          const bytes = all[which]!.bytes.slice();
          for (const [at, x] of flips) bytes[at % bytes.length]! ^= x;
          try {
            decode(bytes);
          } catch (e) {
            if (!DecodeError.is(e)) throw e;
          }
        },
      ),
      { numRuns: 20_000, seed: 20171029 },
    );
  });

  it("random bytes give a value or a DecodeError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          decode(bytes);
        } catch (e) {
          if (!DecodeError.is(e)) throw e;
        }
      }),
      { numRuns: 20_000, seed: 2 },
    );
  });
});

describe("header word", () => {
  it("type ids 29..255 are `unknown-type`, at top level and nested", () => {
    for (let id = 29; id < 256; id++) {
      expect(failure(u32s(id)).code).toBe("unknown-type");
      const nested = failure(u32s(21, 1, id));
      expect(nested.code).toBe("unknown-type");
      expect(nested.offset).toBe(8);
      expect(nested.pathString).toBe("[0]");
    }
  });

  it("flag bits are `bad-flags` (official 2.x writes none)", () => {
    for (const h of [0x00010002, 0x00010003, 0x00000100, 0x80000015, 0x00010005]) {
      expect(failure(u32s(h, 0, 0, 0)).code).toBe("bad-flags");
    }
  });

  it("flag64: accept reads FLAG_64 INT/REAL as the 2.1 fork writes them, and only those", () => {
    const i64 = u32s(0x00010002, 0, 1); // 2^32
    expect(decode(i64, { flag64: "accept" })).toEqual({ kind: "int", value: 4294967296 });
    const f64 = new Uint8Array(12);
    new DataView(f64.buffer).setUint32(0, 0x00010003, true);
    new DataView(f64.buffer).setFloat64(4, 0.1, true);
    expect(decode(f64, { flag64: "accept" })).toEqual({ kind: "float", value: 0.1 });
    expect(failure(u32s(0x00010005, 0, 0), { flag64: "accept" }).code).toBe("bad-flags");
    expect(failure(u32s(0x00020002, 0), { flag64: "accept" }).code).toBe("bad-flags");
    expect(legacy2Dialect({ flag64: "accept" }).codecs[2]!.flagMask).toBe(0x10000);
    expect(legacy2Dialect().codecs[2]!.flagMask).toBe(0);
  });
});

describe("payload checks", () => {
  it("Image format >= 23 is `invalid-data`", () => {
    expect(failure(u32s(15, 23, 0, 1, 1, 0)).code).toBe("invalid-data");
    expect(decode(u32s(15, 22, 0, 1, 1, 0)).kind).toBe("image");
  });

  it("NodePath in the pre-2.0 string format is `invalid-data`", () => {
    const e = failure(u32s(16, 4, 0x64636261));
    expect(e.code).toBe("invalid-data");
    expect(e.offset).toBe(4);
  });

  it("invalid UTF-8 is `invalid-utf8` with the path", () => {
    const bytes = new Uint8Array([21, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, 0xc3, 0x28, 0, 0]);
    const e = failure(bytes);
    expect(e.code).toBe("invalid-utf8");
    expect(e.pathString).toBe("[0]");
  });

  it("2.0-era JOYSTICK_MOTION (length word 16, no value) is read without the value", () => {
    const r = decodeWithLength(u32s(19, 4, 1, 16, 3));
    expect(r.length).toBe(20);
    expect(r.value).toEqual({ kind: "inputEvent", eventType: 4, device: 1, axis: 3 });
  });

  it("nesting deeper than maxDepth is `depth-exceeded`", () => {
    const words: number[] = [];
    for (let k = 0; k < 1100; k++) words.push(21, 1);
    words.push(0);
    expect(failure(u32s(...words)).code).toBe("depth-exceeded");
    expect(failure(u32s(21, 1, 21, 1, 21, 1, 0), { maxDepth: 2 }).code).toBe("depth-exceeded");
  });

  it("trailing bytes fail only with exact", () => {
    expect(decode(u32s(2, 7, 99))).toEqual({ kind: "int", value: 7 });
    expect(failure(u32s(2, 7, 99), { exact: true }).code).toBe("trailing-bytes");
  });

  it("a non-binary input is a DecodeError", () => {
    expect(failure("abc" as unknown as Uint8Array).code).toBe("invalid-data");
  });
});

describe("hostile counts fail fast without allocating", () => {
  const cases: [string, Uint8Array, string][] = [
    ["Image data length 2^31-1", u32s(15, 4, 0, 4096, 4096, 0x7fffffff), "truncated"],
    ["Image data length with bit 31", u32s(15, 4, 0, 1, 1, 0xfffffff0), "invalid-data"],
    ["Image huge mipmap count", u32s(15, 4, 0xffffffff, 16384, 16384, 0x7ffffff0), "truncated"],
    ["Array count 2^31-1", u32s(21, 0x7fffffff), "limit-exceeded"],
    ["Array count 2^24-1", u32s(21, 0x00ffffff), "truncated"],
    ["Dictionary count 2^31-1 (shared bit set)", u32s(20, 0xffffffff), "limit-exceeded"],
    ["Dictionary count 2^24-1", u32s(20, 0x80ffffff), "truncated"],
    ["String length 2^31-1", u32s(4, 0x7fffffff), "truncated"],
    ["String length with bit 31", u32s(4, 0xfffffff0), "invalid-data"],
    ["ByteArray count 2^24", u32s(22, 0x00ffffff), "truncated"],
    ["ByteArray count over the collection limit", u32s(22, 0x7ffffff0), "limit-exceeded"],
    ["IntArray count", u32s(23, 0x7fffffff), "limit-exceeded"],
    ["IntArray count with bit 31", u32s(23, 0x80000001), "invalid-data"],
    ["StringArray count", u32s(25, 0x00ffffff), "truncated"],
    ["Vector3Array count", u32s(27, 0x00fffff0), "truncated"],
    ["ColorArray count", u32s(28, 0x00100000), "truncated"],
    ["NodePath name count", u32s(16, 0xffffffff, 0, 0), "limit-exceeded"],
    ["NodePath subname count", u32s(16, 0x80000000, 0x7ffffff0, 0), "limit-exceeded"],
    ["NodePath counts within limits", u32s(16, 0x80100000, 0x100000, 2), "truncated"],
    ["InputEvent without its payload", u32s(19, 1, 0, 20, 0), "truncated"],
    ["InputEvent without its prefix", u32s(19, 1, 0), "truncated"],
  ];
  it.each(cases)("%s", (_name, bytes, code) => {
    const before = process.memoryUsage().arrayBuffers;
    // A robustness bound in CPU time against hangs and huge allocations, not speed.
    const e = expectCpuUnder(1000, () => failure(bytes));
    expect(e.code).toBe(code);
    expect(GdVariantError.is(e)).toBe(true);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1 << 20);
  });
});

import { EncodeError, encodeIntoWith, encodeWith } from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS_WITH_LEAVES, legacy, modern } from "./support/dialects.js";

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (EncodeError.is(e)) return e.code;
    return (e as Error).name;
  }
  return "ok";
}

describe("encodeIntoWith", () => {
  it("writes encodeWith's bytes at the offset, touches nothing else, returns the length", () => {
    for (const [d, leaves] of DIALECTS_WITH_LEAVES) {
      fc.assert(
        fc.property(
          valueArb(leaves, { depth: 3 }),
          fc.nat(64),
          fc.nat(16),
          fc.nat(16),
          (v, offset, spare, lead) => {
            const expected = encodeWith(d, v);
            // A view with a nonzero byteOffset into a larger buffer, filled with 0xAA.
            const backing = new Uint8Array(lead + offset + expected.length + spare).fill(0xaa);
            const target = backing.subarray(lead);
            const n = encodeIntoWith(d, v, target, offset);
            expect(n).toBe(expected.length);
            expect(target.subarray(offset, offset + n)).toEqual(expected);
            expect(backing.subarray(0, lead + offset).every((b) => b === 0xaa)).toBe(true);
            expect(target.subarray(offset + n).every((b) => b === 0xaa)).toBe(true);
          },
        ),
        { numRuns: 200, seed: 5 },
      );
    }
  });

  it("fits exactly, and refuses every smaller room with target-too-small", () => {
    const v = {
      kind: "dictionary",
      entries: [
        [
          { kind: "string", value: "pos" },
          { kind: "packedVector3Array", data: new Float32Array([1, 2, 3, 4, 5, 6]) },
        ],
        [
          { kind: "string", value: "n" },
          { kind: "int", value: 2 ** 40 },
        ],
      ],
    };
    const bytes = encodeWith(modern, v);
    expect(encodeIntoWith(modern, v, new Uint8Array(bytes.length))).toBe(bytes.length);
    for (let room = 0; room < bytes.length; room++) {
      const t = new Uint8Array(room + 3);
      expect(
        codeOf(() => encodeIntoWith(modern, v, t, 3)),
        `room ${room}`,
      ).toBe("target-too-small");
    }
    const t = new Uint8Array(10);
    try {
      encodeIntoWith(modern, v, t, 2);
      expect.unreachable();
    } catch (e) {
      expect(EncodeError.is(e) && e.message).toMatch(
        /needs more than the 8 bytes the target has from offset 2/,
      );
    }
  });

  it("fits a string exactly whatever its characters (lone surrogates included)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), fc.boolean(), (s, asName) => {
        const v = { kind: asName ? "stringName" : "string", value: s };
        const bytes = encodeWith(modern, v);
        const t = new Uint8Array(bytes.length);
        expect(encodeIntoWith(modern, v, t)).toBe(bytes.length);
        expect(t).toEqual(bytes);
        expect(codeOf(() => encodeIntoWith(modern, v, t.subarray(1)))).toBe("target-too-small");
        // PackedStringArray elements carry a NUL in their length
        const p = { kind: "packedStringArray", data: [s, s] };
        const pb = encodeWith(modern, p);
        expect(encodeIntoWith(modern, p, new Uint8Array(pb.length))).toBe(pb.length);
      }),
      { numRuns: 500, seed: 3 },
    );
  });

  it("reports the value's own errors first and checks its arguments", () => {
    expect(codeOf(() => encodeIntoWith(legacy, { kind: "int", value: 2 ** 40 }, new Uint8Array(4)))).toBe(
      "out-of-range",
    );
    expect(codeOf(() => encodeIntoWith(modern, 1, new Uint8Array(8), 9))).toBe("out-of-range");
    expect(codeOf(() => encodeIntoWith(modern, 1, new Uint8Array(8), -1))).toBe("out-of-range");
    expect(codeOf(() => encodeIntoWith(modern, 1, new Uint8Array(8), 1.5))).toBe("out-of-range");
    expect(codeOf(() => encodeIntoWith(modern, 1, [] as unknown as Uint8Array))).toBe("invalid-value");
    expect(encodeIntoWith(modern, 1, new Uint8Array(8), 0)).toBe(8);
  });
});

describe("encodeWith's reused scratch buffer", () => {
  it("returns independent exact-size buffers call after call", () => {
    const a = encodeWith(modern, { kind: "string", value: "first" });
    const before = a.slice();
    const b = encodeWith(modern, { kind: "array", items: [{ kind: "string", value: "second, longer" }] });
    expect(a).toEqual(before);
    expect(a.buffer.byteLength).toBe(a.length);
    expect(b.buffer.byteLength).toBe(b.length);
    expect(b.buffer).not.toBe(a.buffer);
  });

  it("survives an encode called from inside an encode (a getter of a plain JS value)", () => {
    let inner: Uint8Array | undefined;
    const value = {
      get x() {
        inner = encodeWith(modern, { big: "y".repeat(5000) });
        return 1;
      },
      z: "after",
    };
    const outer = encodeWith(modern, value);
    expect(outer).toEqual(encodeWith(modern, { x: 1, z: "after" }));
    expect(inner).toEqual(encodeWith(modern, { big: "y".repeat(5000) }));
  });

  it("gives the same bytes after an error left the scratch buffer half written", () => {
    const ok = { kind: "array", items: [{ kind: "int", value: 7 }] };
    const want = encodeWith(modern, ok);
    expect(() =>
      encodeWith(legacy, { kind: "array", items: ["x".repeat(300), { kind: "int", value: 2 ** 40 }] }),
    ).toThrow();
    expect(encodeWith(modern, ok)).toEqual(want);
  });
});

describe("a Vector2, Vector3 or Color (its tag and floats behind one room check)", () => {
  const fields = { vector2: ["x", "y"], vector3: ["x", "y", "z"], color: ["r", "g", "b", "a"] };
  function outcome(fn: () => Uint8Array | number): string {
    try {
      const r = fn();
      return typeof r === "number" ? `ok ${r}` : `ok ${Buffer.from(r).toString("hex")}`;
    } catch (e) {
      if (!EncodeError.is(e)) throw e;
      return `${e.code} ${JSON.stringify(e.path)} ${e.message}`;
    }
  }
  it("writes the same bytes and errors wherever it falls against the buffer's end", () => {
    for (const [kind, names] of Object.entries(fields)) {
      // Each field a number, or one of them a string: the error names the field's value.
      for (let bad = -1; bad < names.length; bad++) {
        const leaf = {
          kind,
          ...Object.fromEntries(names.map((n, i) => [n, i === bad ? "2" : i + 0.5])),
        };
        // After k ints, so that the leaf starts at every word around the first buffer's end.
        for (let k = 28; k < 34; k++) {
          const items = [...Array.from({ length: k }, (_, i) => ({ kind: "int", value: i })), leaf];
          const v = { kind: "array", items };
          const grown = outcome(() => encodeWith(modern, v));
          const roomy = outcome(() => encodeIntoWith(modern, v, new Uint8Array(1024)));
          if (bad < 0) {
            expect(grown).toMatch(/^ok /);
            const bytes = encodeWith(modern, v);
            // Exactly as long: the leaf is written by the word-by-word path at the end.
            expect(outcome(() => encodeIntoWith(modern, v, new Uint8Array(bytes.length)))).toBe(
              `ok ${bytes.length}`,
            );
            expect(roomy).toBe(`ok ${bytes.length}`);
          } else {
            expect(grown).toMatch(/^invalid-value \[\d+\] .*expected a number/);
            expect(roomy).toBe(grown);
          }
        }
      }
    }
  });
});

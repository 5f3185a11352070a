// DecodeError.missing: a truncated read says how many more bytes it wanted, exactly. Checked on
// every cut of random dumps: with one byte fewer than `missing` appended back the same read fails
// one byte short, with `missing` bytes it passes. Byte arrays are left out: their padding may be
// absent at the end of the input, as the engine reads them, so a cut inside it reads as a cut
// after it and `missing` is then a lower bound (checked on its own).
import { ByteReader, DecodeError, decodeWith, encodeWith } from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS_WITH_LEAVES, unhex } from "./support/dialects.js";

const unpadded = <T extends string>(leaves: readonly T[]) => leaves.filter((l) => l !== "packedByteArray");

function failure(read: () => unknown): DecodeError | undefined {
  try {
    read();
    return undefined;
  } catch (e) {
    if (DecodeError.is(e)) return e;
    throw e;
  }
}

describe("DecodeError.missing", () => {
  it("is what a short fixed-width read or string lacks", () => {
    expect(failure(() => new ByteReader(new Uint8Array(3)).u32())?.missing).toBe(1);
    expect(failure(() => new ByteReader(new Uint8Array(5)).f64())?.missing).toBe(3);
    // 5 bytes of string + 3 of padding wanted, 2 there.
    expect(failure(() => new ByteReader(unhex("050000006162")).string())?.missing).toBe(6);
  });

  it("is undefined for other codes", () => {
    const e = failure(() => new ByteReader(unhex("ffffffff")).string());
    expect(e?.code).toBe("invalid-data");
    expect(e?.missing).toBeUndefined();
  });

  it("is a lower bound after a byte array whose padding is cut off", () => {
    const [dialect] = DIALECTS_WITH_LEAVES[0];
    const bytes = encodeWith(dialect, {
      kind: "array",
      items: [{ kind: "packedByteArray", data: new Uint8Array([1, 2]) }, { kind: "nil" }],
    });
    // Header, count, array header, byte count, 2 bytes: the cut drops the padding and the nil.
    const e = failure(() => decodeWith(dialect, bytes.subarray(0, 18)));
    expect(e?.code).toBe("truncated");
    expect(e?.missing).toBe(4);
    expect(bytes.length - 18).toBe(6);
  });

  for (const [dialect, leaves] of DIALECTS_WITH_LEAVES) {
    it(`${dialect.id}: is exactly the bytes a cut dump lacks at the failing read`, () => {
      fc.assert(
        fc.property(valueArb(unpadded(leaves), { depth: 3 }), fc.nat(), (value, seed) => {
          const bytes = encodeWith(dialect, value);
          const cut = seed % bytes.length;
          const e = failure(() => decodeWith(dialect, bytes.subarray(0, cut)));
          // A cut can also land on bytes that read as something else (a count, say).
          if (e?.code !== "truncated") return;
          const missing = e.missing!;
          expect(missing).toBeGreaterThan(0);
          expect(cut + missing).toBeLessThanOrEqual(bytes.length);
          // One byte fewer: the same read, one byte short.
          const fewer = failure(() => decodeWith(dialect, bytes.subarray(0, cut + missing - 1)));
          expect(fewer?.code).toBe("truncated");
          expect(fewer?.offset).toBe(e.offset);
          expect(fewer?.missing).toBe(1);
          // `missing` bytes: that read passes (a later one may fail; a collection's count is
          // checked at the count's offset against the bytes after its header words).
          const enough = failure(() => decodeWith(dialect, bytes.subarray(0, cut + missing)));
          if (enough !== undefined && enough.offset === e.offset)
            expect(enough.detail.split(",")[0]).not.toBe(e.detail.split(",")[0]);
        }),
        { numRuns: 300 },
      );
    });
  }
});

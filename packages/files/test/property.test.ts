// Round trips of random bytes through every writer and reader, with random block sizes, keys,
// passwords and IVs; and the FastLZ decoder against the encoder on data with repeats.
import { compressFile, decompressFile, decryptFile, encryptFile, openFile, sealFile } from "@gdvariant/files";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Bytes with runs and repeats (what compressors find), not only noise.
const data = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc
    .array(fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 300 })), {
      maxLength: 30,
    })
    .map((parts) => {
      const out: number[] = [];
      for (const [chunk, times] of parts) for (let i = 0; i < times; i++) out.push(...chunk);
      return Uint8Array.from(out.slice(0, 20000));
    }),
);

describe("round trips", () => {
  it("compress then decompress gives the bytes back, every mode and block size", () => {
    fc.assert(
      fc.property(
        data,
        fc.constantFrom("fastlz", "deflate", "zstd", "gzip" as const),
        fc.integer({ min: 1, max: 70000 }),
        (bytes, mode, blockSize) => {
          const file = compressFile(bytes, { mode, blockSize });
          expect(decompressFile(file).plaintext).toEqual(bytes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("encrypt then decrypt gives the bytes back, both layouts, passwords and keys", () => {
    fc.assert(
      fc.property(
        data,
        fc.constantFrom("godot-3", "godot-4" as const),
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 40 }).map((password) => ({ password })),
          fc.uint8Array({ minLength: 32, maxLength: 32 }).map((key) => ({ key })),
        ),
        (bytes, layout, secret) => {
          const file = encryptFile(bytes, { ...secret, layout });
          const r = decryptFile(file, secret);
          expect(r.layout).toBe(layout);
          expect(r.plaintext).toEqual(bytes);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("sealFile then openFile takes off what it put on", () => {
    fc.assert(
      fc.property(data, fc.constantFrom("fastlz", "zstd" as const), (bytes, mode) => {
        const layers = [
          { kind: "encrypted", layout: "godot-4" },
          { kind: "compressed", mode, blockSize: 512 },
        ] as const;
        const file = sealFile(bytes, layers, { password: "p" });
        expect(openFile(file, { password: "p" })).toEqual({ plaintext: bytes, layers });
      }),
      { numRuns: 50 },
    );
  });
});

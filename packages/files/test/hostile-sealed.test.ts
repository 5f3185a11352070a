// Issue 36, sealed files: Zstd windows, checksums, limits on every layer, many tiny blocks, and
// wrong calls. Memory is measured by counting the typed-array bytes allocated in a child
// process (helpers/allocations.ts): deterministic, no timing.
import { deflateSync, gzipSync } from "node:zlib";
import {
  compressFile,
  decompressFile,
  decryptFile,
  encryptFile,
  FileError,
  openFile,
  sealFile,
} from "@gdvariant/files";
import { describe, expect, it } from "vitest";
import { allocations } from "./helpers/allocations.js";
import { errorOf } from "./helpers/errors.js";
import { fixture, hexBytes } from "./helpers/fixtures.js";
import { blockAt, cat, gcpf, windowDescriptor, zstdFrame } from "./helpers/gcpf.js";

const KIB = 1024;
const MIB = 1024 * 1024;

// Made by the reference Zstd, 1.5.4 (`zstd -q -c --check -19 FILE`; Godot never writes a content
// checksum, so no engine file has one): PLAIN alone (one raw block), and TEXT (one compressed
// block: Huffman literals and sequences).
const PLAIN = "A save, compressed by zstd 1.5.4 with a content checksum.\n";
const PLAIN_ZST = hexBytes(
  "28b52ffd243ad101004120736176652c20636f6d70726573736564206279207a73746420312e352e342077697468206120636f6e74656e7420636865636b73756d2e0a2efd570b",
);
const TEXT = Array.from({ length: 40 }, (_, i) => `inventory item ${i + 1}: sword, shield, potion\n`).join(
  "",
);
const TEXT_ZST = hexBytes(
  "28b52ffd645f0545030032451111a06f487a6cfdf9ff3ff269b6f2e5b78a078224744c21e35d8c848e2964bc8b4fe89842c6bbf0848e29643c88d259393bacc75cab1d1695b8b6f286ccbace54dac86e740128a811a0bbff6ff0350311fc0ec13784df1ffef5edffdd3f3e0384ba81052435e67be1c1",
);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("Zstd windows (issue 36, finding 1)", () => {
  it("a frame's declared window costs nothing, in the first frame or any later one", () => {
    const w128 = windowDescriptor(27);
    const w1_9g = windowDescriptor(30, 7); // 2^30 + 7 * 2^27 bytes
    const twenty = Array.from({ length: 20 }, (_, i) => zstdFrame(w128, Uint8Array.of(i)));
    const files = [
      gcpf(2, 4096, 1, [zstdFrame(w128, Uint8Array.of(7))]), // 34 bytes
      gcpf(2, 4096, 20, [cat(twenty)]),
      gcpf(2, 4096, 2, [cat([zstdFrame(0, Uint8Array.of(1)), zstdFrame(w1_9g, Uint8Array.of(2))])]),
      gcpf(2, 4096, 1, [zstdFrame(w1_9g, Uint8Array.of(3))]),
    ];
    expect(files[0]!.length).toBe(34);
    const seen = allocations(files.map((bytes) => ({ bytes })));
    // The windows (128 MiB to 1.9 GiB) were allocated, once per frame, before; now only the
    // plaintext and a few small tables are.
    for (const s of seen) expect(s.bytes).toBeLessThan(256 * KIB);
    // libzstd reads windows up to 2^31 bytes (its one-shot decoder, which the engine uses).
    expect(seen.map((s) => s.result)).toEqual(["ok 1", "ok 20", "ok 2", "ok 1"]);
  });

  it("every frame's header is checked, not only the first one's", () => {
    const one = zstdFrame(0, Uint8Array.of(1));
    const frames = (second: Uint8Array) => gcpf(2, 4096, 2, [cat([one, second])]);
    // A content size past what the block holds (frame header A0: single segment, 4-byte size).
    const claim = cat([
      hexBytes("28b52ffda0"),
      Uint8Array.of(0, 0, 0, 1),
      hexBytes("090000"),
      Uint8Array.of(2),
    ]);
    // A dictionary id (FHD 01: one byte of dictionary id), which no GCPF reader has.
    const dict = cat([hexBytes("28b52ffd01"), Uint8Array.of(0, 9), hexBytes("090000"), Uint8Array.of(2)]);
    // A reserved bit, and a window of 2^32 bytes (libzstd reads up to 2^31).
    const reserved = cat([hexBytes("28b52ffd08"), Uint8Array.of(0), hexBytes("090000"), Uint8Array.of(2)]);
    const huge = zstdFrame(windowDescriptor(32), Uint8Array.of(2));
    for (const [second, detail] of [
      [claim, /past its declared 2 bytes/],
      [dict, /dictionary/],
      [reserved, /reserved bit/],
      [huge, /window of 2\^32/],
    ] as const) {
      const e = errorOf(() => decompressFile(frames(second)));
      expect(e.code).toBe("corrupt");
      expect(e.detail).toMatch(detail);
    }
  });
});

describe("checksums (issue 36, finding 7)", () => {
  it("Zstd: the content checksum is verified", () => {
    for (const [zst, plain] of [
      [PLAIN_ZST, PLAIN],
      [TEXT_ZST, TEXT],
    ] as const) {
      const n = utf8(plain).length;
      const file = gcpf(2, 1 << 20, n, [zst]);
      expect(new TextDecoder().decode(decompressFile(file).plaintext)).toBe(plain);
      const { at, size } = blockAt(file, 0);
      // A flipped checksum bit, and (in the raw block) a flipped content bit.
      const badSum = file.slice();
      badSum[at + size - 1]! ^= 0x40;
      expect(errorOf(() => decompressFile(badSum)).detail).toMatch(/checksum does not match/);
      if (zst === PLAIN_ZST) {
        const badByte = file.slice();
        badByte[at + 20]! ^= 0x02;
        expect(errorOf(() => decompressFile(badByte)).detail).toMatch(/checksum does not match/);
      }
    }
  });

  it("Deflate and GZip: Adler-32, CRC-32 and the length are verified", () => {
    for (const gen of ["godot-3.2.3", "godot-4.6.3"] as const) {
      for (const [name, trailer] of [
        ["comp-deflate.bin", [1, 2, 3, 4]],
        ["comp-gzip.bin", [1, 2, 3, 4, 5, 6, 7, 8]],
      ] as const) {
        const file = fixture(gen, name);
        const { at, size } = blockAt(file, 1);
        for (const back of trailer) {
          const bad = file.slice();
          bad[at + size - back]! ^= 0x10;
          const e = errorOf(() => decompressFile(bad));
          expect(e.code).toBe("corrupt");
          expect(e.detail).toMatch(/incorrect (data|length) check/);
        }
      }
    }
  });

  it("a bit flipped in an engine's Deflate or GZip block gives an error or the same bytes, never others", () => {
    for (const name of ["comp-deflate.bin", "comp-gzip.bin"]) {
      const file = fixture("godot-4.6.3", name);
      const plain = decompressFile(file).plaintext;
      const { at, size } = blockAt(file, 0);
      let wrong = 0;
      let refused = 0;
      for (let bit = 0; bit < size * 8; bit += 3) {
        const bad = file.slice();
        bad[at + (bit >> 3)]! ^= 1 << (bit & 7);
        try {
          const got = decompressFile(bad).plaintext;
          if (Buffer.compare(got, plain) !== 0) wrong++;
        } catch (e) {
          expect(FileError.is(e), String(e)).toBe(true);
          refused++;
        }
      }
      expect(wrong).toBe(0);
      expect(refused).toBeGreaterThan(0);
    }
  });
});

describe("limits on every layer (issue 36, finding 5)", () => {
  it("maxBytes bounds the decrypted layer too, before it is decrypted", () => {
    const file = encryptFile(new Uint8Array(1000), { password: "pw", layout: "godot-4" });
    for (const f of [
      () => openFile(file, { password: "pw", maxBytes: 500 }),
      () => decryptFile(file, { password: "pw", maxBytes: 500 }),
    ])
      expect(errorOf(f)).toMatchObject({ code: "limit-exceeded", offset: 20, layer: "encrypted" });
    expect(openFile(file, { password: "pw", maxBytes: 1000 }).plaintext.length).toBe(1000);
  });

  it("a bomb allocates at most about twice what it inflates to", () => {
    // 32 MiB of zeros in one block: 256 RLE blocks of a Zstd frame (about 1 KB), and Deflate.
    const n = 32 * MIB;
    const zeros = new Uint8Array(n);
    const zstd = compressFile(zeros, { mode: "zstd", blockSize: n + 1 });
    const deflate = gcpf(1, n + 1, n, [new Uint8Array(deflateSync(zeros, { level: 9 }))]);
    expect(zstd.length).toBeLessThan(2 * KIB);
    const seen = allocations([{ bytes: zstd }, { bytes: deflate }]);
    for (const s of seen) {
      expect(s.result).toBe(`ok ${n}`);
      expect(s.bytes / n).toBeLessThan(2.25);
    }
  });
});

describe("many tiny blocks (issue 36, finding 6)", () => {
  it("a file of tiny blocks allocates in proportion to its size, not per block", () => {
    const n = 3000;
    const tiny = (mode: number, compress: (b: Uint8Array) => Uint8Array) => {
      const blocks = Array.from({ length: n }, (_, i) => compress(Uint8Array.of(i & 255)));
      blocks.push(compress(new Uint8Array(0)));
      return gcpf(mode, 1, n, blocks);
    };
    const files = [
      tiny(1, (b) => new Uint8Array(deflateSync(b))),
      tiny(3, (b) => new Uint8Array(gzipSync(b))),
      tiny(2, (b) => zstdFrame(0, b)),
      compressFile(new Uint8Array(n).fill(7), { mode: "fastlz", blockSize: 1 }),
    ];
    const seen = allocations(files.map((bytes) => ({ bytes })));
    for (const [i, s] of seen.entries()) {
      expect(s.result).toBe(`ok ${n}`);
      // Before: a 32 KiB window per Deflate/GZip block (about 2,000 bytes per input byte).
      expect(s.bytes).toBeLessThan(8 * (files[i]!.length + n) + 64 * KIB);
    }
  });
});

describe("wrong calls are FileErrors (issue 36, finding 12)", () => {
  const data = new Uint8Array([1, 2, 3]);
  const file = compressFile(data);

  it("a mode that is not one (toString) is refused, not written as garbage", () => {
    for (const mode of ["toString", "constructor", "__proto__", 2, null])
      expect(errorOf(() => compressFile(data, { mode: mode as "zstd" })).code).toBe("invalid-argument");
  });

  it("null or non-object options are refused", () => {
    const calls = [
      () => compressFile(data, null as never),
      () => decompressFile(file, null as never),
      () => openFile(file, null as never),
      () => decryptFile(file, null as never),
      () => encryptFile(data, null as never),
      () => sealFile(data, [], null as never),
      () => decompressFile(file, 5 as never),
    ];
    for (const f of calls) expect(errorOf(f).code).toBe("invalid-argument");
  });

  it("a string (or any other non-bytes) plaintext or input is refused, not read as empty", () => {
    const calls = [
      () => compressFile("a save" as never),
      () => encryptFile("a save" as never, { password: "p", layout: "godot-4" }),
      () => sealFile("a save" as never, []),
      () => decompressFile("GCPF" as never),
      () => openFile(42 as never),
      () => decryptFile(null as never, { password: "p" }),
    ];
    for (const f of calls) {
      const e = errorOf(f);
      expect(e.code).toBe("invalid-argument");
    }
    expect(errorOf(calls[0]!).detail).toMatch(/TextEncoder/);
  });

  it("maxBytes must be a whole number of bytes, 0 or more", () => {
    for (const maxBytes of [Number.NaN, -1, 1.5, Number.POSITIVE_INFINITY, "10", null]) {
      expect(errorOf(() => decompressFile(file, { maxBytes: maxBytes as number })).code).toBe(
        "invalid-argument",
      );
      expect(errorOf(() => openFile(file, { maxBytes: maxBytes as number })).code).toBe("invalid-argument");
    }
    expect(errorOf(() => decompressFile(file, { maxBytes: 2 })).code).toBe("limit-exceeded");
    expect(decompressFile(file, { maxBytes: 3 }).plaintext).toEqual(data);
  });

  it("a layer of no known kind, or an unknown layout, is refused", () => {
    expect(errorOf(() => sealFile(data, [{ kind: "zip" } as never], { password: "p" })).code).toBe(
      "invalid-argument",
    );
    expect(errorOf(() => encryptFile(data, { password: "p", layout: "godot-5" as never })).code).toBe(
      "invalid-argument",
    );
  });
});

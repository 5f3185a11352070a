// Bad input: every failure is a FileError with a code and an offset, in bounded time and memory.
import {
  compressFile,
  decompressFile,
  decompressFileAsync,
  decryptFile,
  encryptFile,
  FileError,
  openFile,
} from "@gdvariant/files";
import { expectCpuUnder } from "@gdvariant/test-support/timing";
import { describe, expect, it } from "vitest";
import { errorOf } from "./helpers/errors.js";
import { fixture } from "./helpers/fixtures.js";

function u32le(b: Uint8Array, at: number, v: number): Uint8Array {
  const c = b.slice();
  new DataView(c.buffer).setUint32(at, v, true);
  return c;
}

const small = fixture("godot-4.6.3", "small.bin");
const big = fixture("godot-4.6.3", "big.bin");
const engineFiles = [
  ["godot-3.2.3", "enc-pass-ascii.bin"],
  ["godot-4.6.3", "enc-pass-ascii.bin"],
  ["godot-3.2.3", "comp-fastlz.bin"],
  ["godot-4.6.3", "comp-deflate.bin"],
  ["godot-4.6.3", "comp-zstd.bin"],
  ["godot-4.6.3", "comp-gzip.bin"],
] as const;

describe("bad input", () => {
  it.each(engineFiles)("%s %s truncated at every offset: a FileError, never garbage", (gen, name) => {
    const file = fixture(gen, name);
    const trailer = name.startsWith("comp-") ? 4 : 0; // the trailing GCPF is not needed to read
    for (let n = 0; n < file.length - trailer; n++) {
      const cut = file.subarray(0, n);
      const e = errorOf(() =>
        name.startsWith("enc-") ? decryptFile(cut, { password: "hunter2" }) : decompressFile(cut),
      );
      expect(["truncated", "bad-magic", "corrupt"]).toContain(e.code);
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(e.offset).toBeLessThanOrEqual(file.length);
    }
  });

  it.each(engineFiles)("%s %s with a flipped bit anywhere: a FileError or the same bytes", (gen, name) => {
    const file = fixture(gen, name);
    for (let at = 0; at < file.length; at += 7) {
      const bad = file.slice();
      bad[at]! ^= 1 << (at % 8);
      try {
        openFile(bad, { password: "hunter2" });
      } catch (e) {
        expect(FileError.is(e), String(e)).toBe(true);
      }
    }
  });

  it("a bit flipped in the ciphertext fails the MD5 check (both layouts)", () => {
    for (const gen of ["godot-3.2.3", "godot-4.6.3"] as const) {
      const bad = fixture(gen, "enc-pass-ascii.bin").slice();
      bad[bad.length - 20]! ^= 0x10;
      expect(errorOf(() => decryptFile(bad, { password: "hunter2" })).code).toBe("wrong-key");
    }
  });

  it("a length word larger than the file", () => {
    const file = fixture("godot-3.2.3", "enc-key.bin");
    const e = errorOf(() => decryptFile(u32le(file, 24, 0x7fffffff), { password: "" }));
    expect(e).toMatchObject({ code: "corrupt", offset: 24 });
    const file4 = fixture("godot-4.6.3", "enc-key.bin");
    expect(errorOf(() => decryptFile(u32le(file4, 24, 1), { layout: "godot-4", password: "" })).code).toBe(
      "corrupt",
    );
  });

  it("keys and IVs of the wrong size", () => {
    expect(errorOf(() => encryptFile(small, { key: new Uint8Array(16), layout: "godot-4" })).code).toBe(
      "invalid-key",
    );
    expect(
      errorOf(() => encryptFile(small, { password: "", layout: "godot-4", iv: new Uint8Array(8) })).code,
    ).toBe("invalid-key");
    expect(
      errorOf(() => encryptFile(small, { password: "", layout: "godot-3", iv: new Uint8Array(16) })).code,
    ).toBe("invalid-key");
  });

  it("a corrupt block table: block size 0, an unknown mode, a size past the end, a huge total", () => {
    const file = fixture("godot-4.6.3", "comp-fastlz.bin");
    expect(errorOf(() => decompressFile(u32le(file, 8, 0)))).toMatchObject({ code: "corrupt", offset: 8 });
    expect(errorOf(() => decompressFile(u32le(file, 4, 9)))).toMatchObject({
      code: "unsupported",
      offset: 4,
    });
    expect(errorOf(() => decompressFile(u32le(file, 20, 0xffffff)))).toMatchObject({
      code: "truncated",
      offset: 20,
    });
    // 4 GiB declared: refused before anything is allocated.
    expect(errorOf(() => decompressFile(u32le(file, 12, 0xffffffff)))).toMatchObject({
      code: "limit-exceeded",
      offset: 12,
    });
    // 200 MiB claimed by one tiny block: refused after that block, without 200 MiB allocated.
    const before = process.memoryUsage().arrayBuffers;
    const claim = u32le(
      u32le(compressFile(new Uint8Array(10), { mode: "fastlz" }), 12, 200 << 20),
      8,
      2 ** 30,
    );
    expect(errorOf(() => decompressFile(claim)).detail).toBe("block 0 inflates to 16 bytes, not 209715200");
    const oneBlock = u32le(
      u32le(compressFile(new Uint8Array(10), { mode: "deflate" }), 12, 200 << 20),
      8,
      2 ** 30,
    );
    expect(errorOf(() => decompressFile(oneBlock))).toMatchObject({ code: "corrupt", offset: 20 });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(50 << 20);
    // 200 MiB with a block size of 1: a block table the file cannot hold.
    expect(errorOf(() => decompressFile(u32le(u32le(file, 12, 200 << 20), 8, 1))).code).toBe("truncated");
  });

  it.each(["fastlz", "deflate", "zstd", "gzip"] as const)(
    "%s: a block that inflates past its declared size, and a bomb, stop early",
    (mode) => {
      // One block of 64 KiB of zeros, then the header says the file holds 100 bytes.
      const zeros = new Uint8Array(1 << 16);
      const file = compressFile(zeros, { mode, blockSize: 1 << 20 });
      const e = errorOf(() => decompressFile(u32le(file, 12, 100)));
      expect(e.code).toBe("corrupt");
      expect(e.detail).toMatch(/past its declared 100 bytes|inflates to|frame says/);
      // A bomb: 16 MiB of zeros, declared as 1 KiB.
      if (mode === "deflate" || mode === "gzip") {
        const bomb = compressFile(new Uint8Array(16 << 20), { mode, blockSize: 1 << 30 });
        expect(bomb.length).toBeLessThan(50_000);
        const e = expectCpuUnder(500, () => errorOf(() => decompressFile(u32le(bomb, 12, 1024))));
        expect(e.code).toBe("corrupt");
      }
    },
  );

  it("zstd: a frame without a content size whose RLE blocks would make 128 MiB stops at the first", () => {
    // Frame: magic, FHD 0 (no content size, window descriptor follows), window 2^17, then 1024
    // RLE blocks of 128 KiB of zeros (4 bytes each), the last flagged.
    const blocks = 1024;
    const frame = new Uint8Array(6 + 4 * blocks);
    frame.set([0x28, 0xb5, 0x2f, 0xfd, 0x00, (17 - 10) << 3]);
    for (let i = 0; i < blocks; i++) {
      const header = ((128 * 1024) << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
      frame.set([header & 255, (header >> 8) & 255, (header >> 16) & 255, 0], 6 + 4 * i);
    }
    const head = new Uint8Array(20);
    const v = new DataView(head.buffer);
    head.set([0x47, 0x43, 0x50, 0x46]);
    v.setUint32(4, 2, true);
    v.setUint32(8, 1 << 20, true);
    v.setUint32(12, 100, true);
    v.setUint32(16, frame.length, true);
    const file = new Uint8Array([...head, ...frame, 0x47, 0x43, 0x50, 0x46]);
    const e = expectCpuUnder(500, () => errorOf(() => decompressFile(file)));
    expect(e).toMatchObject({ code: "corrupt", offset: 20 });
    expect(e.detail).toMatch(/past its declared 100 bytes/);
  });

  it("brotli: a block that inflates past its declared size", async () => {
    const { brotliCompressSync } = await import("node:zlib");
    const block = new Uint8Array(brotliCompressSync(new Uint8Array(1 << 16)));
    const head = new Uint8Array(20);
    const v = new DataView(head.buffer);
    head.set([0x47, 0x43, 0x50, 0x46]);
    v.setUint32(4, 4, true);
    v.setUint32(8, 1 << 20, true);
    v.setUint32(12, 100, true);
    v.setUint32(16, block.length, true);
    const file = new Uint8Array([...head, ...block, 0x47, 0x43, 0x50, 0x46]);
    const e = await decompressFileAsync(file).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(FileError.is(e) && e.code).toBe("corrupt");
    expect(FileError.is(e) && e.detail).toMatch(/past its declared 100 bytes/);
  });

  it("Brotli without the decoder and writing Brotli are refused", () => {
    expect(errorOf(() => decompressFile(fixture("godot-4.6.3", "comp-brotli.bin"))).code).toBe("unsupported");
    expect(errorOf(() => compressFile(big, { mode: "brotli" as "zstd" })).code).toBe("unsupported");
  });

  it("an encrypted file without a secret says which layout and that a key is needed", () => {
    const e = errorOf(() => openFile(fixture("godot-3.2.3", "enc-key.bin")));
    expect(e.code).toBe("key-needed");
    expect(e.message).toMatch(/godot-3 layout/);
  });
});

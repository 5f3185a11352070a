// Files the real engines wrote (tools/files/generate.mjs): our reader must give back the exact
// plaintext the engine stored beside them, and where the engine's output is deterministic
// (AES-ECB, AES-CFB with a given IV) our writer must give the engine's bytes.
import { readStoreVarFile } from "@gdvariant/core";
import {
  compressFile,
  decompressFile,
  decompressFileAsync,
  decryptFile,
  detectLayer,
  encryptFile,
  FileError,
  openFile,
  openFileAsync,
  readCompressedInfo,
} from "@gdvariant/files";
import { dialect as godot3 } from "@gdvariant/godot-3";
import { dialect as godot4 } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { facts, fixture, GENERATIONS, hexBytes, passwords } from "./helpers/fixtures.js";

describe.each(GENERATIONS)("engine %s", (gen) => {
  const layout = gen.startsWith("godot-3") ? "godot-3" : "godot-4";
  const dialect = layout === "godot-3" ? godot3 : godot4;
  const small = fixture(gen, "small.bin");
  const big = fixture(gen, "big.bin");
  const key = hexBytes(facts(gen).key!);

  it("the plaintexts are store_var files the dialect reads", () => {
    expect(readStoreVarFile(dialect, small)).toHaveLength(6);
    expect(readStoreVarFile(dialect, big)).toHaveLength(8);
  });

  for (const [name, password] of Object.entries(passwords(gen))) {
    it(`decrypts ${name} with its password, and refuses a wrong one`, () => {
      const file = fixture(gen, name);
      expect(detectLayer(file)).toMatchObject({ kind: "encrypted", layout });
      const r = decryptFile(file, { password });
      expect(r.layout).toBe(layout);
      expect(r.plaintext).toEqual(small);
      let err: unknown;
      try {
        decryptFile(file, { password: `${password}x` });
      } catch (e) {
        err = e;
      }
      expect(FileError.is(err) && err.code).toBe("wrong-key");
      if (layout === "godot-3") expect(encryptFile(small, { password, layout })).toEqual(file);
      else expect(encryptFile(small, { password, layout, iv: r.iv! })).toEqual(file);
    });
  }

  it("decrypts enc-key.bin with the raw key", () => {
    const file = fixture(gen, "enc-key.bin");
    expect(decryptFile(file, { key }).plaintext).toEqual(small);
    expect(() => decryptFile(file, { password: "" })).toThrow(/wrong password or key/);
  });

  if (layout === "godot-4") {
    it("reads and writes a caller-given IV (open_encrypted's fourth argument)", () => {
      const file = fixture(gen, "enc-key-iv.bin");
      const iv = hexBytes(facts(gen).iv!);
      const r = decryptFile(file, { key });
      expect(r.iv).toEqual(iv);
      expect(r.plaintext).toEqual(small);
      expect(encryptFile(small, { key, iv, layout })).toEqual(file);
    });
  }

  for (const mode of ["fastlz", "deflate", "zstd", "gzip"] as const) {
    it(`decompresses comp-${mode}.bin (several blocks) and an exact multiple of the block size`, () => {
      const file = fixture(gen, `comp-${mode}.bin`);
      const r = decompressFile(file);
      expect(r).toMatchObject({ mode, blockSize: 4096, length: big.length, trailer: true });
      expect(r.blockSizes.length).toBeGreaterThan(3);
      expect(r.plaintext).toEqual(big);
      const exact = decompressFile(
        fixture(gen, `comp-exact-${["fastlz", "deflate", "zstd", "gzip"].indexOf(mode)}.bin`),
      );
      expect(exact.blockSizes).toHaveLength(3);
      expect(exact.plaintext).toEqual(fixture(gen, "exact.bin"));
      // Our writer lays out the same header and table (block sizes differ with the compressor).
      const ours = compressFile(big, { mode });
      const info = readCompressedInfo(ours);
      expect({ ...info, blockSizes: info.blockSizes.length }).toEqual({
        ...readCompressedInfo(file),
        blockSizes: r.blockSizes.length,
      });
      expect(decompressFile(ours).plaintext).toEqual(big);
      // FastLZ is ours end to end: keep its ratio within 10% of the engine's own compressor.
      if (mode === "fastlz") expect(ours.length).toBeLessThan(file.length * 1.1);
    });
  }

  it("decompresses a file shorter than 16 bytes (FastLZ padding)", () => {
    const r = decompressFile(fixture(gen, "comp-fastlz-small.bin"));
    expect(r.length).toBe(12);
    expect(readStoreVarFile(dialect, r.plaintext).map((x) => x.value)).toEqual([{ kind: "int", value: 7 }]);
  });

  if (layout === "godot-4") {
    it("reads Brotli (mode 4) once the decoder is loaded", async () => {
      const file = fixture(gen, "comp-brotli.bin");
      expect(() => decompressFile(file)).toThrow(/Brotli decoder/);
      expect((await decompressFileAsync(file)).plaintext).toEqual(big);
      // The browsers' decoder (the `brotli` package) reads it too.
      const { decompress } = await import("brotli/decompress.js");
      expect(decompressFile(file, { brotli: (src, size) => decompress(src, size) }).plaintext).toEqual(big);
      expect(await openFileAsync(file)).toEqual({
        plaintext: big,
        layers: [{ kind: "compressed", mode: "brotli", blockSize: 4096 }],
      });
    });
  }

  it("opens every layer by itself", () => {
    expect(openFile(fixture(gen, "comp-zstd.bin")).plaintext).toEqual(big);
    expect(openFile(fixture(gen, "enc-pass-ascii.bin"), { password: "hunter2" })).toEqual({
      plaintext: small,
      layers: [{ kind: "encrypted", layout }],
    });
    expect(() => openFile(fixture(gen, "enc-pass-ascii.bin"))).toThrow(/password or key is needed/);
  });
});

// The Zstd decoder against frames the engines' own libzstd wrote (tools/files/zstd-corpus.mjs):
// Godot 3.2.3 (zstd 1.4) and 4.6.3 (zstd 1.5) at several levels, with and without long
// distance matching, of text, store_var records, skewed bytes, runs, noise and far repeats.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { decompressFile, FileError } from "@gdvariant/files";
import { describe, expect, it } from "vitest";
import { cat, gcpf } from "./helpers/gcpf.js";

const ROOT = new URL("./fixtures/zstd/", import.meta.url);

interface Frame {
  readonly name: string;
  readonly size: number;
  readonly sha256: string;
  readonly frame: Uint8Array;
}

function corpus(config: string): Frame[] {
  const dir = new URL(`${config}/`, ROOT);
  return readFileSync(new URL("manifest.tsv", dir), "utf8")
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => {
      const [name, size, sha256] = l.split("\t") as [string, string, string];
      return {
        name,
        size: Number(size),
        sha256,
        frame: new Uint8Array(readFileSync(new URL(`${name}.zst`, dir))),
      };
    });
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");
const CONFIGS = readdirSync(ROOT).sort();

describe("Zstd frames the engines wrote", () => {
  it("the corpus is there: two engines, eight settings", () => {
    expect(CONFIGS.length).toBe(8);
    expect(CONFIGS.filter((c) => c.startsWith("godot-3.2.3")).length).toBe(3);
  });

  it.each(CONFIGS)("%s: every frame decodes to the engine's input", (config) => {
    for (const f of corpus(config)) {
      const file = gcpf(2, f.size + 1, f.size, [f.frame]);
      const plain = decompressFile(file).plaintext;
      expect(plain.length, f.name).toBe(f.size);
      expect(sha(plain), f.name).toBe(f.sha256);
    }
  });

  it.each(CONFIGS)("%s: all frames in one block decode to the inputs joined", (config) => {
    const frames = corpus(config);
    const total = frames.reduce((n, f) => n + f.size, 0);
    const plain = decompressFile(gcpf(2, total + 1, total, [cat(frames.map((f) => f.frame))])).plaintext;
    let at = 0;
    for (const f of frames) {
      expect(sha(plain.subarray(at, at + f.size)), f.name).toBe(f.sha256);
      at += f.size;
    }
  });

  // The engine writes no content checksum: a flipped literal bit can give other bytes (as with
  // libzstd); what matters is that nothing but a FileError or the declared size comes out.
  it("truncated or bit-flipped engine frames give a FileError or bytes of the declared size", () => {
    for (const config of ["godot-3.2.3-L19", "godot-4.6.3-L3"]) {
      for (const f of corpus(config).filter((x) => x.size > 1)) {
        const file = gcpf(2, f.size + 1, f.size, [f.frame]);
        const at = file.length - 4 - f.frame.length;
        for (let k = 0; k < 60; k++) {
          const bad = file.slice();
          const bit = (k * 7919) % (f.frame.length * 8);
          bad[at + (bit >> 3)]! ^= 1 << (bit & 7);
          try {
            expect(decompressFile(bad).plaintext.length).toBe(f.size);
          } catch (e) {
            expect(FileError.is(e), String(e)).toBe(true);
          }
        }
        for (const cut of [1, 2, 5, Math.floor(f.frame.length / 2), f.frame.length - 1]) {
          const short = gcpf(2, f.size + 1, f.size, [f.frame.subarray(0, cut)]);
          expect(() => decompressFile(short), `${f.name} cut at ${cut}`).toThrow(FileError);
        }
      }
    }
  });
});

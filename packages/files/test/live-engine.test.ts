// Live: the real engines (Godot 3.2.3 and 4.6.3) read files we write. Each file's records, as
// the engine prints them (var2bytes hex and var2str), must be exactly what the engine prints for
// the same plaintext stored as a bare store_var file. Skipped without the engines locally;
// required under CI (CI set), as the other live tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compressFile, encryptFile } from "@gdvariant/files";
import { afterAll, describe, expect, it } from "vitest";
import { engineRead, godot3Binary, godot4Binary, type Job } from "./helpers/engine.js";
import { fixture, passwords } from "./helpers/fixtures.js";

const bins = { 3: godot3Binary(), 4: godot4Binary() } as const;
if (process.env.CI && (bins[3] === undefined || bins[4] === undefined))
  throw new Error("CI: Godot 3 and Godot 4 engines are required (set GODOT3_BIN and GODOT4_BIN)");

const tmp = mkdtempSync(join(tmpdir(), "gdvariant-files-live-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const utf8 = (s: string) => new TextEncoder().encode(s);

describe.each([3, 4] as const)("live Godot %d reads what we write", (generation) => {
  const bin = bins[generation];
  it.skipIf(bin === undefined)(
    "encrypted (every password kind, a raw key, a 4.x IV) and compressed files",
    () => {
      const gen = generation === 3 ? "godot-3.2.3" : "godot-4.6.3";
      const layout = generation === 3 ? "godot-3" : "godot-4";
      const dir = join(tmp, String(generation));
      rmSync(dir, { recursive: true, force: true });
      mkdirp(dir);
      const small = fixture(gen, "small.bin");
      const big = fixture(gen, "big.bin");
      const jobs: Job[] = [];
      const expected = new Map<string, string>();
      const put = (name: string, bytes: Uint8Array, job: Omit<Job, "file">, plain: string) => {
        const file = join(dir, name);
        writeFileSync(file, bytes);
        jobs.push({ file, ...job });
        expected.set(file, plain);
      };
      const smallFile = join(dir, "small.bin");
      const bigFile = join(dir, "big.bin");
      writeFileSync(smallFile, small);
      writeFileSync(bigFile, big);
      jobs.push({ file: smallFile, kind: "plain" }, { file: bigFile, kind: "plain" });
      for (const [name, password] of Object.entries(passwords(gen)))
        put(
          `ours-${name}`,
          encryptFile(small, { password, layout }),
          { kind: "pass", secret: utf8(password) },
          smallFile,
        );
      const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 91 + 5) & 255);
      put("ours-key.bin", encryptFile(small, { key, layout }), { kind: "key", secret: key }, smallFile);
      if (layout === "godot-4") {
        const iv = Uint8Array.from({ length: 16 }, (_, i) => 255 - i);
        put(
          "ours-key-iv.bin",
          encryptFile(small, { key, layout, iv }),
          { kind: "key", secret: key },
          smallFile,
        );
      }
      const modes = ["fastlz", "deflate", "zstd", "gzip"] as const;
      for (const [i, mode] of modes.entries()) {
        put(`ours-${mode}.bin`, compressFile(big, { mode }), { kind: "comp", mode: i }, bigFile);
        // The block size comes from the header: the engine reads any.
        put(
          `ours-${mode}-1000.bin`,
          compressFile(big, { mode, blockSize: 1000 }),
          { kind: "comp", mode: i },
          bigFile,
        );
        put(
          `ours-${mode}-small.bin`,
          compressFile(small, { mode, blockSize: 69 }),
          { kind: "comp", mode: i },
          smallFile,
        );
      }
      // A plaintext that is an exact multiple of the block size: 276 = 4 * 69.
      expect(small.length % 69).toBe(0);
      const rows = engineRead(generation, bin!, dir, jobs);
      const plainSmall = rows.get(smallFile);
      const plainBig = rows.get(bigFile);
      expect(plainSmall).toHaveLength(6);
      expect(plainBig).toHaveLength(8);
      for (const [file, plain] of expected) expect(rows.get(file), file).toEqual(rows.get(plain));
    },
  );
});

function mkdirp(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

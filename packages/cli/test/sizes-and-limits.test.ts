// Issue 36 on the command line: one strict parser for every size and count option, --max-bytes
// on every decrypted or decompressed layer (and on decrypt and decompress), and a hexdump that
// streams and stops when its reader has gone.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { runCli } from "@gdvariant/cli";
import { compressFile, encryptFile } from "@gdvariant/files";
import { describe, expect, it } from "vitest";
import { gdvariant, tempDir } from "./support/cli.js";

/** runCli in this process (no spawn: the option checks are many and quick). */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const text = { stdout: "", stderr: "" };
  const sink = (key: "stdout" | "stderr") =>
    new Writable({
      write(chunk: Buffer, _enc, done) {
        text[key] += chunk.toString();
        done();
      },
    });
  const code = await runCli(args, {
    stdout: sink("stdout"),
    stderr: sink("stderr"),
    stdin: process.stdin,
    env: {},
  });
  return { code, ...text };
}

describe("size and count options", () => {
  const dir = tempDir("counts");
  const file = join(dir, "one.bin");
  writeFileSync(file, Uint8Array.of(2, 0, 0, 0, 7, 0, 0, 0));
  const out = join(dir, "out.bin");
  const options: Array<[string[], string]> = [
    [["decode", file], "--max-bytes"],
    [["inspect", file], "--max-items"],
    [["hexdump", file], "--width"],
    [["compress", file, "--mode", "zstd", "-o", out], "--block-size"],
    [["decompress", file, "-o", out], "--max-bytes"],
    [["decrypt", file, "--password", "p", "-o", out], "--max-bytes"],
  ];

  it("refuse a sign, an exponent, hex, a fraction or a huge number, naming the option", async () => {
    for (const [args, option] of options) {
      for (const bad of ["-1", "-3", "1e3", "0x10", "1e300", "1.5", "+5", " 5", "", "99999999999999999"]) {
        const r = await run([...args, option, bad]);
        expect([args[0], option, bad, r.code]).toEqual([args[0], option, bad, 2]);
        expect(r.stderr).toContain(`${option} needs a whole number from 1 to`);
        expect(r.stderr).not.toMatch(/ambiguous/);
      }
    }
  });

  it("take plain decimal digits", async () => {
    expect((await run(["decode", file, "--max-bytes", "1000"])).code).toBe(0);
    expect((await run(["hexdump", file, "--width", "4"])).stdout).toContain("02 00 00 00");
    expect((await run(["decode", file, "--max-bytes", "7"])).stderr).toMatch(/larger than 7 bytes/);
  });
});

describe("--max-bytes bounds every layer, not only the file read", () => {
  const dir = tempDir("layers");
  // 1 MiB of zeros in a Zstd file of about 60 bytes: a small file, a large inside.
  const mib = 1 << 20;
  const small = join(dir, "zeros.gcpf");
  writeFileSync(small, compressFile(new Uint8Array(mib), { mode: "zstd", blockSize: mib + 1 }));
  const sealed = join(dir, "sealed.gdec");
  writeFileSync(sealed, encryptFile(new Uint8Array(5000), { password: "pw", layout: "godot-4" }));
  const out = join(dir, "out.bin");

  it("decode, inspect and convert refuse a layer that inflates past it", () => {
    for (const cmd of [
      ["decode", small],
      ["inspect", small],
      ["convert", small, "--to", "godot-3", "-o", out],
    ]) {
      const r = gdvariant([...cmd, "--max-bytes", "1000"]);
      expect([cmd[0], r.code]).toEqual([cmd[0], 1]);
      expect(r.stderr).toMatch(/limit-exceeded/);
    }
  });

  it("decompress and decrypt take it", () => {
    const d = gdvariant(["decompress", small, "--max-bytes", "1000", "-o", out]);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/over maxBytes 1000 \(limit-exceeded/);
    expect(gdvariant(["decompress", small, "--max-bytes", String(mib), "-o", out]).code).toBe(0);
    // An encrypted file is never smaller than its plaintext: the file's own limit comes first.
    const e = gdvariant(["decrypt", sealed, "--password", "pw", "--max-bytes", "4000", "-o", out]);
    expect(e.code).toBe(1);
    expect(e.stderr).toMatch(/larger than 4000 bytes/);
    expect(gdvariant(["decrypt", sealed, "--password", "pw", "--max-bytes", "6000", "-o", out]).code).toBe(0);
  });
});

describe("hexdump streams", () => {
  it("writes as it goes, and stops at the first write after its reader has gone", async () => {
    // 2 MB PackedByteArray (godot-4 type 29): 131,072 lines, about 10 MB of dump.
    const dir = tempDir("stream");
    const n = 2_000_000;
    const big = new Uint8Array(8 + n);
    const view = new DataView(big.buffer);
    view.setUint32(0, 29, true);
    view.setUint32(4, n, true);
    const file = join(dir, "big.bin");
    writeFileSync(file, big);
    const writes: number[] = [];
    let after = 0;
    // A pipe whose reader leaves after the first 100 KB: every later write fails with EPIPE.
    const stdout = new Writable({
      write(chunk: Buffer, _enc, done) {
        const total = writes.reduce((a, b) => a + b, 0);
        if (total > 100_000) {
          after++;
          done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
          return;
        }
        writes.push(chunk.length);
        done();
      },
    });
    stdout.on("error", () => {});
    const sink = new Writable({ write: (_c, _e, done) => done() });
    const code = await runCli(["hexdump", file], { stdout, stderr: sink, stdin: process.stdin, env: {} });
    expect(code).toBe(0);
    // Before, the whole 10 MB dump was made in memory and written at once, at the end.
    expect(Math.max(...writes)).toBeLessThan(256 * 1024);
    expect(after).toBe(1);
  });
});

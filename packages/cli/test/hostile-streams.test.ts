import { spawnSync } from "node:child_process";
import { mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readStoreVarFile, toJSON, type Value, writeStoreVarFile } from "@gdvariant/core";
import { dialect as dialect4, encode } from "@gdvariant/godot-4";
import { MODERN_LEAVES, valueArb } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CLI, gdvariant, tempDir } from "./support/cli.js";

// Runs the CLI with a file descriptor as stdin (a device, a FIFO), under GNU time when the
// machine has it, for the peak memory.
function runWithStdin(args: readonly string[], stdinPath: string): { code: number; stderr: string } {
  const fd = openSync(stdinPath, "r");
  const r = spawnSync(process.execPath, [CLI, ...args], { stdio: [fd, "pipe", "pipe"], timeout: 60_000 });
  return { code: r.status ?? -1, stderr: r.stderr.toString("utf8") };
}

describe("input caps", () => {
  it("refuses stdin from /dev/zero once it passes --max-bytes, without reading on", () => {
    // Before: read without end until the machine ran out of memory (8 GB in 30 s).
    const r = runWithStdin(["decode", "-", "--max-bytes", "1000000"], "/dev/zero");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("stdin: larger than 1000000 bytes");
  });

  it("refuses a device named as a file the same way, and stays within a small memory ceiling", () => {
    // /usr/bin/time -f %M gives the peak resident set in KB; without it the cap alone is checked.
    const r = spawnSync(
      "/usr/bin/time",
      ["-f", "%M", process.execPath, CLI, "decode", "/dev/zero", "--max-bytes", "50000000"],
      {
        timeout: 60_000,
      },
    );
    if (r.error) {
      const plain = gdvariant(["decode", "/dev/zero", "--max-bytes", "50000000"]);
      expect(plain.code).toBe(1);
      return;
    }
    const stderr = r.stderr.toString("utf8");
    expect(stderr).toContain("/dev/zero: larger than 50000000 bytes");
    const peakKb = Number(stderr.trim().split("\n").pop());
    // The cap is 50 MB; node itself takes about 50 MB. Reading on without a cap would pass 1 GB.
    expect(peakKb).toBeLessThan(400_000);
  });

  it("refuses a regular file larger than the cap before reading it", () => {
    const dir = tempDir("cap");
    const big = join(dir, "big.bin");
    writeFileSync(big, new Uint8Array(2_000_001));
    const r = gdvariant(["decode", big, "--max-bytes", "2000000"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("larger than 2000000 bytes");
    const ok = gdvariant(["decode", big, "--max-bytes", "2000001", "--dialect", "godot-4"]);
    expect(ok.stderr).not.toContain("larger than");
  });

  it("rejects a --max-bytes that is not a positive integer", () => {
    const r = gdvariant(["decode", "-", "--max-bytes", "lots"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--max-bytes needs a whole number");
  });
});

describe("file names in output", () => {
  const dir = tempDir("names");
  const folder = join(dir, "in");
  mkdirSync(folder);
  const hostile = "a\nb\x1b[31m.bin";
  writeFileSync(join(folder, hostile), encode({ kind: "int", value: 5 }));
  writeFileSync(join(folder, "c.bin"), encode({ kind: "string", value: "x" }));
  symlinkSync("c.bin", join(folder, "link.bin"));
  symlinkSync(dir, join(folder, "loop"));

  it("quotes a name with control characters in decode's text output, so it stays one comment line", () => {
    const r = gdvariant(["decode", folder, "--dialect", "godot-4"]);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("\x1b");
    const lines = r.stdout.trimEnd().split("\n");
    // Three inputs (the hostile name, c.bin, the link to it), each a comment and a value.
    expect(lines).toEqual([
      `; ${JSON.stringify(join(folder, hostile))}`,
      "5",
      `; ${join(folder, "c.bin")}`,
      '"x"',
      `; ${join(folder, "link.bin")}`,
      '"x"',
    ]);
  });

  it("says which entries of a folder it skipped instead of dropping them silently", () => {
    const r = gdvariant(["decode", folder, "--dialect", "godot-4"]);
    expect(r.stderr).toBe(
      `gdvariant: ${join(folder, "loop")}: link to a folder or device, not followed: skipped\n`,
    );
  });

  it("escapes the name in error messages on stderr", () => {
    const bad = join(dir, "bad\x1b]0;title\x07.bin");
    writeFileSync(bad, new Uint8Array([0xff, 0xff, 0xff, 0xff]));
    const r = gdvariant(["decode", bad, "--dialect", "godot-4"]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain("\x07");
    expect(r.stderr).not.toContain("\x1b");
    expect(r.stderr).toContain(JSON.stringify(bad));
  });
});

describe("decode --format json written in pieces", () => {
  it("prints exactly JSON.stringify(toJSON(value)) for every record, large and deep ones included", () => {
    const values: Value[] = fc.sample(valueArb(MODERN_LEAVES), { numRuns: 60, seed: 7 });
    const big = 200_000; // over the 65,536-element pieces
    values.push(
      { kind: "packedByteArray", data: Uint8Array.from({ length: big }, (_, i) => (i * 7) & 255) },
      {
        kind: "packedFloat32Array",
        data: Float32Array.from({ length: big }, (_, i) => (i % 5 === 0 ? Number.NaN : i / 3)),
      },
      { kind: "packedVector2Array", data: Float64Array.from({ length: big * 2 }, (_, i) => -i) },
      { kind: "packedInt64Array", data: BigInt64Array.from({ length: big }, (_, i) => BigInt(i) << 40n) },
    );
    let deep: Value = { kind: "int", value: 1 };
    for (let i = 0; i < 500; i++)
      deep = {
        kind: "dictionary",
        entries: [
          [
            { kind: "string", value: "k" },
            { kind: "array", items: [deep] },
          ],
        ],
      };
    values.push({ kind: "array", items: [deep] });
    const dir = tempDir("json");
    const file = join(dir, "records.bin");
    writeFileSync(file, writeStoreVarFile(dialect4, values));
    const r = gdvariant([
      "decode",
      file,
      "--dialect",
      "godot-4",
      "--framing",
      "store-var",
      "--format",
      "json",
      "--allow-objects",
    ]);
    expect(r.stderr).toBe("");
    const lines = r.stdout.trimEnd().split("\n");
    const expected = readStoreVarFile(dialect4, readFileSync(file), { allowObjects: true }).map((rec) =>
      JSON.stringify(toJSON(rec.value)),
    );
    expect(lines.length).toBe(expected.length);
    for (let i = 0; i < lines.length; i++) expect(lines[i], `record ${i}`).toBe(expected[i]);
  });
});

describe("hexdump of deep-and-wide nesting", () => {
  it("prints output proportional to the input (a 56 KB dump printed 18 MB)", () => {
    const deepWide = (depth: number): Value => {
      let v: Value = { kind: "int", value: 1 };
      for (let i = 0; i < depth; i++)
        v = {
          kind: "array",
          items: [v, ...Array.from({ length: 6 }, (): Value => ({ kind: "int", value: i }))],
        };
      return v;
    };
    const dir = tempDir("hexdump");
    const sizes = [250, 1000].map((depth) => {
      const file = join(dir, `dw${depth}.bin`);
      const bytes = encode(deepWide(depth));
      writeFileSync(file, bytes);
      const r = gdvariant(["hexdump", file, "--dialect", "godot-4"]);
      expect(r.code).toBe(0);
      return { input: bytes.length, output: r.out.length };
    });
    const [small, large] = sizes as [{ input: number; output: number }, { input: number; output: number }];
    // Four times the input: about four times the output, not sixteen.
    expect(large.output).toBeLessThan(6 * small.output);
    expect(large.output).toBeLessThan(40 * large.input);
  });
});

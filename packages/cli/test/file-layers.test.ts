// Encrypted (GDEC) and compressed (GCPF) files through the command line, on files Godot 3.2.3
// wrote (test/fixtures/files/README.md), and, live, a migrated save opened by Godot 4.6.3.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readStoreVarFile } from "@gdvariant/core";
import { decryptFile, FileError, openFile, parseProjectBinary } from "@gdvariant/files";
import { decode as decode4, dialect as godot4, toText } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { gdvariant, ROOT, tempDir, unCEscape } from "./support/cli.js";

const fx = (name: string) => join(ROOT, "packages/cli/test/fixtures/files", name);
const ENC = fx("save-3.2.3-enc-hunter2.bin");
const PLAIN = fx("save-3.2.3-plain.bin");

describe("encrypted and compressed files", () => {
  it("inspect says an encrypted file needs a password, and which layout", () => {
    const r = gdvariant(["inspect", ENC]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/godot-3 layout.*password or key is needed/);
  });

  it("a wrong password exits 1 and says so", () => {
    for (const cmd of [
      ["decode", ENC],
      ["decrypt", ENC, "-o", join(tempDir("wrong"), "x")],
      ["convert", ENC, "--to", "godot-4", "-o", join(tempDir("wrong"), "y")],
    ]) {
      const r = gdvariant([...cmd, "--password", "hunter3"]);
      expect(r.code, cmd[0]).toBe(1);
      expect(r.stderr, cmd[0]).toMatch(/wrong password or key/);
    }
  });

  it("decode and inspect open the layers by themselves", () => {
    const plain = gdvariant(["decode", PLAIN]);
    expect(plain.code).toBe(0);
    expect(gdvariant(["decode", ENC, "--password", "hunter2"]).stdout).toBe(plain.stdout);
    const big = gdvariant(["decode", fx("big-3.2.3-plain.bin")]);
    expect(gdvariant(["decode", fx("big-3.2.3-fastlz.bin")]).stdout).toBe(big.stdout);
    // Brotli (4.x, read only): decoded, and written back as Zstd by convert.
    const big4 = gdvariant(["decode", fx("big-4.6.3-plain.bin")]);
    expect(gdvariant(["decode", fx("big-4.6.3-brotli.bin")]).stdout).toBe(big4.stdout);
    const back = join(tempDir("brotli"), "big3.bin");
    expect(gdvariant(["convert", fx("big-4.6.3-brotli.bin"), "--to", "godot-3", "-o", back]).code).toBe(0);
    expect(openFile(readFileSync(back)).layers).toEqual([
      { kind: "compressed", mode: "zstd", blockSize: 4096 },
    ]);
    const inspect = gdvariant(["inspect", ENC, "--password", "hunter2"]);
    expect(inspect.code).toBe(0);
    expect(inspect.stdout).toContain("Inside: encrypted (godot-3 layout)");
  });

  it("decrypt / encrypt and decompress / compress give back the engine's plaintext", () => {
    const dir = tempDir("layers");
    const p = (n: string) => join(dir, n);
    expect(gdvariant(["decrypt", ENC, "--password", "hunter2", "-o", p("a")]).code).toBe(0);
    expect(readFileSync(p("a"))).toEqual(readFileSync(PLAIN));
    // 3.x encryption is deterministic (AES-ECB): our file is the engine's, byte for byte.
    expect(
      gdvariant(["encrypt", PLAIN, "--password", "hunter2", "--layout", "godot-3", "-o", p("b")]).code,
    ).toBe(0);
    expect(readFileSync(p("b"))).toEqual(readFileSync(ENC));
    const key = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    const iv = "0f0e0d0c0b0a09080706050403020100";
    expect(
      gdvariant(["encrypt", PLAIN, "--key", key, "--iv", iv, "--layout", "godot-4", "-o", p("c")]).code,
    ).toBe(0);
    expect(gdvariant(["decrypt", p("c"), "--key", key, "-o", p("d")]).code).toBe(0);
    expect(readFileSync(p("d"))).toEqual(readFileSync(PLAIN));
    expect(gdvariant(["decompress", fx("big-3.2.3-fastlz.bin"), "-o", p("e")]).code).toBe(0);
    expect(readFileSync(p("e"))).toEqual(readFileSync(fx("big-3.2.3-plain.bin")));
    for (const mode of ["fastlz", "deflate", "zstd", "gzip"]) {
      expect(
        gdvariant(["compress", p("e"), "--mode", mode, "--block-size", "1000", "-o", p(mode)]).code,
      ).toBe(0);
      expect(gdvariant(["decompress", p(mode), "-o", p(`${mode}.out`)]).code).toBe(0);
      expect(readFileSync(p(`${mode}.out`))).toEqual(readFileSync(p("e")));
    }
    expect(
      gdvariant(["encrypt", PLAIN, "--password", "x", "--iv", iv, "--layout", "godot-3", "-o", p("f")]).code,
    ).toBe(2);
    expect(gdvariant(["compress", PLAIN, "--mode", "brotli", "-o", p("g")]).code).toBe(2);
  });

  it("convert migrates an encrypted 3.x save to an encrypted 4.x one (same or new password)", () => {
    const dir = tempDir("migrate");
    const out = join(dir, "save4.bin");
    const r = gdvariant(["convert", ENC, "--to", "godot-4", "--password", "hunter2", "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    const opened = decryptFile(readFileSync(out), { password: "hunter2" });
    expect(opened.layout).toBe("godot-4");
    const plain = gdvariant(["convert", PLAIN, "--to", "godot-4", "-o", join(dir, "plain4.bin")]);
    expect(plain.code).toBe(0);
    expect(opened.plaintext).toEqual(new Uint8Array(readFileSync(join(dir, "plain4.bin"))));
    const renamed = join(dir, "renamed.bin");
    expect(
      gdvariant([
        "convert",
        ENC,
        "--to",
        "godot-4",
        "--password",
        "hunter2",
        "--new-password",
        "n3w",
        "-o",
        renamed,
      ]).code,
    ).toBe(0);
    expect(decryptFile(readFileSync(renamed), { password: "n3w" }).plaintext).toEqual(opened.plaintext);
    let err: unknown;
    try {
      decryptFile(readFileSync(renamed), { password: "hunter2" });
    } catch (e) {
      err = e;
    }
    expect(FileError.is(err) && err.code).toBe("wrong-key");
  });
});

describe("convert on a project.binary", () => {
  it("writes the engine's own bytes when the generation stays (Godot 3.2.3's and 4.6.3's files)", () => {
    for (const [file, to] of [
      ["layers-3.2.3-project.binary", "godot-3"],
      ["layers-4.6.3-project.binary", "godot-4"],
    ] as const) {
      const out = join(tempDir("project-same"), "project.binary");
      const r = gdvariant(["convert", fx(file), "--to", to, "-o", out]);
      expect([file, r.code, r.stderr]).toEqual([file, 0, ""]);
      expect(Buffer.from(readFileSync(out)).equals(readFileSync(fx(file)))).toBe(true);
    }
  });

  it("rewrites a 3.x project.binary's values in 4.x's encoding, keys kept, and says names are not renamed", () => {
    const out = join(tempDir("project-4"), "project.binary");
    const r = gdvariant(["convert", fx("layers-3.2.3-project.binary"), "--to", "godot-4", "-o", out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("their names and objects' properties are as godot-3 wrote them");
    const before = parseProjectBinary(readFileSync(fx("layers-3.2.3-project.binary")));
    const bytes = new Uint8Array(readFileSync(out));
    const after = parseProjectBinary(bytes);
    expect(after.map((e) => e.key)).toEqual(before.map((e) => e.key));
    const text = (e: { offset: number; length: number }) =>
      toText(decode4(bytes.subarray(e.offset, e.offset + e.length)));
    expect(after.map(text)).toContain('PackedStringArray("a", "b")');
    expect(after.map(text)).toContain("Vector3(1, 2, 3)");
  });

  it("refuses 2.x and the JSON forms for a project.binary", () => {
    for (const to of ["legacy-2", "json-native"]) {
      const r = gdvariant([
        "convert",
        fx("layers-3.2.3-project.binary"),
        "--to",
        to,
        "-o",
        join(tempDir("p"), "x"),
      ]);
      expect([to, r.code]).toEqual([to, 1]);
      expect(r.stderr).toContain("converts between godot-3 and godot-4 only");
    }
  });
});

// Live: Godot 4.6.3 opens the migrated save with the password and reads the values the
// conversion wrote (its var_to_str of each record is our toText of the converted record).
function godot4Binary(): string | undefined {
  const env = process.env.GODOT4_BIN;
  if (env && existsSync(env)) return env;
  const p = join(process.env.HOME ?? "/root", ".cache/godot4-sid/godot4");
  return existsSync(p) ? p : undefined;
}
const g4 = godot4Binary();
if (g4 === undefined && process.env.CI) throw new Error("CI: no Godot 4 engine (set GODOT4_BIN)");

/** Runs tools/files/files-4.gd --mode=read on one job; returns the engine's lines for the file. */
function engineRows(dir: string, job: string, file: string): string[][] {
  writeFileSync(join(dir, "jobs.tsv"), `${job}\n`);
  writeFileSync(join(dir, "project.godot"), "config_version=5\n");
  const result = join(dir, "out.tsv");
  const script = join(ROOT, "tools/files/files-4.gd");
  const run = spawnSync(
    g4!,
    [
      "--headless",
      "--path",
      dir,
      "-s",
      script,
      "--",
      "--mode=read",
      `--jobs=${join(dir, "jobs.tsv")}`,
      `--out=${result}`,
    ],
    { timeout: 120_000 },
  );
  expect(run.error).toBeUndefined();
  const text = readFileSync(result, "utf8");
  expect(text).toContain("# done");
  return text
    .split("\n")
    .filter((l) => l.startsWith(file))
    .map((l) => l.split("\t"));
}

describe.skipIf(g4 === undefined)("live Godot 4.6.3", () => {
  it("loads a 3.x encrypted save that convert migrated, with the converted values", () => {
    const dir = tempDir("migrate-live");
    const out = join(dir, "save4.bin");
    expect(gdvariant(["convert", ENC, "--to", "godot-4", "--password", "hunter2", "-o", out]).code).toBe(0);
    const ours = readStoreVarFile(godot4, decryptFile(readFileSync(out), { password: "hunter2" }).plaintext);
    const rows = engineRows(dir, `${out}\tpass\t${Buffer.from("hunter2").toString("hex")}\t0`, out);
    expect(ours.length).toBe(6);
    expect(rows).toHaveLength(ours.length);
    rows.forEach((row, i) => {
      expect(row[1]).toBe(String(i));
      expect(unCEscape(row[3]!)).toBe(toText(ours[i]!.value));
    });
  });

  it("loads a 3.x project.binary that convert rewrote for 4.x, every setting as we wrote it", () => {
    const dir = tempDir("project-live");
    const out = join(dir, "project.binary");
    expect(gdvariant(["convert", fx("layers-3.2.3-project.binary"), "--to", "godot-4", "-o", out]).code).toBe(
      0,
    );
    const bytes = new Uint8Array(readFileSync(out));
    const ours = parseProjectBinary(bytes).map(
      (e) => [e.key, toText(decode4(bytes.subarray(e.offset, e.offset + e.length)))] as const,
    );
    // The engine loads project.binary (no project.godot in the folder) and prints each setting.
    writeFileSync(join(dir, "keys.txt"), ours.map(([k]) => k).join("\n"));
    writeFileSync(
      join(dir, "check.gd"),
      [
        "extends SceneTree",
        "func _init():",
        '\tfor k in FileAccess.get_file_as_string("res://keys.txt").split("\\n"):',
        '\t\tprint("@@", k, "\\t", var_to_str(ProjectSettings.get_setting(k)).c_escape())',
        "\tquit()",
        "",
      ].join("\n"),
    );
    const run = spawnSync(g4!, ["--headless", "--path", dir, "-s", join(dir, "check.gd")], {
      encoding: "utf8",
      timeout: 120_000,
    });
    const engine = run.stdout
      .split("\n")
      .filter((l) => l.startsWith("@@"))
      .map((l) => {
        const [k, v] = l.slice(2).split("\t") as [string, string];
        return [k, unCEscape(v)] as const;
      });
    expect(ours.length).toBeGreaterThan(4);
    expect(engine).toEqual(ours);
  });

  it("loads a 3.x compressed (FastLZ) save that convert migrated, with the converted values", () => {
    const dir = tempDir("migrate-live-comp");
    const out = join(dir, "save4.bin");
    expect(gdvariant(["convert", fx("big-3.2.3-fastlz.bin"), "--to", "godot-4", "-o", out]).code).toBe(0);
    const opened = openFile(readFileSync(out));
    expect(opened.layers).toEqual([{ kind: "compressed", mode: "fastlz", blockSize: 4096 }]);
    const ours = readStoreVarFile(godot4, opened.plaintext);
    const rows = engineRows(dir, `${out}\tcomp\t\t0`, out);
    expect(ours.length).toBe(8);
    expect(rows).toHaveLength(ours.length);
    for (const [i, row] of rows.entries()) expect(unCEscape(row[3]!)).toBe(toText(ours[i]!.value));
  });
});

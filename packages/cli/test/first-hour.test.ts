// What a new user meets in the first hour: a closed pipe, a truncated save, errors that name the
// record and the flag, folders with other files in them, long batches on a terminal, --help.
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, gdvariant, ROOT, SAMPLES, tempDir } from "./support/cli.js";

const sample = (...p: string[]) => join(SAMPLES, ...p);
const q = JSON.stringify;

describe("a closed pipe", () => {
  it("`hexdump | head -1` and `decode | head -1` end quietly", () => {
    // 1 MB PackedByteArray (godot-4 type 29: header, u32 count, bytes): megabytes of output,
    // far more than a pipe holds, so the writer meets the closed pipe for certain.
    const dir = tempDir("pipe");
    const big = new Uint8Array(8 + 1_000_000);
    const view = new DataView(big.buffer);
    view.setUint32(0, 29, true);
    view.setUint32(4, 1_000_000, true);
    const bigFile = join(dir, "big.bin");
    writeFileSync(bigFile, big);
    // 100,000 store_var records of an int (length 8, header 2, value): 100,000 lines of text.
    const records = new DataView(new ArrayBuffer(100_000 * 12));
    for (let i = 0; i < 100_000; i++) {
      records.setUint32(i * 12, 8, true);
      records.setUint32(i * 12 + 4, 2, true);
      records.setInt32(i * 12 + 8, i, true);
    }
    const many = join(dir, "many.bin");
    writeFileSync(many, new Uint8Array(records.buffer));
    for (const [command, file] of [
      ["hexdump", bigFile],
      ["decode", many],
    ] as const) {
      const r = spawnSync(
        "bash",
        [
          "-c",
          `${q(process.execPath)} ${q(CLI)} ${command} ${q(file)} | head -1; echo "rc=\${PIPESTATUS[0]}"`,
        ],
        { encoding: "utf8" },
      );
      expect([command, r.stderr]).toEqual([command, ""]);
      const lines = r.stdout.trimEnd().split("\n");
      expect(lines.length).toBe(2);
      expect(lines[1]).toBe("rc=0");
    }
  });
});

describe("a truncated store_var file", () => {
  it("prints the intact records, then names the record and byte where it broke, exit 1", () => {
    const save = readFileSync(sample("godot-3", "save.bin"));
    const cut = 500;
    // Where the records start, from the length words themselves.
    const starts: number[] = [];
    for (let at = 0; at + 4 <= save.length; at += 4 + save.readUInt32LE(at)) starts.push(at);
    const broken = starts.findIndex((s, i) => s + 4 + save.readUInt32LE(s) > cut && i >= 0);
    expect(broken).toBeGreaterThan(0);
    const dir = tempDir("trunc");
    const file = join(dir, "save-cut.bin");
    writeFileSync(file, save.subarray(0, cut));
    const r = gdvariant(["decode", file]);
    expect(r.code).toBe(1);
    // The intact records print exactly as they do from the whole file.
    const whole = gdvariant(["decode", sample("godot-3", "save.bin")]);
    const perRecord = gdvariant(["decode", sample("godot-3", "save.bin"), "--format", "json"])
      .stdout.trimEnd()
      .split("\n");
    expect(perRecord.length).toBe(starts.length);
    const partial = gdvariant(["decode", file, "--format", "json"]);
    expect(partial.stdout.trimEnd().split("\n")).toEqual(perRecord.slice(0, broken));
    expect(whole.stdout.startsWith(r.stdout)).toBe(true);
    expect(r.stdout.length).toBeGreaterThan(0);
    expect(r.stderr).toContain(`at byte ${starts[broken]}, record ${broken}:`);
    // inspect shows the intact records' trees too, then the same error.
    const inspect = gdvariant(["inspect", file]);
    expect(inspect.code).toBe(1);
    expect(inspect.stdout.match(/^Value \(record \d+, byte \d+\):$/gm)).toEqual(
      starts.slice(0, broken).map((s, n) => `Value (record ${n}, byte ${s}):`),
    );
    expect(inspect.stderr).toContain(`record ${broken}:`);
  });
});

describe("errors name the record and the command line's flags", () => {
  it("convert names the record and the path of a value the target cannot hold", () => {
    const dir = tempDir("record-path");
    const text = join(dir, "in.txt");
    writeFileSync(text, "1\n[1, 2, 3, Projection(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)]\n");
    const bin = join(dir, "in.bin");
    expect(
      gdvariant(["encode", text, "--dialect", "godot-4", "--framing", "store-var", "-o", bin]).code,
    ).toBe(0);
    const r = gdvariant(["convert", bin, "--to", "godot-3", "-o", join(dir, "out.bin")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("encode error unsupported-kind at record 1 [3]:");
    expect(existsSync(join(dir, "out.bin"))).toBe(false);
  });

  it("a full object without --allow-objects names the flag, not the API option", () => {
    const r = gdvariant(["decode", sample("godot-4", "full_object_plain.bin")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--allow-objects");
    expect(r.stderr).not.toContain("allowObjects");
  });
});

describe("folders", () => {
  it("a folder's text files are 'not a Variant dump (text)'; failed inputs leave no output file; a summary", () => {
    const dir = tempDir("mixed");
    const input = join(dir, "in");
    mkdirSync(input);
    copyFileSync(sample("README.md"), join(input, "README.md"));
    copyFileSync(sample("godot-4", "projection.bin"), join(input, "projection.bin"));
    writeFileSync(join(input, "cut.bin"), readFileSync(sample("godot-3", "save.bin")).subarray(0, 500));
    const out = join(dir, "out");
    const r = gdvariant(["decode", input, "-o", out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${join(input, "README.md")}: not a Variant dump (text)\n`);
    expect(r.stderr).toContain("gdvariant: 3 files: 1 decoded, 2 failed\n");
    expect(readdirSync(out)).toEqual(["projection.bin.txt"]);
  });

  it("an empty folder says so", () => {
    const dir = tempDir("empty");
    const r = gdvariant(["decode", dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`gdvariant: note: no files in ${dir}; nothing decoded\n`);
  });
});

describe("progress on a terminal", () => {
  // `script` (util-linux) runs the command on a pseudo-terminal, as a user's shell would.
  const haveScript = spawnSync("script", ["--version"]).status === 0;

  it.skipIf(!haveScript)(
    "redraws at most ten times a second, clears before notes, ends with a summary",
    () => {
      const dir = tempDir("progress-many");
      const input = join(dir, "in");
      mkdirSync(input);
      const n = 1500;
      for (let i = 0; i < n; i++) copyFileSync(sample("godot-4", "projection.bin"), join(input, `f${i}.bin`));
      writeFileSync(join(input, "notes.txt"), "not a dump\n");
      const cmd = `${q(process.execPath)} ${q(CLI)} decode ${q(input)} -o ${q(join(dir, "out"))}`;
      const t0 = Date.now();
      const tty = spawnSync("script", ["-qec", cmd, "/dev/null"], {
        encoding: "utf8",
        env: { ...process.env, COLUMNS: "100" },
      });
      const seconds = (Date.now() - t0) / 1000;
      expect(tty.status).toBe(1);
      const draws = tty.stdout.split("\x1b[2K[").length - 1;
      expect(draws).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 1);
      // Every message starts on a line of its own: whatever the bar drew there was cleared first.
      const messages = tty.stdout.split(/\r?\n/).filter((l) => l.includes("gdvariant:"));
      expect(messages.length).toBe(2);
      for (const m of messages) expect(m.split("\x1b[2K").pop()!.replace(/^\r/, "")).toMatch(/^gdvariant: /);
      expect(tty.stdout).toContain(`gdvariant: ${n + 1} files: ${n} decoded, 1 failed`);
      // And never in pipes: success there is silent.
      const piped = gdvariant(["decode", sample("legacy-2"), "-o", tempDir("progress-pipe")]);
      expect(piped.code).toBe(0);
      expect(piped.stderr).toBe("");
    },
  );
});

describe("--help is complete", () => {
  it("every flag the READMEs name is in --help, and a command section's flags in that command's help", () => {
    const readmes = [
      join(ROOT, "README.md"),
      join(ROOT, "samples", "README.md"),
      join(ROOT, "packages", "cli", "README.md"),
    ];
    const commands = [
      "inspect",
      "decode",
      "encode",
      "convert",
      "hexdump",
      "decrypt",
      "encrypt",
      "decompress",
      "compress",
    ];
    const HELP: Record<string, string> = {};
    for (const c of commands) HELP[c] = gdvariant([c, "--help"]).stdout;
    const all = [gdvariant(["--help"]).stdout, ...Object.values(HELP)].join("\n");
    const missing: string[] = [];
    for (const file of readmes) {
      const text = readFileSync(file, "utf8");
      // `gdvariant` command lines and inline code only: other tools' flags (npm's) are not ours.
      for (const section of text.split(/^## /m)) {
        const command = commands.find((c) => section.startsWith(`${c}:`) || section.startsWith(`${c} `));
        const code = [...section.matchAll(/`([^`\n]+)`|^\$ gdvariant (.*)$/gm)]
          .map((m) => m[1] ?? m[2] ?? "")
          .filter((c) => !/^(npm|npx|pnpm)\b/.test(c));
        for (const c of code) {
          // `decode --format json` inside the encode section is decode's flag.
          const named = commands.find((n) => c.replace(/^gdvariant /, "").startsWith(`${n} `)) ?? command;
          for (const [flag] of c.matchAll(/(?<![\w-])--[a-z][a-z-]+/g)) {
            if (!all.includes(`${flag} `) && !all.includes(`${flag}\n`)) missing.push(`${file}: ${flag}`);
            if (named && !HELP[named]!.includes(flag)) missing.push(`${file} (${named}): ${flag}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("the documented command", () => {
  it("`npx gdvariant` runs the workspace's command from the clone (the root depends on it)", () => {
    // --no: never ask the registry; the command must come from the clone's own install.
    // A user's shell: none of the npm_config_* settings pnpm passes to the scripts it runs.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    const r = spawnSync(
      "npx",
      ["--no", "gdvariant", "inspect", "samples/godot-3/save.bin", "--max-items", "1"],
      { cwd: ROOT, encoding: "utf8", env },
    );
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Detected: godot-3 (Godot 3.x)");
  });
});

describe("npm run sample", () => {
  // The install and build steps are quiet (their output is shown only when they fail), so each
  // says how far it is while it runs: a first run takes minutes. A stand-in `npx` on PATH plays
  // a slow step (the real CLI, built, answers after it); progress every 100 ms instead of 10 s.
  function runSample(npx: string): { code: number; stdout: string; stderr: string } {
    const bin = tempDir("fake-npx");
    writeFileSync(join(bin, "npx"), `#!/bin/sh\n${npx}\n`);
    chmodSync(join(bin, "npx"), 0o755);
    const r = spawnSync(process.execPath, [join(ROOT, "scripts", "run.mjs"), "sample"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, GDVARIANT_PROGRESS_MS: "100", CI: "" },
    });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  }

  it("says what it builds and how far it is while a step runs, then prints the sample", () => {
    const r = runSample("sleep 2; echo 'build output kept back'");
    expect(r.code).toBe(0);
    const lines = r.stderr.split("\n");
    const head = lines.findIndex((l) => /^Building \d+ packages/.test(l));
    const done = lines.findIndex((l) => /^ {2}done in \d+ s$/.test(l));
    expect(head).toBeGreaterThanOrEqual(0);
    expect(done).toBeGreaterThan(head);
    // Progress lines between the two: "N of M packages built (S s)".
    const progress = lines
      .slice(head + 1, done)
      .filter((l) => /^ {2}\d+ of \d+ packages built \(\d+ s\)$/.test(l));
    expect(progress.length).toBeGreaterThanOrEqual(2);
    expect(r.stderr + r.stdout).not.toContain("build output kept back");
    expect(r.stdout).toContain("$ npx gdvariant inspect samples/godot-4/nested_big.bin");
    expect(r.stdout).toMatch(/Detected: godot-4/);
  });

  it("prints a failed step's kept-back output and exits 1", () => {
    const r = runSample("echo 'tsc: error in x.ts'; exit 1");
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("tsc: error in x.ts");
    expect(r.stdout).not.toContain("$ npx gdvariant");
  });
});

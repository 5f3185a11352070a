import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { engineVectors, gdvariant, SAMPLES, tempDir, unhex } from "./support/cli.js";

const v4 = engineVectors("godot-4.6.3-vectors.txt");
const COMMANDS = ["inspect", "decode", "encode", "convert", "hexdump"] as const;

describe("exit codes and messages", () => {
  it("--help for the tool and for every command, exit 0", () => {
    const top = gdvariant(["--help"]);
    expect(top.code).toBe(0);
    for (const c of COMMANDS) expect(top.stdout).toContain(`  ${c} `);
    for (const c of COMMANDS) {
      for (const form of [
        [c, "--help"],
        [c, "-h"],
        ["help", c],
      ]) {
        const r = gdvariant(form);
        expect([form, r.code]).toEqual([form, 0]);
        expect(r.stdout).toContain(`Usage: gdvariant ${c}`);
        expect(r.stdout).toContain("Exit codes: 0 ok, 1 bad input");
      }
    }
    expect(gdvariant(["--version"]).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("usage errors exit 2 and point at the help", () => {
    const cases: Array<[string[], string]> = [
      [[], "Usage: gdvariant COMMAND"],
      [["frob"], "unknown command 'frob'"],
      [["decode"], "decode needs a FILE"],
      [["decode", "x.bin", "--format", "xml"], "--format xml is not one of text, json, js"],
      [
        ["decode", "x.bin", "--dialect", "godot-5"],
        "--dialect godot-5 is not one of auto, godot-4, godot-3, legacy-2",
      ],
      [
        ["decode", "x.bin", "--framing", "zip"],
        "--framing zip is not one of auto, raw, store-var, stream, base64",
      ],
      [["inspect", "--nope", "x"], "Unknown option '--nope'"],
      [["encode", "x.txt"], "encode needs --dialect"],
      [
        ["encode", "x.txt", "--dialect", "godot-4", "--engine-version", "4.9"],
        "--engine-version 4.9 is not a Godot 4 version",
      ],
      [["convert", "x.bin"], "convert needs --to"],
      [["hexdump", "x", "--width", "0"], "--width needs a whole number from 1 to 1024"],
    ];
    for (const [args, message] of cases) {
      const r = gdvariant(args);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stderr).toContain(message);
      expect(r.stdout).toBe("");
    }
  });

  it("a missing file exits 3 with the path", () => {
    const r = gdvariant(["decode", "/no/such/file.bin"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe("gdvariant: cannot read /no/such/file.bin: no such file or folder\n");
  });

  it("a truncated dump exits 1 with the error code, byte offset and path", () => {
    const dir = tempDir("bad");
    const whole = readFileSync(join(SAMPLES, "godot-4", "nested_big.bin"));
    const p = join(dir, "trunc.bin");
    writeFileSync(p, whole.subarray(0, 100));
    const forced = gdvariant(["decode", p, "--dialect", "godot-4", "--framing", "raw"]);
    expect(forced.code).toBe(1);
    expect(forced.stderr).toBe(
      `gdvariant: ${p}: decode error truncated at byte 88, path ["inv"][0]: count 2 needs at least 16 bytes, 8 left (godot-4)\n`,
    );
    const detected = gdvariant(["decode", p]);
    expect(detected.code).toBe(1);
    expect(detected.stderr).toContain("truncated at byte 88");
    const inspect = gdvariant(["inspect", p]);
    expect(inspect.code).toBe(1);
    expect(inspect.stdout).toContain("no dialect reads this input");
  });

  it("an unknown type id, a bad length word and an unreadable full object are reported where they are", () => {
    const dir = tempDir("bad2");
    const unknown = join(dir, "unknown.bin");
    writeFileSync(unknown, Uint8Array.of(0xff, 0, 0, 0));
    const u = gdvariant(["decode", unknown, "--dialect", "godot-4", "--framing", "raw"]);
    expect(u.code).toBe(1);
    expect(u.stderr).toContain("decode error unknown-type at byte 0");

    const frame = join(dir, "frame.bin");
    writeFileSync(frame, Uint8Array.of(2, 0, 0, 0, 0, 0, 0, 0));
    const f = gdvariant(["decode", frame, "--dialect", "godot-4", "--framing", "store-var"]);
    expect(f.code).toBe(1);
    expect(f.stderr).toContain(
      "decode error framing at byte 0, record 0: length word 2 cannot hold a Variant",
    );

    // A full object (var_to_bytes_with_objects) needs --allow-objects, as bytes_to_var does.
    const obj = join(dir, "obj.bin");
    writeFileSync(obj, unhex(v4.get("full_object_plain")!));
    const refused = gdvariant(["decode", obj, "--dialect", "godot-4"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("objects-not-allowed at byte 0");
    const allowed = gdvariant(["decode", obj, "--dialect", "godot-4", "--allow-objects", "--format", "json"]);
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.stdout)).toMatchObject({ kind: "object", form: "full" });
  });

  it("records before a failing record are still printed", () => {
    const dir = tempDir("partial");
    const good = unhex(v4.get("streampeer_abc_dict")!);
    const p = join(dir, "cut.bin");
    writeFileSync(p, good.subarray(0, good.length - 3));
    const r = gdvariant(["decode", p, "--dialect", "godot-4", "--framing", "stream"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('"abc"\n');
    expect(r.stderr).toContain("decode error truncated at byte 16");
  });

  it("bad text and bad JSON exit 1 with line and column", () => {
    const dir = tempDir("badtext");
    const t = join(dir, "bad.txt");
    writeFileSync(t, '[1,\n  Vector2(1, "x")]');
    const r = gdvariant(["encode", t, "--dialect", "godot-4", "--from", "text", "-o", join(dir, "o.bin")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `gdvariant: ${t}: text error arguments at line 2, column 14 (offset 17): expected a number in Vector2(...), found a string\n`,
    );
    const j = join(dir, "bad.json");
    writeFileSync(j, '{"kind":"int","value":1}\n{"kind":"vector2"\n');
    const rj = gdvariant(["encode", j, "--dialect", "godot-4", "--from", "json", "-o", join(dir, "o.bin")]);
    expect(rj.code).toBe(1);
    expect(rj.stderr).toContain("line 2 is not JSON");
    const unsupported = join(dir, "v4.txt");
    writeFileSync(unsupported, "Vector4(1, 2, 3, 4)");
    const ru = gdvariant(["encode", unsupported, "--dialect", "godot-3", "-o", join(dir, "o3.bin")]);
    expect(ru.code).toBe(1);
    expect(ru.stderr).toContain("encode error unsupported-kind");
  });

  it("a batch goes on after a bad file and exits with the worst code", () => {
    const dir = tempDir("batch");
    mkdirSync(join(dir, "in"));
    writeFileSync(join(dir, "in", "a.bin"), readFileSync(join(SAMPLES, "godot-4", "nested_big.bin")));
    writeFileSync(join(dir, "in", "b.bin"), Uint8Array.of(1, 2, 3));
    writeFileSync(join(dir, "in", "c.bin"), unhex(v4.get("int_1")!));
    const r = gdvariant(["decode", join(dir, "in"), "--dialect", "godot-4", "-o", join(dir, "out")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("b.bin: decode error truncated at byte 0");
    expect(readFileSync(join(dir, "out", "c.bin.txt"), "utf8")).toBe("1\n");
    expect(readFileSync(join(dir, "out", "a.bin.txt"), "utf8")).toContain('"name": "Player"');
  });

  it("writes binary to stdout when stdout is not a terminal", () => {
    const dir = tempDir("pipe");
    const t = join(dir, "one.txt");
    writeFileSync(t, "Vector2(1, 2)");
    const r = gdvariant(["encode", t, "--dialect", "godot-4"]);
    expect(r.code).toBe(0);
    // Godot 4.6.3's var_to_bytes(Vector2(1, 2)) is the record of filestore_vec2 after its length word.
    expect(r.out.toString("hex")).toBe(v4.get("filestore_vec2")!.slice(8));
  });
});

describe("hostile input", () => {
  it("mutated and random files give the project's errors only, never an internal error", () => {
    const dir = tempDir("hostile");
    const inDir = join(dir, "in");
    mkdirSync(inDir);
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    let n = 0;
    for (const folder of ["godot-4", "godot-3", "legacy-2"]) {
      for (const name of readdirSync(join(SAMPLES, folder))) {
        const bytes = new Uint8Array(readFileSync(join(SAMPLES, folder, name)));
        for (let k = 0; k < 6; k++) {
          const m = bytes.slice(0, Math.max(1, Math.floor(bytes.length * (k < 3 ? 1 : rand()))));
          for (let f = 0; f < 1 + k; f++) {
            const i = Math.floor(rand() * m.length);
            m[i] = m[i]! ^ (1 << Math.floor(rand() * 8));
          }
          writeFileSync(join(inDir, `m${n++}.bin`), m);
        }
      }
    }
    for (let k = 0; k < 30; k++) {
      writeFileSync(
        join(inDir, `r${k}.bin`),
        Uint8Array.from({ length: Math.floor(rand() * 64) }, () => Math.floor(rand() * 256)),
      );
    }
    for (const args of [
      ["decode", inDir, "--allow-objects", "-o", join(dir, "out")],
      ["decode", inDir, "--dialect", "legacy-2", "--framing", "store-var", "-o", join(dir, "out2")],
      ["inspect", inDir],
      ["hexdump", inDir, "--dialect", "godot-3"],
    ]) {
      const r = gdvariant(args);
      expect([args[0], r.code === 0 || r.code === 1]).toEqual([args[0], true]);
      expect(r.stderr).not.toContain("internal error");
    }
  });
});

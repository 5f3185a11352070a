#!/usr/bin/env node
// Regenerates @gdvariant/files' engine fixtures with the real engines:
//   node tools/files/generate.mjs
// Engines: GODOT3_BIN (else godot3-server), GODOT4_BIN (else tools/engines/godot4.sh), and,
// when set, GODOT36_BIN (Godot 3.6, run with files-3.gd too).
// Writes packages/files/test/fixtures/godot-3.2.3/, godot-4.6.3/ (and godot-3.6/): what files-3.gd and
// files-4.gd write (--mode=write), and facts.txt (passwords, key, IV). For 4.6.3 it also writes
// comp-brotli.bin (the engine reads Brotli but cannot write it: Node's zlib makes the blocks) and
// has the engine read it back: facts.txt then holds "# brotli read\tok" only if the engine read
// the same records as from big.bin.
import { execFileSync, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const outRoot = join(root, "packages", "files", "test", "fixtures");

export function godot3() {
  return process.env.GODOT3_BIN || "godot3-server";
}
export function godot4() {
  return (
    process.env.GODOT4_BIN ||
    execFileSync("sh", [join(root, "tools", "engines", "godot4.sh")], { encoding: "utf8" }).trim()
  );
}

/**
 * Runs tools/files/<name>-3.gd or <name>-4.gd with `args` (and --out=FILE) on the engine `bin`
 * in a scratch project `dir`; returns the output file's text, which ends with "# done".
 */
export function runScript(name, generation, bin, args, dir) {
  const out = join(dir, `out-${Date.now()}-${Math.random().toString(36).slice(2)}.txt`);
  const script = join(here, `${name}-${generation}.gd`);
  let r;
  if (generation === 3) {
    r = spawnSync(bin, ["--no-window", "-s", script, ...args, `--out=${out}`], {
      cwd: dir,
      encoding: "utf8",
      timeout: 120_000,
    });
  } else {
    writeFileSync(join(dir, "project.godot"), "config_version=5\n");
    r = spawnSync(bin, ["--headless", "--path", dir, "-s", script, "--", ...args, `--out=${out}`], {
      cwd: dir,
      encoding: "utf8",
      timeout: 120_000,
    });
  }
  if (r.error) throw new Error(`engine ${generation} failed: ${r.error.message}`);
  const text = existsSync(out) ? readFileSync(out, "utf8") : "";
  if (!text.includes("# done")) throw new Error(`engine ${generation} stopped early:\n${r.stderr}`);
  return text;
}

/** Runs files-3.gd or files-4.gd with `args` in a scratch project; returns the output file's text. */
export function runFiles(generation, args, dir, bin3 = godot3()) {
  return runScript("files", generation, generation === 3 ? bin3 : godot4(), args, dir);
}

/** A GCPF file in Brotli (mode 4) made with Node's zlib: header, block table, blocks, magic. */
function gcpfBrotli(plain, blockSize) {
  const count = Math.floor(plain.length / blockSize) + 1;
  const blocks = [];
  for (let i = 0; i < count; i++)
    blocks.push(
      brotliCompressSync(plain.subarray(i * blockSize, Math.min(plain.length, (i + 1) * blockSize))),
    );
  const head = Buffer.alloc(16 + 4 * count);
  head.write("GCPF", 0, "latin1");
  head.writeUInt32LE(4, 4);
  head.writeUInt32LE(blockSize, 8);
  head.writeUInt32LE(plain.length, 12);
  for (const [i, b] of blocks.entries()) head.writeUInt32LE(b.length, 16 + 4 * i);
  return Buffer.concat([head, ...blocks, Buffer.from("GCPF", "latin1")]);
}

function generate(generation, name, bin3) {
  const tmp = mkdtempSync(join(tmpdir(), `gdvariant-files-${generation}-`));
  try {
    const dir = join(tmp, "out");
    mkdirSync(dir);
    let facts = runFiles(generation, ["--mode=write", `--dir=${dir}`], tmp, bin3).replace("# done\n", "");
    if (generation === 4) {
      const big = readFileSync(join(dir, "big.bin"));
      writeFileSync(join(dir, "comp-brotli.bin"), gcpfBrotli(big, 4096));
      const jobs = join(tmp, "jobs.tsv");
      writeFileSync(
        jobs,
        `${join(dir, "comp-brotli.bin")}\tcomp\t\t4\n${join(dir, "big.bin")}\tplain\t\t0\n`,
      );
      const read = runFiles(4, ["--mode=read", `--jobs=${jobs}`], tmp);
      const rows = read.split("\n").filter((l) => l && !l.startsWith("#"));
      const of = (f) =>
        rows.filter((l) => l.startsWith(join(dir, f))).map((l) => l.split("\t").slice(1).join("\t"));
      const same =
        of("comp-brotli.bin").length > 0 && of("comp-brotli.bin").join("\n") === of("big.bin").join("\n");
      if (!same) throw new Error(`the engine did not read comp-brotli.bin as big.bin:\n${read}`);
      facts += "# brotli read\tok\n";
    }
    const out = join(outRoot, name);
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    for (const f of readdirSync(dir)) cpSync(join(dir, f), join(out, f));
    writeFileSync(join(out, "facts.txt"), facts);
    console.log(`wrote ${readdirSync(out).length} files to ${out}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  generate(3, "godot-3.2.3");
  generate(4, "godot-4.6.3");
  const bin36 = process.env.GODOT36_BIN;
  if (bin36) generate(3, "godot-3.6", bin36);
}

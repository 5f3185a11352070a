#!/usr/bin/env node
// Regenerates @gdvariant/files' ConfigFile fixtures with the real engines:
//   node tools/files/generate-config.mjs
// Engines: GODOT3_BIN (else godot3-server), GODOT36_BIN (else ~/.cache/godot36-trixie/godot36,
// skipped when missing), GODOT4_BIN (else tools/engines/godot4.sh).
//
// Writes packages/files/test/fixtures/<engine>/config/:
//   values.cfg   what ConfigFile.save wrote for values over several lines (config-*.gd)
//   values.tsv   what the engine loaded from values.cfg, and from the same text with every "\n"
//                made "\r\n" (crlf) and "\r" (cr): "<variant>\t<section hex>\t<key hex>\t<bytes hex>"
//                (names UTF-8 in hex, values as var2bytes / var_to_bytes, "lf" when a crlf or cr
//                value is the lf one), in the engine's order
//   names.tsv    one key or section name per line: "<case>\t<section hex>\t<key hex>\t<same|other>
//                \t<what the engine read back>\t<the file the engine saved, hex>"
// and checks that the engine saves values.cfg again byte for byte after loading it.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runScript } from "./generate.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const outRoot = join(root, "packages", "files", "test", "fixtures");

/** The line-ending variants the engines load besides the file as saved. */
export const VARIANTS = {
  lf: (t) => t,
  crlf: (t) => t.replaceAll("\n", "\r\n"),
  cr: (t) => t.replaceAll("\n", "\r"),
};

function engines() {
  const list = [{ name: "godot-3.2.3", generation: 3, bin: process.env.GODOT3_BIN || "godot3-server" }];
  const bin36 = process.env.GODOT36_BIN || join(homedir(), ".cache/godot36-trixie/godot36");
  if (existsSync(bin36)) list.push({ name: "godot-3.6", generation: 3, bin: bin36 });
  else console.warn(`no Godot 3.6 at ${bin36}: its fixtures are left as they are`);
  const bin4 =
    process.env.GODOT4_BIN ||
    execFileSync("sh", [join(root, "tools", "engines", "godot4.sh")], { encoding: "utf8" }).trim();
  list.push({ name: "godot-4.6.3", generation: 4, bin: bin4 });
  return list;
}

/** Runs config-3.gd or config-4.gd with `args` in `dir`; returns the output's lines but "#" ones. */
export function runConfig(generation, bin, dir, args) {
  return runScript("config", generation, bin, args, dir)
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"));
}

function generate({ name, generation, bin }) {
  const tmp = mkdtempSync(join(tmpdir(), `gdvariant-config-${generation}-`));
  try {
    const dir = join(tmp, "out");
    mkdirSync(dir);
    const nameRows = runConfig(generation, bin, tmp, ["--mode=write", `--dir=${dir}`]);
    const values = readFileSync(join(dir, "values.cfg"), "latin1");
    const paths = {};
    for (const [variant, make] of Object.entries(VARIANTS)) {
      paths[variant] = join(dir, `values-${variant}.cfg`);
      writeFileSync(paths[variant], make(values), "latin1");
    }
    const jobs = join(tmp, "jobs.txt");
    writeFileSync(jobs, `${Object.values(paths).join("\n")}\n`);
    const read = runConfig(generation, bin, tmp, ["--mode=read", `--jobs=${jobs}`]);
    const tsv = [];
    const lf = new Map();
    for (const [variant, path] of Object.entries(paths)) {
      const rows = read.filter((l) => l.startsWith(`${path}\t`)).map((l) => l.slice(path.length + 1));
      if (rows.at(-1) !== "saved")
        throw new Error(`${name} did not load its ${variant} file: ${rows.at(-1)}`);
      for (const r of rows.slice(0, -1)) {
        const [, section, key, bytes] = r.split("\t");
        if (variant === "lf") lf.set(`${section}/${key}`, bytes);
        const same = variant !== "lf" && lf.get(`${section}/${key}`) === bytes;
        tsv.push(`${variant}\t${section}\t${key}\t${same ? "lf" : bytes}`);
      }
    }
    if (readFileSync(`${paths.lf}.resaved`, "latin1") !== values)
      throw new Error(`${name} saved values.cfg differently after loading it`);
    const names = nameRows.map((l) => {
      const [, kase, section, key, same, got] = l.split("\t");
      const file = join(dir, `names-${kase}.cfg`);
      return [kase, section, key, same, got, readFileSync(file).toString("hex")].join("\t");
    });
    const out = join(outRoot, name, "config");
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "values.cfg"), values, "latin1");
    writeFileSync(join(out, "values.tsv"), `${tsv.join("\n")}\n`);
    writeFileSync(join(out, "names.tsv"), `${names.join("\n")}\n`);
    console.log(`${name}: ${tsv.length} values read, ${names.length} names, to ${out}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) for (const e of engines()) generate(e);

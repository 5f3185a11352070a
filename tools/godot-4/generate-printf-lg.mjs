#!/usr/bin/env node
// Writes packages/godot-4/test/fixtures/printf-lg.tsv: doubles (hex bits) and the C library's
// "%lg" text of each, made by compiling printf/lg.c with the system C compiler ($CC, else cc).
// Godot 4.0-4.4 printed every var_to_str real with String::num_scientific, which was
// snprintf("%lg") (core/string/ustring.cpp before godotengine/godot#98750), so this table is the
// source's expectation for those releases, computed outside this project's own formatter.
// Inputs: edge values, ties at the sixth digit, the notation boundaries, 32-bit floats, and
// seeded random doubles. Usage: node tools/godot-4/generate-printf-lg.mjs [--seed=4040] [--count=1500]
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const out = join(root, "packages", "godot-4", "test", "fixtures", "printf-lg.tsv");
const args = process.argv.slice(2);
let seed = Number(args.find((a) => a.startsWith("--seed="))?.slice(7) ?? "4040") >>> 0 || 1;
const count = Number(args.find((a) => a.startsWith("--count="))?.slice(8) ?? "1500");

const next = () => {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed;
};
const view = new DataView(new ArrayBuffer(8));
const hex = (d) => {
  view.setFloat64(0, d);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
};

const values = [
  0.1,
  0.2,
  1 / 3,
  2 / 3,
  0.5,
  1,
  1.5,
  100,
  123456,
  999999,
  999999.5,
  1e6,
  1234567,
  123456789,
  0.0001,
  0.00001,
  0.000123456,
  1e-5,
  1e-300,
  5e-324,
  2.2250738585072014e-308,
  1.7976931348623157e308,
  1e15,
  1e16,
  1e21,
  3.14159265358979,
  Math.PI,
  Math.E,
  12345.65,
  1.0000005,
  0.1234565,
  2.5,
  1e100,
];
for (const v of [...values]) values.push(-v, Math.fround(v));
// Ties and near-ties at the sixth significant digit.
for (let i = 0; i < 40; i++) {
  const base = (100000 + (next() % 900000)) / 10 ** (next() % 12);
  values.push(base + 0.5 / 10 ** (next() % 8), Math.fround(base + 0.5));
}
// The notation boundaries: 1e-5 and 1e6 and the values that round across them.
for (const v of [9.999995e-5, 9.999994e-5, 999999.4, 999999.6, 0.000099999949, 99999.95]) values.push(v, -v);
// Random 32-bit floats (math-type components) and random doubles over every exponent.
for (let i = 0; i < count; i++) {
  view.setUint32(0, next());
  view.setUint32(4, next());
  const d = view.getFloat64(0);
  if (Number.isFinite(d)) values.push(d);
  view.setUint32(0, next());
  const f = view.getFloat32(0);
  if (Number.isFinite(f)) values.push(f);
  values.push((next() / 2 ** 32) * 10 ** ((next() % 40) - 20));
}

const finite = values.filter((v) => Number.isFinite(v));
const tmp = mkdtempSync(join(tmpdir(), "gdv-printf-"));
try {
  const exe = join(tmp, "lg");
  execFileSync(process.env.CC || "cc", ["-O0", "-o", exe, join(here, "printf", "lg.c")]);
  const input = `${finite.map(hex).join("\n")}\n`;
  const text = execFileSync(exe, { input, encoding: "utf8", env: { LC_ALL: "C" } });
  const lines = text.trim().split("\n");
  if (lines.length !== finite.length) throw new Error(`expected ${finite.length} lines, got ${lines.length}`);
  const header = `# C library "%lg" of each double (hex bits), by tools/godot-4/generate-printf-lg.mjs\n`;
  writeFileSync(join(tmp, "printf-lg.tsv"), header + lines.join("\n") + "\n");
  copyFileSync(join(tmp, "printf-lg.tsv"), out);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
console.log(`wrote ${finite.length} values to ${out}`);

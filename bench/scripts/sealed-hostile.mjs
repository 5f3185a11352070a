#!/usr/bin/env node
// Time and peak memory of hostile sealed files (issue 36, items 1, 5, 6): Zstd frames that
// declare huge windows, decompression bombs at the default limit, files of many tiny blocks.
// Each case runs in a fresh child process; its peak RSS (resourceUsage().maxRSS) and the RSS
// after loading the library are both reported, so the difference is what the call cost.
//
//   node bench/scripts/sealed-hostile.mjs [--files DIR] [--cli FILE] [--only a,b] [--timeout 120]
//
// --files: the @gdvariant/files package folder to measure (default this checkout's), so that an
// older build can be measured the same way (e.g. a worktree of main).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { cat, gcpf, u32, zstdFrame } from "../fuzz/sealed-bytes.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : dflt;
};
const filesDir = resolve(opt("files", join(here, "../../packages/files")));
const cliFile = resolve(opt("cli", join(filesDir, "../cli/dist/cli.js")));
const only = opt("only", "")?.split(",").filter(Boolean) ?? [];
const timeout = Number(opt("timeout", "120")) * 1000;

/** A single-segment Zstd frame of `n` zero bytes in RLE blocks of 128 KiB (as zstd writes zeros). */
function zstdZeros(n) {
  const blocks = [];
  for (let left = n; left > 0 || blocks.length === 0; left -= 131072) {
    const size = Math.min(left, 131072);
    const header = (size << 3) | (1 << 1) | (left <= 131072 ? 1 : 0);
    blocks.push(new Uint8Array([header & 255, (header >> 8) & 255, header >> 16, 0]));
  }
  return cat([u32(0xfd2fb528), new Uint8Array([0xa0]), u32(n), ...blocks]);
}
const WD_128MIB = (27 - 10) << 3;
const WD_1_9GIB = ((30 - 10) << 3) | 7; // 2^30 + 7 * 2^27 bytes

/** Blocks of `n` single bytes, each compressed alone. */
function tinyBlocks(n, mode, compress) {
  const blocks = [];
  for (let i = 0; i < n; i++) blocks.push(compress(new Uint8Array([i & 255])));
  blocks.push(compress(new Uint8Array(0)));
  return gcpf(mode, 1, n, blocks);
}
/** As many single-byte blocks as fit in `size` bytes of file. */
function tinyBlocksOfSize(size, mode, compress) {
  const per = compress(new Uint8Array([1])).length + 4;
  return tinyBlocks(Math.floor((size - 24) / per), mode, compress);
}

const cases = {
  "zstd-window-34B": () => gcpf(2, 4096, 1, [zstdFrame(WD_128MIB, new Uint8Array([7]))]),
  "zstd-window-4KB": () => {
    const n = 290;
    const blocks = [];
    for (let i = 0; i < n; i++) blocks.push(zstdFrame(WD_128MIB, new Uint8Array([i & 255])));
    blocks.push(zstdFrame(WD_128MIB, new Uint8Array(0)));
    return gcpf(2, 1, n, blocks);
  },
  "zstd-20-frames": () => {
    const frames = [];
    for (let i = 0; i < 20; i++) frames.push(zstdFrame(WD_128MIB, new Uint8Array([i])));
    return gcpf(2, 4096, 20, [cat(frames)]);
  },
  "zstd-second-frame-1.9GiB": () =>
    gcpf(2, 4096, 2, [
      cat([zstdFrame(0x00, new Uint8Array([1])), zstdFrame(WD_1_9GIB, new Uint8Array([2]))]),
    ]),
  "brotli-bomb-256MiB": () => {
    const total = 256 * 1024 * 1024;
    const blockSize = 64 * 1024 * 1024;
    const zero = new Uint8Array(blockSize);
    const b = new Uint8Array(brotliCompressSync(zero));
    return gcpf(4, blockSize, total, [b, b, b, b, new Uint8Array(brotliCompressSync(new Uint8Array(0)))]);
  },
  "zstd-bomb-256MiB": () => {
    const total = 256 * 1024 * 1024;
    // What `zstd` writes for zeros: 2,048 RLE blocks of 128 KiB in one frame.
    const z = execFileSync("zstd", ["-19", "-c", "-q"], {
      input: new Uint8Array(total - 1),
      maxBuffer: 1 << 20,
    });
    return gcpf(2, total, total - 1, [new Uint8Array(z)]);
  },
  "deflate-tiny-64KB": () => tinyBlocksOfSize(65536, 1, (b) => new Uint8Array(deflateSync(b))),
  "gzip-tiny-64KB": () => tinyBlocksOfSize(65536, 3, (b) => new Uint8Array(gzipSync(b))),
  "brotli-tiny-64KB": () => tinyBlocksOfSize(65536, 4, (b) => new Uint8Array(brotliCompressSync(b))),
  "deflate-tiny-1MB": () => tinyBlocksOfSize(1 << 20, 1, (b) => new Uint8Array(deflateSync(b))),
  "gzip-tiny-1MB": () => tinyBlocksOfSize(1 << 20, 3, (b) => new Uint8Array(gzipSync(b))),
  "brotli-tiny-1MB": () => tinyBlocksOfSize(1 << 20, 4, (b) => new Uint8Array(brotliCompressSync(b))),
  "zstd-tiny-1M-blocks": () => tinyBlocks(1 << 20, 2, (b) => zstdFrame(0x00, b)),
  "fastlz-tiny-1M-blocks": () =>
    // FastLZ pads short blocks to 16 bytes: a literal run of 16.
    tinyBlocks(1 << 20, 0, (b) => cat([new Uint8Array([15]), b, new Uint8Array(16 - b.length)])),
};

// The child: load the library, read the file, decompress (the async form: Brotli too), report.
const child = `
import { readFileSync } from "node:fs";
const { decompressFileAsync } = await import(process.argv[1]);
const bytes = new Uint8Array(readFileSync(process.argv[2]));
globalThis.gc?.();
const base = process.memoryUsage().rss;
const t = performance.now();
let result;
try {
  const r = await decompressFileAsync(bytes);
  result = "ok, " + r.plaintext.length + " bytes";
} catch (e) {
  result = (e?.code ?? e?.name ?? "error") + ": " + String(e?.message ?? e).slice(0, 100);
}
const ms = performance.now() - t;
console.log(JSON.stringify({ ms, baseMB: base / 2 ** 20, peakMB: process.resourceUsage().maxRSS / 1024, result }));
`;

const dir = mkdtempSync(join(tmpdir(), "sealed-hostile-"));
const entry = pathToFileURL(join(filesDir, "dist/index.js")).href;
const rows = [];
try {
  for (const [name, make] of Object.entries(cases)) {
    if (only.length > 0 && !only.includes(name)) continue;
    const bytes = make();
    const path = join(dir, `${name}.bin`);
    writeFileSync(path, bytes);
    const r = spawnSync(process.execPath, ["--input-type=module", "-e", child, entry, path], {
      encoding: "utf8",
      timeout,
      maxBuffer: 1 << 20,
    });
    let row;
    if (r.error || r.status !== 0) {
      row = {
        ms: Number.NaN,
        result: r.error ? `killed (${r.error.code})` : `exit ${r.status}: ${r.stderr.slice(-200)}`,
      };
    } else row = JSON.parse(r.stdout.trim().split("\n").pop());
    row = { case: name, bytes: bytes.length, ...row };
    rows.push(row);
    console.log(
      `${name.padEnd(26)} ${String(bytes.length).padStart(9)} B  ${row.ms.toFixed(0).padStart(7)} ms  peak ${(
        row.peakMB ?? Number.NaN
      ).toFixed(0)} MB (base ${(row.baseMB ?? Number.NaN).toFixed(0)})  ${row.result}`,
    );
  }
  // The CLI's --max-bytes against what the layers inflate to: a 1 MB plaintext in a small file.
  if (only.length === 0 || only.includes("cli-max-bytes")) {
    const path = join(dir, "cli.bin");
    writeFileSync(path, gcpf(2, 1 << 20, (1 << 20) - 1, [zstdZeros((1 << 20) - 1)]));
    for (const args of [
      ["decode", path, "--max-bytes", "1000"],
      ["decompress", path, "--max-bytes", "1000", "-o", join(dir, "out")],
    ]) {
      const r = spawnSync(process.execPath, [cliFile, ...args], { encoding: "utf8", timeout });
      console.log(
        `cli ${args[0]} --max-bytes 1000: exit ${r.status} ${(r.stderr || r.stdout).trim().split("\n")[0].slice(0, 120)}`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

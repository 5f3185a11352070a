// Sealed files for the fuzz campaign (issue 36): encrypted (GDEC, both layouts) and compressed
// (GCPF, every mode) files the engines wrote, frames of the engines' own libzstd, files our
// writers make, decompression bombs (Zstd RLE, Deflate, GZip, Brotli of zeros, with honest and
// lying headers), files of many tiny blocks, Zstd frames with huge windows and many frames,
// random headers; then mutated as the Variant inputs are. Their targets are @gdvariant/files'
// readers: detectLayer, readCompressedInfo, decompressFile, decryptFile, openFile, and a
// reseal of whatever opened (sealFile, then openFile again gives the same bytes).
//
// Every target reads with maxBytes 1 MiB: a bomb past it must be refused by the limit, one
// under it inflates (1 MiB at most per call keeps each call's legitimate work small, so that
// "slow" means wasted work, not a big output).
import { readdirSync, readFileSync } from "node:fs";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { GdVariantError } from "@gdvariant/core";
import {
  compressFile,
  decompressFile,
  decryptFile,
  detectLayer,
  encryptFile,
  loadBrotli,
  openFile,
  readCompressedInfo,
  sealFile,
} from "@gdvariant/files";
import { cat, gcpf, u32, zstdFrame } from "./sealed-bytes.mjs";

const brotli = await loadBrotli();
export const SEALED_MAX_BYTES = 1 << 20;
const PASSWORD = "hunter2";
const FIXTURES = new URL("../../packages/files/test/fixtures/", import.meta.url);

function noise(r, n) {
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = r.chance(0.5) ? r.int(256) : r.int(4);
  return b;
}

/** Seeds: engine-written sealed files and Zstd frames, and our own files of every mode. */
export function loadSealedCorpus(r) {
  const items = [];
  for (const gen of ["godot-3.2.3", "godot-3.6", "godot-4.6.3"]) {
    const dir = new URL(`${gen}/`, FIXTURES);
    for (const name of readdirSync(dir))
      if (/^(comp|enc)-.*\.bin$|^config-enc\.cfg$/.test(name))
        items.push({ label: `${gen}/${name}`, bytes: new Uint8Array(readFileSync(new URL(name, dir))) });
  }
  const zstdRoot = new URL("zstd/", FIXTURES);
  for (const config of readdirSync(zstdRoot)) {
    const dir = new URL(`${config}/`, zstdRoot);
    for (const line of readFileSync(new URL("manifest.tsv", dir), "utf8").split("\n")) {
      const [name, size] = line.split("\t");
      if (!name || name.startsWith("#") || Number(size) > SEALED_MAX_BYTES) continue;
      const frame = new Uint8Array(readFileSync(new URL(`${name}.zst`, dir)));
      items.push({
        label: `zstd ${config}/${name}`,
        bytes: gcpf(2, Number(size) + 1, Number(size), [frame]),
      });
    }
  }
  for (const mode of ["fastlz", "deflate", "zstd", "gzip"]) {
    for (const blockSize of [1, 7, 64, 4096]) {
      const plain = noise(r, 1 + r.int(3000));
      items.push({ label: `ours ${mode}/${blockSize}`, bytes: compressFile(plain, { mode, blockSize }) });
    }
  }
  for (const layout of ["godot-3", "godot-4"]) {
    items.push({
      label: `ours ${layout}`,
      bytes: encryptFile(noise(r, 1 + r.int(3000)), { password: PASSWORD, layout }),
    });
    items.push({
      label: `ours ${layout}+zstd`,
      bytes: sealFile(
        noise(r, 1 + r.int(3000)),
        [
          { kind: "encrypted", layout },
          { kind: "compressed", mode: "zstd", blockSize: 512 },
        ],
        { password: PASSWORD },
      ),
    });
  }
  return items;
}

const bombs = new Map();

/** `n` zeros compressed as one block of `mode` (made once per campaign: they are slow to make). */
function bomb(mode, n) {
  const key = `${mode}/${n}`;
  let block = bombs.get(key);
  if (block === undefined) {
    const zeros = new Uint8Array(n);
    block =
      mode === 2
        ? compressFile(zeros, { mode: "zstd", blockSize: n + 1 }).slice(20, -4)
        : new Uint8Array(
            mode === 1 ? deflateSync(zeros) : mode === 3 ? gzipSync(zeros) : brotliCompressSync(zeros),
          );
    bombs.set(key, block);
  }
  return block;
}

/** A built hostile sealed file. */
function builtSealed(r) {
  switch (r.int(7)) {
    case 0: {
      // Zstd frames with windows up to 2^41 (descriptor 255), many frames in one block.
      const frames = [];
      for (let k = 1 + r.int(r.chance(0.2) ? 40 : 3); k > 0; k--)
        frames.push(
          zstdFrame(r.chance(0.5) ? r.int(256) : r.pick([0x88, 0xa7, 0xb8, 0xff]), noise(r, r.int(4))),
        );
      const block = cat(frames);
      const length = frames.reduce((n, f) => n + f.length - 9, 0);
      return {
        kind: "sealed-window",
        how: `sealed-window ${frames.length} frames`,
        bytes: gcpf(2, 4096, length, [block]),
      };
    }
    case 1: {
      // A bomb: zeros in one block, the header honest, short, long, or past maxBytes.
      const n = r.pick([1 << 16, 1 << 20, 3 << 20, 8 << 20, 32 << 20]);
      const mode = r.pick([1, 2, 3, 4]);
      const block = bomb(mode, n);
      const claim = r.pick([n, n - 1, n + 1, n >> 1, 0xffffffff, SEALED_MAX_BYTES]);
      const blockSize = r.pick([claim + 1, n + 1, Math.max(1, claim)]);
      return {
        kind: "sealed-bomb",
        how: `sealed-bomb mode ${mode} ${n} bytes, header ${claim}`,
        bytes: gcpf(mode, blockSize, claim, [block, ...(blockSize <= claim ? [block] : [])]),
      };
    }
    case 2: {
      // Many tiny blocks: block sizes 1 to 16, every mode (Brotli through Node's zlib).
      const mode = r.pick(["fastlz", "deflate", "zstd", "gzip", "brotli"]);
      const blockSize = 1 + r.int(16);
      const plain = noise(r, mode === "brotli" ? 200 + r.int(2000) : 1000 + r.int(15000));
      if (mode !== "brotli")
        return {
          kind: "sealed-many-blocks",
          how: `sealed-many-blocks ${mode}/${blockSize}`,
          bytes: compressFile(plain, { mode, blockSize }),
        };
      const blocks = [];
      for (let at = 0; at <= plain.length; at += blockSize)
        blocks.push(
          new Uint8Array(brotliCompressSync(plain.subarray(at, Math.min(plain.length, at + blockSize)))),
        );
      return {
        kind: "sealed-many-blocks",
        how: `sealed-many-blocks brotli/${blockSize}`,
        bytes: gcpf(4, blockSize, plain.length, blocks),
      };
    }
    case 3: {
      // A random GCPF header and block table over random bytes.
      const count = 1 + r.int(20);
      const blocks = Array.from({ length: count }, () => noise(r, r.int(40)));
      return {
        kind: "sealed-random",
        how: "sealed-random GCPF",
        bytes: gcpf(r.int(6), 1 + r.int(r.chance(0.5) ? 64 : 1 << 20), r.int(1 << 22), blocks),
      };
    }
    case 4: {
      // A random GDEC header: either layout, any length word.
      const layout4 = r.chance(0.5);
      const body = noise(r, r.int(200));
      const head = layout4
        ? cat([
            u32(0x43454447),
            noise(r, 16),
            u32(r.chance(0.5) ? body.length : r.int(1 << 30)),
            u32(0),
            noise(r, 16),
          ])
        : cat([
            u32(0x43454447),
            u32(r.chance(0.8) ? 1 : r.int(4)),
            noise(r, 16),
            u32(r.int(1 << 12)),
            u32(r.chance(0.9) ? 0 : r.int(4)),
          ]);
      return {
        kind: "sealed-random",
        how: `sealed-random GDEC ${layout4 ? "godot-4" : "godot-3"}`,
        bytes: cat([head, body]),
      };
    }
    case 5: {
      // Zstd RLE blocks in a frame with no content size: more than the block holds.
      const blocks = 1 + r.int(2000);
      const parts = [Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x00, r.int(256))];
      for (let i = 0; i < blocks; i++) {
        const h = ((1 + r.int(131072)) << 3) | 2 | (i === blocks - 1 ? 1 : 0);
        parts.push(Uint8Array.of(h & 255, (h >> 8) & 255, h >>> 16, r.int(256)));
      }
      return {
        kind: "sealed-bomb",
        how: `sealed-bomb zstd ${blocks} RLE blocks`,
        bytes: gcpf(2, 1 << 30, r.int(1 << 22), [cat(parts)]),
      };
    }
    default: {
      // An encrypted file around a bomb (openFile takes both layers off).
      const n = r.pick([1 << 16, 1 << 20, 1 << 22]);
      const file = gcpf(2, n + 1, n, [bomb(2, n)]);
      return {
        kind: "sealed-bomb",
        how: `sealed-bomb encrypted zstd ${n}`,
        bytes: encryptFile(file, { password: PASSWORD, layout: r.pick(["godot-3", "godot-4"]) }),
      };
    }
  }
}

/** One sealed input: built (a third of the time) or a mutated seed. */
export function sealedInput(r, corpus, mutate) {
  if (r.chance(0.35)) return builtSealed(r);
  const seed = r.pick(corpus);
  let bytes = seed.bytes;
  const hows = [];
  for (let k = r.chance(0.3) ? 0 : 1 + r.int(3); k > 0; k--) {
    const [how, out] = mutate(bytes, r, corpus);
    hows.push(how);
    bytes = out;
  }
  return {
    kind: `sealed-${hows[0] ?? "seed"}`,
    how: `sealed ${seed.label}: ${hows.join("+") || "as is"}`,
    bytes,
  };
}

function projectError(fn) {
  try {
    return fn();
  } catch (e) {
    if (GdVariantError.is(e)) return undefined;
    throw e;
  }
}

/** The sealed files' targets, as [name, fn] pairs (fn throws only on an escape). */
export function sealedTargets() {
  const options = { maxBytes: SEALED_MAX_BYTES, brotli };
  let opened;
  return [
    ["files.detectLayer", (bytes) => detectLayer(bytes) !== undefined],
    [
      "files.readCompressedInfo",
      (bytes) => projectError(() => readCompressedInfo(bytes, options)) !== undefined,
    ],
    [
      "files.decompressFile",
      (bytes) => {
        const r = projectError(() => decompressFile(bytes, options));
        if (r !== undefined && r.plaintext.length !== r.length)
          throw new Error(`decompressFile gave ${r.plaintext.length} bytes, the header says ${r.length}`);
        return r !== undefined;
      },
    ],
    [
      "files.decryptFile",
      (bytes) =>
        projectError(() => decryptFile(bytes, { password: PASSWORD, maxBytes: SEALED_MAX_BYTES })) !==
        undefined,
    ],
    [
      "files.openFile",
      (bytes) => {
        opened = projectError(() => openFile(bytes, { ...options, password: PASSWORD }));
        return opened !== undefined;
      },
    ],
    [
      "files.reseal",
      () => {
        if (opened === undefined) return false;
        // A hostile block size of 1 over megabytes is a legitimate but long write: not this.
        const tiny = opened.layers.some(
          (l) => l.kind === "compressed" && opened.plaintext.length / l.blockSize > 1e5,
        );
        if (tiny) return false;
        // What opened seals again (Brotli as Zstd: it cannot be written) and opens the same.
        const layers = opened.layers.map((l) =>
          l.kind === "compressed" && l.mode === "brotli" ? { ...l, mode: "zstd" } : l,
        );
        const again = projectError(() => sealFile(opened.plaintext, layers, { password: PASSWORD }));
        if (again === undefined) return false;
        const back = openFile(again, { ...options, password: PASSWORD });
        if (Buffer.compare(back.plaintext, opened.plaintext) !== 0)
          throw new Error("sealFile then openFile changed the bytes");
        return true;
      },
    ],
  ];
}

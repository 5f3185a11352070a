// Byte builders for hand-made sealed files (the fuzz campaign's sealed inputs and
// scripts/sealed-hostile.mjs): a GCPF file around blocks compressed elsewhere, a Zstd frame.

export function u32(v) {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0, true);
  return b;
}

export function cat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A GCPF file: header, block table, the blocks as given, trailing magic. */
export function gcpf(mode, blockSize, length, blocks) {
  return cat([
    u32(0x46504347),
    u32(mode),
    u32(blockSize),
    u32(length),
    ...blocks.map((b) => u32(b.length)),
    ...blocks,
    u32(0x46504347),
  ]);
}

/** A Zstd frame with no content size, window descriptor `wd`, `data` in one raw block. */
export function zstdFrame(wd, data) {
  const header = (data.length << 3) | 1;
  return cat([u32(0xfd2fb528), Uint8Array.of(0, wd, header & 255, (header >> 8) & 255, header >>> 16), data]);
}

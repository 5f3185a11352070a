// Hand-made sealed files for hostile-input tests: a GCPF file around blocks compressed
// elsewhere, and small Zstd frames (RFC 8878) with chosen headers.

export function u32le(v: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v >>> 0, true);
  return b;
}

export function cat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A GCPF file: header, block table, the blocks as given, trailing magic. */
export function gcpf(
  mode: number,
  blockSize: number,
  length: number,
  blocks: readonly Uint8Array[],
): Uint8Array {
  return cat([
    u32le(0x46504347),
    u32le(mode),
    u32le(blockSize),
    u32le(length),
    ...blocks.map((b) => u32le(b.length)),
    ...blocks,
    u32le(0x46504347),
  ]);
}

/** Offset of block `i`'s bytes in a GCPF file, and its size. */
export function blockAt(file: Uint8Array, i: number): { at: number; size: number } {
  const v = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const count = Math.floor(v.getUint32(12, true) / v.getUint32(8, true)) + 1;
  let at = 16 + 4 * count;
  for (let k = 0; k < i; k++) at += v.getUint32(16 + 4 * k, true);
  return { at, size: v.getUint32(16 + 4 * i, true) };
}

/** Window descriptor of a 2^log byte window (mantissa 0..7 adds eighths). */
export function windowDescriptor(log: number, mantissa = 0): number {
  return ((log - 10) << 3) | mantissa;
}

/** A Zstd frame with no content size and window descriptor `wd`, holding `data` in one raw block. */
export function zstdFrame(wd: number, data: Uint8Array): Uint8Array {
  const header = (data.length << 3) | 1; // raw, last
  return cat([
    u32le(0xfd2fb528),
    new Uint8Array([0x00, wd, header & 255, (header >> 8) & 255, header >>> 16]),
    data,
  ]);
}

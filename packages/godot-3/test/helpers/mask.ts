import type { Span } from "@gdvariant/core";

export { bytesToHex, hexToBytes } from "@gdvariant/test-support/hex";

/**
 * Offsets of the NodePath name/subname padding bytes inside `bytes`: the engine never writes
 * them (marshalls.cpp skips over them), so they hold whatever the buffer held. `spans` are the
 * decoder's spans (`onSpan`) for the same bytes.
 */
export function nodePathPadding(bytes: Uint8Array, spans: readonly Span[]): Set<number> {
  const out = new Set<number>();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const s of spans) {
    if (s.kind !== "nodePath") continue;
    // header, u32 names | 0x80000000, u32 subnames, u32 flags, then the strings.
    const w = view.getUint32(s.start + 4, true);
    const subs = view.getUint32(s.start + 8, true);
    const flags = view.getUint32(s.start + 12, true);
    const n = (w & 0x7fffffff) + subs + (flags & 2 ? 1 : 0);
    let at = s.start + 16;
    for (let i = 0; i < n; i++) {
      const len = view.getUint32(at, true);
      at += 4 + len;
      const pad = (4 - (len % 4)) % 4;
      for (let j = 0; j < pad; j++) out.add(at + j);
      at += pad;
    }
  }
  return out;
}

/** Hex of `bytes` with the offsets in `mask` written as `??`. */
export function maskedHex(bytes: Uint8Array, mask: ReadonlySet<number>): string {
  let s = "";
  for (let i = 0; i < bytes.length; i++) s += mask.has(i) ? "??" : bytes[i]!.toString(16).padStart(2, "0");
  return s;
}

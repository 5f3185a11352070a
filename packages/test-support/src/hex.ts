// Hex helpers for tests. No Buffer: the same helpers serve tests that also run in a browser.

/** Lower-case hex of `bytes`, two digits per byte, no separators. */
export function bytesToHex(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += b.toString(16).padStart(2, "0");
  return s;
}

/** The bytes of a hex string (two digits per byte, no separators). */
export function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

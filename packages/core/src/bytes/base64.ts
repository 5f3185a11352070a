// Standard base64 (RFC 4648, with padding), as Godot's Marshalls.variant_to_base64 writes it.
// Written out here because `Buffer` is Node-only and atob/btoa need binary strings.
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
// Built by a call marked pure, so that bundlers drop it when base64 is not used.
const LOOKUP = /* @__PURE__ */ lookupTable();
const CODES = /* @__PURE__ */ new TextEncoder().encode(ALPHABET);

function lookupTable(): Int16Array {
  const t = new Int16Array(256).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
}

/**
 * Base64 text of `bytes`. The ASCII is written into one byte array and made a string in one
 * step: a string grown by `+=` is a rope of millions of pieces, about 18 bytes of heap per input
 * byte for a large array; this holds under 3 (the output bytes, then the flat string).
 */
export function base64Encode(bytes: Uint8Array): string {
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  let i = 0;
  let o = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out[o++] = CODES[v >> 18]!;
    out[o++] = CODES[(v >> 12) & 63]!;
    out[o++] = CODES[(v >> 6) & 63]!;
    out[o++] = CODES[v & 63]!;
  }
  if (i < n) {
    const v = (bytes[i]! << 16) | ((i + 1 < n ? bytes[i + 1]! : 0) << 8);
    out[o++] = CODES[v >> 18]!;
    out[o++] = CODES[(v >> 12) & 63]!;
    out[o++] = i + 1 < n ? CODES[(v >> 6) & 63]! : 61; // "="
    out[o++] = 61;
  }
  return asciiText(out);
}

// Short outputs (most keys and small arrays) skip the decoder's fixed cost.
function asciiText(out: Uint8Array): string {
  if (out.length <= 64) return String.fromCharCode(...out);
  return new TextDecoder().decode(out);
}

/**
 * Bytes of base64 text. White space is skipped; padding is optional. Returns `undefined` for
 * anything that is not base64.
 */
export function base64Decode(text: string): Uint8Array | undefined {
  const clean = text.replace(/[\s]/g, "").replace(/=+$/, "");
  if (clean.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    const c = clean.charCodeAt(i);
    const v = c < 256 ? LOOKUP[c]! : -1;
    if (v < 0) return undefined;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

// MD5 (RFC 1321) of UTF-8 text as lowercase hex: the engine checks a node's RPC list with
// String::md5_text(). Library code runs in browsers too, so no node:crypto.
import { encodeUtf8 } from "@gdvariant/core";

const S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = /* @__PURE__ */ Array.from(
  { length: 64 },
  (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0,
);

/** The MD5 of `text`'s UTF-8 bytes, as 32 lowercase hex digits (Godot's `md5_text()`). */
export function md5Hex(text: string): string {
  const data = encodeUtf8(text);
  const n = ((data.length + 8) >>> 6) + 1;
  const words = new Uint32Array(n * 16);
  for (let i = 0; i < data.length; i++) words[i >> 2]! |= data[i]! << ((i % 4) * 8);
  words[data.length >> 2]! |= 0x80 << ((data.length % 4) * 8);
  words[n * 16 - 2] = (data.length * 8) >>> 0;
  words[n * 16 - 1] = Math.floor(data.length / 0x20000000);
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  for (let block = 0; block < n; block++) {
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      let f: number;
      let g: number;
      if (i < 16) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (i < 32) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) % 16;
      } else if (i < 48) {
        f = b ^ c ^ d;
        g = (3 * i + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) % 16;
      }
      const t = d;
      d = c;
      c = b;
      const x = (a + f + K[i]! + words[block * 16 + g]!) | 0;
      const s = S[(i >> 4) * 4 + (i % 4)]!;
      b = (b + ((x << s) | (x >>> (32 - s)))) | 0;
      a = t;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  let hex = "";
  for (const w of [a0, b0, c0, d0]) {
    for (let i = 0; i < 4; i++) hex += ((w >>> (i * 8)) & 0xff).toString(16).padStart(2, "0");
  }
  return hex;
}

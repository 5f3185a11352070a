// The verifying walk skips printable ASCII a 4-byte word at a time, the last 1-3 bytes of a
// string included (the rest of their word masked). Whatever the bytes, a string array must give
// the same facts (NUL, control characters, invalid UTF-8 and where) as scanning every string
// byte by byte with scanUtf8, which is the reference. (A padding byte read with the tail can
// only send the walk to the byte-by-byte scan, never hide a byte of the string: the padding
// bytes here take any value.)
import { godot3Dialect } from "@gdvariant/godot-3";
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, expect, it } from "vitest";
// The verifying walk's internals, not part of the package's API: imported from source.
import { layoutOf } from "../src/layout.js";
import { SCAN, scanUtf8 } from "../src/utf8-scan.js";
import { verify } from "../src/verify.js";

const layout = layoutOf(godot3Dialect());
const limits = { maxDepth: 64, maxCollectionLength: 1 << 20 };

const rng = xorshift32;

// Mostly printable ASCII with, now and then, a control byte, NUL, DEL, or a UTF-8 sequence
// (valid or not), anywhere, the last bytes included.
function randomString(r: () => number, invalid: boolean): Uint8Array {
  const n = r() % 70;
  const out: number[] = [];
  while (out.length < n) {
    const k = r() % 1000;
    if (k < 960) out.push(0x20 + (r() % 95));
    else if (k < 975) out.push(r() % 4 === 0 ? 0 : r() % 0x20);
    else if (k < 980) out.push(0x7f);
    else if (k < 999 || !invalid)
      out.push(0xc3, 0xa9); // é
    else out.push(0x80 + (r() % 0x80)); // most often invalid
  }
  return Uint8Array.from(out);
}

function arrayOf(strings: Uint8Array[], padByte: number): Uint8Array {
  let size = 8;
  for (const s of strings) size += 8 + s.length + ((4 - (s.length & 3)) & 3);
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  v.setUint32(0, 19, true); // 3.x ARRAY
  v.setUint32(4, strings.length, true);
  let p = 8;
  for (const s of strings) {
    v.setUint32(p, 4, true); // STRING
    v.setUint32(p + 4, s.length, true);
    out.set(s, p + 8);
    const pad = (4 - (s.length & 3)) & 3;
    out.fill(padByte, p + 8 + s.length, p + 8 + s.length + pad);
    p += 8 + s.length + pad;
  }
  return out;
}

describe("string scan in the verifying walk", () => {
  it("agrees with a byte-by-byte scanUtf8 on random strings (dumps of 4 KB and more, where it reads words)", () => {
    const r = rng(7);
    let nul = 0;
    let control = 0;
    let bad = 0;
    for (let round = 0; round < 400; round++) {
      // Over 4 KB, where the walk reads words (WORDS_FROM); invalid bytes in one round of four.
      const invalid = round % 4 === 1;
      const strings = Array.from({ length: 150 + (r() % 20) }, () => randomString(r, invalid));
      // Padding bytes of any value (the engine writes zeros; the walk only notes dirty ones).
      const bytes = arrayOf(strings, round % 3 === 0 ? 0 : r() & 0xff);
      const walk = verify(layout, bytes, 0, bytes.length, limits);
      let expectNul = 0;
      let expectControl = 0;
      let firstBad = -1;
      for (const s of strings) {
        const f = scanUtf8(s, 0, s.length);
        if (f < 0) {
          firstBad = firstBad < 0 ? 1 : firstBad;
          break;
        }
        if (f & SCAN.NUL) expectNul++;
        if (f & SCAN.CONTROL) expectControl++;
      }
      if (firstBad > 0) {
        bad++;
        expect(walk.ok).toBe(false);
        if (!walk.ok) expect(walk.failure.code).toBe("invalid-utf8");
        continue;
      }
      expect(walk.ok, `round ${round}`).toBe(true);
      expect(walk.stats.stringNul, `round ${round}`).toBe(expectNul);
      expect(walk.stats.stringControl, `round ${round}`).toBe(expectControl);
      nul += expectNul;
      control += expectControl;
    }
    // The inputs reach every case.
    expect(nul).toBeGreaterThan(50);
    expect(control).toBeGreaterThan(50);
    expect(bad).toBeGreaterThan(20);
    expect(400 - bad).toBeGreaterThan(20);
  });
});

// rawEndPossible is an O(1) pre-filter that decodeAny uses before a full verifying walk of a raw
// value: it may only say "no" where the walk would also not end exactly at the last byte. Checked
// here against the walk itself on every engine vector of all three generations, on truncated and
// byte-changed copies, and on short random inputs.

import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { xorshift32 } from "@gdvariant/test-support/random";
import { describe, expect, it } from "vitest";
// The verifying walk's internals, not part of the package's API: imported from source.
import { layoutOf, OP } from "../src/layout.js";
import { rawEndPossible, verify } from "../src/verify.js";
import { lines, randomCases, unhex } from "./support/fixtures.js";

const layouts = [godot4Dialect(), godot3Dialect(), legacy2Dialect()].map(layoutOf);
const limits = { maxDepth: 512, maxCollectionLength: 1 << 24 };

function inputs(): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const f of ["godot-4.6.3/vectors.txt", "godot-2.1.4/vectors.txt"]) {
    for (const [label, h] of lines(f))
      if (/^[0-9a-f?]+$/.test(h) && !label.startsWith("@")) out.push(unhex(h));
  }
  for (const g of ["godot-4.6.3", "godot-3.2.3", "godot-2.1.4"]) {
    for (const c of randomCases(g)) out.push(unhex(c.hex));
  }
  return out;
}

function variants(b: Uint8Array, seed: number): Uint8Array[] {
  const out = [b, b.subarray(0, b.length - 1), b.subarray(0, b.length - 3)];
  const grown = new Uint8Array(b.length + 4);
  grown.set(b);
  out.push(grown);
  for (const at of [0, 1, 3, 4, 5, 7]) {
    if (at >= b.length) continue;
    const c = b.slice();
    c[at] = (c[at]! + 1 + ((seed * 31 + at) % 250)) & 0xff;
    out.push(c);
  }
  return out;
}

describe("rawEndPossible", () => {
  it("never rules out a raw value the verifying walk reads to the last byte", () => {
    let checked = 0;
    let ruledOut = 0;
    let fits = 0;
    inputs().forEach((b, i) => {
      for (const v of variants(b, i)) {
        for (const layout of layouts) {
          const walk = verify(layout, v, 0, v.length, limits);
          const fit = walk.ok && walk.end === v.length;
          const possible = rawEndPossible(layout, v, v.length);
          checked++;
          if (fit) fits++;
          if (!possible) ruledOut++;
          if (fit && !possible) expect.fail(`ruled out a fit: ${layout.dialect.name} input ${i}`);
        }
      }
    });
    // The filter must be doing something, and the inputs must include real fits.
    expect(fits).toBeGreaterThan(500);
    expect(ruledOut).toBeGreaterThan(checked / 10);
  });

  it("rules out a string array whose first string and its padding run past the end", () => {
    // A one-string PackedStringArray / PoolStringArray of each generation, cut at every length.
    for (const layout of layouts) {
      const id = layout.ops.findIndex((e) => e?.op === OP.PACKED_STRING);
      expect(id).toBeGreaterThan(0);
      for (let length = 0; length < 9; length++) {
        const whole = 12 + length + ((4 - (length & 3)) & 3);
        const b = new Uint8Array(whole + 4).fill(0x41);
        const v = new DataView(b.buffer);
        v.setUint32(0, id, true);
        v.setUint32(4, 1, true);
        v.setUint32(8, length, true);
        for (let n = 8; n <= whole; n++) {
          const walk = verify(layout, b, 0, n, limits);
          const label = `${layout.dialect.name} length ${length} cut to ${n}`;
          expect(walk.ok && walk.end === n, label).toBe(n === whole);
          expect(rawEndPossible(layout, b, n), label).toBe(n === whole);
        }
      }
    }
  });

  it("agrees on short random inputs", () => {
    const rand = xorshift32(0x9e3779b9);
    for (let i = 0; i < 20000; i++) {
      const n = 4 + (rand() % 40);
      const b = new Uint8Array(n);
      for (let j = 0; j < n; j++) b[j] = rand() & 0xff;
      b[0] = rand() % 40; // a type id most layouts know
      b[1] = 0;
      b[2] = rand() & 1 ? 1 : 0;
      b[3] = 0;
      if (n >= 8) {
        b[5] = 0;
        b[6] = 0;
        b[7] = 0;
        b[4] = rand() % 12;
      }
      for (const layout of layouts) {
        const walk = verify(layout, b, 0, n, limits);
        if (walk.ok && walk.end === n) expect(rawEndPossible(layout, b, n)).toBe(true);
      }
    }
  });
});

// Truncated and corrupted engine dumps: when no reading fits, the result says so and names the
// reading that got furthest, with the offset and code of its failure; detect never throws for
// bad bytes, and decodeAny throws only the project's DecodeError.

import { decodeAny, detect } from "@gdvariant/auto-detect";
import { DecodeError, GdVariantError } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { bytesOf, lines, unhex } from "./support/fixtures.js";

const V4 = "godot-4.6.3/vectors.txt";

describe("truncated dumps", () => {
  const big = bytesOf(V4, "nested_big");

  for (const drop of [1, 3, 4, 9, 40]) {
    it(`nested_big without its last ${drop} bytes: none fits, closest is godot-4`, () => {
      const cut = big.subarray(0, big.length - drop);
      const r = detect(cut);
      expect(r.candidates).toEqual([]);
      expect(r.best).toBeUndefined();
      const c = r.closest!;
      expect(c.dialect).toBe("godot-4");
      expect(c.framing).toEqual({ kind: "raw" });
      expect(c.code).toBe("truncated");
      expect(c.offset).toBeGreaterThan(0);
      expect(c.offset).toBeLessThanOrEqual(cut.length);
      expect(c.progress).toBe(1);
      expect(r.summary).toMatch(
        new RegExp(
          `^No dialect reads these ${cut.length} bytes; closest is godot-4 \\(raw\\).*failing at offset ${c.offset}: .*\\(truncated\\)\\.$`,
        ),
      );
      let thrown: unknown;
      try {
        decodeAny(cut);
      } catch (e) {
        thrown = e;
      }
      expect(DecodeError.is(thrown)).toBe(true);
      expect((thrown as DecodeError).code).toBe("truncated");
      expect((thrown as DecodeError).offset).toBe(c.offset);
    });
  }

  it("a store_var file cut inside its last record: closest is the length-prefixed reading", () => {
    const file = bytesOf("framing/godot-4.6.3.txt", "filestore_le");
    const cut = file.subarray(0, file.length - 2);
    const r = detect(cut);
    expect(r.candidates).toEqual([]);
    expect(r.closest?.dialect).toBe("godot-4");
    expect(r.closest?.framing.kind).toBe("length-prefixed");
    expect(r.closest?.code).toBe("truncated");
    expect(r.closest?.message).toMatch(/record needs \d+ bytes/);
  });

  it("a 2.x string cut short: every dialect reads it the same way, and the result says so", () => {
    const s = bytesOf("godot-2.1.4/vectors.txt", "str_hello", 0x11);
    const r = detect(s.subarray(0, s.length - 2));
    expect(r.best).toBeUndefined();
    expect([r.closest!.dialect, ...r.closest!.tied].sort()).toEqual(["godot-3", "godot-4", "legacy-2"]);
    expect(r.summary).toMatch(/read it the same way/);
  });

  it("fewer than 4 bytes", () => {
    const r = detect(new Uint8Array([2, 0, 0]));
    expect(r.best).toBeUndefined();
    expect(r.closest?.code).toBe("truncated");
    expect(r.closest?.offset).toBe(0);
  });
});

describe("corrupted dumps", () => {
  it("an unknown type id inside a container: closest names the offset and path", () => {
    // dict_simple = {"a": 1, "b": "x"}; the value under "a" starts after the count word and the key.
    const d = bytesOf(V4, "dict_simple");
    const bad = d.slice();
    const at = 8 + 12; // header, count, key "a" (4 + 4 + 4)
    bad[at] = 0xfe;
    const r = detect(bad);
    expect(r.best).toBeUndefined();
    expect(r.closest?.dialect).toBe("godot-4");
    expect(r.closest?.code).toBe("unknown-type");
    expect(r.closest?.offset).toBe(at);
    expect(r.closest?.message).toMatch(/\["a"\]/);
  });

  it("invalid UTF-8 in a string: closest says invalid-utf8 at the string", () => {
    const d = bytesOf(V4, "str_cjk").slice();
    d[9] = 0xff;
    const r = detect(d);
    expect(r.best).toBeUndefined();
    expect(r.closest?.code).toBe("invalid-utf8");
    expect(r.closest?.offset).toBe(8);
  });

  it("a count far beyond the bytes: closest is truncated at the count word", () => {
    const d = bytesOf(V4, "array_mixed").slice();
    new DataView(d.buffer).setUint32(4, 0x00ffffff, true);
    const r = detect(d);
    expect(r.best).toBeUndefined();
    expect(r.closest?.dialect).toBe("godot-4");
    expect(r.closest?.code).toBe("truncated");
    expect(r.closest?.offset).toBe(4);
  });

  it("never throws anything but its own errors, for every single-bit flip of engine dumps", () => {
    const sample = [...lines(V4).entries()].filter(([k]) => !k.startsWith("full_")).slice(0, 60);
    let results = 0;
    for (const [, h] of sample) {
      const bytes = unhex(h);
      for (let bit = 0; bit < bytes.length * 8; bit += 5) {
        const b = bytes.slice();
        b[bit >> 3]! ^= 1 << (bit & 7);
        const r = detect(b);
        // Either some reading fits, or one came closest, or it is another kind of file.
        expect(r.best !== undefined || r.closest !== undefined || r.file !== undefined).toBe(true);
        try {
          decodeAny(b, { ambiguous: "best" });
        } catch (e) {
          expect(GdVariantError.is(e)).toBe(true);
        }
        results++;
      }
    }
    expect(results).toBeGreaterThan(1000);
  });

  it("hostile counts and random bytes finish quickly", () => {
    let seed = 1;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 24;
    };
    for (let i = 0; i < 300; i++) {
      const b = Uint8Array.from({ length: 4 + (i % 64) }, rand);
      b[0] = i % 40;
      detect(b);
    }
    // 1100 nested one-element arrays around a NIL: deeper than the engine's 1024.
    const deep = new Uint8Array(8 * 1100 + 4);
    const dv = new DataView(deep.buffer);
    for (let i = 0; i < 1100; i++) {
      dv.setUint32(i * 8, 28, true);
      dv.setUint32(i * 8 + 4, 1, true);
    }
    const r = detect(deep);
    expect(r.best).toBeUndefined();
    expect(r.closest?.dialect).toBe("godot-4");
    expect(r.closest?.code).toBe("depth-exceeded");
    // Arrays announcing 2^24 elements each, with nothing behind them.
    const hostile = new Uint8Array(4096);
    for (let i = 0; i < 512; i++) {
      dv.setUint32(0, 0, true);
      new DataView(hostile.buffer).setUint32(i * 8, 28, true);
      new DataView(hostile.buffer).setUint32(i * 8 + 4, 1 << 24, true);
    }
    expect(detect(hostile).best).toBeUndefined();
    // Bounded work, judged against a benign dump of the same size (an Array of 511 ints), not
    // against a clock a busy machine could flip: the fastest of interleaved runs of each, with a
    // wide margin (reading the counts' 2^24 elements each would be thousands of times slower).
    const benign = new Uint8Array(4096);
    const bv = new DataView(benign.buffer);
    bv.setUint32(0, 28, true);
    bv.setUint32(4, 511, true);
    for (let i = 0; i < 511; i++) {
      bv.setUint32(8 + i * 8, 2, true);
      bv.setUint32(12 + i * 8, i, true);
    }
    expect(detect(benign).best?.dialect).toBe("godot-4");
    let fastHostile = Number.POSITIVE_INFINITY;
    let fastBenign = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 9; i++) {
      let t = performance.now();
      detect(hostile);
      fastHostile = Math.min(fastHostile, performance.now() - t);
      t = performance.now();
      detect(benign);
      fastBenign = Math.min(fastBenign, performance.now() - t);
    }
    expect(fastHostile).toBeLessThan(50 * Math.max(fastBenign, 1));
  });
});

describe("bad input", () => {
  it("refuses what is neither bytes nor text with a DecodeError", () => {
    for (const x of [42, null, undefined, {}, [1, 2]]) {
      let e: unknown;
      try {
        detect(x);
      } catch (err) {
        e = err;
      }
      expect(DecodeError.is(e) && (e as DecodeError).code).toBe("invalid-data");
    }
  });

  it("refuses input over maxTotalBytes", () => {
    expect(() => detect(new Uint8Array(64), { maxTotalBytes: 16 })).toThrow(/maxTotalBytes/);
  });
});

import { ByteReader, ByteWriter, DecodeError, decodeUtf8, encodeUtf8 } from "@gdvariant/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hex, unhex } from "./support/dialects.js";

function writerBytes(fn: (w: ByteWriter) => void): Uint8Array {
  const w = new ByteWriter(16);
  fn(w);
  return w.finish();
}

describe("ByteWriter / ByteReader widths", () => {
  it("writes little-endian integers of every width", () => {
    const b = writerBytes((w) => {
      w.u8(0xab);
      w.u32(0x01020304);
      w.i32(-2);
      w.i64(-2);
      w.i64(2n ** 62n);
      w.i64(-(2n ** 63n));
      w.i64(9007199254740991);
      w.i64(-9007199254740991);
    });
    expect(hex(b)).toBe(
      "ab" +
        "04030201" +
        "feffffff" +
        "feffffffffffffff" +
        "0000000000000040" +
        "0000000000000080" +
        "ffffffffffff1f00" +
        "010000000000e0ff",
    );
  });

  it("round-trips every width through an unaligned subarray view", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 }),
        fc.integer({ min: -2147483648, max: 2147483647 }),
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
        fc.double(),
        fc.float(),
        (shift, i, u, big, d, f) => {
          const body = writerBytes((w) => {
            w.i32(i);
            w.u32(u);
            w.i64(big);
            w.f64(d);
            w.f32(f);
          });
          // Place the bytes at an odd offset inside a larger buffer, then view them.
          const host = new Uint8Array(body.length + 16);
          host.set(body, shift + 1);
          const view = host.subarray(shift + 1, shift + 1 + body.length);
          const r = new ByteReader(view);
          expect(r.i32()).toBe(i);
          expect(r.u32()).toBe(u);
          const at = r.pos;
          expect(r.i64()).toBe(big);
          r.pos = at;
          const n = r.i64n();
          expect(BigInt(n)).toBe(big);
          expect(
            typeof n === "number" ? Number.isSafeInteger(n) : n > 9007199254740991n || n < -9007199254740991n,
          ).toBe(true);
          expect(Object.is(r.f64(), d)).toBe(true);
          expect(Object.is(r.f32(), Math.fround(f))).toBe(true);
          expect(r.remaining).toBe(0);
        },
      ),
    );
  });

  it("throws truncated at the position of a short read, for every width", () => {
    const r = new ByteReader(new Uint8Array(3).subarray(1));
    for (const read of [
      () => r.u32(),
      () => r.i32(),
      () => r.f32(),
      () => r.i64(),
      () => r.f64(),
      () => r.u64(),
    ]) {
      try {
        read();
        expect.unreachable();
      } catch (e) {
        expect(DecodeError.is(e)).toBe(true);
        expect((e as DecodeError).code).toBe("truncated");
        expect((e as DecodeError).offset).toBe(0);
      }
    }
    expect(r.u8()).toBe(0);
  });
});

describe("strings and padding", () => {
  it("pads strings with zeros to 4 bytes and reads them back", () => {
    for (const s of ["", "a", "ab", "abc", "abcd", "abcde"]) {
      const b = writerBytes((w) => w.string(s));
      expect(b.length % 4).toBe(0);
      expect(b.length).toBe(4 + s.length + ((4 - (s.length % 4)) % 4));
      expect(b.subarray(4 + s.length).every((x) => x === 0)).toBe(true);
      expect(new ByteReader(b).string()).toBe(s);
    }
  });

  it("ignores the content of padding bytes", () => {
    const r = new ByteReader(unhex("0100000061ffeedd05000000"));
    expect(r.string()).toBe("a");
    expect(r.u32()).toBe(5);
  });

  it("requires the padding to be present, as the engine does", () => {
    const e = (() => {
      try {
        new ByteReader(unhex("0100000061")).string();
      } catch (x) {
        return x as DecodeError;
      }
    })();
    expect(e?.code).toBe("truncated");
    expect(e?.offset).toBe(4);
  });

  it("writes the NUL-terminated form of packed string elements", () => {
    expect(hex(writerBytes((w) => w.string("abc", true)))).toBe("0400000061626300");
    expect(hex(writerBytes((w) => w.string("abcd", true)))).toBe("050000006162636400000000");
  });

  it("round-trips 4-byte UTF-8 characters, CJK and accents", () => {
    for (const s of ["a😀b", "日本語", "héllo", "🎮🕹", "\u{10FFFF}"]) {
      const b = writerBytes((w) => w.string(s));
      expect(new ByteReader(b).string()).toBe(s);
      expect(new DataView(b.buffer, b.byteOffset).getUint32(0, true)).toBe(encodeUtf8(s).length);
    }
  });

  it("rejects invalid UTF-8 with invalid-utf8 at the string bytes", () => {
    for (const bad of ["ff", "c0af", "e28228", "f0289fbc", "eda080", "80"]) {
      const n = bad.length / 2;
      const pad = "00".repeat((4 - (n % 4)) % 4);
      const bytes = unhex(`0000000000000000${n.toString(16).padStart(2, "0")}000000${bad}${pad}`);
      const r = new ByteReader(bytes, 4);
      r.pos = 8;
      try {
        r.string();
        expect.unreachable(bad);
      } catch (e) {
        expect((e as DecodeError).code).toBe("invalid-utf8");
        expect((e as DecodeError).offset).toBe(12);
      }
    }
  });

  it("stops at the first NUL and drops a leading BOM, as Godot's parse_utf8 does", () => {
    const b = new Uint8Array([0x61, 0x62, 0x00, 0x63, 0xef, 0xbb, 0xbf]);
    expect(decodeUtf8(b, 0, 4)).toBe("ab");
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x78]), 0, 4)).toBe("x");
    // A long (non-short-path) string with a NUL in the middle.
    const long = encodeUtf8(`${"é".repeat(20)}\0tail`);
    expect(decodeUtf8(long, 0, long.length)).toBe("é".repeat(20));
  });

  it("matches TextDecoder on arbitrary valid strings (short and long paths)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 60 }), (s) => {
        const clean = s.replace(/\0/g, "").replace(/^\uFEFF+/, "");
        const b = writerBytes((w) => w.string(clean));
        expect(new ByteReader(b).string()).toBe(clean);
      }),
    );
  });
});

describe("typed-array reads and writes", () => {
  it("returns views when aligned and copies when not", () => {
    const f = new Float32Array([1.5, -2, 0.1]);
    const body = writerBytes((w) => w.typed(f));
    const aligned = new Uint8Array(body.length + 8);
    aligned.set(body, 4);
    const ra = new ByteReader(aligned.subarray(4));
    const va = ra.typed(Float32Array, 3, false);
    expect(Array.from(va)).toEqual(Array.from(f));
    expect(va.buffer).toBe(aligned.buffer); // a view: no copy

    const odd = new Uint8Array(body.length + 8);
    odd.set(body, 3);
    const ro = new ByteReader(odd.subarray(3));
    const vo = ro.typed(Float32Array, 3, false);
    expect(Array.from(vo)).toEqual(Array.from(f));
    expect(vo.buffer).not.toBe(odd.buffer);

    const copied = new ByteReader(aligned.subarray(4)).typed(Float32Array, 3, true);
    expect(copied.buffer).not.toBe(aligned.buffer);
  });

  it("round-trips BigInt64Array and Float64Array at any offset", () => {
    fc.assert(
      fc.property(
        fc.bigInt64Array({ maxLength: 8 }),
        fc.float64Array({ maxLength: 8 }),
        fc.nat(7),
        (a, d, shift) => {
          const body = writerBytes((w) => {
            w.typed(a);
            w.typed(d);
          });
          const host = new Uint8Array(body.length + 8);
          host.set(body, shift);
          const r = new ByteReader(host.subarray(shift, shift + body.length));
          expect(Array.from(r.typed(BigInt64Array, a.length, false))).toEqual(Array.from(a));
          const back = r.typed(Float64Array, d.length, false);
          expect(Array.from(back).every((x, i) => Object.is(x, d[i]))).toBe(true);
        },
      ),
    );
  });

  it("checks the byte count before allocating", () => {
    const r = new ByteReader(new Uint8Array(8));
    expect(() => r.typed(Float64Array, 0x7fffffff, false)).toThrowError(/needs/);
  });

  it("writes floats of either width from any array", () => {
    expect(hex(writerBytes((w) => w.floats([1, -2], false)))).toBe("0000803f000000c0");
    expect(hex(writerBytes((w) => w.floats(new Float32Array([1]), true)))).toBe("000000000000f03f");
  });

  it("starts in a given buffer, and moves to its own when it outgrows it", () => {
    const buf = new Uint8Array(8).fill(0xaa);
    const w = new ByteWriter(buf);
    w.u32(1);
    w.u32(2);
    expect(w.buffer).toBe(buf);
    expect(hex(buf)).toBe("0100000002000000");
    w.u32(3);
    expect(w.buffer).not.toBe(buf);
    expect(hex(w.finish())).toBe("010000000200000003000000");
    expect(hex(buf)).toBe("0100000002000000");
  });

  it("grows by doubling without losing bytes", () => {
    const w = new ByteWriter(16);
    for (let i = 0; i < 1000; i++) w.u32(i);
    const b = w.finish();
    const r = new ByteReader(b);
    for (let i = 0; i < 1000; i++) expect(r.u32()).toBe(i);
  });
});

describe("ByteWriter.room", () => {
  const error = (needed: number) => new RangeError(`over ${needed}`);
  // A writer of 16 bytes with `used` bytes written (0..used-1), as u8 writes.
  const written = (used: number, w = new ByteWriter(16)) => {
    for (let i = 0; i < used; i++) w.u8(i);
    return w;
  };

  it("grows once to the position plus 8 times the bytes since `from`, keeping the bytes", () => {
    for (const [used, from] of [
      [12, 4],
      [16, 0],
      [16, 12],
    ] as const) {
      const w = written(used);
      w.room(from);
      expect(w.buffer.length).toBe(used + 8 * (used - from));
      expect([...w.finish()]).toEqual(Array.from({ length: used }, (_, i) => i));
    }
  });

  it("doubles where that is more, and does nothing where the room is there", () => {
    const w = written(12);
    w.room(11);
    expect(w.buffer.length).toBe(32);
    const buf = w.buffer;
    w.room(10);
    expect(w.buffer).toBe(buf);
    w.room(12);
    expect(w.buffer).toBe(buf);
  });

  it("makes no room past the limit and never throws it: the write that passes it does", () => {
    const w = new ByteWriter(16);
    w.setLimit(40, error);
    written(12, w).room(0);
    expect(w.buffer.length).toBe(40);
    for (let i = 12; i < 40; i++) w.u8(i);
    expect(() => w.u8(40)).toThrow("over 41");
  });

  it("leaves a caller's buffer alone: into and a fixed restart", () => {
    const target = new Uint8Array(16);
    const w = written(12, ByteWriter.into(target));
    w.room(0);
    expect(w.buffer).toBe(target);
    expect(() => w.u32(0)).not.toThrow();
    expect(() => w.u8(0)).toThrow("the write needs 17 bytes of the target");
    const r = new ByteWriter(16);
    r.restart(target, 4, true);
    for (let i = 0; i < 8; i++) r.u8(i);
    r.room(4);
    expect(r.buffer).toBe(target);
  });
});

describe("taggedString", () => {
  // Short and long (past the JS loop's 32 units), ASCII, 2- and 3-byte characters, pairs and
  // lone surrogates: the tag word, then the length word, TextEncoder's bytes and zero padding.
  const text = fc.string({ unit: "binary", maxLength: 80 });
  const expected = (tag: number, s: string): Uint8Array => {
    const utf8 = new TextEncoder().encode(s);
    const out = new Uint8Array(8 + utf8.length + ((4 - (utf8.length & 3)) & 3));
    const v = new DataView(out.buffer);
    v.setUint32(0, tag, true);
    v.setUint32(4, utf8.length, true);
    out.set(utf8, 8);
    return out;
  };

  it("writes the tag, TextEncoder's bytes and zero padding, over bytes that were not zero", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 7 }), (s, start) => {
        // A reused buffer full of 0xff: the padding must be written, not found.
        const buf = new Uint8Array(start + 8 + s.length * 3 + 8).fill(0xff);
        const w = new ByteWriter(16);
        w.restart(buf, start);
        w.taggedString(0x1234, s);
        expect(hex(w.viewFrom(start))).toBe(hex(expected(0x1234, s)));
      }),
    );
  });

  it("writes what u32 then string write, and fails where they fail in a target too small", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 40 }), (s, size) => {
        const run = (fn: (w: ByteWriter) => void) => {
          const w = ByteWriter.into(new Uint8Array(size).fill(0xee));
          try {
            fn(w);
            return hex(w.finish());
          } catch (e) {
            return `needed ${(e as { needed: number }).needed}`;
          }
        };
        expect(run((w) => w.taggedString(4, s))).toBe(
          run((w) => {
            w.u32(4);
            w.string(s);
          }),
        );
      }),
    );
  });
});

// wordPair and taggedFloat write behind one room check what their word-by-word writes write, and
// fall back to those writes where the room is not there: in a target too small they fail at the
// same byte, under a limit with the same `needed`, and a growing writer grows the same way. Each
// starts after 0-3 words already written, so that every room check meets every end.
describe("wordPair and taggedFloat", () => {
  const words = fc.integer({ min: 0, max: 3 });
  const word = fc.oneof(
    fc.integer({ min: -(2 ** 31), max: 2 ** 32 - 1 }),
    fc.constantFrom(0, 1, -1, 2 ** 31, 2 ** 32 - 1, 0x8001c),
  );
  const float = fc.oneof(
    fc.double(),
    fc.float(),
    fc.constantFrom(
      -0,
      Number.NaN,
      Infinity,
      -Infinity,
      0.1,
      1e40,
      3.4028234663852886e38,
      1.401298464324817e-45,
      5e-324,
    ),
  );
  // What `fn` writes into a target of `size` bytes (or the byte it needed), under a limit of
  // `limit` bytes (or the byte it needed then), and from a writer that starts with 16 bytes.
  const outcomes = (before: number, size: number, fn: (w: ByteWriter) => void): string[] => {
    const run = (w: ByteWriter) => {
      try {
        for (let i = 0; i < before; i++) w.u32(0x01010101 * (i + 1));
        fn(w);
        return hex(w.finish());
      } catch (e) {
        return `needed ${(e as { needed?: number; message: string }).needed ?? (e as Error).message}`;
      }
    };
    const limited = new ByteWriter(16);
    limited.setLimit(size, (needed) => new RangeError(`over ${needed}`));
    return [run(ByteWriter.into(new Uint8Array(size).fill(0xee))), run(limited), run(new ByteWriter(16))];
  };

  it("wordPair writes what u32 then u32 write, and fails where they fail", () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 0, max: 24 }), word, word, (before, size, a, b) => {
        expect(outcomes(before, size, (w) => w.wordPair(a, b))).toEqual(
          outcomes(before, size, (w) => {
            w.u32(a);
            w.u32(b);
          }),
        );
      }),
      { numRuns: 2000, seed: 41 },
    );
  });

  it("taggedFloat writes what u32 then f32 (or, where f32 is not exact, f64) write, and fails where they fail", () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 0, max: 28 }), float, (before, size, x) => {
        expect(outcomes(before, size, (w) => w.taggedFloat(3, x))).toEqual(
          outcomes(before, size, (w) => {
            if (Math.fround(x) === x) {
              w.u32(3);
              w.f32(x);
            } else {
              w.u32(3 | 0x10000);
              w.f64(x);
            }
          }),
        );
      }),
      { numRuns: 2000, seed: 43 },
    );
  });
});

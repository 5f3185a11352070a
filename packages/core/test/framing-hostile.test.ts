// Bad input for the framing layer: hostile length words, short frames, garbage, truncation at
// every offset, bit flips. Every failure must be a DecodeError with the right code and absolute
// offset, in bounded time and memory.
import {
  base64ToVariant,
  DEFAULT_MAX_PACKET_SIZE,
  DecodeError,
  decodePacket,
  EncodeError,
  encodePacket,
  encodeStreamFrame,
  readStoreVarFile,
  StreamDecoder,
  writeStoreVarFile,
} from "@gdvariant/core";
import { cpuTime } from "@gdvariant/test-support/timing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { godot3, godot4, hexToBytes, loadFixture } from "./framing-helpers.js";

function catchError(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (e) {
    if (DecodeError.is(e)) return e;
    throw new Error(`not a DecodeError: ${String(e)}`);
  }
  throw new Error("no error thrown");
}

const le = (n: number) => new Uint8Array([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, n >>> 24]);
const be = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("hostile length words in a stream", () => {
  it("0xFFFFFFF0 fails on its fourth byte, fed one byte at a time, with nothing buffered", () => {
    const d = new StreamDecoder(godot4);
    const word = le(0xfffffff0);
    for (let i = 0; i < 3; i++) expect(d.push(word.subarray(i, i + 1))).toEqual([]);
    expect(d.bufferedBytes).toBe(3);
    const e = catchError(() => d.push(word.subarray(3)));
    expect([e.code, e.offset]).toEqual(["framing", 0]);
    expect(d.bufferedBytes).toBe(0);
    // Failed for good: the stream cannot be resynchronised.
    expect(catchError(() => d.push(new Uint8Array(8)))).toBe(e);
    expect(catchError(() => d.end())).toBe(e);
  });

  it("a big-endian 0xFFFFFFF0 after two good frames fails at its absolute offset", () => {
    const frames = concat(
      encodeStreamFrame(godot3, 1, { bigEndian: true }),
      encodeStreamFrame(godot3, "ab", { bigEndian: true }),
    );
    const d = new StreamDecoder(godot3, { bigEndian: true });
    expect(d.push(frames).length).toBe(2);
    const e = catchError(() => d.push(be(0xfffffff0)));
    expect([e.code, e.offset]).toEqual(["framing", frames.length]);
  });

  it("a length over maxPacketSize (default 8 MiB) fails with limit-exceeded before any payload", () => {
    const d = new StreamDecoder(godot4);
    const e = catchError(() => d.push(le(DEFAULT_MAX_PACKET_SIZE + 1)));
    expect([e.code, e.offset]).toEqual(["limit-exceeded", 0]);
    const small = new StreamDecoder(godot4, { maxPacketSize: 1024 });
    expect(small.push(encodeStreamFrame(godot4, "x".repeat(1012))).length).toBe(1); // 4 + 4 + 1012 = 1020
    expect(
      catchError(() => small.push(encodeStreamFrame(godot4, "x".repeat(1020), { maxPacketSize: 1 << 20 })))
        .code,
    ).toBe("limit-exceeded");
  });

  it("a length of exactly 8 MiB is accepted but only buffered as its bytes arrive", () => {
    const d = new StreamDecoder(godot4);
    d.push(le(DEFAULT_MAX_PACKET_SIZE));
    d.push(new Uint8Array(10));
    expect(d.bufferedBytes).toBe(14);
    // The buffer grows with what arrived, not with what the peer announced.
    const held = (d as unknown as { frame: Uint8Array | undefined }).frame;
    expect(held === undefined || held.length <= 4096).toBe(true);
    const e = catchError(() => d.end());
    expect([e.code, e.offset]).toEqual(["truncated", 0]);
  });

  it.each([0, 1, 2, 3])("a length of %i (no room for a Variant header) is a framing error", (n) => {
    const e = catchError(() => new StreamDecoder(godot4).push(concat(encodeStreamFrame(godot4, 5), le(n))));
    expect([e.code, e.offset]).toEqual(["framing", 12]);
  });

  it("a length too short for its Variant is a framing error at the Variant's absolute offset", () => {
    // A String "abcdef" needs 4 + 4 + 8 bytes; the word says 12.
    const good = encodeStreamFrame(godot4, 7);
    const bad = encodeStreamFrame(godot4, "abcdef");
    bad.set(le(12), 0);
    const stream = concat(good, bad.subarray(0, 16));
    for (const size of [1, 3, stream.length]) {
      const d = new StreamDecoder(godot4);
      const seen: unknown[] = [];
      const e = catchError(() => {
        for (let i = 0; i < stream.length; i += size)
          d.write(stream.subarray(i, i + size), (r) => seen.push(r.value));
      });
      expect(e.code).toBe("framing");
      // Where the string's bytes should start: frame word 4, String header 4, its length 4.
      expect(e.offset).toBe(good.length + 12);
      expect(seen).toEqual([{ kind: "int", value: 7 }]);
    }
  });

  it("a bad Variant in a well-framed record reports its absolute offset and path", () => {
    const inner = encodeStreamFrame(godot4, [1, 2, 3]);
    // Element [2]'s header (frame: word 4, array header 4, count 4, [0] 8, [1] 8) gets type id 200.
    inner[4 + 4 + 4 + 8 + 8] = 200;
    const stream = concat(encodeStreamFrame(godot4, "first"), inner);
    const e = catchError(() => new StreamDecoder(godot4).push(stream));
    expect(e.code).toBe("unknown-type");
    expect(e.offset).toBe(20 + 28); // "first" is a 20-byte frame
    expect(e.path).toEqual([2]);
    expect(e.dialect).toBe("godot-4");
  });

  it("refuses chunks that are not bytes with a DecodeError", () => {
    const e = catchError(() => new StreamDecoder(godot4).push("abc" as unknown as Uint8Array));
    expect(e.code).toBe("invalid-data");
  });

  it("accepts ArrayBuffer and DataView chunks", () => {
    const f = encodeStreamFrame(godot4, 99);
    const d = new StreamDecoder(godot4);
    expect(d.push(f.slice(0, 5).buffer)).toEqual([]);
    expect(d.push(new DataView(f.buffer, 5))).toEqual([{ kind: "int", value: 99 }]);
  });

  it("reports the stream ending inside a length word", () => {
    const d = new StreamDecoder(godot4);
    d.push(concat(encodeStreamFrame(godot4, 1), new Uint8Array([8, 0])));
    const e = catchError(() => d.end());
    expect([e.code, e.offset]).toEqual(["truncated", 12]);
  });
});

describe("hostile store_var files", () => {
  const fx = loadFixture("godot-3.2.3.txt");
  const file = hexToBytes(fx.get("filestore_le")!);

  it("a file cut at every offset fails with truncated (or reads whole records only up to a boundary)", () => {
    const whole = readStoreVarFile(godot3, file);
    const boundaries = new Set(whole.map((r) => r.offset));
    for (let cut = 0; cut < file.length; cut++) {
      const part = file.subarray(0, cut);
      if (boundaries.has(cut)) {
        expect(readStoreVarFile(godot3, part).length).toBe(whole.findIndex((r) => r.offset === cut));
        continue;
      }
      const e = catchError(() => readStoreVarFile(godot3, part));
      expect(e.code).toBe("truncated");
      // The error points at the length word of the record the file ends in.
      const rec = [...whole].reverse().find((r) => r.offset <= cut)!;
      expect(e.offset).toBe(rec.offset);
    }
  });

  it("a hostile length in a file is refused at once, not read past the end", () => {
    const e = catchError(() => readStoreVarFile(godot4, concat(le(0xfffffff0), new Uint8Array(16))));
    expect([e.code, e.offset]).toEqual(["framing", 0]);
    const e2 = catchError(() => readStoreVarFile(godot4, concat(le(0x7ffffff0), new Uint8Array(16))));
    expect([e2.code, e2.offset]).toEqual(["truncated", 0]);
    const e3 = catchError(() =>
      readStoreVarFile(godot4, concat(le(1000), new Uint8Array(1000)), { maxPacketSize: 999 }),
    );
    expect([e3.code, e3.offset]).toEqual(["limit-exceeded", 0]);
  });

  it("single bit flips anywhere give a value or a DecodeError, never anything else", () => {
    for (let i = 0; i < file.length; i++) {
      for (let bit = 0; bit < 8; bit += 3) {
        const copy = file.slice();
        copy[i] = copy[i]! ^ (1 << bit);
        try {
          readStoreVarFile(godot3, copy);
        } catch (e) {
          expect(DecodeError.is(e)).toBe(true);
        }
        const d = new StreamDecoder(godot3);
        try {
          d.push(copy);
          d.end();
        } catch (e) {
          expect(DecodeError.is(e)).toBe(true);
        }
      }
    }
  });
});

describe("random bytes in random chunks", () => {
  it("only ever produce values or DecodeErrors, quickly", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 600 }),
        fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        (bytes, sizes, bigEndian) => {
          const d = new StreamDecoder(godot4, { bigEndian, maxPacketSize: 4096 });
          // CPU time, not wall-clock: waiting on a busy machine is not a hang.
          const { ms, result } = cpuTime(() => {
            try {
              let at = 0;
              for (let k = 0; at < bytes.length; k++) {
                const n = sizes[k % sizes.length]!;
                d.push(bytes.subarray(at, at + n));
                at += n;
              }
              d.end();
            } catch (e) {
              if (!DecodeError.is(e)) return false;
            }
            return true;
          });
          return result && ms < 1000;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("encoders refuse what the engine would", () => {
  it("encodePacket and encodeStreamFrame refuse values over maxPacketSize (engine: ERR_OUT_OF_MEMORY)", () => {
    // The engine test: with encode_buffer_max_size 1024, put_var of a 1025-character String fails.
    const s = "a".repeat(1025);
    for (const fn of [
      () => encodePacket(godot4, s, { maxPacketSize: 1024 }),
      () => encodeStreamFrame(godot4, s, { maxPacketSize: 1024 }),
      () => writeStoreVarFile(godot4, [1, s], { maxPacketSize: 1024 }),
    ]) {
      try {
        fn();
        expect.unreachable();
      } catch (e) {
        expect(EncodeError.is(e) && e.code).toBe("limit-exceeded");
      }
    }
    expect(encodePacket(godot4, "a".repeat(1012), { maxPacketSize: 1024 }).length).toBe(1020);
  });

  it("writeStoreVarFile names the record that cannot be written", () => {
    try {
      writeStoreVarFile(godot3, [1, { kind: "vector2i", x: 1, y: 2 }]);
      expect.unreachable();
    } catch (e) {
      expect(EncodeError.is(e) && e.code).toBe("unsupported-kind");
      expect((e as EncodeError).path).toEqual([1]);
    }
  });

  it("decodePacket refuses packets over maxPacketSize and base64ToVariant refuses non-base64", () => {
    expect(catchError(() => decodePacket(godot4, new Uint8Array(2048), { maxPacketSize: 1024 })).code).toBe(
      "limit-exceeded",
    );
    expect(catchError(() => base64ToVariant(godot4, "not base64!")).code).toBe("invalid-data");
    expect(catchError(() => base64ToVariant(godot4, 42 as unknown as string)).code).toBe("invalid-data");
    expect(catchError(() => base64ToVariant(godot4, "AgAAAA==")).code).toBe("truncated");
  });
});

describe("a record callback that throws", () => {
  it("propagates; the decoder stays usable when the chunk ended there, fails when bytes were left", () => {
    const two = new Uint8Array([...encodeStreamFrame(godot4, 1), ...encodeStreamFrame(godot4, 2)]);
    const boom = new Error("boom");
    const d = new StreamDecoder(godot4);
    expect(() =>
      d.write(two, () => {
        throw boom;
      }),
    ).toThrow(boom);
    const e = catchError(() => d.push(encodeStreamFrame(godot4, 3)));
    expect([e.code, e.cause]).toEqual(["invalid-data", boom]);

    const ok = new StreamDecoder(godot4);
    expect(() =>
      ok.write(encodeStreamFrame(godot4, 1), () => {
        throw boom;
      }),
    ).toThrow(boom);
    expect(ok.push(encodeStreamFrame(godot4, 2))).toEqual([{ kind: "int", value: 2 }]);
  });
});

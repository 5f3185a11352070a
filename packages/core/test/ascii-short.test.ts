// The reader's short-ASCII path (asciiShort: the bytes checked four to a word, padding read but
// not decoded) and the public decodeUtf8 and ByteReader.string around it, against TextDecoder.
import { ByteReader, DecodeError, decodeUtf8 } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { asciiShort } from "../src/bytes/utf8.js";

const fatal = new TextDecoder("utf-8", { fatal: true });

// What Godot reads: up to the first NUL, undefined when invalid.
function reference(bytes: Uint8Array): string | undefined {
  let stop = bytes.indexOf(0);
  if (stop < 0) stop = bytes.length;
  try {
    return fatal.decode(bytes.subarray(0, stop));
  } catch {
    return undefined;
  }
}

// `body` at `at` in a buffer of its padded length (its words), the padding bytes `pad`, then a
// word of `pad` more.
function place(body: Uint8Array, at: number, pad: number): { host: Uint8Array; view: DataView } {
  const padded = (body.length + 3) & ~3;
  const host = new Uint8Array(at + padded + 4).fill(pad);
  host.set(body, at);
  return { host, view: new DataView(host.buffer) };
}

const ascii = (n: number) => Uint8Array.from({ length: n }, (_, i) => 0x61 + ((i * 7) % 26));

describe("asciiShort", () => {
  it("reads every ASCII string of 1-16 bytes whatever its padding holds", () => {
    for (let n = 1; n <= 16; n++) {
      for (const pad of [0x00, 0x01, 0x41, 0x7f]) {
        for (let at = 0; at < 4; at++) {
          const body = ascii(n);
          const { view } = place(body, at, pad);
          expect(asciiShort(view, at, n)).toBe(String.fromCharCode(...body));
        }
      }
    }
  });

  it("refuses a NUL or a byte of 0x80 or above at any place", () => {
    for (let n = 1; n <= 16; n++) {
      for (let i = 0; i < n; i++) {
        for (const bad of [0x00, 0x80, 0xc3, 0xff]) {
          const body = ascii(n);
          body[i] = bad;
          const { view } = place(body, 1, 0x41);
          expect(asciiShort(view, 1, n)).toBeUndefined();
        }
      }
    }
  });
});

describe("the short-string paths around asciiShort agree with TextDecoder", () => {
  it("ByteReader.string and decodeUtf8, with any padding and at the end of the bytes", () => {
    for (let n = 0; n <= 20; n++) {
      for (let i = -1; i < n; i++) {
        for (const bad of [0x00, 0x80, 0xc3, 0xe2]) {
          const body = ascii(n);
          if (i >= 0) body[i] = bad;
          const want = reference(body);
          for (const pad of [0x00, 0x80, 0xff, 0x41]) {
            // A Variant String: u32 length, the bytes, padding to 4.
            const padded = (n + 3) & ~3;
            const wire = new Uint8Array(4 + padded).fill(pad);
            new DataView(wire.buffer).setUint32(0, n, true);
            wire.set(body, 4);
            const r = new ByteReader(wire);
            if (want === undefined) {
              expect(() => r.string()).toThrow(DecodeError);
            } else {
              expect(r.string()).toBe(want);
              expect(r.pos).toBe(wire.length);
            }
            expect(decodeUtf8(wire, 4, n)).toBe(want);
            // No bytes past the string: decodeUtf8 cannot read its last word.
            expect(decodeUtf8(body, 0, n)).toBe(want);
          }
        }
      }
    }
  });
});

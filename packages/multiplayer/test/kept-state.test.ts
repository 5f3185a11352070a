// What a session keeps between packets (its value reader: core's kept reading with the reader of
// the last packet and the dictionary keys last read; its writer: a chunk that packets are views
// of, and a kept godot-4 codec) gives exactly what a fresh decode or encode gives: the same
// packets, the same errors (code, offset, message, path), bad packets included, and packets
// handed out are never written again.
import { DecodeError, jsBuilder, MODEL, readWith, vector2 } from "@gdvariant/core";
import { createCodec, dialect, encode } from "@gdvariant/godot-4";
import { decodePacket, encodePacket, type Packet } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { type CompressedReader, compressedReader, readValue } from "../src/compressed-variant.js";
import { decodePacketWith } from "../src/decode-packet.js";
import { encodePacketWith } from "../src/encode-packet.js";
import { CHUNK, PacketWriter } from "../src/packet-writer.js";
import { allPackets, hexBytes } from "./capture.js";

type Outcome = { ok: Packet } | { code: string; offset: number; message: string; path: string };

function outcome(read: () => Packet): Outcome {
  try {
    return { ok: read() };
  } catch (e) {
    if (!DecodeError.is(e)) throw e;
    return { code: e.code, offset: e.offset, message: e.message, path: String(e.path ?? "") };
  }
}

let seed = 36;
const rand = (n: number) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};

/** A remote call with one compressed Dictionary argument (keys of the given names). */
function dictCall(keys: readonly string[]): Uint8Array {
  const dict: Record<string, unknown> = {};
  for (const [i, k] of keys.entries()) dict[k] = i % 2 === 0 ? i : `v${i}`;
  return encodePacket({ type: "remote-call", node: 1, method: 0, args: [dict, 7, vector2(1, 2)] });
}

/** Engine packets, their truncations and flips, and packets that stress what is kept. */
function corpus(): Uint8Array[] {
  const engine = allPackets().map((p) => hexBytes(p.hex));
  const out: Uint8Array[] = [];
  for (const bytes of engine) {
    out.push(bytes);
    for (let k = 0; k < 3; k++) out.push(bytes.subarray(0, rand(bytes.length + 1)));
    for (let k = 0; k < 4; k++) {
      const b = bytes.slice();
      const i = rand(b.length);
      b[i] = b[i]! ^ (1 << rand(8));
      out.push(b);
    }
  }
  // Dictionaries of the same size whose keys differ in one byte, in turn (a kept key would be
  // wrong if it were reused without comparing), and a key that is not ASCII.
  for (const keys of [["hp", "xp"], ["hq", "xp"], ["hp", "xq"], ["hp", "xp"], ["hé", "xp"], ["hp"]]) {
    const b = dictCall(keys);
    out.push(b, b.subarray(0, b.length - 3));
  }
  return out;
}

describe("kept state", () => {
  for (const values of ["model", "js"] as const) {
    it(`a reader kept across packets reads and fails as a fresh one (${values})`, () => {
      const options = { values, maxDepth: 64, maxTotalBytes: 1 << 20 };
      const kept: CompressedReader = compressedReader(options);
      const packets = corpus();
      let failures = 0;
      let same = 0;
      for (const bytes of packets) {
        // Twice in a row (the same array: the kept reader is reused), then changed in place.
        for (let round = 0; round < 2; round++) {
          const ours = outcome(() => decodePacketWith(bytes, kept));
          const fresh = outcome(() => decodePacket(bytes, options));
          expect(ours).toEqual(fresh);
          if (!("ok" in fresh)) failures++;
        }
        if (bytes.length > 0) {
          const copy = bytes.slice();
          outcome(() => decodePacketWith(copy, kept));
          copy[copy.length - 1] = copy[copy.length - 1]! ^ 0x40;
          const ours = outcome(() => decodePacketWith(copy, kept));
          const fresh = outcome(() => decodePacket(copy, options));
          expect(ours).toEqual(fresh);
          same++;
        }
      }
      // Both kinds of outcome are exercised.
      expect(failures).toBeGreaterThan(200);
      expect(packets.length * 2 - failures).toBeGreaterThan(1000);
      expect(same).toBeGreaterThan(1000);
    });
  }

  it("floats, Strings and Vector2 arguments read as core's reader reads them", () => {
    // Well-formed values, then the same bytes cut, flipped and with their headers' flag bits set.
    const values: unknown[] = [0.5, 0.1, -0, Number.NaN, 1e300, "", "gg", "gg, well played! 🎮", "abcd"];
    values.push(vector2(12.5, -3.25), vector2(Number.POSITIVE_INFINITY, 1e-40), { x: 0.1, y: 3 });
    const inputs: Uint8Array[] = [];
    for (const v of values) {
      const bytes = encode(v);
      inputs.push(bytes);
      for (let n = 0; n < bytes.length; n++) inputs.push(bytes.subarray(0, n));
      for (let k = 0; k < 24; k++) {
        const b = bytes.slice();
        const i = rand(b.length);
        b[i] = b[i]! ^ (1 << rand(8));
        inputs.push(b);
      }
      for (const bit of [16, 17, 20, 30]) {
        const b = bytes.slice();
        b[bit >> 3] = b[bit >> 3]! | (1 << (bit & 7));
        inputs.push(b);
      }
    }
    // Strings that are not UTF-8, and lengths with the sign bit set.
    inputs.push(
      Uint8Array.of(4, 0, 0, 0, 2, 0, 0, 0, 0xc3, 0x28, 0, 0),
      Uint8Array.of(4, 0, 0, 0, 0, 0, 0, 0x80),
    );
    let read = 0;
    for (const values of ["model", "js"] as const) {
      for (const maxTotalBytes of [undefined, 7]) {
        const options = { values, ...(maxTotalBytes === undefined ? {} : { maxTotalBytes }) };
        const kept = compressedReader(options);
        const builder = values === "js" ? jsBuilder({}) : MODEL;
        for (const input of inputs) {
          if (input.length > 0 && (input[0]! & 0x3f) <= 2) continue; // nil, bool, int: compressed forms
          let ours: unknown;
          let fresh: unknown;
          try {
            ours = { value: readValue(input, 0, kept), length: kept.next };
          } catch (e) {
            ours = DecodeError.is(e) ? [e.code, e.offset, e.message] : e;
          }
          try {
            fresh = readWith(dialect, input, { ...options, offset: 0 }, builder);
            read++;
          } catch (e) {
            fresh = DecodeError.is(e) ? [e.code, e.offset, e.message] : e;
          }
          if (input.length === 0) continue; // ours: "compressed value ends early"
          expect(ours).toEqual(fresh);
        }
      }
    }
    expect(read).toBeGreaterThan(200);
  });

  it("floats, Strings and Vector2 arguments are written as godot-4's encode writes them", () => {
    const floats = new Float64Array(1);
    const f32 = new Float32Array(1);
    const bits = new Uint32Array(floats.buffer);
    const args: unknown[] = [0.5, 0.1, -0, Number.NaN, Number.POSITIVE_INFINITY, -1e-310, 2 ** 60 + 0.5];
    for (let k = 0; k < 300; k++) {
      bits[0] = rand(1 << 24) * 256 + rand(256);
      bits[1] = rand(1 << 24) * 256 + rand(256);
      args.push(floats[0]);
      f32[0] = floats[0]!;
      args.push(f32[0], vector2(f32[0]!, -f32[0]!), vector2(floats[0]!, 1));
      // Strings of random UTF-16 units: ASCII, 2- and 3-byte characters, pairs and lone halves.
      const units = Array.from(
        { length: rand(40) },
        () => [rand(0x80), 0x80 + rand(0x780), 0x800 + rand(0xf800), 0xd800 + rand(0x800)][rand(4)]!,
      );
      args.push(String.fromCharCode(...units));
    }
    args.push("", "abc", "abcd", "gg, well played! 🎮", "\0", "x".repeat(70_000), {
      kind: "vector2",
      x: "1",
      y: 2,
    });
    const w = new PacketWriter(CHUNK, createCodec());
    let checked = 0;
    for (const a of args) {
      if (Number.isInteger(a)) continue; // ints have their own compressed form
      let expected: unknown;
      try {
        expected = [0, 1, 0, 1, ...encode(a)];
      } catch (e) {
        expected = String(e);
      }
      for (const get of [
        () => encodePacket({ type: "remote-call", node: 1, method: 0, args: [a] }),
        () => encodePacketWith(w, { type: "remote-call", node: 1, method: 0, args: [a] }),
      ]) {
        let ours: unknown;
        try {
          ours = [...get()];
        } catch (e) {
          ours = String(e);
        }
        expect(ours).toEqual(expected);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it("a kept reader returns key strings equal to a fresh decode's, hit or miss", () => {
    const kept = compressedReader({ values: "js" });
    for (const keys of [
      ["aa", "bb"],
      ["aa", "bc"],
      ["ab", "bb"],
      ["aa", "bb"],
    ]) {
      const got = decodePacketWith(dictCall(keys), kept);
      expect(got.type === "remote-call" && Object.keys(got.args[0] as object)).toEqual(keys);
    }
  });

  it("a session's writer (chunk views, kept codec) writes what encodePacket writes, and never rewrites", () => {
    const packets: Packet[] = allPackets().map((p) => decodePacket(hexBytes(p.hex)));
    // Values the codec writes itself, a packet with a path, and one larger than a chunk.
    packets.push(
      { type: "remote-call", node: 3, method: 1, args: [vector2(1.5, -2), "gg 🎮", { a: [1, 2.5, "x"] }] },
      { type: "remote-call", node: "Game/Board", method: 2, args: [true, 1n << 40n, -129] },
      { type: "raw", data: new Uint8Array(CHUNK + 100).fill(7) },
      { type: "remote-call", node: 1, method: 0, args: ["y".repeat(CHUNK * 2)] },
    );
    const w = new PacketWriter(CHUNK, createCodec());
    const sent: Uint8Array[] = [];
    // Enough rounds to fill several chunks.
    for (let round = 0; round < 6; round++) for (const p of packets) sent.push(encodePacketWith(w, p));
    const expected = packets.map((p) => encodePacket(p));
    const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, j) => x === b[j]);
    const wrong = sent.flatMap((bytes, i) => (same(bytes, expected[i % packets.length]!) ? [] : [i]));
    expect(wrong).toEqual([]);
    expect(sent.length).toBe(packets.length * 6);
  });
});

// Bad packets: every truncation and random corruption of every captured engine packet, hostile
// counts and deep values give a DecodeError with a code and an offset inside the packet, or a
// packet; nothing else escapes, and no count is allocated before it is checked.
import { DecodeError } from "@gdvariant/core";
import { decodePacket } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { allPackets, hexBytes } from "./capture.js";

function outcome(bytes: Uint8Array): "ok" | DecodeError {
  try {
    decodePacket(bytes);
    return "ok";
  } catch (e) {
    if (!DecodeError.is(e)) throw e;
    expect(e.offset).toBeGreaterThanOrEqual(0);
    expect(e.offset).toBeLessThanOrEqual(bytes.length);
    return e;
  }
}

describe("bad packets", () => {
  const packets = allPackets().map((p) => hexBytes(p.hex));

  it("every truncation of every engine packet is a packet or a DecodeError", () => {
    let errors = 0;
    for (const bytes of packets) {
      for (let n = 0; n < bytes.length; n++) if (outcome(bytes.subarray(0, n)) !== "ok") errors++;
    }
    expect(errors).toBeGreaterThan(1000);
  });

  it("random byte flips give a packet or a DecodeError", () => {
    let seed = 37;
    const rand = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    for (const original of packets) {
      for (let k = 0; k < 8; k++) {
        const bytes = original.slice();
        const i = rand() % bytes.length;
        bytes[i] = bytes[i]! ^ (1 << (rand() % 8));
        outcome(bytes);
      }
    }
  });

  it("names each malformation with its code and offset", () => {
    const cases: [string, number[], string, number][] = [
      ["empty", [], "truncated", 0],
      ["node id width 3", [0x30, 1, 1, 1, 1, 1], "invalid-data", 0],
      ["no argument count", [0x00, 1, 4], "truncated", 3],
      ["argument count lies", [0x00, 1, 4, 200, 0x02, 1], "truncated", 6],
      ["path offset inside the header", [0x20, 2, 0, 0, 0x80, 4, 0], "invalid-data", 1],
      ["path offset past the end", [0x20, 99, 0, 0, 0x80, 4, 0], "invalid-data", 1],
      ["unknown compressed type", [0x00, 1, 4, 1, 45], "unknown-type", 4],
      ["mode bits on a float", [0x00, 1, 4, 1, 0x43, 0, 0, 0, 0, 0, 0, 0], "unknown-type", 4],
      ["unknown SYS command", [7, 9, 0, 0, 0, 0], "invalid-data", 1],
      ["short relay", [7, 3, 2, 0, 0, 0], "truncated", 6],
      ["confirm path too long", [2, 1, 1, 0, 0, 0, 0], "invalid-data", 6],
      [
        "spawn sync count of 2^32-1",
        [4, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 0x41],
        "invalid-data",
        10,
      ],
      ["zero spawn name", [4, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x41], "invalid-data", 14],
      ["sync size lies", [6, 1, 0, 1, 0, 0, 0x80, 0xff, 0xff, 0, 0, 1], "invalid-data", 7],
      ["path not UTF-8", [0x20, 6, 0, 0, 0x80, 3, 0xff, 0xfe, 0], "invalid-utf8", 6],
    ];
    for (const [what, bytes, code, offset] of cases) {
      const e = outcome(Uint8Array.from(bytes));
      expect(e, what).not.toBe("ok");
      expect([(e as DecodeError).code, (e as DecodeError).offset], what).toEqual([code, offset]);
    }
  });

  it("a 100,000-deep argument fails at the depth limit, and a lying array count allocates nothing", () => {
    // [[[[...]]]]: ARRAY headers with count 1, 100,000 deep.
    const depth = 100_000;
    const deep = new Uint8Array(4 + depth * 8);
    deep.set([0x00, 1, 4, 1], 0);
    for (let i = 0; i < depth; i++) deep.set([28, 0, 0, 0, 1, 0, 0, 0], 4 + i * 8);
    expect((outcome(deep) as DecodeError).code).toBe("depth-exceeded");
    // An array that claims 2^31-1 items in a 12-byte argument.
    const lying = Uint8Array.from([0x00, 1, 4, 1, 28, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]);
    expect((outcome(lying) as DecodeError).code).toMatch(/truncated|limit-exceeded/);
  });
});

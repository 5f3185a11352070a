// Property round trips: every packet the encoder makes decodes to what was encoded and encodes
// back to the same bytes; the compressed form of any 4.x value reads back as godot-4's decode of
// its ordinary form.

import { decode, encode } from "@gdvariant/godot-4";
import {
  decodeCompressed,
  decodePacket,
  encodeCompressed,
  encodePacket,
  type Packet,
} from "@gdvariant/multiplayer";
import { engineValue4 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const u32 = fc.integer({ min: 0, max: 0xffffffff });
const value = engineValue4();
const path = fc.string({ minLength: 1, maxLength: 20, unit: "grapheme" }).filter((s) => !s.includes("\0"));

const packet: fc.Arbitrary<Packet> = fc.oneof(
  fc.record({
    type: fc.constant("remote-call" as const),
    node: fc.oneof(fc.integer({ min: 1, max: 0x7fffffff }), path),
    method: fc.integer({ min: 0, max: 0xffff }),
    args: fc.array(value, { maxLength: 5 }),
  }),
  fc.record({
    type: fc.constant("simplify-path" as const),
    checksum: fc.stringMatching(/^[0-9a-f]{32}$/),
    id: u32,
    path,
  }),
  fc.record({ type: fc.constant("confirm-path" as const), valid: fc.boolean(), id: u32 }),
  fc.record({ type: fc.constant("raw" as const), data: fc.uint8Array({ minLength: 1, maxLength: 30 }) }),
  fc.record({
    type: fc.constant("spawn" as const),
    scene: fc.integer({ min: 0, max: 254 }),
    spawner: u32,
    netId: u32,
    syncIds: fc.array(u32, { maxLength: 3 }),
    name: path,
    state: fc.array(value, { maxLength: 3 }),
  }),
  fc.record({
    type: fc.constant("spawn" as const),
    scene: fc.constant(255),
    spawner: u32,
    netId: u32,
    syncIds: fc.array(u32, { maxLength: 3 }),
    name: path,
    arg: value,
    state: fc.array(value, { maxLength: 3 }),
  }),
  fc.record({ type: fc.constant("despawn" as const), netId: u32 }),
  fc.record({
    type: fc.constant("sync" as const),
    time: fc.integer({ min: 0, max: 0xffff }),
    entries: fc.array(fc.record({ netId: u32, state: fc.array(value, { minLength: 1, maxLength: 3 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
  }),
  fc.record({
    type: fc.constant("delta" as const),
    entries: fc.array(
      fc.record({
        netId: u32,
        indexes: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
        state: fc.array(value, { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
  }),
  fc.record({ type: fc.constant("auth" as const), data: fc.uint8Array({ maxLength: 30 }) }),
  fc.record({
    type: fc.constantFrom("add-peer" as const, "del-peer" as const),
    peer: fc.integer({ min: -0x80000000, max: 0x7fffffff }),
  }),
  fc.record({
    type: fc.constant("relay" as const),
    peer: fc.integer({ min: -0x80000000, max: 0x7fffffff }),
    packet: fc.uint8Array({ minLength: 1, maxLength: 30 }),
  }),
);

describe("packets: property round trips", () => {
  it("encode -> decode -> encode gives the same bytes and the same packet", () => {
    fc.assert(
      fc.property(packet, (p) => {
        const bytes = encodePacket(p);
        const back = decodePacket(bytes);
        expect(encodePacket(back)).toEqual(bytes);
        expect(back.type).toBe(p.type);
        if (p.type === "remote-call" && back.type === "remote-call") {
          expect(back.node).toEqual(p.node);
          expect(back.method).toBe(p.method);
          // As the engine: a lone empty PackedByteArray is the "byte only" form with no bytes,
          // which reads back as a call without arguments (README, "Bad input").
          const a = p.args[0] as { kind?: string; data?: Uint8Array } | undefined;
          const loneEmptyBytes = p.args.length === 1 && a?.kind === "packedByteArray" && a.data?.length === 0;
          expect(back.args.length).toBe(loneEmptyBytes ? 0 : p.args.length);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("a lone empty PackedByteArray reads back as no arguments, as the engine reads it", () => {
    const p: Packet = {
      type: "remote-call",
      node: 1,
      method: 0,
      args: [{ kind: "packedByteArray", data: new Uint8Array(0) }],
    };
    const back = decodePacket(encodePacket(p));
    expect(back).toMatchObject({ type: "remote-call", node: 1, method: 0, args: [] });
    expect(encodePacket(back)).toEqual(encodePacket({ ...p, args: [] }));
  });

  it("a compressed value reads back as the ordinary form does", () => {
    fc.assert(
      fc.property(value, (v) => {
        const c = encodeCompressed(v);
        const r = decodeCompressed(c);
        expect(r.length).toBe(c.length);
        expect(r.value).toEqual(decode(encode(v)));
      }),
      { numRuns: 400 },
    );
  });

  it("ints take 1, 2, 4 or 8 bytes exactly at the engine's boundaries", () => {
    const cases: [number | bigint, number][] = [
      [127, 2],
      [128, 3],
      [-128, 2],
      [-129, 3],
      [32767, 3],
      [32768, 5],
      [-32769, 5],
      [2147483647, 5],
      [2147483648, 9],
      [-2147483649, 9],
      [9223372036854775807n, 9],
    ];
    for (const [v, n] of cases) {
      const c = encodeCompressed(v);
      expect(c.length, String(v)).toBe(n);
      expect(decodeCompressed(c, 0, { values: "js" }).value).toBe(typeof v === "bigint" ? v : v);
    }
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (v) => {
        const js = decodeCompressed(encodeCompressed(v), 0, { values: "js" }).value;
        expect(BigInt(js as number | bigint)).toBe(v);
      }),
    );
  });
});

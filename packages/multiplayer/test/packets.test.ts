// Every packet Godot 4.6.3 sent in the capture decodes, re-encodes to the same bytes, and
// carries what the engine says it carried: the sender's call (path, method, arguments), the
// receiver's view of it, the checksums of the nodes' RPC lists, and the replicated state.

import { parseVariantText, type Value } from "@gdvariant/core";
import { decode, toText } from "@gdvariant/godot-4";
import { decodePacket, encodePacket, type Packet } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { allPackets, type CapturedStep, capture, hexBytes, tableOf, toHex } from "./capture.js";

const items = (hex: string): Value[] => (decode(hexBytes(hex)) as unknown as { items: Value[] }).items;

/** The packet and, for a relay, the packet inside (what the final receiver processes). */
function unwrap(p: Packet): Packet {
  return p.type === "relay" ? decodePacket(p.packet) : p;
}

describe("engine capture (Godot 4.6.3)", () => {
  const packets = allPackets();

  it("holds every command and enough packets", () => {
    expect(capture.engine).toMatch(/^4\.6\.3/);
    const types = new Set(packets.map((p) => unwrap(decodePacket(hexBytes(p.hex))).type));
    for (const p of packets) types.add(decodePacket(hexBytes(p.hex)).type);
    expect([...types].sort()).toEqual(
      [
        "add-peer",
        "auth",
        "confirm-path",
        "del-peer",
        "delta",
        "despawn",
        "raw",
        "relay",
        "remote-call",
        "simplify-path",
        "spawn",
        "sync",
      ].sort(),
    );
    expect(packets.length).toBeGreaterThan(1200);
  });

  it("decodes every packet and re-encodes it to the engine's bytes (relayed packets too)", () => {
    let checked = 0;
    for (const p of packets) {
      const bytes = hexBytes(p.hex);
      const packet = decodePacket(bytes);
      expect(toHex(encodePacket(packet)), `${p.step.label}: ${p.hex}`).toBe(p.hex);
      if (packet.type === "relay") {
        expect(toHex(encodePacket(decodePacket(packet.packet)))).toBe(toHex(packet.packet));
      }
      checked++;
    }
    expect(checked).toBe(packets.length);
  });

  it("every call carries the sender's node, method and arguments, as the receiver saw them", () => {
    // Path-cache ids announced per direction (sender -> final receiver), as SIMPLIFY_PATH says.
    const cache = new Map<string, string>();
    let calls = 0;
    let seen = 0;
    for (const step of capture.steps) {
      const rpcs: { dest: number; from: number; p: Packet & { type: "remote-call" } }[] = [];
      for (const c of step.packets) {
        if (c.hex === "") continue;
        const outer = decodePacket(hexBytes(c.hex));
        // Server-side relays name the destination, client-side ones the source.
        const origin = outer.type === "relay" ? (c.from === 1 ? outer.peer : c.from) : c.from;
        const dest = outer.type === "relay" ? (c.from === 1 ? c.to : outer.peer) : c.to;
        if (outer.type === "relay" && c.from !== 1) continue; // the server's copy follows
        const p = unwrap(outer);
        if (p.type === "simplify-path") {
          const table = tableOf(p.path);
          expect(table, p.path).toBeDefined();
          expect(p.checksum, p.path).toBe(table!.checksum);
          cache.set(`${origin}>${dest}:${p.id}`, p.path);
        }
        if (p.type === "remote-call") rpcs.push({ dest, from: origin, p });
      }
      for (const { dest, from, p } of rpcs) {
        const path = typeof p.node === "string" ? p.node : cache.get(`${from}>${dest}:${p.node}`);
        expect(path, `${step.label}: node ${p.node}`).toBeDefined();
        const method = tableOf(path!)!.methods[p.method]!.name;
        if (step.action.do === "rpc") {
          expect([path, method], step.label).toEqual([step.action.path, step.action.method]);
          const sent = items(step.action.hex as string);
          // A lone empty PackedByteArray goes "byte only" with no bytes: it arrives as no argument.
          expect(p.args, step.label).toEqual(step.label.includes("empty PackedByteArray") ? [] : sent);
        }
        calls++;
      }
      // The receivers' view: every remote call event matches a packet to that peer, in order.
      const remote = step.events.filter((e) => e.kind === "call" && e.sender !== e.peer);
      for (const e of remote) {
        const i = rpcs.findIndex((r) => r.dest === e.peer && r.from === e.sender);
        expect(i, `${step.label}: call at ${e.peer}`).toBeGreaterThanOrEqual(0);
        const [r] = rpcs.splice(i, 1);
        expect(r!.p.args).toEqual(items(e.hex as string));
        seen++;
      }
    }
    expect(calls).toBeGreaterThan(400);
    expect(seen).toBeGreaterThan(390);
  });

  it("SPAWN, SYNC and delta packets carry the state every peer ended up with", () => {
    let checked = 0;
    for (const step of capture.steps.filter((s) => s.state !== undefined)) {
      for (const peer of [2, 3]) {
        const mine = step.state!.find((s) => s.peer === peer)!;
        const board = (parseVariantText(mine.board, { dialect: "godot-4" }) as unknown as { items: Value[] })
          .items;
        for (const p of packetsTo(step, peer)) {
          if (p.type === "sync") {
            for (const e of p.entries)
              if (e.netId >>> 0 === 0x80000002) expect(text(e.state[0])).toBe(text(board[0]));
            checked++;
          }
          if (p.type === "spawn") {
            const world = (
              parseVariantText(mine.world, { dialect: "godot-4" }) as unknown as { items: Value[] }
            ).items;
            const entry = world.find(
              (w) => text((w as unknown as { items: Value[] }).items[0]) === JSON.stringify(p.name),
            );
            const [, position, hp, label] = (entry as unknown as { items: Value[] }).items;
            // Spawned later in the step's state only if not changed since: compare what was sent.
            if (step.action.do !== "player-change")
              expect(p.state.map(text)).toEqual([position, hp, label].map(text));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});

function text(v: unknown): string {
  return toText(v as Value);
}

function packetsTo(step: CapturedStep, peer: number): Packet[] {
  return step.packets.filter((c) => c.to === peer && c.hex !== "").map((c) => decodePacket(hexBytes(c.hex)));
}

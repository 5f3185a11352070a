// Server-side replication: the SPAWN packets a Session makes are the engine's bytes for the same
// spawns (capture steps "spawn a scene (P1)" and "spawn with the custom function"), a late
// joiner gets every live node, states split at the sync packet size, deltas carry only changes.
import { vector2 } from "@gdvariant/core";
import { decodePacket, type Packet, type ReplicationConfig, Session } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { capture, toHex } from "./capture.js";
import { GAME_RPC } from "./scene.js";

const PLAYER: ReplicationConfig = [
  { name: ".:position", spawn: true, mode: "always" },
  { name: ".:hp", spawn: true, mode: "on_change" },
  { name: ".:label", spawn: true, mode: "never" },
];
const BOARD: ReplicationConfig = [
  { name: ".:position", mode: "always" },
  { name: ".:score", mode: "on_change" },
  { name: ".:tags", mode: "on_change" },
];

function peerLink() {
  const sent: Uint8Array[] = [];
  return { sent, send: (b: Uint8Array) => sent.push(b), close: () => {} };
}

const decoded = (link: { sent: Uint8Array[] }): Packet[] =>
  link.sent.map((b) => decodePacket(b, { values: "js" }));

describe("session replication (server side)", () => {
  it("spawns with the engine's bytes", () => {
    const session = new Session({ nodes: { Game: { rpc: GAME_RPC } } }, 1);
    const two = peerLink();
    session.open(2, two);
    // The engine's server cached Game (1) and the board's synchronizer (2) before the spawner (3).
    session.rpc(2, "Game", "take0", []);
    session.synchronizer("Game/Board/Sync", BOARD, {});
    session.tick();
    two.sent.length = 0;
    const spawner = session.spawner("Game/Spawner");
    spawner.spawn({
      name: "P1",
      scene: 0,
      synchronizers: [PLAYER],
      values: { ".:position": vector2(3, 4), ".:hp": 42, ".:label": "first" },
    });
    spawner.spawn({
      name: "Custom",
      arg: { name: "Custom", hp: 7, label: "custom ✓" },
      synchronizers: [PLAYER],
      values: { ".:position": vector2(0, 0), ".:hp": 7, ".:label": "custom ✓" },
    });
    const engineSpawns = capture.steps
      .filter((s) => s.label.startsWith("spawn"))
      .flatMap((s) => s.packets.filter((p) => p.to === 2 && p.hex.startsWith("04")).map((p) => p.hex));
    expect(engineSpawns.length).toBe(2);
    expect(two.sent.map(toHex).filter((h) => h.startsWith("04"))).toEqual(engineSpawns);
  });

  it("gives a late joiner every live node, splits SYNC at maxSyncPacketSize, sends deltas of changes only", () => {
    const session = new Session({ maxSyncPacketSize: 200 }, 1);
    const early = peerLink();
    session.open(2, early);
    const spawner = session.spawner("Game/Spawner");
    const nodes = Array.from({ length: 40 }, (_, i) =>
      spawner.spawn({
        name: `N${i}`,
        scene: 0,
        synchronizers: [PLAYER],
        values: { ".:position": vector2(i, -i), ".:hp": i, ".:label": "x" },
      }),
    );
    nodes[3]!.despawn();
    const late = peerLink();
    session.open(3, late);
    const lateSpawns = decoded(late).filter((p) => p.type === "spawn");
    expect(lateSpawns.map((p) => (p as { name: string }).name)).toEqual(
      nodes.filter((_, i) => i !== 3).map((n) => n.name),
    );
    early.sent.length = 0;
    late.sent.length = 0;
    session.tick();
    for (const link of [early, late]) {
      const syncs = link.sent.filter((b) => b[0] === 6);
      expect(syncs.length).toBeGreaterThan(1);
      for (const b of syncs) expect(b.length).toBeLessThanOrEqual(200);
      const entries = decoded({ sent: syncs }).flatMap((p) => (p.type === "sync" ? p.entries : []));
      expect(entries.length).toBe(39);
      const deltas = decoded(link).flatMap((p) => (p.type === "delta" ? p.entries : []));
      expect(deltas.length).toBe(39); // the first delta has every on-change property
    }
    early.sent.length = 0;
    nodes[7]!.set(".:hp", 1000);
    session.tick();
    const deltas = decoded(early).flatMap((p) => (p.type === "delta" ? p.entries : []));
    expect(deltas).toEqual([{ netId: nodes[7]!.netId + 1, indexes: 1n, state: [1000] }]);
  });
});

// Live: a Node server built on @gdvariant/multiplayer (WebSocket on 127.0.0.1) and real Godot
// 4.6.3 clients (tools/multiplayer/live/client.gd, stock WebSocketMultiplayerPeer and
// SceneMultiplayer). Two clients authenticate and play; a third is refused.
// - client -> server: each client sends 40 random values of every type as take2(v, var_to_bytes(v));
//   the server must read v as exactly the engine's var_to_bytes says;
// - server -> client: 40 values made here as take2(v, encode(v)) to each; each client checks
//   var_to_bytes(v) == the bytes and reports;
// - client -> client through the server's relay (path cache and all);
// - a synchronizer (always + on change) and two spawned nodes (scene and custom), changed and
//   one despawned: every client reports its scene, which must be the server's state;
// - one client leaves: the other is told (DEL_PEER); a refused authentication.
// Bounded: every wait has a timeout, engines are SIGKILLed after 60 s and killed at the end.
import { once } from "node:events";
import { equals, packedStringArray, type Value, vector2 } from "@gdvariant/core";
import { decode, encode, toText } from "@gdvariant/godot-4";
import { createServer, type ReplicationConfig } from "@gdvariant/multiplayer";
import { engineValue4 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { type EngineRun, godot4Binary, projectWith, startEngine, within } from "./engine.js";
import { GAME_RPC } from "./scene.js";

const bin = godot4Binary();
if (bin === undefined && process.env.CI) {
  throw new Error("CI: no Godot 4 engine (set GODOT4_BIN or run tools/engines/godot4.sh)");
}
const SEED = Number(process.env.GDVARIANT_LIVE_SEED ?? 1);
const COUNT = 40;

const GAME = GAME_RPC;
const PLAYER: ReplicationConfig = [
  { name: ".:position", spawn: true, mode: "always" },
  { name: ".:hp", spawn: true, mode: "on_change" },
  { name: ".:label", spawn: true, mode: "never" },
];

const str = (v: unknown) => (v as { value: string }).value;
const items = (v: unknown) => (v as { items: Value[] }).items;

describe.skipIf(bin === undefined)("live: Godot 4.6.3 clients against the Node server", () => {
  it(`plays two authenticated clients, refuses a third (seed ${SEED})`, async () => {
    const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    await once(wss, "listening");
    const port = (wss.address() as { port: number }).port;
    const engines: EngineRun[] = [];
    const got = new Map<number, { good: number; bad: string[] }>();
    const reports: { peer: number; what: Value[] }[] = [];
    const waiters: { test: () => boolean; resolve: () => void }[] = [];
    const until = (test: () => boolean, ms: number, what: string) =>
      within(
        new Promise<void>((resolve) => {
          if (test()) resolve();
          else waiters.push({ test, resolve });
        }),
        ms,
        what,
      );
    const poke = () => {
      for (const w of [...waiters]) if (w.test()) waiters.splice(waiters.indexOf(w), 1) && w.resolve();
    };
    const errors: string[] = [];
    const server = createServer({
      webSocketServer: wss,
      values: "model",
      nodes: { Game: { rpc: GAME } },
      authenticate: (_peer, data) =>
        new TextDecoder().decode(data) === "let me in"
          ? { reply: new TextEncoder().encode("welcome") }
          : false,
      handlers: {
        Game: {
          take2: (ctx, v: Value, bytes: Value) => {
            const entry = got.get(ctx.peer) ?? { good: 0, bad: [] };
            got.set(ctx.peer, entry);
            const engine = decode((bytes as { data: Uint8Array }).data);
            if (equals(v, engine)) entry.good++;
            else entry.bad.push(`${toText(v)} != ${toText(engine)}`);
            poke();
          },
          take1: (ctx, what: Value) => {
            reports.push({ peer: ctx.peer, what: what.kind === "array" ? items(what) : [what] });
            poke();
          },
        },
      },
    });
    const joined: number[] = [];
    const left: number[] = [];
    const refused: number[] = [];
    server.on("join", (p) => {
      joined.push(p);
      poke();
    });
    server.on("leave", (p) => {
      left.push(p);
      poke();
    });
    server.on("authFailed", (p) => {
      refused.push(p);
      poke();
    });
    server.on("error", (e) => errors.push(e.message));
    const start = (password: string, seed: number) => {
      const dir = projectWith("client.gd");
      const run = startEngine(
        bin!,
        [
          "--headless",
          "--path",
          dir,
          "-s",
          "client.gd",
          "--",
          `--url=ws://127.0.0.1:${port}`,
          `--seed=${seed}`,
          `--count=${COUNT}`,
          `--password=${password}`,
        ],
        dir,
        60_000,
      );
      engines.push(run);
      return run;
    };
    const said = (peer: number, tag: string) =>
      reports.find((r) => r.peer === peer && str(r.what[0]) === tag);
    try {
      const a = start("let me in", SEED);
      const b = start("let me in", SEED + 1);
      await until(() => joined.length === 2, 30_000, "two clients join");
      const [pa, pb] = joined as [number, number];
      const c = start("wrong", SEED + 2);
      await until(() => refused.length === 1, 20_000, "the third client is refused");
      expect(await within(c.exited, 20_000, "refused client exits"), c.output()).toBe(0);

      // Client -> server: every value as the engine's own bytes say.
      await until(
        () => said(pa, "sent") !== undefined && said(pb, "sent") !== undefined,
        20_000,
        "clients send",
      );
      for (const p of [pa, pb]) {
        expect(got.get(p)?.bad ?? []).toEqual([]);
        expect(got.get(p)?.good).toBe(COUNT);
      }

      // Server -> client: values made here, checked by the engine.
      const values = fc.sample(engineValue4(), { seed: SEED, numRuns: COUNT });
      for (const p of [pa, pb]) for (const v of values) server.rpc(p, "Game", "take2", v, encode(v));
      const board = server.synchronizer(
        "Game/Board/Sync",
        [
          { name: ".:position", mode: "always" },
          { name: ".:score", mode: "on_change" },
          { name: ".:tags", mode: "on_change" },
        ],
        { ".:position": vector2(1.5, -2), ".:score": 7, ".:tags": packedStringArray(["a", "b"]) },
      );
      const spawner = server.spawner("Game/Spawner");
      const p1 = spawner.spawn({
        name: "P1",
        scene: 0,
        synchronizers: [PLAYER],
        values: { ".:position": vector2(3, 4), ".:hp": 42, ".:label": "first" },
      });
      const custom = spawner.spawn({
        name: "Custom",
        arg: { name: "Custom", hp: 7, label: "custom ✓" },
        synchronizers: [PLAYER],
        values: { ".:position": vector2(0, 0), ".:hp": 7, ".:label": "custom ✓" },
      });
      server.broadcast("Game", "from_server", "report");
      await until(
        () => said(pa, "checked") !== undefined && said(pb, "checked") !== undefined,
        20_000,
        "reports",
      );
      for (const p of [pa, pb]) {
        const [, ok, bad] = said(p, "checked")!.what;
        expect([(ok as { value: number }).value, (bad as { value: number }).value], `peer ${p}`).toEqual([
          COUNT,
          0,
        ]);
      }
      // Each client called take1 on the other through the relay; the other reported it.
      await until(
        () => reports.filter((r) => str(r.what[0]) === "relayed").length === 2,
        20_000,
        "relayed calls",
      );
      for (const [to, from] of [
        [pa, pb],
        [pb, pa],
      ]) {
        const r = reports.find((x) => x.peer === to && str(x.what[0]) === "relayed")!;
        expect([(r.what[1] as { value: number }).value, str(r.what[2])]).toEqual([
          from,
          `hello from ${from}`,
        ]);
      }

      // Replication: what every client's scene holds is the server's state.
      let statesChecked = 0;
      const expectState = async (round: string, boardItems: Value[], world: Value[][]) => {
        await new Promise((r) => setTimeout(r, 400));
        server.broadcast("Game", "from_server", "state");
        await until(
          () => reports.filter((r) => str(r.what[0]) === "state").length >= 2,
          20_000,
          `state ${round}`,
        );
        for (const p of [pa, pb]) {
          const r = reports.find((x) => x.peer === p && str(x.what[0]) === "state")!;
          expect(str(r.what[1]), `${round} board at ${p}`).toBe(toText({ kind: "array", items: boardItems }));
          expect(str(r.what[2]), `${round} world at ${p}`).toBe(
            toText({ kind: "array", items: world.map((w) => ({ kind: "array", items: w })) }),
          );
          statesChecked++;
        }
        for (const p of [pa, pb])
          reports.splice(
            reports.findIndex((x) => x.peer === p && str(x.what[0]) === "state"),
            1,
          );
      };
      const int = (value: number): Value => ({ kind: "int", value });
      const s = (value: string): Value => ({ kind: "string", value });
      await expectState(
        "spawned",
        [vector2(1.5, -2), int(7), packedStringArray(["a", "b"])],
        [
          [s("P1"), vector2(3, 4), int(42), s("first")],
          [s("Custom"), vector2(0, 0), int(7), s("custom ✓")],
        ],
      );
      board.set(".:score", 8);
      board.set(".:position", vector2(3, 4));
      p1.set(".:hp", 41);
      p1.set(".:position", vector2(-1, 0.5));
      custom.despawn();
      await expectState(
        "changed",
        [vector2(3, 4), int(8), packedStringArray(["a", "b"])],
        [[s("P1"), vector2(-1, 0.5), int(41), s("first")]],
      );

      // A client leaves: the server sees it, the other client is told.
      server.rpc(pb, "Game", "from_server", "bye");
      await until(() => left.includes(pb), 20_000, "client b leaves");
      await until(() => reports.some((r) => r.peer === pa && str(r.what[0]) === "left"), 20_000, "a is told");
      expect((said(pa, "left")!.what[1] as { value: number }).value).toBe(pb);
      server.rpc(pa, "Game", "from_server", "bye");
      // Join order need not be start order: both clients must end cleanly.
      for (const run of [a, b])
        expect(await within(run.exited, 20_000, "clients exit"), run.output()).toBe(0);
      expect(errors).toEqual([]);
      // What this run checked against the engine, by direction.
      const checkedBy = (p: number) => (said(p, "checked")!.what[1] as { value: number }).value;
      console.log(
        [
          `client -> server any_peer calls checked: ${(got.get(pa)?.good ?? 0) + (got.get(pb)?.good ?? 0)}`,
          `server -> client calls checked by the engine: ${checkedBy(pa) + checkedBy(pb)}`,
          `relayed client -> client calls: ${reports.filter((r) => str(r.what[0]) === "relayed").length}`,
          `replicated states checked (client x round): ${statesChecked}`,
          `refused authentications: ${refused.length}`,
          `leaving clients seen by the server: ${left.length}`,
        ].join("\n"),
      );
    } catch (e) {
      for (const run of engines) console.error(run.output());
      throw e;
    } finally {
      server.close();
      for (const run of engines) run.kill();
      wss.close();
    }
  }, 120_000);
});

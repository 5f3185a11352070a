// Live: a Node client built on @gdvariant/multiplayer (ws's WebSocket) joins a real Godot 4.6.3
// server (tools/multiplayer/live/server.gd: WebSocketMultiplayerPeer.create_server on 127.0.0.1,
// SceneMultiplayer with an auth_callback). The server sends 40 random values as
// take2(v, var_to_bytes(v)): each must read here as the engine's bytes say; the client sends 40
// values made here as take2(v, encode(v)), which the engine checks and reports.
// Bounded: every wait has a timeout; the engine is SIGKILLed after 60 s and killed at the end.
import { createServer as createTcpServer } from "node:net";
import { equals, type Value } from "@gdvariant/core";
import { decode, encode, toText } from "@gdvariant/godot-4";
import { connect } from "@gdvariant/multiplayer";
import { engineValue4 } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { godot4Binary, projectWith, startEngine, within } from "./engine.js";
import { GAME_RPC } from "./scene.js";

const bin = godot4Binary();
if (bin === undefined && process.env.CI) {
  throw new Error("CI: no Godot 4 engine (set GODOT4_BIN or run tools/engines/godot4.sh)");
}
const SEED = Number(process.env.GDVARIANT_LIVE_SEED ?? 1);
const COUNT = 40;

const GAME = GAME_RPC;

async function freePort(): Promise<number> {
  const s = createTcpServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe.skipIf(bin === undefined)("live: a Node client against a Godot 4.6.3 server", () => {
  it(`authenticates and exchanges ${COUNT} values each way (seed ${SEED})`, async () => {
    const port = await freePort();
    const dir = projectWith("server.gd");
    const engine = startEngine(
      bin!,
      [
        "--headless",
        "--path",
        dir,
        "-s",
        "server.gd",
        "--",
        `--port=${port}`,
        `--seed=${SEED}`,
        `--count=${COUNT}`,
      ],
      dir,
      60_000,
    );
    try {
      const deadline = Date.now() + 20_000;
      while (!engine.output().includes("SERVER listening")) {
        if (Date.now() > deadline) throw new Error("the engine did not listen");
        await new Promise((r) => setTimeout(r, 50));
      }
      let good = 0;
      const bad: string[] = [];
      let hello = false;
      let checked: Value[] | undefined;
      const client = await within(
        connect(`ws://127.0.0.1:${port}`, {
          WebSocket,
          values: "model",
          auth: { data: new TextEncoder().encode("let me in") },
          nodes: { Game: { rpc: GAME } },
          handlers: {
            Game: {
              take2: (_ctx, v: Value, bytes: Value) => {
                const engineValue = decode((bytes as { data: Uint8Array }).data);
                if (equals(v, engineValue)) good++;
                else bad.push(`${toText(v)} != ${toText(engineValue)}`);
              },
              from_server: (ctx, what: Value) => {
                expect(ctx.peer).toBe(1);
                if (what.kind === "string") hello = what.value === "hello";
                else checked = (what as unknown as { items: Value[] }).items;
              },
            },
          },
        }),
        20_000,
        "client admitted",
      );
      expect(client.id).toBeGreaterThan(1);
      const start = Date.now();
      while ((good + bad.length < COUNT || !hello) && Date.now() - start < 20_000)
        await new Promise((r) => setTimeout(r, 20));
      expect(hello).toBe(true);
      expect(bad).toEqual([]);
      expect(good).toBe(COUNT);
      for (const v of fc.sample(engineValue4(), { seed: SEED, numRuns: COUNT }))
        client.rpc(1, "Game", "take2", v, encode(v));
      client.rpc(1, "Game", "take1", "done");
      while (checked === undefined && Date.now() - start < 30_000)
        await new Promise((r) => setTimeout(r, 20));
      expect(checked?.map((x) => toText(x))).toEqual(['"checked"', String(COUNT), "0"]);
      // What this run checked against the engine, by direction.
      console.log(
        `Node client: server -> client calls checked: ${good}; client -> server calls checked by the engine: ${toText(checked![1]!)}`,
      );
      client.close();
      expect(await within(engine.exited, 20_000, "server exits"), engine.output()).toBe(0);
    } catch (e) {
      console.error(engine.output());
      throw e;
    } finally {
      engine.kill();
    }
  }, 90_000);
});

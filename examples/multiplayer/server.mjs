// An authoritative game server for stock Godot 4 clients (godot/): players join with a name
// (SceneMultiplayer authentication), chat, and move; the server validates every move (speed,
// arena bounds, rate) and replicates each player's position to every client through a
// MultiplayerSpawner and MultiplayerSynchronizer of the game's scene.
//   PORT=9080 HOST=127.0.0.1 node server.mjs
import { vector2 } from "@gdvariant/core";
import { createServer } from "@gdvariant/multiplayer";
import { WebSocketServer } from "ws";

const HOST = process.env.HOST ?? "127.0.0.1";
const PORT = Number(process.env.PORT ?? 9080);
const ARENA = { width: 800, height: 600 };
const STEP = 10; // pixels per move call: the clients send at most 20 a second (200 px/s)
const MIN_MOVE_MS = 45;

// The @rpc methods of godot/game.gd, as `gdvariant rpc-schema godot` writes them.
const GAME = {
  chat: { mode: "any_peer" },
  move: { mode: "any_peer", transferMode: "unreliable_ordered" },
  said: { mode: "authority" },
};
// The player's synchronizer (godot/main.gd, make_player): position, sent at spawn and always.
const PLAYER_SYNC = [{ name: ".:position", spawn: true, mode: "always" }];

const names = new Map(); // peer -> name, set during authentication
const players = new Map(); // peer -> { name, x, y, last, node }
const wss = new WebSocketServer({ host: HOST, port: PORT, maxPayload: 1 << 16 });
const server = createServer({
  webSocketServer: wss,
  nodes: { "Main/Game": { rpc: GAME } },
  // A client's send_auth(1, name): a name of 1 to 16 letters, digits or spaces, not taken.
  authenticate: (peer, data) => {
    const name = new TextDecoder().decode(data).trim();
    const taken = [...names.values()].includes(name);
    if (!/^[\p{L}\p{N} ]{1,16}$/u.test(name) || taken) {
      console.log(`refused peer ${peer}: name ${JSON.stringify(name)}`);
      return false;
    }
    names.set(peer, name);
    return true;
  },
  handlers: {
    "Main/Game": {
      chat: (ctx, text) => {
        const p = players.get(ctx.peer);
        if (p === undefined || typeof text !== "string") return;
        const line = text.slice(0, 100);
        console.log(`chat ${p.name}: ${line}`);
        server.broadcast("Main/Game", "said", p.name, line);
      },
      move: (ctx, dir) => {
        const p = players.get(ctx.peer);
        if (p === undefined) return;
        const now = Date.now();
        const ok =
          dir !== null && typeof dir === "object" && Number.isFinite(dir.x) && Number.isFinite(dir.y);
        if (!ok || now - p.last < MIN_MOVE_MS) return; // malformed or too fast: ignored
        p.last = now;
        const len = Math.hypot(dir.x, dir.y);
        const k = len > 1 ? 1 / len : 1; // never faster than STEP, whatever the client asks
        p.x = Math.min(ARENA.width, Math.max(0, p.x + dir.x * k * STEP));
        p.y = Math.min(ARENA.height, Math.max(0, p.y + dir.y * k * STEP));
        p.node.set(".:position", vector2(p.x, p.y));
      },
    },
  },
});
const spawner = server.spawner("Main/Spawner");

server.on("join", (peer) => {
  const name = names.get(peer) ?? `peer ${peer}`;
  const x = 100 + Math.floor(Math.random() * (ARENA.width - 200));
  const y = 100 + Math.floor(Math.random() * (ARENA.height - 200));
  // A custom spawn: every client's spawn_function gets { name, peer } and builds the node.
  const node = spawner.spawn({
    name: `P${peer}`,
    arg: { name, peer },
    synchronizers: [PLAYER_SYNC],
    values: { ".:position": vector2(x, y) },
  });
  players.set(peer, { name, x, y, last: 0, node });
  console.log(`join ${peer} ${name}`);
  server.broadcast("Main/Game", "said", "server", `${name} joined`);
});
server.on("leave", (peer) => {
  const p = players.get(peer);
  names.delete(peer);
  if (p === undefined) return;
  players.delete(peer);
  p.node.despawn();
  console.log(`leave ${peer} ${p.name}`);
  server.broadcast("Main/Game", "said", "server", `${p.name} left`);
});
server.on("error", (e, dropped) =>
  console.log(`protocol error from ${e.peer}: ${e.message}${dropped ? " (disconnected)" : ""}`),
);
wss.on("listening", () => console.log(`listening on ${HOST}:${wss.address().port}`));

// The server side of bench/multiplayer/load.mjs, in a process of its own: a @gdvariant/multiplayer
// server on 127.0.0.1 answering each client's ping(t) with pong(t) to that client. Reports its
// port, then on "report" its CPU time and memory (after a GC) since "mark", over IPC.
import { WebSocketServer } from "ws";

// MP_DIST: another build of the package (a before/after pair in one session).
const { createServer } = await import(process.env.MP_DIST ?? "@gdvariant/multiplayer");

const rpc = {
  ping: { mode: "any_peer", transferMode: "unreliable" },
  pong: { mode: "authority", transferMode: "unreliable" },
};
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0, maxPayload: 1 << 20 });
let calls = 0;
const server = createServer({
  webSocketServer: wss,
  nodes: { Game: { rpc } },
  maxPeers: 100_000,
  handlers: {
    Game: {
      ping: (ctx, t) => {
        calls++;
        server.rpc(ctx.peer, "Game", "pong", t);
      },
    },
  },
});
let cpu = process.cpuUsage();
let base = 0;
wss.on("listening", () => process.send({ port: wss.address().port }));
const memory = () => {
  globalThis.gc?.();
  return process.memoryUsage();
};
process.on("message", (m) => {
  if (m === "baseline") {
    base = memory().heapUsed;
    process.send({ baseline: base });
  } else if (m === "mark") {
    const mem = memory();
    cpu = process.cpuUsage();
    calls = 0;
    process.send({
      marked: true,
      peers: server.peers.length,
      heapPerPeer: (mem.heapUsed - base) / Math.max(1, server.peers.length),
      rss: mem.rss,
    });
  } else if (m === "report") {
    const used = process.cpuUsage(cpu);
    process.send({
      cpuMs: (used.user + used.system) / 1000,
      calls,
      peers: server.peers.length,
      rss: process.memoryUsage().rss,
    });
  } else if (m === "stop") {
    server.close();
    wss.close();
    process.exit(0);
  }
});

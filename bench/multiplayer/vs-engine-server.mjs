// Our side of bench/multiplayer/vs-engine.mjs: a @gdvariant/multiplayer server on 127.0.0.1 with
// the bench's RPCs, counting calls; sends its port, then { count } every 10,000 calls, over IPC.
import { WebSocketServer } from "ws";
import { RPC } from "./messages.mjs";

// MP_DIST: another build of the package (a before/after pair in one session).
const { createServer } = await import(process.env.MP_DIST ?? "@gdvariant/multiplayer");

let count = 0;
const hit = () => {
  count++;
  if (count % 10_000 === 0) process.send({ count });
};
const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
createServer({
  webSocketServer: wss,
  nodes: { Game: { rpc: RPC } },
  maxPacketsPerSecond: 1e9,
  handlers: { Game: { move: hit, chat: hit, state: hit } },
});
wss.on("listening", () => process.send({ port: wss.address().port }));
process.on("SIGTERM", () => process.exit(0));

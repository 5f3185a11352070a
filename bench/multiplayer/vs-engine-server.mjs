// Our side of bench/multiplayer/vs-engine.mjs: a @gdvariant/multiplayer server on 127.0.0.1 with
// the bench's RPCs, counting calls; sends its port, then { count } every 10,000 calls, over IPC.
import { createServer } from "@gdvariant/multiplayer";
import { WebSocketServer } from "ws";
import { RPC } from "./messages.mjs";

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

// The transport floor of bench/multiplayer/vs-engine.mjs: a bare `ws` server on 127.0.0.1 that
// sends the client its id (as WebSocketMultiplayerPeer does), answers the path announcement with
// a CONFIRM_PATH and only counts the calls after it: no decoding, no dispatch. Same IPC as
// vs-engine-server.mjs (its port, then { count } every 10,000 calls).
import { WebSocketServer } from "ws";

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
wss.on("connection", (socket) => {
  socket.send(Uint8Array.of(2, 0, 0, 0));
  let count = -1;
  socket.on("message", (data) => {
    if (count < 0) {
      // SIMPLIFY_PATH announcing id 1: confirm it (command 2, valid, id 1).
      socket.send(Uint8Array.of(2, 1, data[34], data[35], data[36], data[37]));
      count = 0;
      return;
    }
    count++;
    if (count % 10_000 === 0) process.send({ count });
  });
});
wss.on("listening", () => process.send({ port: wss.address().port }));
process.on("SIGTERM", () => process.exit(0));

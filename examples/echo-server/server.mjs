// A tiny game server: every client's values are echoed back as they arrive, and each one is
// logged in the engine's own text form (var_to_str / var2str).
//
//   node server.mjs [--godot3]        PORT=4242 by default; --godot3 speaks Godot 3.x's format
import { createServer } from "node:net";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { attachVariantSocket } from "@gdvariant/node";

const engine = process.argv.includes("--godot3") ? godot3 : godot4;
const port = Number(process.env.PORT ?? 4242);

const server = createServer(async (socket) => {
  const who = `${socket.remoteAddress}:${socket.remotePort}`;
  // Same framing as Godot's StreamPeerTCP.put_var / get_var (and PacketPeerStream).
  const peer = attachVariantSocket(socket, engine.dialect);
  console.log(`${who} connected`);
  try {
    for await (const value of peer) {
      console.log(`${who} sent ${engine.toText(value)}`);
      await peer.send(value); // the echo; awaiting it respects TCP back-pressure
    }
    console.log(`${who} left`);
  } catch (error) {
    // A peer that sends bytes that are not Variants (or a 4 GiB length) is dropped here.
    console.log(`${who} dropped: ${error.message}`);
  }
});

server.listen(port, "127.0.0.1", () => {
  console.log(`echo server (${engine.dialect.name}) listening on 127.0.0.1:${server.address().port}`);
});

// One client process of bench/multiplayer/load.mjs: --clients bare `ws` sockets to the server on
// 127.0.0.1 that each call ping(t) --rate times a second, from one 10 ms timer (round robin, what is due by the clock), with
// prepared packets: the ping is a template with its float argument written in place (a copy per
// send, since the socket may keep it), and the pong's time is read at its fixed place (the
// server sends it in the short form once the client has confirmed the path; anything else goes
// through decodePacket). Over IPC: "connected" when every socket has its id, then on
// { go: seconds } it sends for that long and reports what it sent, its round trips (ms) and its
// own CPU time.
import { decodePacket, encodePacket, rpcTable } from "@gdvariant/multiplayer";
import { WebSocket } from "ws";

const arg = (name, d) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const CLIENTS = arg("clients", 500);
const RATE = arg("rate", 20);
const PORT = arg("port", 0);
const rpc = {
  ping: { mode: "any_peer", transferMode: "unreliable" },
  pong: { mode: "authority", transferMode: "unreliable" },
};
const table = rpcTable(rpc);
const pingId = table.byName.get("ping").id;
// The call with its node path inline (no path cache on this side): the float's 8 bytes are the
// last 8 before the path (0.1 needs a 64-bit float, as any time does).
const template = encodePacket({ type: "remote-call", node: "Game", method: pingId, args: [0.1] });
const floatAt = template.length - "Game".length - 1 - 8;
if (new DataView(template.buffer).getFloat64(floatAt, true) !== 0.1) throw new Error("ping template");
const pongId = table.byName.get("pong").id;

let measuring = false;
let rtts = [];
const clients = [];
for (let i = 0; i < CLIENTS; i += 100) {
  const batch = [];
  for (let j = i; j < Math.min(CLIENTS, i + 100); j++) {
    batch.push(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${PORT}`);
        let ready = false;
        ws.on("message", (data) => {
          if (!ready) {
            ready = true; // the first message is this client's peer id
            resolve(ws);
            return;
          }
          // pong(t) in the short form: command, node id, method id, 1 argument, FLOAT|FLAG_64.
          if (data.length === 16 && data[0] === 0 && data[2] === pongId && data[4] === 3 && data[6] === 1) {
            if (measuring) rtts.push(performance.now() - data.readDoubleLE(8));
            return;
          }
          const p = decodePacket(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), {
            values: "js",
          });
          if (p.type === "simplify-path")
            ws.send(encodePacket({ type: "confirm-path", valid: true, id: p.id }));
          else if (p.type === "remote-call" && measuring) rtts.push(performance.now() - p.args[0]);
        });
        ws.on("error", reject);
      }),
    );
  }
  clients.push(...(await Promise.all(batch)));
}
process.send({ connected: clients.length });

process.on("message", async (m) => {
  if (m.go === undefined) {
    if (m === "stop") {
      for (const c of clients) c.terminate();
      process.exit(0);
    }
    return;
  }
  measuring = true;
  rtts = [];
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  let sent = 0;
  // Each tick sends what is due by the clock (a late timer sends more, not fewer).
  const perMs = (CLIENTS * RATE) / 1000;
  const total = CLIENTS * RATE * m.go;
  let next = 0;
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor((performance.now() - start) * perMs)) - sent;
    for (let k = 0; k < due; k++) {
      const ws = clients[next];
      next = (next + 1) % CLIENTS;
      const b = Buffer.from(template);
      b.writeDoubleLE(performance.now(), floatAt);
      ws.send(b);
      sent++;
    }
  }, 10);
  // Until every call is sent (the clock's share of them, once the time is up).
  while (sent < total && performance.now() - start < m.go * 1000 + 1000)
    await new Promise((r) => setTimeout(r, 50));
  clearInterval(timer);
  const seconds = (performance.now() - start) / 1000;
  // The last answers: until all are in, or 5 s.
  const last = performance.now();
  while (rtts.length < sent && performance.now() - last < 5000) await new Promise((r) => setTimeout(r, 20));
  measuring = false;
  const cpu = process.cpuUsage(cpu0);
  process.send({ sent, seconds, rtts, cpuMs: (cpu.user + cpu.system) / 1000 });
});

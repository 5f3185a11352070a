#!/usr/bin/env node
// A bounded load run on 127.0.0.1: one server process (load-server.mjs) and, in this process,
// --clients simulated clients (default 1,000; bare ws sockets sending prepared packets) that
// each call ping(t) --rate times a second (default 20) for --seconds (default 10); the server
// answers pong(t) to the caller. Reported: the server's CPU (ms per second of run, and per 1,000
// calls), its heap per connected peer (after a GC), rss, and the ping -> pong round trip
// p50/p99 as the clients saw it. Everything stops by itself; the server is killed at the end.
//   node bench/multiplayer/load.mjs [--clients=1000] [--rate=20] [--seconds=10]
import { fork } from "node:child_process";
import { decodePacket, encodePacket, rpcTable } from "@gdvariant/multiplayer";
import { WebSocket } from "ws";

const arg = (name, d) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const CLIENTS = arg("clients", 1000);
const RATE = arg("rate", 20);
const SECONDS = arg("seconds", 10);
const rpc = {
  ping: { mode: "any_peer", transferMode: "unreliable" },
  pong: { mode: "authority", transferMode: "unreliable" },
};

// --prof=DIR: the server writes a CPU profile there (node --cpu-prof).
const prof = process.argv.find((a) => a.startsWith("--prof="))?.slice(7);
const execArgv = ["--expose-gc", ...(prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [])];
const child = fork(new URL("./load-server.mjs", import.meta.url), [], { execArgv });
const hardStop = setTimeout(
  () => {
    child.kill("SIGKILL");
    process.exit(2);
  },
  (SECONDS + 600) * 1000,
);
const ask = (msg, key) =>
  new Promise((resolve) => {
    const on = (m) => {
      if (m[key] !== undefined) {
        child.off("message", on);
        resolve(m);
      }
    };
    child.on("message", on);
    if (msg !== undefined) child.send(msg);
  });
const { port } = await ask(undefined, "port");
await ask("baseline", "baseline");
const rtts = [];
let measuring = false;
// Simulated clients are bare WebSockets that send prepared packets, so that this process, not
// the server, is what stays light: the call with its node path inline (no path cache on this
// side), and a CONFIRM_PATH answer to the server's SIMPLIFY_PATH so its pongs are short.
const table = rpcTable(rpc);
const pingId = table.byName.get("ping").id;
const clients = [];
const connectStart = performance.now();
for (let i = 0; i < CLIENTS; i += 100) {
  const batch = [];
  for (let j = i; j < Math.min(CLIENTS, i + 100); j++) {
    batch.push(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`);
        ws.binaryType = "nodebuffer";
        let ready = false;
        ws.on("message", (data) => {
          const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
          if (!ready) {
            ready = true; // the first message is this client's peer id
            resolve(ws);
            return;
          }
          const p = decodePacket(bytes, { values: "js" });
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
const connectSeconds = (performance.now() - connectStart) / 1000;
const marked = await ask("mark", "marked");
measuring = true;
const start = performance.now();
let sent = 0;
// One timer: every 10 ms, the calls due in it, round robin over the clients.
const perTick = (CLIENTS * RATE) / 100;
let due = 0;
let next = 0;
const timer = setInterval(() => {
  due += perTick;
  for (; due >= 1; due--) {
    const ws = clients[next];
    next = (next + 1) % CLIENTS;
    ws.send(encodePacket({ type: "remote-call", node: "Game", method: pingId, args: [performance.now()] }));
    sent++;
  }
}, 10);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
clearInterval(timer);
const elapsed = (performance.now() - start) / 1000;
await new Promise((r) => setTimeout(r, 500));
measuring = false;
const report = await ask("report", "cpuMs");
rtts.sort((a, b) => a - b);
const q = (p) => rtts[Math.min(rtts.length - 1, Math.floor(p * rtts.length))] ?? Number.NaN;
const result = {
  clients: marked.peers,
  connectSeconds: Number(connectSeconds.toFixed(1)),
  rate: RATE,
  seconds: Number(elapsed.toFixed(1)),
  sent,
  served: report.calls,
  answered: rtts.length,
  serverCpuMsPerSecond: Number((report.cpuMs / elapsed).toFixed(0)),
  serverCpuUsPerCall: Number(((report.cpuMs * 1000) / Math.max(1, report.calls)).toFixed(1)),
  heapKiBPerPeer: Number((marked.heapPerPeer / 1024).toFixed(1)),
  serverRssMiB: Number((report.rss / 2 ** 20).toFixed(0)),
  rttP50Ms: Number(q(0.5).toFixed(2)),
  rttP99Ms: Number(q(0.99).toFixed(2)),
};
console.log(JSON.stringify(result));
for (const c of clients) c.terminate();
child.send("stop");
clearTimeout(hardStop);
setTimeout(() => process.exit(0), 1000).unref();

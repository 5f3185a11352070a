#!/usr/bin/env node
// A bounded load run on 127.0.0.1: one server process (load-server.mjs) and, in this process,
// --clients simulated clients (default 1,000; @gdvariant/multiplayer's connect over ws) that
// each call ping(t) --rate times a second (default 20) for --seconds (default 10); the server
// answers pong(t) to the caller. Reported: the server's CPU (ms per second of run, and per 1,000
// calls), its heap per connected peer (after a GC), rss, and the ping -> pong round trip
// p50/p99 as the clients saw it. Everything stops by itself; the server is killed at the end.
//   node bench/multiplayer/load.mjs [--clients=1000] [--rate=20] [--seconds=10]
import { fork } from "node:child_process";
import { connect } from "@gdvariant/multiplayer";
import { WebSocket } from "ws";

const arg = (name, d) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const CLIENTS = arg("clients", 1000);
const RATE = arg("rate", 20);
const SECONDS = arg("seconds", 10);
const rpc = {
  ping: { mode: "any_peer", transferMode: "unreliable" },
  pong: { mode: "authority", transferMode: "unreliable" },
};

const child = fork(new URL("./load-server.mjs", import.meta.url), [], { execArgv: ["--expose-gc"] });
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
const clients = [];
const connectStart = performance.now();
for (let i = 0; i < CLIENTS; i += 50) {
  const batch = [];
  for (let j = i; j < Math.min(CLIENTS, i + 50); j++) {
    batch.push(
      connect(`ws://127.0.0.1:${port}`, {
        WebSocket,
        nodes: { Game: { rpc } },
        handlers: {
          Game: {
            pong: (_ctx, t) => {
              if (measuring) rtts.push(performance.now() - t);
            },
          },
        },
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
// Each client sends on its own schedule, spread over the second.
const timers = clients.map((c, i) =>
  setTimeout(
    () => {
      const t = setInterval(() => {
        c.rpc(1, "Game", "ping", performance.now());
        sent++;
      }, 1000 / RATE);
      timers[i] = t;
    },
    (i * 1000) / RATE / CLIENTS,
  ),
);
await new Promise((r) => setTimeout(r, SECONDS * 1000));
for (const t of timers) {
  clearInterval(t);
  clearTimeout(t);
}
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
for (const c of clients) c.close();
child.send("stop");
clearTimeout(hardStop);
setTimeout(() => process.exit(0), 1000).unref();

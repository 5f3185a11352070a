#!/usr/bin/env node
// A bounded load run on 127.0.0.1: one server process (load-server.mjs) and --procs client
// processes (load-clients.mjs, default 2) sharing --clients simulated clients (default 1,000;
// bare ws sockets sending prepared packets) that each call ping(t) --rate times a second
// (default 20) for --seconds (default 10); the server answers pong(t) to the caller. Reported:
// the calls asked, sent and served (the rate achieved), the server's CPU (ms per second of run,
// and per call), its heap per connected peer (after a GC), rss, the ping -> pong round trip
// p50/p99 as the clients saw it, and each client process's CPU (ms per second: near 1,000 means
// it could not keep up). Everything stops by itself; the processes are killed at the end.
//   node bench/multiplayer/load.mjs [--clients=1000] [--rate=20] [--seconds=10] [--procs=2]
import { fork } from "node:child_process";

const arg = (name, d) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d);
const CLIENTS = arg("clients", 1000);
const RATE = arg("rate", 20);
const SECONDS = arg("seconds", 10);
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
// Simulated clients: --procs child processes (default 2, load-clients.mjs), each with its share
// of the clients (bare WebSockets sending prepared packets, so that the clients, not the server,
// stay light).
const PROCS = arg("procs", 2);
const connectStart = performance.now();
const procs = [];
for (let i = 0; i < PROCS; i++) {
  const n = Math.floor(CLIENTS / PROCS) + (i < CLIENTS % PROCS ? 1 : 0);
  procs.push(
    fork(new URL("./load-clients.mjs", import.meta.url), [
      `--clients=${n}`,
      `--rate=${RATE}`,
      `--port=${port}`,
    ]),
  );
}
const fromProc = (p, key) =>
  new Promise((resolve) => {
    const on = (m) => {
      if (m[key] !== undefined) {
        p.off("message", on);
        resolve(m);
      }
    };
    p.on("message", on);
  });
await Promise.all(procs.map((p) => fromProc(p, "connected")));
const connectSeconds = (performance.now() - connectStart) / 1000;
const marked = await ask("mark", "marked");
const done = await Promise.all(
  procs.map((p) => {
    const r = fromProc(p, "sent");
    p.send({ go: SECONDS });
    return r;
  }),
);
// The sending window: the longest of the client processes'.
const elapsed = Math.max(...done.map((d) => d.seconds));
const report = await ask("report", "cpuMs");
const rtts = done.flatMap((d) => d.rtts);
const sent = done.reduce((n, d) => n + d.sent, 0);
rtts.sort((a, b) => a - b);
const q = (p) => rtts[Math.min(rtts.length - 1, Math.floor(p * rtts.length))] ?? Number.NaN;
const result = {
  clients: marked.peers,
  connectSeconds: Number(connectSeconds.toFixed(1)),
  rate: RATE,
  seconds: Number(elapsed.toFixed(1)),
  asked: CLIENTS * RATE * SECONDS,
  sent,
  sentPerSecond: Math.round(sent / elapsed),
  served: report.calls,
  answered: rtts.length,
  serverCpuMsPerSecond: Number((report.cpuMs / elapsed).toFixed(0)),
  serverCpuUsPerCall: Number(((report.cpuMs * 1000) / Math.max(1, report.calls)).toFixed(1)),
  heapKiBPerPeer: Number((marked.heapPerPeer / 1024).toFixed(1)),
  serverRssMiB: Number((report.rss / 2 ** 20).toFixed(0)),
  rttP50Ms: Number(q(0.5).toFixed(2)),
  rttP99Ms: Number(q(0.99).toFixed(2)),
  clientProcs: PROCS,
  clientCpuMsPerSecond: done.map((d) => Math.round(d.cpuMs / d.seconds)),
};
console.log(JSON.stringify(result));
for (const p of procs) p.send("stop");
child.send("stop");
clearTimeout(hardStop);
setTimeout(() => process.exit(0), 1000).unref();

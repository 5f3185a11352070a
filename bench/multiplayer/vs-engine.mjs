#!/usr/bin/env node
// Messages per second per core: the same RPC stream to a Godot 4.6.3 headless server
// (tools/multiplayer/live/bench-server.gd, WebSocketMultiplayerPeer) and to a
// @gdvariant/multiplayer server (vs-engine-server.mjs), each in a process of its own on
// 127.0.0.1. One client announces the path, then sends --count calls (default 100,000) of one
// message as fast as the socket takes them; the server's CPU time (user + system, from
// /proc/PID/stat, 10 ms ticks) from the confirmed path to the last call handled, per call, is
// the figure. Rounds alternate engine and ours (--rounds,
// default 3) so load from other processes falls on both.
// A third subject each round is the transport floor (vs-engine-floor.mjs: a bare `ws` server that
// only counts the messages of the same stream).
//   node bench/multiplayer/vs-engine.mjs [--message=move|chat|state] [--count=100000] [--rounds=3]
//     [--before=path/to/other/dist/index.js]
import { fork, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { createServer as netServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { encodePacket, rpcTable } from "@gdvariant/multiplayer";
import { WebSocket } from "ws";
import { MESSAGES, RPC } from "./messages.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const tools = join(here, "..", "..", "tools");
const arg = (name, d) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d;
const MESSAGE = arg("message", "move");
const COUNT = Number(arg("count", 100_000));
const ROUNDS = Number(arg("rounds", 3));
const bin = process.env.GODOT4_BIN ?? join(process.env.HOME ?? "/root", ".cache", "godot4-sid", "godot4");
const table = rpcTable(RPC);
const ARGS = Object.fromEntries(Object.entries(MESSAGES).map(([k, m]) => [k, m.model]));
const call = encodePacket({
  type: "remote-call",
  node: 1,
  method: table.byName.get(MESSAGE).id,
  args: ARGS[MESSAGE],
});
const TICK = 100 / 1000; // clock ticks per ms (USER_HZ 100)

const cpuMs = (pid) => {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / TICK; // utime + stime, in ms
};
async function freePort() {
  const s = netServer();
  await new Promise((r) => s.listen(0, "127.0.0.1", r));
  const port = s.address().port;
  await new Promise((r) => s.close(r));
  return port;
}
const waitFor = (get, re, ms) =>
  new Promise((resolve, reject) => {
    const t0 = Date.now();
    const check = () => {
      const m = re.exec(get());
      if (m) resolve(m);
      else if (Date.now() - t0 > ms) reject(new Error(`timed out waiting for ${re}: ${get().slice(-500)}`));
      else setTimeout(check, 20);
    };
    check();
  });

/** Connects, announces Game, waits for the confirmation, sends COUNT calls; resolves when sent. */
async function flood(port, served, pid) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}`);
  ws.binaryType = "nodebuffer";
  let confirmed;
  const ok = new Promise((r) => (confirmed = r));
  let first = true;
  ws.on("message", (data) => {
    if (first) {
      first = false;
      ws.send(encodePacket({ type: "simplify-path", checksum: table.checksum, id: 1, path: "Game" }));
      return;
    }
    if (data[0] === 2) confirmed();
  });
  await ok;
  const start = cpuMs(pid);
  for (let i = 0; i < COUNT; i++) {
    ws.send(call);
    if (ws.bufferedAmount > 1 << 20) await new Promise((r) => setTimeout(r, 1));
  }
  await served();
  const used = cpuMs(pid) - start;
  ws.close();
  return used;
}

async function engineRound() {
  const dir = mkdtempSync(join(tmpdir(), "gdv-mp-bench-"));
  cpSync(join(tools, "multiplayer", "project"), dir, { recursive: true });
  cpSync(join(tools, "multiplayer", "live", "bench-server.gd"), join(dir, "bench-server.gd"));
  const port = await freePort();
  const child = spawn(bin, ["--headless", "--path", dir, "-s", "bench-server.gd", "--", `--port=${port}`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const kill = setTimeout(() => child.kill("SIGKILL"), 300_000);
  try {
    await waitFor(() => out, /BENCH listening/, 30_000);
    return await flood(
      port,
      () => waitFor(() => out, new RegExp(`BENCH count ${COUNT}\\b`), 240_000),
      child.pid,
    );
  } finally {
    clearTimeout(kill);
    child.kill("SIGKILL");
  }
}

async function oursRound(script = "vs-engine-server.mjs", dist = undefined) {
  const prof = arg("prof", undefined); // --prof=DIR: a CPU profile of our server
  const execArgv = prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : [];
  const child = fork(join(here, script), [], {
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    execArgv,
    env: dist === undefined ? process.env : { ...process.env, MP_DIST: dist },
  });
  const kill = setTimeout(() => child.kill("SIGKILL"), 300_000);
  try {
    const { port } = await new Promise((r) => child.once("message", r));
    return await flood(
      port,
      () => new Promise((r) => child.on("message", (m) => m.count >= COUNT && r())),
      child.pid,
    );
  } finally {
    clearTimeout(kill);
    // SIGTERM lets a profiling server write its profile.
    child.kill(prof ? "SIGTERM" : "SIGKILL");
  }
}

// CPU is read when the path is confirmed (start-up, boot and module loading are not counted)
// and when the last call was handled.
// The floor (vs-engine-floor.mjs, a bare `ws` server that only counts) runs in every round too.
// --before=PATH (another build's dist/index.js, e.g. the main branch's) runs a fourth subject.
const BEFORE = arg("before", undefined);
const results = { engine: [], ours: [], floor: [], before: [] };
for (let r = 0; r < ROUNDS; r++) {
  results.engine.push(await engineRound());
  results.ours.push(await oursRound());
  results.floor.push(await oursRound("vs-engine-floor.mjs"));
  if (BEFORE !== undefined) results.before.push(await oursRound("vs-engine-server.mjs", BEFORE));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const e = median(results.engine);
const o = median(results.ours);
const f = median(results.floor);
console.log(
  JSON.stringify({
    message: MESSAGE,
    bytes: call.length,
    count: COUNT,
    rounds: ROUNDS,
    engineCpuMs: results.engine.map(Math.round),
    oursCpuMs: results.ours.map(Math.round),
    floorCpuMs: results.floor.map(Math.round),
    engineUsPerCall: Number(((e * 1000) / COUNT).toFixed(2)),
    oursUsPerCall: Number(((o * 1000) / COUNT).toFixed(2)),
    floorUsPerCall: Number(((f * 1000) / COUNT).toFixed(2)),
    engineCallsPerCoreSecond: Math.round(COUNT / (e / 1000)),
    oursCallsPerCoreSecond: Math.round(COUNT / (o / 1000)),
    oursOverEngine: Number((e / o).toFixed(2)),
    // Time per call over the floor's: what each server adds to a bare `ws` server.
    oursOverFloor: Number((o / f).toFixed(2)),
    engineOverFloor: Number((e / f).toFixed(2)),
    ...(BEFORE === undefined
      ? {}
      : {
          beforeCpuMs: results.before.map(Math.round),
          beforeUsPerCall: Number(((median(results.before) * 1000) / COUNT).toFixed(2)),
          beforeOverEngine: Number((e / median(results.before)).toFixed(2)),
        }),
  }),
);

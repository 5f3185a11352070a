#!/usr/bin/env node
// Garbage collection per call of a session's receive and rpc, in one process: runs itself in a
// child under `node --trace-gc` for N calls after a warm-up and sums the collections (count and
// ms) that V8 reports between the marks. Received packets are views into one large buffer, as
// `ws` hands them. MP_DIST picks another build of the package (a before/after pair).
//   node bench/multiplayer/gc.mjs [--message=move|chat|state] [--count=1000000]
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const arg = (name, d) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? d;
const MESSAGE = arg("message", "move");
const COUNT = Number(arg("count", 1_000_000));

if (process.argv.includes("--child")) {
  const { encodePacket, rpcTable, Session } = await import(process.env.MP_DIST ?? "@gdvariant/multiplayer");
  const { MESSAGES, RPC, handlersInto } = await import("./messages.mjs");
  const op = arg("op", "receive");
  const table = rpcTable(RPC);
  const s = new Session(
    {
      nodes: { Game: { rpc: RPC } },
      handlers: { Game: handlersInto({ value: 0 }) },
      maxPacketsPerSecond: 1e12,
    },
    1,
  );
  s.open(2, { send() {}, close() {} });
  s.receive(2, encodePacket({ type: "simplify-path", checksum: table.checksum, id: 1, path: "Game" }));
  const args = MESSAGES[MESSAGE].model;
  s.rpc(2, "Game", MESSAGE, args);
  s.receive(2, encodePacket({ type: "confirm-path", valid: true, id: 1 }));
  const packet = encodePacket({ type: "remote-call", node: 1, method: table.byName.get(MESSAGE).id, args });
  const big = new Uint8Array(1 << 20);
  let at = 0;
  const view = () => {
    if (at + 256 > big.length) at = 0;
    big.set(packet, at);
    const v = big.subarray(at, at + packet.length);
    at += 256;
    return v;
  };
  const fn = op === "receive" ? () => s.receive(2, view()) : () => s.rpc(2, "Game", MESSAGE, args);
  for (let i = 0; i < 50_000; i++) fn();
  console.log("START");
  const t0 = process.cpuUsage();
  for (let i = 0; i < COUNT; i++) fn();
  const t = process.cpuUsage(t0);
  console.log(`END ${(t.user + t.system) / 1000}`);
} else {
  const out = {};
  for (const op of ["receive", "rpc"]) {
    const log = execFileSync(
      process.execPath,
      [
        "--trace-gc",
        fileURLToPath(import.meta.url),
        "--child",
        `--op=${op}`,
        `--message=${MESSAGE}`,
        `--count=${COUNT}`,
      ],
      { encoding: "utf8", maxBuffer: 1 << 28 },
    );
    const lines = log.slice(log.indexOf("START"), log.indexOf("END")).split("\n");
    let ms = 0;
    let n = 0;
    for (const l of lines) {
      const m = /(Scavenge|Mark-Compact|Mark-sweep).*?MB, ([0-9.]+) \//.exec(l);
      if (m) {
        n++;
        ms += Number(m[2]);
      }
    }
    const cpu = Number(/END ([0-9.]+)/.exec(log)[1]);
    out[op] = {
      gcs: n,
      gcMs: Math.round(ms),
      cpuMs: Math.round(cpu),
      gcShare: Number((ms / cpu).toFixed(2)),
    };
  }
  console.log(JSON.stringify({ message: MESSAGE, count: COUNT, ...out }));
}

#!/usr/bin/env node
// Per-RPC cost of @gdvariant/multiplayer beside msgpackr on the same arguments, paired in one
// process (samples interleaved, ratios per round: see src/measure.mjs):
// - encode: encodePacket of a REMOTE_CALL (node id, method id, arguments compressed) vs
//   msgpackr's pack of [node, method, args];
// - receive: a Session's receive of that packet (decode to plain JS, path-cache lookup, method
//   and mode check, the handler called) vs msgpackr's unpack and the same table lookup and call.
// Three messages of a game: move(Vector2, int), chat(String), state(Dictionary of a player).
//   node bench/multiplayer/rpc.mjs [--quick]
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { Packr, unpack } = await import("msgpackr");
const { encodePacket, rpcTable, Session } = await import("@gdvariant/multiplayer");
const { measureAll, pairedRatio } = await import("../src/measure.mjs");

const quick = process.argv.includes("--quick");
const { MESSAGES, RPC, handlersInto } = await import("./messages.mjs");
const table = rpcTable(RPC);
const packr = new Packr({ useRecords: false });
const sink = { value: 0 };
const handlers = handlersInto(sink);
const session = new Session(
  { nodes: { Game: { rpc: RPC } }, handlers: { Game: handlers }, maxPacketsPerSecond: 1e12 },
  1,
);
session.open(2, { send() {}, close() {} });
// The client announced Game as path-cache id 1 (as a Godot client does before its first call).
session.receive(2, encodePacket({ type: "simplify-path", checksum: table.checksum, id: 1, path: "Game" }));

const messages = Object.entries(MESSAGES).map(([method, m]) => ({ method, ...m }));

const methods = new Map(Object.entries(handlers));
const rows = [];
for (const m of messages) {
  const id = table.byName.get(m.method).id;
  const packet = encodePacket({ type: "remote-call", node: 1, method: id, args: m.model });
  const theirs = packr.pack([1, id, m.js]);
  const ctx = { peer: 2, path: "Game", method: m.method };
  const r = measureAll(
    [
      { name: "encode", fn: () => encodePacket({ type: "remote-call", node: 1, method: id, args: m.model }) },
      { name: "pack", fn: () => packr.pack([1, id, m.js]) },
      { name: "receive", fn: () => session.receive(2, packet) },
      {
        name: "unpack",
        fn: () => {
          const [node, method, args] = unpack(theirs);
          if (node !== 1) throw new Error("node");
          methods.get(table.methods[method].name)(ctx, ...args);
        },
      },
    ],
    quick ? { warmupMs: 100, sampleMs: 20, samples: 5 } : { warmupMs: 300, sampleMs: 50, samples: 15 },
  );
  const us = (k) => r.get(k).msPerOp * 1000;
  const ratio = (a, b) => pairedRatio(r.get(a).perSample, r.get(b).perSample);
  rows.push({
    message: m.name,
    bytes: packet.length,
    msgpackrBytes: theirs.length,
    encodeUs: us("encode"),
    packUs: us("pack"),
    encodeRatio: ratio("encode", "pack"),
    receiveUs: us("receive"),
    unpackUs: us("unpack"),
    receiveRatio: ratio("receive", "unpack"),
  });
}
console.log(
  "| message | bytes (msgpackr) | encode µs | pack µs | encode ÷ pack | receive + dispatch µs | unpack + dispatch µs | receive ÷ unpack |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
for (const x of rows) {
  console.log(
    `| ${x.message} | ${x.bytes} (${x.msgpackrBytes}) | ${x.encodeUs.toFixed(2)} | ${x.packUs.toFixed(2)} | ${x.encodeRatio.toFixed(2)}× | ${x.receiveUs.toFixed(2)} | ${x.unpackUs.toFixed(2)} | ${x.receiveRatio.toFixed(2)}× |`,
  );
}
if (sink.value === 0.5) console.log("");

#!/usr/bin/env node
// One operation of bench/multiplayer/rpc.mjs run N times after a warm-up, for counting its
// instructions under valgrind (icount.sh runs it twice and takes the difference per call):
// instruction counts do not move with the load of a shared machine, where times do.
//   node bench/multiplayer/icount.mjs <move|chat|state> <encode|pack|receive|unpack> <N>
process.env.MSGPACKR_NATIVE_ACCELERATION_DISABLED = "true";
const { Packr, unpack } = await import("msgpackr");
// MP_DIST: another build of the package (a before/after pair in one session).
const { encodePacket, rpcTable, Session } = await import(process.env.MP_DIST ?? "@gdvariant/multiplayer");

const [message, op, count] = process.argv.slice(2);
const { MESSAGES, RPC, handlersInto } = await import("./messages.mjs");
const table = rpcTable(RPC);
const sink = { value: 0 };
const handlers = handlersInto(sink);
const m = MESSAGES[message];
const id = table.byName.get(message).id;
const session = new Session(
  { nodes: { Game: { rpc: RPC } }, handlers: { Game: handlers }, maxPacketsPerSecond: 1e12 },
  1,
);
let out = 0;
session.open(2, { send: (b) => (out += b.length), close() {} });
session.receive(2, encodePacket({ type: "simplify-path", checksum: table.checksum, id: 1, path: "Game" }));
const packr = new Packr({ useRecords: false });
const packet = encodePacket({ type: "remote-call", node: 1, method: id, args: m.model });
const theirs = packr.pack([1, id, m.js]);
const ctx = { peer: 2, path: "Game", method: message };
const methods = new Map(Object.entries(handlers));
// Sending through the session: the server's rpc(peer, ...) of the same call (encode + send).
const fns = {
  encode: () => session.rpc(2, "Game", message, m.model),
  pack: () => {
    out += packr.pack([1, id, m.js]).length;
  },
  receive: () => session.receive(2, packet),
  unpack: () => {
    const [node, method, args] = unpack(theirs);
    if (node !== 1) throw new Error("node");
    methods.get(table.methods[method].name)(ctx, ...args);
  },
};
// The session must have the path confirmed to send the short form: its first call announces
// the path (SIMPLIFY_PATH, its cache id 1), then the peer confirms it.
session.rpc(2, "Game", message, m.model);
session.receive(2, encodePacket({ type: "confirm-path", valid: true, id: 1 }));
const fn = fns[op];
for (let i = 0; i < 5000; i++) fn();
for (let i = 0; i < Number(count); i++) fn();
if (sink.value === 0.5 || out === 0.5) console.log("");

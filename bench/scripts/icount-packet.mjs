#!/usr/bin/env node
// A call's fixed cost, for valgrind (see icount-packet.sh): `iterations` encodes or decodes of a
// small packet with one core build and the 4.x table:
//   node bench/scripts/icount-packet.mjs <core/index.js> <nil|dict4> <encode-into|encode|decode> <iterations>
// nil: a one-value packet (all of its cost is the call's); dict4: a 4-entry dictionary
// ({"type": "move", "id": 42, "pos": Vector2(1, 2), "seq": 7}), a typical game packet.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { tables } from "./tables.mjs";

const [corePath, packet, op, iterations] = process.argv.slice(2);
const c = await import(pathToFileURL(resolve(corePath)).href);
const d = tables(c)["godot-4"];
const s = (value) => ({ kind: "string", value });
const values = {
  nil: { kind: "nil" },
  dict4: {
    kind: "dictionary",
    entries: [
      [s("type"), s("move")],
      [s("id"), { kind: "int", value: 42 }],
      [s("pos"), { kind: "vector2", x: 1, y: 2 }],
      [s("seq"), { kind: "int", value: 7 }],
    ],
  },
};
const value = values[packet];
const bytes = c.encodeWith(d, value);
const target = new Uint8Array(256);
const fn =
  op === "encode-into"
    ? () => c.encodeIntoWith(d, value, target)
    : op === "encode"
      ? () => c.encodeWith(d, value).length
      : () => (c.decodeWith(d, bytes) ? 1 : 0);
for (let i = 0; i < 20000; i++) fn();
let x = 0;
for (let i = 0; i < Number(iterations); i++) x += fn();
if (x < 0) console.log(x);

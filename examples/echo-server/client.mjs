// A Node client for the echo server: sends a player's state, reads the echo, checks it.
//
//   node client.mjs [--godot3]        PORT=4242 by default

import { equals } from "@gdvariant/core";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { connectVariantSocket } from "@gdvariant/node";

const engine = process.argv.includes("--godot3") ? godot3 : godot4;
const port = Number(process.env.PORT ?? 4242);

const peer = await connectVariantSocket(port, "127.0.0.1", engine.dialect);
const messages = [
  "hello from Node ✓",
  {
    kind: "dictionary",
    entries: [
      [
        { kind: "string", value: "name" },
        { kind: "string", value: "Zoë 🎮" },
      ],
      [
        { kind: "string", value: "id" },
        { kind: "int", value: 9007199254740993n },
      ],
      [
        { kind: "string", value: "position" },
        { kind: "vector2", x: 12.5, y: -3 },
      ],
      [
        { kind: "string", value: "inventory" },
        { kind: "packedStringArray", data: ["sword", "potion"] },
      ],
    ],
  },
];
let ok = true;
for (const message of messages) {
  await peer.send(message);
  const echo = await peer.receive();
  // Plain JS values (the string) become Values through encode; compare Values with equals.
  const expected = engine.decode(engine.encode(message));
  const same = echo !== undefined && equals(echo, expected);
  ok &&= same;
  console.log(`echo ${same ? "ok" : "DIFFERS"}: ${echo === undefined ? "(closed)" : engine.toText(echo)}`);
}
await peer.end();
process.exit(ok ? 0 : 1);

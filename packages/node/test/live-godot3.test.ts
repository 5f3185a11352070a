// Live interop: a TCP server on 127.0.0.1 built on @gdvariant/node, and the real Godot 3 engines
// (3.2.3 and 3.6) as its client (tools/live/client-3.gd, StreamPeerTCP.put_var/get_var). Both ways:
// - the server sends 120+ values made here; the engine get_vars each and answers with
//   var2str(value) and put_var(value): the text must be our toText, the echo our value;
// - the engine sends 120 values it made, each with var2str and var2bytes: we must read the
//   value, produce the same text, and encode the same bytes;
// - PacketPeerStream framing on the same socket, raw PacketPeerUDP packets, then a second,
//   big-endian StreamPeer.
// Bounded: every wait has a timeout, the engine is SIGKILLed at 60 s at the latest and always
// killed at the end. GDVARIANT_LIVE_SEED replays a run (default seed 1).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dialect, toText } from "@gdvariant/godot-3";
import { describe, it } from "vitest";
import { godot3Binary, godot36Binary, LIVE_TOOLS } from "./engine.js";
import { liveExchange } from "./live-exchange.js";
import { values3 } from "./live-values.js";

// Each engine with the release whose var2str text it prints ({\n\n} and -inf.0 in 3.2).
const ENGINES = [
  { release: "3.2.3", version: "3.2", bin: godot3Binary(), how: "GODOT3_BIN or tools/engines/godot3.sh" },
  { release: "3.6", version: "3.6", bin: godot36Binary(), how: "GODOT36_BIN or tools/engines/godot36.sh" },
] as const;
for (const e of ENGINES)
  if (e.bin === undefined && process.env.CI)
    throw new Error(`CI: no Godot ${e.release} engine (set ${e.how})`);

const SEED = Number(process.env.GDVARIANT_LIVE_SEED ?? 1);
const COUNT = 120;
const STEP_MS = 20_000;

const MUST_COVER = [
  "dictionary",
  "nested(depth>=2)",
  "int64(bigint)",
  "string",
  "packedByteArray",
  "packedInt32Array",
  "packedFloat32Array",
  "packedStringArray",
  "packedVector2Array",
  "packedVector3Array",
  "packedColorArray",
];

describe.each(ENGINES)("live: Godot $release client over TCP", ({ version, bin }) => {
  it.skipIf(bin === undefined)(
    `exchanges ${COUNT}+ values each way and checks them on both sides (seed ${SEED})`,
    async () => {
      const cwd = mkdtempSync(join(tmpdir(), "gdv-live3-")); // user:// and logs of a project-less Godot 3
      await liveExchange({
        kit: { dialect, toText: (v) => toText(v, { version }) },
        bin: bin!,
        args: (port, udpPort) => [
          "--no-window",
          "-s",
          join(LIVE_TOOLS, "client-3.gd"),
          `--port=${port}`,
          `--udp=${udpPort}`,
          `--seed=${SEED}`,
          `--count=${COUNT}`,
        ],
        cwd,
        values: () => values3(SEED, COUNT),
        engineCount: COUNT,
        mustCover: MUST_COVER,
        stepMs: STEP_MS,
      });
    },
    90_000,
  );
});

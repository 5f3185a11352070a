// Live interop: a TCP server on 127.0.0.1 built on @gdvariant/node, and the real Godot 4 engine
// as its client (tools/live/client-4.gd, StreamPeerTCP.put_var/get_var). Both ways:
// - the server sends 120+ values made here; the engine get_vars each and answers with
//   var_to_str(value) and put_var(value): the text must be our toText, the echo our value;
// - the engine sends 120 values it made, each with var_to_str and var_to_bytes: we must read the
//   value, produce the same text, and encode the same bytes;
// - PacketPeerStream framing on the same socket, raw PacketPeerUDP packets, then a second,
//   big-endian StreamPeer.
// Bounded: every wait has a timeout, the engine is SIGKILLed at 60 s at the latest and always
// killed at the end. GDVARIANT_LIVE_SEED replays a run (default seed 1).
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dialect, toText } from "@gdvariant/godot-4";
import { describe, it } from "vitest";
import { godot4Binary, LIVE_TOOLS } from "./engine.js";
import { liveExchange } from "./live-exchange.js";
import { values4 } from "./live-values.js";

const bin = godot4Binary();
if (bin === undefined && process.env.CI) {
  throw new Error("CI: no Godot 4 engine (set GODOT4_BIN or run tools/engines/godot4.sh)");
}

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
  "packedInt64Array",
  "packedFloat64Array",
  "packedVector4Array",
  "stringName",
];

describe.skipIf(bin === undefined)("live: Godot 4.6.3 client over TCP", () => {
  it(`exchanges ${COUNT}+ values each way and checks them on both sides (seed ${SEED})`, async () => {
    // Godot 4 runs scripts inside a project: a throw-away one holding a copy of the client.
    const cwd = mkdtempSync(join(tmpdir(), "gdv-live4-"));
    writeFileSync(join(cwd, "project.godot"), "config_version=5\n");
    copyFileSync(join(LIVE_TOOLS, "client-4.gd"), join(cwd, "client-4.gd"));
    copyFileSync(join(LIVE_TOOLS, "values-4.gd"), join(cwd, "values-4.gd"));
    await liveExchange({
      kit: { dialect, toText },
      bin: bin!,
      args: (port, udpPort) => [
        "--headless",
        "--path",
        cwd,
        "-s",
        "client-4.gd",
        "--",
        `--port=${port}`,
        `--udp=${udpPort}`,
        `--seed=${SEED}`,
        `--count=${COUNT}`,
      ],
      cwd,
      values: () => values4(SEED, COUNT),
      engineCount: COUNT,
      mustCover: MUST_COVER,
      stepMs: STEP_MS,
    });
  }, 90_000);
});

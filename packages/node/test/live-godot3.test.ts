// Live interop: a TCP server on 127.0.0.1 built on @gdvariant/node, and the real Godot 3 engine
// as its client (tools/live/client-3.gd, StreamPeerTCP.put_var/get_var). Both ways:
// - the server sends 120+ values made here; the engine get_vars each and answers with
//   var2str(value) and put_var(value): the text must be our toText, the echo our value;
// - the engine sends 120 values it made, each with var2str and var2bytes: we must read the
//   value, produce the same text, and encode the same bytes;
// - PacketPeerStream framing on the same socket, then a second, big-endian StreamPeer.
// Bounded: every wait has a timeout, the engine is SIGKILLed at 60 s at the latest and always
// killed at the end. GDVARIANT_LIVE_SEED replays a run (default seed 1).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Value, equals } from "@gdvariant/core";
import { dialect, toText } from "@gdvariant/godot-3";
import { VariantSocket } from "@gdvariant/node";
import { describe, expect, it } from "vitest";
import { LIVE_TOOLS, godot3Binary, startEngine, within } from "./engine.js";
import { Listener, checkEcho, checkEngineValue, coverage, recv } from "./live-check.js";
import { values3 } from "./live-values.js";

const bin = godot3Binary();
if (bin === undefined && process.env.CI) {
  throw new Error("CI: no Godot 3 engine (set GODOT3_BIN or run tools/engines/godot3.sh)");
}

const SEED = Number(process.env.GDVARIANT_LIVE_SEED ?? 1);
const COUNT = 120;
const STEP_MS = 20_000;
const kit = { dialect, toText: (v: Value) => toText(v) };

describe.skipIf(bin === undefined)("live: Godot 3.2.3 client over TCP", () => {
  it(`exchanges ${COUNT}+ values each way and checks them on both sides (seed ${SEED})`, async () => {
    const listener = new Listener();
    const port = await listener.listen();
    const cwd = mkdtempSync(join(tmpdir(), "gdv-live3-")); // user:// and logs of a project-less Godot 3
    const run = startEngine(
      bin!,
      ["--no-window", "-s", join(LIVE_TOOLS, "client-3.gd"), `--port=${port}`, `--seed=${SEED}`, `--count=${COUNT}`],
      cwd,
      60_000,
    );
    const problems: string[] = [];
    try {
      const sock = new VariantSocket(await listener.accept(STEP_MS, "the engine's connection"), dialect);

      // 1. our values -> engine -> var2str + echo. Sending and reading run together so neither
      //    side's socket buffers can fill up and stall the other.
      const ours = values3(SEED, COUNT);
      const sending = (async () => {
        await sock.send(ours.length);
        for (const v of ours) await sock.send(v);
      })();
      for (let i = 0; i < ours.length; i++) {
        const text = await recv(sock, STEP_MS, `the engine's text of value ${i}`);
        const echo = await recv(sock, STEP_MS, `the engine's echo of value ${i}`);
        checkEcho(kit, `ours[${i}]`, ours[i]!, text, echo, problems);
      }
      await within(sending, STEP_MS, "sending our values");

      // 2. values the engine made, with its own text and bytes for each.
      const m = await recv(sock, STEP_MS, "the engine's value count");
      expect(m.kind === "int" && m.value).toBe(COUNT);
      const engineMade: Value[] = [];
      for (let i = 0; i < COUNT; i++) {
        const value = await recv(sock, STEP_MS, `engine value ${i}`);
        const text = await recv(sock, STEP_MS, `engine text ${i}`);
        const bytes = await recv(sock, STEP_MS, `engine bytes ${i}`);
        checkEngineValue(kit, `engine[${i}]`, value, text, bytes, problems);
        engineMade.push(value);
      }

      // 3. PacketPeerStream: three packets in, the same three out, the engine compares.
      const packets: Value[] = [];
      for (let i = 0; i < 3; i++) packets.push(await recv(sock, STEP_MS, `PacketPeerStream packet ${i}`));
      expect(equals(packets[0]!, engineMade[10]!) && equals(packets[1]!, engineMade[11]!)).toBe(true);
      expect(packets[2]).toEqual({ kind: "string", value: "pps" });
      for (const p of packets) await sock.send(p);
      expect(await recv(sock, STEP_MS, "the PacketPeerStream verdict")).toEqual({ kind: "string", value: "pps ok" });
      expect(await recv(sock, STEP_MS, "bye")).toEqual({ kind: "string", value: "bye" });

      // 4. a big-endian StreamPeer on a second connection.
      const be = new VariantSocket(await listener.accept(STEP_MS, "the big-endian connection"), dialect, {
        bigEndian: true,
      });
      const beValues = ours.slice(0, 30);
      await be.send(beValues.length);
      for (const v of beValues) await be.send(v);
      for (let i = 0; i < beValues.length; i++) {
        const echo = await recv(be, STEP_MS, `big-endian echo ${i}`);
        if (!equals(echo, beValues[i]!)) problems.push(`big-endian echo ${i} differs`);
      }
      expect(await recv(be, STEP_MS, "big-endian bye")).toEqual({ kind: "string", value: "bye" });

      expect(await within(run.exited, STEP_MS, "the engine's exit")).toBe(0);
      expect(problems).toEqual([]);

      // What the exchange covered, so a shrinking generator cannot quietly hollow the test out.
      const need = [
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
      for (const set of [coverage(ours), coverage(engineMade)]) {
        expect(need.filter((k) => !set.has(k))).toEqual([]);
      }
    } catch (e) {
      run.kill();
      await run.exited;
      throw new Error(`${String(e)}\nproblems:\n${problems.join("\n")}\n--- engine output ---\n${run.output().slice(-4000)}`);
    } finally {
      run.kill();
      listener.close();
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 90_000);
});

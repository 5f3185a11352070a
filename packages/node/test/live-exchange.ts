// One live exchange with a real engine client, shared by live-godot3.test.ts and
// live-godot4.test.ts: the TCP listener and UDP echo, the engine started against them, the
// conversation, then the engine always killed, every socket closed and the engine's folder
// removed. A failure carries the collected problems and the tail of the engine's output.
import { rmSync } from "node:fs";
import type { Value } from "@gdvariant/core";
import { expect } from "vitest";
import { startEngine, within } from "./engine.js";
import { converse, type DialectKit, Listener, UdpEcho } from "./live-check.js";

/** What differs between the engines' exchanges. */
export interface LiveExchange {
  kit: DialectKit;
  /** The engine binary, run in `cwd` with `args(port, udpPort)`; killed at 60 s at the latest. */
  bin: string;
  args(port: number, udpPort: number): string[];
  /** A throw-away folder for the engine, removed at the end. */
  cwd: string;
  /** Our values (made once the engine runs); there must be at least 100. */
  values(): Value[];
  engineCount: number;
  /** Kinds both value lists must contain, so the exchange cannot quietly shrink. */
  mustCover: readonly string[];
  stepMs: number;
}

/** Runs one exchange with the engine; throws (with the engine's output) on any mismatch. */
export async function liveExchange(x: LiveExchange): Promise<void> {
  const listener = new Listener();
  const port = await listener.listen();
  const udp = new UdpEcho(x.kit.dialect);
  const udpPort = await udp.bind();
  const run = startEngine(x.bin, x.args(port, udpPort), x.cwd, 60_000);
  const problems: string[] = [];
  try {
    const ours = x.values();
    expect(ours.length).toBeGreaterThanOrEqual(100);
    await converse(
      {
        kit: x.kit,
        listener,
        udp,
        ours,
        engineCount: x.engineCount,
        mustCover: x.mustCover,
        stepMs: x.stepMs,
      },
      problems,
    );
    expect(await within(run.exited, x.stepMs, "the engine's exit")).toBe(0);
    expect(problems).toEqual([]);
  } catch (e) {
    run.kill();
    await run.exited;
    throw new Error(
      `${String(e)}\nproblems:\n${problems.join("\n")}\n--- engine output ---\n${run.output().slice(-4000)}`,
    );
  } finally {
    run.kill();
    listener.close();
    udp.close();
    rmSync(x.cwd, { recursive: true, force: true });
  }
}

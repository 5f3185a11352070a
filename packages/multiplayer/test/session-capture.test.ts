// The session against the engine capture: fed the packets client 2 sent to the server, a
// Session playing the server makes the engine's calls and answers with the engine's own
// CONFIRM_PATH bytes; calling clients, it sends the bytes the engine's server sent.
import { decode } from "@gdvariant/godot-4";
import { Session } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { capture, hexBytes, toHex } from "./capture.js";
import { captureNodes } from "./scene.js";

const nodes = captureNodes();

function fakeLink() {
  const sent: Uint8Array[] = [];
  return { sent, send: (b: Uint8Array) => sent.push(b), close: () => {} };
}

describe("session against the engine capture", () => {
  it("as the server: the engine's calls from peer 2, and the engine's CONFIRM_PATH answers", () => {
    const session = new Session({ nodes, values: "model" }, 1);
    const calls: string[] = [];
    session.events.on("call", (ctx, args) =>
      calls.push(`${ctx.path}.${ctx.method}(${JSON.stringify(args, big)})`),
    );
    const errors: string[] = [];
    session.events.on("error", (e) => errors.push(`${e.code}: ${e.message}`));
    const link = fakeLink();
    session.open(2, link);
    const expected: string[] = [];
    const answers: string[] = [];
    let fed = 0;
    for (const step of capture.steps) {
      if (step.state !== undefined) break; // replication: the server side is ours to make
      for (const p of step.packets) {
        if (p.from === 2 && p.to === 1 && p.hex !== "" && !p.hex.startsWith("07")) {
          session.receive(2, hexBytes(p.hex));
          fed++;
        }
        if (p.from === 1 && p.to === 2 && p.hex.startsWith("02")) answers.push(p.hex);
      }
      for (const e of step.events) {
        if (e.kind === "call" && e.peer === 1 && e.sender === 2) {
          const args = (decode(hexBytes(e.hex as string)) as unknown as { items: unknown[] }).items;
          expected.push(`${e.path}.${e.method}(${JSON.stringify(args, big)})`);
        }
      }
    }
    expect(fed).toBeGreaterThan(700);
    // The engine refused one call (an authority method from a client): so do we.
    expect(errors).toEqual([expect.stringMatching(/^not-allowed/)]);
    // The empty lone PackedByteArray: the engine fails the call (no argument), we dispatch bytes().
    expect(calls.filter((c) => c !== "Game.bytes([])")).toEqual(expected);
    expect(link.sent.map(toHex)).toEqual(answers);
  });

  it("as the server: sends the engine's bytes when it calls clients", () => {
    const session = new Session({ nodes }, 1);
    const two = fakeLink();
    const three = fakeLink();
    session.open(2, two);
    session.open(3, three);
    two.sent.length = 0; // ADD_PEER packets
    three.sent.length = 0;
    const step = (label: string) => capture.steps.find((s) => s.label === label)!;
    const check = (label: string, run: () => void) => {
      const s = step(label);
      two.sent.length = 0;
      three.sent.length = 0;
      run();
      const ours = [...two.sent.map((b) => `2:${toHex(b)}`), ...three.sent.map((b) => `3:${toHex(b)}`)];
      const engine = s.packets.filter((p) => p.from === 1).map((p) => `${p.to}:${p.hex}`);
      expect(ours.sort(), label).toEqual(engine.sort());
      // Feed the clients' answers (CONFIRM_PATH) back.
      for (const p of s.packets) if (p.to === 1 && p.hex !== "") session.receive(p.from, hexBytes(p.hex));
    };
    check("server to client: from_server to peer 2", () =>
      session.rpc(2, "Game", "from_server", [{ hp: 3, name: "Ada" }]),
    );
    check("server to all: from_server broadcast", () =>
      session.rpc(0, "Game", "from_server", ["to everyone"]),
    );
    check("server to all: from_server broadcast (cached)", () =>
      session.rpc(0, "Game", "from_server", [[1, 2, 3]]),
    );
  });
});

function big(_k: string, v: unknown) {
  return typeof v === "bigint"
    ? `${v}n`
    : v instanceof Uint8Array || ArrayBuffer.isView(v)
      ? Array.from(v as Uint8Array)
      : v;
}

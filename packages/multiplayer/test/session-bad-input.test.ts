// An untrusted client: every malformed, truncated or hostile packet becomes an `error` event of
// that peer with the project's code (and, by the documented policy, a drop or a disconnect);
// nothing throws out of `receive`, other peers go on, and state stays bounded by the limits.
import { encodePacket, type ProtocolError, Session, type SessionOptions } from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";

const any = { mode: "any_peer" } as const;
const NODES = { Game: { rpc: { chat: any, move: any, admin: { mode: "authority" } } } } as const;

interface FakeLink {
  sent: Uint8Array[];
  closed: boolean;
  send(b: Uint8Array): void;
  close(): void;
}
function link(): FakeLink {
  return {
    sent: [],
    closed: false,
    send(b) {
      this.sent.push(b);
    },
    close() {
      this.closed = true;
    },
  };
}

function setup(options: Partial<SessionOptions> = {}) {
  const calls: { peer: number; method: string; args: readonly unknown[] }[] = [];
  const errors: { error: ProtocolError; disconnected: boolean }[] = [];
  const session = new Session({ nodes: NODES, ...options }, 1);
  session.events.on("call", (ctx, args) => calls.push({ peer: ctx.peer, method: ctx.method, args }));
  session.events.on("error", (error, disconnected) => errors.push({ error, disconnected }));
  const a = link();
  const b = link();
  session.open(2, a);
  session.open(3, b);
  return { session, calls, errors, a, b };
}

const call = (node: number | string, method: number, args: unknown[] = []) =>
  encodePacket({ type: "remote-call", node, method, args });
const announce = (id: number, path = "Game") =>
  encodePacket({ type: "simplify-path", checksum: "0".repeat(32), id, path });

describe("session: bad input from a client", () => {
  it("gives each hostile packet its code and offset, and keeps serving the other peer", () => {
    const { session, calls, errors, a } = setup();
    const cases: [string, Uint8Array, string][] = [
      ["empty", new Uint8Array(0), "malformed"],
      ["truncated call", Uint8Array.of(0x00, 1), "malformed"],
      ["unknown SYS command", Uint8Array.of(7, 9, 0, 0, 0, 0), "unknown-command"],
      ["path id never announced", call(7, 0, ["x"]), "unknown-path"],
      ["path no node has", call("Nope", 0), "unknown-path"],
      ["method id out of range", call("Game", 3), "unknown-method"],
      ["authority method from a client", call("Game", 0), "not-allowed"],
      ["lying argument count", Uint8Array.of(0x00, 1, 1, 5, 0x02, 1), "malformed"],
      [
        "relay to a missing peer",
        encodePacket({ type: "relay", peer: 99, packet: call("Game", 1, ["hi"]) }),
        "unknown-peer",
      ],
      ["ADD_PEER from a client", encodePacket({ type: "add-peer", peer: 5 }), "not-allowed"],
      ["SPAWN from a client", encodePacket({ type: "despawn", netId: 1 }), "not-allowed"],
    ];
    for (const [what, bytes, code] of cases) {
      expect(() => session.receive(2, bytes), what).not.toThrow();
      expect(errors.at(-1)?.error.code, what).toBe(code);
      expect(errors.at(-1)?.error.peer, what).toBe(2);
    }
    expect(errors.length).toBe(cases.length);
    expect(a.closed).toBe(false); // dropped, not disconnected: fewer than maxErrors (16)
    // The other peer is served as before.
    session.receive(3, call("Game", 1, ["still here"]));
    expect(calls).toEqual([{ peer: 3, method: "chat", args: ["still here"] }]);
    // The offset of a malformed packet is the DecodeError's.
    session.receive(2, Uint8Array.of(0x00, 1, 1, 1, 0x45));
    expect([errors.at(-1)?.error.code, errors.at(-1)?.error.offset]).toEqual(["malformed", 4]);
  });

  it("disconnects after maxErrors errors", () => {
    const { session, errors, a } = setup({ maxErrors: 3 });
    for (let i = 0; i < 3; i++) session.receive(2, call("Game", 9));
    expect(errors.map((e) => e.disconnected)).toEqual([false, false, true]);
    expect(a.closed).toBe(true);
    expect(session.peerIds).toEqual([3]);
    session.receive(2, call("Game", 9)); // a closed peer's late packet is ignored
    expect(errors.length).toBe(3);
  });

  it("path-cache flooding stops at maxPathCache and disconnects; the cache stays bounded", () => {
    const { session, errors, a } = setup({ maxPathCache: 100 });
    for (let i = 1; i <= 100; i++) session.receive(2, announce(i));
    expect(errors.filter((e) => e.error.code !== "checksum-mismatch")).toEqual([]);
    session.receive(2, announce(101));
    expect(errors.at(-1)?.error.code).toBe("limit-exceeded");
    expect(errors.at(-1)?.disconnected).toBe(true);
    expect(a.closed).toBe(true);
    // A duplicate id is refused as the engine does (no answer).
    const { session: s2, errors: e2 } = setup();
    s2.receive(2, announce(1));
    s2.receive(2, announce(1));
    expect(e2.at(-1)?.error.code).toBe("malformed");
  });

  it("a packet before authentication disconnects at once; a timeout refuses too", async () => {
    const session = new Session({ nodes: NODES, authTimeoutMs: 50 }, 1);
    session.authenticate = () => true;
    const errors: string[] = [];
    const refused: number[] = [];
    session.events.on("error", (e) => errors.push(e.code));
    session.events.on("authFailed", (p) => refused.push(p));
    const a = link();
    const b = link();
    session.open(2, a);
    session.open(3, b);
    session.receive(2, call("Game", 1, ["sneaky"]));
    expect(errors).toEqual(["not-authenticated"]);
    expect(a.closed).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(b.closed).toBe(true);
    expect(refused).toEqual([2, 3]);
  });

  it("a packet over maxPacketSize, deep arguments and floods are refused without work", () => {
    const { session, errors, a } = setup({ maxPacketSize: 1024 });
    session.receive(2, new Uint8Array(1025));
    expect([errors.at(-1)?.error.code, errors.at(-1)?.disconnected]).toEqual(["limit-exceeded", true]);
    expect(a.closed).toBe(true);
    // 10,000-deep arrays: refused at the default depth limit (64).
    const depth = 10_000;
    const deep = new Uint8Array(4 + depth * 8);
    deep.set([0x00, 1, 1, 1], 0);
    for (let i = 0; i < depth; i++) deep.set([28, 0, 0, 0, 1, 0, 0, 0], 4 + i * 8);
    const t = setup();
    t.session.receive(2, announce(1));
    t.session.receive(2, deep);
    const last = t.errors.at(-1)!.error;
    expect(last.code).toBe("malformed");
    expect((last.cause as { code: string }).code).toBe("depth-exceeded");
    // A flood: more than maxPacketsPerSecond packets in a second.
    const f = setup({ maxPacketsPerSecond: 50 });
    for (let i = 0; i < 60; i++) f.session.receive(2, call("Game", 1, [i]));
    expect(f.calls.length).toBe(50);
    expect(f.errors.at(-1)?.error.code).toBe("limit-exceeded");
    expect(f.a.closed).toBe(true);
  });

  it("a handler that throws is reported, not fatal", async () => {
    const { session, errors, calls } = setup({
      handlers: {
        Game: {
          chat: () => {
            throw new Error("boom");
          },
          move: async () => Promise.reject(new Error("async boom")),
        },
      },
    });
    expect(() => session.receive(2, call("Game", 1, ["x"]))).not.toThrow();
    session.receive(2, call("Game", 2, [1]));
    await new Promise((r) => setTimeout(r, 0));
    expect(errors.map((e) => [e.error.code, e.disconnected])).toEqual([
      ["handler-failed", false],
      ["handler-failed", false],
    ]);
    expect(calls.length).toBe(2);
  });

  it("a relayed packet is checked before it is forwarded", () => {
    const { session, errors, b } = setup();
    const before = b.sent.length;
    session.receive(2, encodePacket({ type: "relay", peer: 3, packet: Uint8Array.of(0x00, 1) }));
    expect(errors.at(-1)?.error.code).toBe("malformed");
    expect(b.sent.length).toBe(before);
    session.receive(2, encodePacket({ type: "relay", peer: 3, packet: call("Game", 1, ["ok"]) }));
    expect(b.sent.length).toBe(before + 1);
  });
});

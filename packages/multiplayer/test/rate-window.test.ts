// The packet rate limit's window, as documented: a peer may send `maxPacketsPerSecond` packets in
// a window; a window starts at the first packet 1,000 ms or more after the last window's start
// (not on a fixed grid), and one packet more disconnects the peer (`limit-exceeded`).
import { encodePacket, type ProtocolError, Session } from "@gdvariant/multiplayer";
import { afterEach, describe, expect, it, vi } from "vitest";

const NODES = { Game: { rpc: { chat: { mode: "any_peer" } } } } as const;
const call = encodePacket({ type: "remote-call", node: "Game", method: 0, args: ["x"] });

function setup() {
  const session = new Session({ nodes: NODES, maxPacketsPerSecond: 3 }, 1);
  const calls: number[] = [];
  const errors: ProtocolError[] = [];
  session.events.on("call", () => calls.push(Date.now()));
  session.events.on("error", (e) => errors.push(e));
  const link = {
    closed: false,
    send() {},
    close() {
      this.closed = true;
    },
  };
  session.open(2, link);
  return { session, calls, errors, link };
}

describe("the packet rate window", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts from the first packet 1,000 ms or more after the window's start", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = 1_000_000;
    const at = (ms: number) => vi.setSystemTime(t0 + ms);
    const { session, calls, errors, link } = setup();
    // Window 1 starts at 0: three packets, the last at 999 ms.
    for (const ms of [0, 500, 999]) {
      at(ms);
      session.receive(2, call);
    }
    // 1,500 ms: 1,000 ms or more after 0, so a new window starts here (not at 1,000).
    for (const ms of [1500, 2000, 2499]) {
      at(ms);
      session.receive(2, call);
    }
    expect(calls.map((t) => t - t0)).toEqual([0, 500, 999, 1500, 2000, 2499]);
    expect(errors).toEqual([]);
    // 2,499 ms is still in the window that started at 1,500: the fourth packet is refused.
    session.receive(2, call);
    expect(errors.map((e) => [e.code, e.peer])).toEqual([["limit-exceeded", 2]]);
    expect(link.closed).toBe(true);
  });

  it("a new window starts exactly 1,000 ms after the last one started", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const t0 = 5_000_000;
    const { session, calls, errors } = setup();
    for (const ms of [0, 1, 2, 1000, 1000, 1000]) {
      vi.setSystemTime(t0 + ms);
      session.receive(2, call);
    }
    expect(calls.length).toBe(6);
    expect(errors).toEqual([]);
  });
});

// A session reads a REMOTE_CALL straight from its bytes, without a packet object. That direct
// path must do exactly what decoding the packet and then dispatching it does: the same calls with
// the same arguments, and the same errors (code, peer, offset, message, the cause's code, offset
// and path, the disconnect). The reference is the session's own decode-then-process path, which
// relayed packets still take, and `decodePacket` itself; the inputs are every REMOTE_CALL peer 2
// sent in the engine capture, every truncation of each, and random byte flips.
import { DecodeError } from "@gdvariant/core";
import {
  decodePacket,
  encodePacket,
  type ProtocolError,
  Session,
  type SessionOptions,
} from "@gdvariant/multiplayer";
import { describe, expect, it } from "vitest";
import { allPackets, hexBytes } from "./capture.js";
import { captureNodes } from "./scene.js";

const options: SessionOptions = {
  nodes: captureNodes(),
  values: "js",
  maxErrors: 1e9,
  maxPacketsPerSecond: 1e12,
};

interface Seen {
  calls: { peer: number; path: string; method: string; args: readonly unknown[] }[];
  errors: { error: ProtocolError; disconnected: boolean }[];
}

function server(): { session: Session; seen: Seen } {
  const session = new Session(options, 1);
  const seen: Seen = { calls: [], errors: [] };
  session.events.on("call", (ctx, args) => seen.calls.push({ ...ctx, args }));
  session.events.on("error", (error, disconnected) => seen.errors.push({ error, disconnected }));
  session.open(2, { send: () => {}, close: () => {} });
  return { session, seen };
}

function errorView(e: { error: ProtocolError; disconnected: boolean }) {
  const cause = DecodeError.is(e.error.cause) ? e.error.cause : undefined;
  return {
    code: e.error.code,
    peer: e.error.peer,
    offset: e.error.offset,
    message: e.error.message,
    cause: cause && {
      code: cause.code,
      offset: cause.offset,
      message: cause.message,
      path: String(cause.path),
    },
    disconnected: e.disconnected,
  };
}

/** What one packet did to a session: its calls and errors. */
function effect(seen: Seen, run: () => void) {
  seen.calls.length = 0;
  seen.errors.length = 0;
  run();
  return { calls: [...seen.calls], errors: seen.errors.map(errorView) };
}

let seed = 37;
const rand = (n: number) => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return (seed >>> 8) % n;
};

describe("receive: a REMOTE_CALL straight from its bytes", () => {
  it("does what decodePacket + dispatch do on engine calls, their truncations and byte flips", () => {
    const fromTwo = allPackets().filter((p) => p.from === 2);
    const announcements = [...new Set(fromTwo.filter((p) => p.hex.startsWith("01")).map((p) => p.hex))];
    const calls = [
      ...new Set(fromTwo.filter((p) => (Number.parseInt(p.hex.slice(0, 2), 16) & 7) === 0).map((p) => p.hex)),
    ].map(hexBytes);
    const inputs: Uint8Array[] = [];
    for (const c of calls) {
      inputs.push(c);
      for (let n = 1; n < c.length; n++) inputs.push(c.subarray(0, n));
      for (let k = 0; k < 4; k++) {
        const f = c.slice();
        f[rand(f.length)]! ^= 1 << rand(8);
        inputs.push(f);
      }
    }
    const direct = server();
    const reference = server();
    for (const hex of announcements) {
      direct.session.receive(2, hexBytes(hex));
      reference.session.receive(2, hexBytes(hex));
    }
    let called = 0;
    let failed = 0;
    let compared = 0;
    const codes = new Set<string>();
    for (const bytes of inputs) {
      if ((bytes[0]! & 7) !== 0) continue; // a flip that made another command: not this path
      compared++;
      const got = effect(direct.seen, () => direct.session.receive(2, bytes));
      // The reference: the packet decoded, then processed (a relay to every peer, 0, is
      // processed by the server after it is decoded; peer 2 is the only peer).
      const want = effect(reference.seen, () =>
        reference.session.receive(2, encodePacket({ type: "relay", peer: 0, packet: bytes })),
      );
      expect(got).toEqual(want);
      // And decodePacket itself: its error is the cause, at its offset; its arguments are the call's.
      let decoded: ReturnType<typeof decodePacket> | undefined;
      let thrown: DecodeError | undefined;
      try {
        decoded = decodePacket(bytes, { values: "js", maxDepth: 64, maxTotalBytes: 1 << 20 });
      } catch (e) {
        if (!DecodeError.is(e)) throw e;
        thrown = e;
      }
      if (thrown !== undefined) {
        expect(got.errors.map((e) => [e.code, e.offset, e.cause?.code])).toEqual([
          ["malformed", thrown.offset, thrown.code],
        ]);
      } else if (got.calls.length === 1 && decoded?.type === "remote-call") {
        expect(got.calls[0]!.args).toEqual(decoded.args);
      }
      called += got.calls.length;
      failed += got.errors.length;
      for (const e of got.errors) codes.add(e.code);
    }
    // Enough of each kind that the comparison means something.
    expect(calls.length).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(1000);
    expect(called).toBeGreaterThan(100);
    expect(failed).toBeGreaterThan(1000);
    expect([...codes].sort()).toEqual(["malformed", "not-allowed", "unknown-method", "unknown-path"]);
  });
});

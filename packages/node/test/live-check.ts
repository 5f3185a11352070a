// The server side of the live conversations with a real Godot client (tools/live/client-*.gd),
// shared by live-godot3.test.ts and live-godot4.test.ts. The protocol is described in the
// client scripts; every wait is bounded and every mismatch is collected with its index.
import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { type AddressInfo, createServer, type Server, type Socket } from "node:net";
import {
  type Dialect,
  decodePacket,
  decodeWith,
  encodePacket,
  encodeWith,
  equals,
  type Span,
  type Value,
} from "@gdvariant/core";
import { VariantSocket } from "@gdvariant/node";
import { within } from "./engine.js";

export interface DialectKit {
  dialect: Dialect;
  toText(value: Value): string;
}

/** A loopback server whose accepted sockets are handed out in order. */
export class Listener {
  private readonly server: Server;
  private readonly sockets: Socket[] = [];
  private readonly waiting: ((s: Socket) => void)[] = [];

  constructor() {
    this.server = createServer((s) => {
      const w = this.waiting.shift();
      if (w) w(s);
      else this.sockets.push(s);
    });
  }

  async listen(): Promise<number> {
    await new Promise<void>((r) => this.server.listen(0, "127.0.0.1", r));
    return (this.server.address() as AddressInfo).port;
  }

  accept(ms: number, what: string): Promise<Socket> {
    const s = this.sockets.shift();
    if (s) return Promise.resolve(s);
    return within(new Promise<Socket>((r) => this.waiting.push(r)), ms, what);
  }

  close(): void {
    for (const s of this.sockets) s.destroy();
    this.server.close();
  }
}

/**
 * A UDP socket on 127.0.0.1 that reads each datagram as one `PacketPeer` packet and sends the
 * value back re-encoded: raw packets, no length word. Keeps what it got (or the error).
 */
export class UdpEcho {
  readonly received: Value[] = [];
  readonly errors: string[] = [];
  private readonly socket: UdpSocket;

  constructor(dialect: Dialect) {
    this.socket = createSocket("udp4");
    this.socket.on("message", (msg, from) => {
      try {
        const value = decodePacket(dialect, msg);
        this.received.push(value);
        this.socket.send(encodePacket(dialect, value), from.port, from.address);
      } catch (e) {
        this.errors.push(String(e));
      }
    });
  }

  async bind(): Promise<number> {
    await new Promise<void>((r) => this.socket.bind(0, "127.0.0.1", r));
    return this.socket.address().port;
  }

  close(): void {
    this.socket.close();
  }
}

/** `receive` bounded in time; the end of the stream is a failure here. */
export async function recv(sock: VariantSocket, ms: number, what: string): Promise<Value> {
  const v = await within(sock.receive(), ms, what);
  if (v === undefined) throw new Error(`the client closed the stream while the server waited for ${what}`);
  return v;
}

const short = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…` : s);

/**
 * Engine bytes and ours agree except inside NodePaths, whose name padding the engine never
 * writes (garbage there, zeros from us). Returns a description of the first difference, or "".
 */
export function compareMasked(dialect: Dialect, engineBytes: Uint8Array, ours: Uint8Array): string {
  const spans: Span[] = [];
  decodeWith(dialect, engineBytes, { onSpan: (s) => spans.push(s) });
  const paths = spans.filter((s) => s.kind === "nodePath");
  if (engineBytes.length !== ours.length)
    return `length ${engineBytes.length} (engine) vs ${ours.length} (ours)`;
  for (let i = 0; i < ours.length; i++) {
    if (engineBytes[i] === ours[i]) continue;
    if (ours[i] === 0 && paths.some((s) => i >= s.start && i < s.end)) continue;
    return `byte ${i}: engine ${engineBytes[i]} vs ours ${ours[i]}`;
  }
  return "";
}

/** Checks one value the engine made: its text and its var2bytes against ours. */
export function checkEngineValue(
  kit: DialectKit,
  label: string,
  value: Value,
  text: Value,
  bytes: Value,
  problems: string[],
): void {
  if (text.kind !== "string") return void problems.push(`${label}: text is a ${text.kind}`);
  const ours = kit.toText(value);
  if (ours !== text.value)
    problems.push(
      `${label}: text ${short(JSON.stringify(text.value))} vs ours ${short(JSON.stringify(ours))}`,
    );
  if (bytes.kind !== "packedByteArray") return void problems.push(`${label}: bytes is a ${bytes.kind}`);
  const fromBytes = decodeWith(kit.dialect, bytes.data, { exact: true });
  if (!equals(fromBytes, value)) problems.push(`${label}: the put_var value and the var2bytes value differ`);
  const diff = compareMasked(kit.dialect, bytes.data, encodeWith(kit.dialect, value));
  if (diff) problems.push(`${label}: our encoding differs from var2bytes at ${diff}`);
}

/** Checks the client's text and echo of a value the server sent. */
export function checkEcho(
  kit: DialectKit,
  label: string,
  sent: Value,
  text: Value,
  echo: Value,
  problems: string[],
): void {
  const ours = kit.toText(sent);
  if (text.kind !== "string" || text.value !== ours) {
    problems.push(
      `${label}: engine text ${short(JSON.stringify(text))} vs ours ${short(JSON.stringify(ours))}`,
    );
  }
  if (!equals(echo, sent))
    problems.push(`${label}: echo ${short(kit.toText(echo))} differs from ${short(ours)}`);
}

/** A short summary of what a list of values covers (kinds, nesting), for the test log. */
export function coverage(values: readonly Value[]): Set<string> {
  const kinds = new Set<string>();
  const walk = (v: Value, depth: number) => {
    kinds.add(v.kind);
    if (depth >= 2) kinds.add("nested(depth>=2)");
    if (v.kind === "int" && typeof v.value === "bigint") kinds.add("int64(bigint)");
    if (v.kind === "array") for (const i of v.items) walk(i, depth + 1);
    if (v.kind === "dictionary") {
      for (const [k, x] of v.entries) {
        walk(k, depth + 1);
        walk(x, depth + 1);
      }
    }
  };
  for (const v of values) walk(v, 0);
  return kinds;
}

/** What one live conversation needs: the dialect, our values, and how many the engine makes. */
export interface Conversation {
  kit: DialectKit;
  listener: Listener;
  udp: UdpEcho;
  ours: readonly Value[];
  engineCount: number;
  /** Kinds both value lists must contain, so the exchange cannot quietly shrink. */
  mustCover: readonly string[];
  stepMs: number;
}

/**
 * The server side of tools/live/client-*.gd, step by step (see the scripts). Mismatches are
 * pushed to `problems`; protocol breaks and timeouts throw.
 * @returns the values the engine made.
 */
export async function converse(c: Conversation, problems: string[]): Promise<Value[]> {
  const { kit, listener, ours, stepMs } = c;
  const sock = new VariantSocket(await listener.accept(stepMs, "the engine's connection"), kit.dialect);

  // 1. our values -> engine -> text + echo. Sending and reading run together so neither side's
  //    socket buffers can fill up and stall the other.
  const sending = (async () => {
    await sock.send(ours.length);
    for (const v of ours) await sock.send(v);
  })();
  for (let i = 0; i < ours.length; i++) {
    const text = await recv(sock, stepMs, `the engine's text of value ${i}`);
    const echo = await recv(sock, stepMs, `the engine's echo of value ${i}`);
    checkEcho(kit, `ours[${i}]`, ours[i]!, text, echo, problems);
  }
  await within(sending, stepMs, "sending our values");

  // 2. values the engine made, with its own text and bytes for each.
  const m = await recv(sock, stepMs, "the engine's value count");
  if (m.kind !== "int" || m.value !== c.engineCount) throw new Error(`engine count: ${JSON.stringify(m)}`);
  const engineMade: Value[] = [];
  for (let i = 0; i < c.engineCount; i++) {
    const value = await recv(sock, stepMs, `engine value ${i}`);
    const text = await recv(sock, stepMs, `engine text ${i}`);
    const bytes = await recv(sock, stepMs, `engine bytes ${i}`);
    checkEngineValue(kit, `engine[${i}]`, value, text, bytes, problems);
    engineMade.push(value);
  }

  // 3. PacketPeerStream: three packets in (engine values 10 and 11, then "pps"), the same three
  //    out; the engine compares them and says "pps ok".
  const packets: Value[] = [];
  for (let i = 0; i < 3; i++) packets.push(await recv(sock, stepMs, `PacketPeerStream packet ${i}`));
  if (!equals(packets[0]!, engineMade[10]!) || !equals(packets[1]!, engineMade[11]!)) {
    problems.push("PacketPeerStream packets differ from the engine's values 10 and 11");
  }
  if (!equals(packets[2]!, { kind: "string", value: "pps" }))
    problems.push('third PacketPeerStream packet is not "pps"');
  for (const p of packets) await sock.send(p);
  const verdict = await recv(sock, stepMs, "the PacketPeerStream verdict");
  if (!equals(verdict, { kind: "string", value: "pps ok" }))
    problems.push(`engine says ${JSON.stringify(verdict)}`);

  // 4. raw PacketPeerUDP packets: engine values 0, 2, 9, 10 and 13, echoed by UdpEcho; the
  //    engine compares the echoes and says "udp ok".
  const udpVerdict = await recv(sock, stepMs, "the UDP verdict");
  if (!equals(udpVerdict, { kind: "string", value: "udp ok" })) {
    problems.push(`engine says ${JSON.stringify(udpVerdict)}`);
  }
  problems.push(...c.udp.errors.map((e) => `UDP packet: ${e}`));
  const udpExpected = [0, 2, 9, 10, 13].map((i) => engineMade[i]!);
  if (c.udp.received.length !== 5 || !c.udp.received.every((v, i) => equals(v, udpExpected[i]!))) {
    problems.push(
      `UDP packets differ from the engine's values 0, 2, 9, 10, 13 (${c.udp.received.length} received)`,
    );
  }
  const bye = await recv(sock, stepMs, "bye");
  if (!equals(bye, { kind: "string", value: "bye" }))
    problems.push(`expected "bye", got ${JSON.stringify(bye)}`);

  // 5. a big-endian StreamPeer on a second connection: the engine echoes 30 of our values.
  const be = new VariantSocket(await listener.accept(stepMs, "the big-endian connection"), kit.dialect, {
    bigEndian: true,
  });
  const beValues = ours.slice(0, 30);
  await be.send(beValues.length);
  for (const v of beValues) await be.send(v);
  for (let i = 0; i < beValues.length; i++) {
    const echo = await recv(be, stepMs, `big-endian echo ${i}`);
    if (!equals(echo, beValues[i]!)) problems.push(`big-endian echo ${i} differs`);
  }
  const bye2 = await recv(be, stepMs, "big-endian bye");
  if (!equals(bye2, { kind: "string", value: "bye" }))
    problems.push(`big-endian: expected "bye", got ${JSON.stringify(bye2)}`);

  for (const [who, list] of [
    ["our values", ours],
    ["engine values", engineMade],
  ] as const) {
    const set = coverage(list);
    const missing = c.mustCover.filter((k) => !set.has(k));
    if (missing.length > 0) problems.push(`${who} cover no ${missing.join(", ")}`);
  }
  return engineMade;
}

// The server side of the live conversations with a real Godot client (tools/live/client-*.gd),
// shared by live-godot3.test.ts and live-godot4.test.ts. The protocol is described in the
// client scripts; every wait is bounded and every mismatch is collected with its index.
import { type AddressInfo, type Server, type Socket, createServer } from "node:net";
import { type Dialect, type Span, type Value, decodeWith, encodeWith, equals } from "@gdvariant/core";
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
  if (engineBytes.length !== ours.length) return `length ${engineBytes.length} (engine) vs ${ours.length} (ours)`;
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
  if (ours !== text.value) problems.push(`${label}: text ${short(JSON.stringify(text.value))} vs ours ${short(JSON.stringify(ours))}`);
  if (bytes.kind !== "packedByteArray") return void problems.push(`${label}: bytes is a ${bytes.kind}`);
  const fromBytes = decodeWith(kit.dialect, bytes.data, { exact: true });
  if (!equals(fromBytes, value)) problems.push(`${label}: the put_var value and the var2bytes value differ`);
  const diff = compareMasked(kit.dialect, bytes.data, encodeWith(kit.dialect, value));
  if (diff) problems.push(`${label}: our encoding differs from var2bytes at ${diff}`);
}

/** Checks the client's text and echo of a value the server sent. */
export function checkEcho(kit: DialectKit, label: string, sent: Value, text: Value, echo: Value, problems: string[]): void {
  const ours = kit.toText(sent);
  if (text.kind !== "string" || text.value !== ours) {
    problems.push(`${label}: engine text ${short(JSON.stringify(text))} vs ours ${short(JSON.stringify(ours))}`);
  }
  if (!equals(echo, sent)) problems.push(`${label}: echo ${short(kit.toText(echo))} differs from ${short(ours)}`);
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

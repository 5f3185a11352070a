// The engine capture (tools/multiplayer/capture.mjs): every packet Godot 4.6.3's SceneMultiplayer
// sent while the capture scene ran, with what each instance saw.
import { readFileSync } from "node:fs";
import { rpcTable } from "@gdvariant/multiplayer";
import { GAME_RPC, MANY_RPC, WIDE_RPC } from "./scene.js";

export interface CapturedPacket {
  from: number;
  to: number;
  target: number;
  channel: number;
  mode: number;
  hex: string;
  event?: string;
}
export interface CapturedEvent {
  peer: number;
  kind: string;
  [k: string]: unknown;
}
export interface CapturedStep {
  label: string;
  action: Record<string, unknown> & { do: string };
  packets: CapturedPacket[];
  events: CapturedEvent[];
  state?: { peer: number; board: string; world: string }[];
}
export interface Capture {
  engine: string;
  seed: number;
  steps: CapturedStep[];
}

export const capture: Capture = JSON.parse(
  readFileSync(new URL("./fixtures/engine-capture.json", import.meta.url), "utf8"),
);

export function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Every captured packet that carries bytes (disconnect markers aside). */
export function allPackets(): (CapturedPacket & { step: CapturedStep })[] {
  return capture.steps.flatMap((step) =>
    step.packets.filter((p) => p.hex !== "").map((p) => ({ ...p, step })),
  );
}

// The capture scene's RPC surface (tools/multiplayer/project/game.gd, many.gd, the 257-method
// Wide node), as a server would declare it.
export const GAME = rpcTable(GAME_RPC);
export const MANY = rpcTable(MANY_RPC);
export const WIDE = rpcTable(WIDE_RPC);

// Synchronizers and spawners have no RPCs: their checksum is the MD5 of nothing.
export const NONE = rpcTable({});

export function tableOf(path: string) {
  if (path.endsWith("/Sync") || path.endsWith("/Spawner")) return NONE;
  if (path.startsWith("Many/")) return MANY;
  if (path === "Wide") return WIDE;
  if (path === "Game" || path === "Game/Deep/Très long/Ünï") return GAME;
  return undefined;
}

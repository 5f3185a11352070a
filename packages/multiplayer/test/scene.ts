// The RPC surface of the capture and live scenes (tools/multiplayer/project: game.gd, many.gd
// and the 257-method Wide node), declared as a server or client of this package declares it.
import type { NodeDeclaration } from "@gdvariant/multiplayer";

const any = { mode: "any_peer" } as const;

/** game.gd's `@rpc` methods. */
export const GAME_RPC = {
  take0: any,
  take1: any,
  take2: any,
  take3: any,
  take5: any,
  from_server: { mode: "authority", transferMode: "unreliable", channel: 1 },
  ping: { mode: "any_peer", callLocal: true, transferMode: "unreliable_ordered", channel: 2 },
  bytes: { mode: "any_peer", channel: 3 },
} as const;

/** many.gd's. */
export const MANY_RPC = { hit: any } as const;

/** The Wide node's: m000 ... m256. */
export const WIDE_RPC = Object.fromEntries(
  Array.from({ length: 257 }, (_, i) => [`m${String(i).padStart(3, "0")}`, any]),
);

/** Every node of the capture scene with RPCs, by path. */
export function captureNodes(): Record<string, NodeDeclaration> {
  const nodes: Record<string, NodeDeclaration> = {
    Game: { rpc: GAME_RPC },
    "Game/Deep/Très long/Ünï": { rpc: GAME_RPC },
    Wide: { rpc: WIDE_RPC },
  };
  for (let i = 0; i < 300; i++) nodes[`Many/N${i}`] = { rpc: MANY_RPC };
  return nodes;
}

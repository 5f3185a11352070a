import { CUSTOM_SPAWN } from "./commands.js";
import { deltaPackets, syncPackets } from "./encode-packet.js";
import type { Packet } from "./packet-types.js";
import { announce } from "./path-cache.js";
import { type ReplicationConfig, type SplitConfig, splitConfig } from "./replication-config.js";
import type { PeerState, SessionCore } from "./session-core.js";

// Replication from this side (the server): static synchronizers, spawners and their nodes, and
// the network frame that sends their states (SPAWN, DESPAWN, SYNC, delta SYNC).

/** A server-side synchronizer: set its properties; the session sends them. */
export interface SynchronizerHandle {
  set(property: string, value: unknown): void;
  get(property: string): unknown;
}

/** What {@link SpawnerHandle.spawn} takes. */
export interface SpawnOptions {
  /** The node's name on every peer. */
  readonly name: string;
  /** Index of the spawner's spawnable scene; omit for a custom spawn (`spawn_function`). */
  readonly scene?: number;
  /** The custom spawn's argument (given to `spawn_function`). */
  readonly arg?: unknown;
  /** The node's synchronizers' configs, in the order the scene has them. */
  readonly synchronizers?: readonly ReplicationConfig[];
  /** Initial property values, by property name, for every synchronizer. */
  readonly values?: Readonly<Record<string, unknown>>;
}

/** A spawned node: set its properties (all its synchronizers), or despawn it. */
export interface SpawnedHandle extends SynchronizerHandle {
  readonly netId: number;
  readonly name: string;
  despawn(): void;
}

/** A server-side MultiplayerSpawner. */
export interface SpawnerHandle {
  spawn(options: SpawnOptions): SpawnedHandle;
}

/** @internal A replicated node: a static synchronizer or a spawned node's synchronizer. */
interface Replica {
  readonly config: SplitConfig;
  readonly values: Map<string, unknown>;
  /** On-change properties changed since the last delta, per peer. */
  readonly dirty: Map<number, Set<string>>;
}

interface SpawnedNode {
  readonly spawner: string;
  readonly netId: number;
  readonly name: string;
  readonly scene: number;
  readonly arg: unknown;
  readonly syncs: { readonly netId: number; readonly replica: Replica }[];
}

const PATH_FLAG = 0x80000000;

/** @internal What a session replicates. */
export class ReplicationState {
  lastNetId = 0;
  readonly statics = new Map<string, Replica>();
  readonly spawned = new Map<number, SpawnedNode>();
}

/** @internal Declares a static synchronizer at `path`. */
export function synchronizer(
  core: SessionCore,
  path: string,
  config: ReplicationConfig,
  values: Readonly<Record<string, unknown>>,
): SynchronizerHandle {
  const r = replica(config, values);
  core.replication.statics.set(path, r);
  return { set: (k, v) => setValue(core, r, k, v), get: (k) => r.values.get(k) };
}

/** @internal Declares a spawner at `path`. */
export function spawner(core: SessionCore, path: string): SpawnerHandle {
  const state = core.replication;
  return {
    spawn: (o) => {
      const netId = ++state.lastNetId;
      const syncs = (o.synchronizers ?? []).map((c) => ({
        netId: ++state.lastNetId,
        replica: replica(c, o.values ?? {}),
      }));
      const node: SpawnedNode = {
        spawner: path,
        netId,
        name: o.name,
        scene: o.scene ?? CUSTOM_SPAWN,
        arg: o.arg,
        syncs,
      };
      state.spawned.set(netId, node);
      for (const st of core.peers.values())
        if (st.admitted && st.link !== undefined) sendSpawn(core, st, node);
      const set = (k: string, v: unknown) => {
        for (const s of syncs) if (s.replica.values.has(k)) setValue(core, s.replica, k, v);
      };
      return {
        netId,
        name: o.name,
        set,
        get: (k) => syncs.find((s) => s.replica.values.has(k))?.replica.values.get(k),
        despawn: () => {
          if (!state.spawned.delete(netId)) return;
          const bytes = core.encode({ type: "despawn", netId });
          for (const st of core.peers.values()) if (st.spawned.delete(netId)) core.sendTo(st, bytes);
        },
      };
    },
  };
}

/** @internal SPAWN of every live node to a newly admitted peer (server side). */
export function spawnAll(core: SessionCore, st: PeerState): void {
  for (const node of core.replication.spawned.values()) sendSpawn(core, st, node);
}

/** @internal One network frame of replication: SYNC and delta packets to every admitted peer. */
export function tick(core: SessionCore): void {
  for (const st of core.peers.values()) {
    if (!st.admitted || st.link === undefined) continue;
    const entries: { netId: number; state: unknown[] }[] = [];
    const deltas: { netId: number; indexes: bigint; state: unknown[] }[] = [];
    const add = (key: string, netId: number, r: Replica) => {
      if (r.config.always.length > 0)
        entries.push({ netId, state: r.config.always.map((k) => r.values.get(k)) });
      const sent = st.watched.get(key) ?? new Set<string>();
      st.watched.set(key, sent);
      const dirty = r.dirty.get(st.id);
      let mask = 0n;
      const state: unknown[] = [];
      r.config.onChange.forEach((k, i) => {
        if (!sent.has(k) || dirty?.has(k)) {
          mask |= 1n << BigInt(i);
          state.push(r.values.get(k));
          sent.add(k);
        }
      });
      dirty?.clear();
      if (state.length > 0) deltas.push({ netId, indexes: mask, state });
    };
    for (const [path, r] of core.replication.statics) {
      const id = core.paths.idOf(path);
      if (!announce(core, st, path, id)) continue; // sent once the peer confirms the path
      add(path, (PATH_FLAG | id) >>> 0, r);
    }
    for (const node of core.replication.spawned.values()) {
      if (!st.spawned.has(node.netId)) continue;
      for (const s of node.syncs) add(`#${s.netId}`, s.netId, s.replica);
    }
    if (entries.length > 0) {
      st.syncTime = (st.syncTime + 1) & 0xffff;
      for (const bytes of syncPackets(st.syncTime, entries, core.limits.maxSyncPacketSize))
        core.sendTo(st, bytes);
    }
    for (const bytes of deltaPackets(deltas, core.limits.maxSyncPacketSize)) core.sendTo(st, bytes);
  }
}

/** @internal The path a replication packet names, as the `replication` event gives it. */
export function replicationPath(st: PeerState, packet: Packet): string | undefined {
  if (packet.type === "spawn") return st.recv.get(packet.spawner);
  return undefined;
}

function replica(config: ReplicationConfig, values: Readonly<Record<string, unknown>>): Replica {
  const split = splitConfig(config);
  const map = new Map<string, unknown>();
  for (const p of config) map.set(p.name, values[p.name] ?? null);
  return { config: split, values: map, dirty: new Map() };
}

function setValue(core: SessionCore, r: Replica, k: string, v: unknown): void {
  if (!r.values.has(k)) throw new Error(`no replicated property ${k}`);
  r.values.set(k, v);
  if (r.config.onChange.includes(k)) {
    for (const st of core.peers.values()) {
      const d = r.dirty.get(st.id) ?? new Set<string>();
      r.dirty.set(st.id, d);
      d.add(k);
    }
  }
}

function sendSpawn(core: SessionCore, st: PeerState, node: SpawnedNode): void {
  const spawnerId = core.paths.idOf(node.spawner);
  announce(core, st, node.spawner, spawnerId);
  const state = node.syncs.flatMap((s) => s.replica.config.spawn.map((k) => s.replica.values.get(k)));
  const base = {
    type: "spawn" as const,
    scene: node.scene,
    spawner: spawnerId,
    netId: node.netId,
    syncIds: node.syncs.map((s) => s.netId),
    name: node.name,
    state,
  };
  core.sendTo(st, core.encode(node.scene === CUSTOM_SPAWN ? { ...base, arg: node.arg } : base));
  st.spawned.add(node.netId);
}

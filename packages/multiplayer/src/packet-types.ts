/**
 * A REMOTE_CALL packet: the node (a path-cache id, or its path when the receiver has not
 * confirmed the id yet), the method id (the index of the method in the node's sorted `@rpc`
 * names) and the arguments.
 */
export interface RemoteCallPacket {
  readonly type: "remote-call";
  /** The sender's path-cache id of the node, or the node's path relative to the root. */
  readonly node: number | string;
  readonly method: number;
  readonly args: readonly unknown[];
  /**
   * Bytes of the node id on the wire (1, 2 or 4). The engine uses the smallest that holds the id
   * when every target confirmed it, else 4. Default when encoding: that rule, with 4 for a path.
   */
  readonly nodeIdWidth?: 1 | 2 | 4;
}

/** SIMPLIFY_PATH: the sender announces a path-cache id for a node, with its RPC checksum. */
export interface SimplifyPathPacket {
  readonly type: "simplify-path";
  /** MD5 (32 hex digits) of the node's sorted RPC names, concatenated. */
  readonly checksum: string;
  readonly id: number;
  readonly path: string;
}

/** CONFIRM_PATH: the answer to SIMPLIFY_PATH; `valid` is false when the checksum differed. */
export interface ConfirmPathPacket {
  readonly type: "confirm-path";
  readonly valid: boolean;
  readonly id: number;
}

/** RAW: `SceneMultiplayer.send_bytes` data (the `peer_packet` signal). */
export interface RawPacket {
  readonly type: "raw";
  readonly data: Uint8Array;
}

/** SPAWN: a MultiplayerSpawner's node appears. */
export interface SpawnPacket {
  readonly type: "spawn";
  /** Index in the spawner's spawnable scenes, or 255 for a custom spawn (`spawn_function`). */
  readonly scene: number;
  /** The sender's path-cache id of the spawner. */
  readonly spawner: number;
  readonly netId: number;
  /** Network ids of the node's synchronizers, in order. */
  readonly syncIds: readonly number[];
  readonly name: string;
  /** The custom spawn's argument (only when `scene` is 255). */
  readonly arg?: unknown;
  /** The synchronizers' spawn properties, in order. */
  readonly state: readonly unknown[];
}

/** DESPAWN: a spawned node goes away. */
export interface DespawnPacket {
  readonly type: "despawn";
  readonly netId: number;
}

/** One synchronizer's state in a SYNC packet. */
export interface SyncEntry {
  /** The synchronizer's network id; bit 31 set means a path-cache id (a node not spawned). */
  readonly netId: number;
  /** The "always" properties, in the replication config's order. */
  readonly state: readonly unknown[];
}

/** SYNC: synchronizers' "always" properties, with the sender's sync clock. */
export interface SyncPacket {
  readonly type: "sync";
  /** A 16-bit counter; receivers drop states older than the last one. */
  readonly time: number;
  readonly entries: readonly SyncEntry[];
}

/** One synchronizer's changed properties in a delta SYNC packet. */
export interface DeltaEntry {
  readonly netId: number;
  /** Bit i set: the i-th "on change" property is in `state`. */
  readonly indexes: bigint;
  readonly state: readonly unknown[];
}

/** SYNC with flag 0 (bit 4): "on change" properties that changed. */
export interface DeltaPacket {
  readonly type: "delta";
  readonly entries: readonly DeltaEntry[];
}

/** SYS AUTH: authentication data; empty data says "I completed authentication". */
export interface AuthPacket {
  readonly type: "auth";
  readonly data: Uint8Array;
}

/** SYS ADD_PEER / DEL_PEER: the server tells a client about another client. */
export interface PeerPacket {
  readonly type: "add-peer" | "del-peer";
  readonly peer: number;
}

/**
 * SYS RELAY: a packet through the server. From a client, `peer` is the destination (0 for all,
 * -N for all but N); from the server, the source.
 */
export interface RelayPacket {
  readonly type: "relay";
  readonly peer: number;
  /** The relayed packet's bytes (decode them with `decodePacket`). */
  readonly packet: Uint8Array;
}

/** Every SceneMultiplayer packet. */
export type Packet =
  | RemoteCallPacket
  | SimplifyPathPacket
  | ConfirmPathPacket
  | RawPacket
  | SpawnPacket
  | DespawnPacket
  | SyncPacket
  | DeltaPacket
  | AuthPacket
  | PeerPacket
  | RelayPacket;

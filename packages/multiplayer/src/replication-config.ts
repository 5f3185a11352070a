/**
 * How a property replicates (`SceneReplicationConfig.ReplicationMode`): `"always"` in every SYNC,
 * `"on_change"` in delta SYNCs when it changed, `"never"` only at spawn.
 */
export type ReplicationMode = "always" | "on_change" | "never";

/** One property of a synchronizer's replication config, in the config's order. */
export interface ReplicatedProperty {
  /** The property path as the config has it, e.g. `".:position"`; used as the key of values. */
  readonly name: string;
  /** Sent in SPAWN packets (default false). */
  readonly spawn?: boolean;
  /** Default `"always"`. */
  readonly mode?: ReplicationMode;
}

/** A MultiplayerSynchronizer's replication config: the properties in the engine's order. */
export type ReplicationConfig = readonly ReplicatedProperty[];

/** @internal The config split as the engine reads it. */
export interface SplitConfig {
  readonly spawn: readonly string[];
  readonly always: readonly string[];
  readonly onChange: readonly string[];
}

/** @internal */
export function splitConfig(config: ReplicationConfig): SplitConfig {
  return {
    spawn: config.filter((p) => p.spawn === true).map((p) => p.name),
    always: config.filter((p) => (p.mode ?? "always") === "always").map((p) => p.name),
    onChange: config.filter((p) => p.mode === "on_change").map((p) => p.name),
  };
}

/**
 * SceneMultiplayer's packet commands (`SceneMultiplayer::NetworkCommands`): byte 0 of every packet
 * holds the command in bits 0-2 and per-command flags in bits 4-7.
 *
 * ```
 * byte 0: | 7 | 6 | 5 | 4 | 3 | 2 1 0 |
 *           flag3..flag0   0   command
 * ```
 */
export const COMMAND = {
  REMOTE_CALL: 0,
  SIMPLIFY_PATH: 1,
  CONFIRM_PATH: 2,
  RAW: 3,
  SPAWN: 4,
  DESPAWN: 5,
  SYNC: 6,
  SYS: 7,
} as const;

/** The low three bits of byte 0 (`SceneMultiplayer::CMD_MASK`). */
export const COMMAND_MASK = 7;

/** The SYS sub-commands (byte 1 of a SYS packet, `SceneMultiplayer::SysCommands`). */
export const SYS_COMMAND = { AUTH: 0, ADD_PEER: 1, DEL_PEER: 2, RELAY: 3 } as const;

/** `MultiplayerPeer::TransferMode`, as the engine numbers it. */
export const TRANSFER_MODE = { UNRELIABLE: 0, UNRELIABLE_ORDERED: 1, RELIABLE: 2 } as const;

/** A transfer mode by name, as `@rpc` spells it. */
export type TransferModeName = "reliable" | "unreliable" | "unreliable_ordered";

/** The spawn scene id of a custom spawn (`MultiplayerSpawner::INVALID_ID`). */
export const CUSTOM_SPAWN = 255;

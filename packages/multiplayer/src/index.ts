/**
 * `@gdvariant/multiplayer`: Godot 4's high-level multiplayer protocol (SceneMultiplayer) in
 * TypeScript: packets, the compressed Variant form, RPC numbering and checksums, and a peer
 * that keeps the protocol's state, for servers and clients that talk to stock Godot 4 games.
 * @packageDocumentation
 */

export { type ClientOptions, type ClientSocketLike, connect, type MultiplayerClient } from "./client.js";
export { COMMAND, CUSTOM_SPAWN, SYS_COMMAND, TRANSFER_MODE, type TransferModeName } from "./commands.js";
export {
  type CompressedDecodeOptions,
  type CompressedEncodeOptions,
  type CompressedResult,
  decodeCompressed,
  encodeCompressed,
} from "./compressed-variant.js";
export { decodePacket, type PacketDecodeOptions } from "./decode-packet.js";
export { encodePacket, type PacketEncodeOptions } from "./encode-packet.js";
export { ProtocolError, type ProtocolErrorCode } from "./errors.js";
export { parseGdscriptRpc, type ScriptRpc } from "./gdscript-rpc.js";
export { md5Hex } from "./md5.js";
export type * from "./packet-types.js";
export type { ReplicatedProperty, ReplicationConfig, ReplicationMode } from "./replication-config.js";
export {
  compareCodePoints,
  type ResolvedRpcMethod,
  type RpcMethod,
  type RpcMethods,
  type RpcMode,
  type RpcTable,
  rpcTable,
} from "./rpc-config.js";
export { type ProjectSources, type RpcSchema, rpcSchema, rpcSchemaModule } from "./rpc-schema.js";
export { createServer, type MultiplayerServer, type ServerOptions } from "./server.js";
export {
  type AuthAnswer,
  type CallContext,
  type Link,
  type NodeDeclaration,
  type RpcHandler,
  Session,
  type SessionEvents,
  type SessionLimits,
  type SessionOptions,
  type SpawnedHandle,
  type SpawnerHandle,
  type SpawnOptions,
  type SynchronizerHandle,
} from "./session.js";
export { parseTscnNodes, type SceneNode } from "./tscn-nodes.js";
export type { IncomingConnection, ServerSocketLike, WebSocketServerLike } from "./websocket-server.js";

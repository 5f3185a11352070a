import { TRANSFER_MODE, type TransferModeName } from "./commands.js";
import { md5Hex } from "./md5.js";

/** Who may call an RPC method, as `@rpc` says: `"authority"` (the default) or `"any_peer"`. */
export type RpcMode = "authority" | "any_peer" | "disabled";

/**
 * One `@rpc` method, as the GDScript annotation declares it:
 * `@rpc("any_peer", "call_local", "unreliable", 2)` is
 * `{ mode: "any_peer", callLocal: true, transferMode: "unreliable", channel: 2 }`.
 */
export interface RpcMethod {
  /** Default `"authority"`. */
  readonly mode?: RpcMode;
  /** Default false (`"call_remote"`). */
  readonly callLocal?: boolean;
  /** Default `"reliable"`. */
  readonly transferMode?: TransferModeName;
  /** Default 0. */
  readonly channel?: number;
}

/** A node's `@rpc` methods by name (`{}` or `true` for all defaults). */
export type RpcMethods = Readonly<Record<string, RpcMethod | true>>;

/** One method of an {@link RpcTable}, with its id and every default filled in. */
export interface ResolvedRpcMethod {
  readonly name: string;
  /** The method id on the wire: the index of the name in the sorted names. */
  readonly id: number;
  readonly mode: RpcMode;
  readonly callLocal: boolean;
  readonly transferMode: TransferModeName;
  /** The transfer mode's number (`MultiplayerPeer.TransferMode`). */
  readonly transferModeId: number;
  readonly channel: number;
}

/** A node's RPC methods as the engine numbers them, and the checksum it compares. */
export interface RpcTable {
  /** Methods by id (= sorted by name). */
  readonly methods: readonly ResolvedRpcMethod[];
  readonly byName: ReadonlyMap<string, ResolvedRpcMethod>;
  /** MD5 hex of the sorted names concatenated: what SIMPLIFY_PATH carries. */
  readonly checksum: string;
}

const MODE_IDS = {
  reliable: TRANSFER_MODE.RELIABLE,
  unreliable: TRANSFER_MODE.UNRELIABLE,
  unreliable_ordered: TRANSFER_MODE.UNRELIABLE_ORDERED,
};

/**
 * Compares two strings by Unicode code point, as Godot's `String::operator<` (JavaScript's `<`
 * compares UTF-16 units, which orders characters beyond U+FFFF differently).
 */
export function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x < y ? -1 : 1;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - i === b.length - j ? 0 : a.length - i < b.length - j ? -1 : 1;
}

/**
 * Numbers a node's `@rpc` methods as the engine does (`SceneRPCInterface::_parse_rpc_config`):
 * names sorted by code point, the id of a method is its index, and the checksum is the MD5 of
 * the sorted names concatenated (`get_rpc_md5`). Methods a node gets from `Node.rpc_config()` in
 * code (ids with bit 15 set) are not covered.
 *
 * @example
 * ```ts
 * const table = rpcTable({ move: { mode: "any_peer" }, chat: { mode: "any_peer" } });
 * table.byName.get("move")?.id; // 1 ("chat" sorts first)
 * ```
 * @throws {RangeError} for more than 32,768 methods or a channel outside 0-255.
 */
export function rpcTable(methods: RpcMethods): RpcTable {
  const names = Object.keys(methods).sort(compareCodePoints);
  if (names.length > 0x8000) throw new RangeError(`${names.length} RPC methods (the engine numbers 32,768)`);
  const list: ResolvedRpcMethod[] = names.map((name, id) => {
    const m = methods[name] === true ? {} : (methods[name] as RpcMethod);
    const transferMode = m.transferMode ?? "reliable";
    const channel = m.channel ?? 0;
    if (!Number.isInteger(channel) || channel < 0 || channel > 255)
      throw new RangeError(`channel ${channel} of ${name}`);
    return {
      name,
      id,
      mode: m.mode ?? "authority",
      callLocal: m.callLocal ?? false,
      transferMode,
      transferModeId: MODE_IDS[transferMode],
      channel,
    };
  });
  return { methods: list, byName: new Map(list.map((m) => [m.name, m])), checksum: md5Hex(names.join("")) };
}

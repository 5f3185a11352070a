import { EncodeError, encodeUtf8 } from "@gdvariant/core";
import { COMMAND, CUSTOM_SPAWN, SYS_COMMAND } from "./commands.js";
import { type CompressedEncodeOptions, encodeCompressed, writeCompressed } from "./compressed-variant.js";
import type { DeltaEntry, Packet, RemoteCallPacket, SyncEntry } from "./packet-types.js";
import { PacketWriter } from "./packet-writer.js";

/** Options of {@link encodePacket}: those of `encodeCompressed` (target version, limits). */
export type PacketEncodeOptions = CompressedEncodeOptions;

const PATH_FLAG = 0x80000000;

/**
 * Encodes one SceneMultiplayer packet as the engine writes it (byte for byte for every packet
 * the engine sends: the tests hold it to 1,269 captured packets). Values may be model values or
 * plain JS (integer numbers are ints, `Uint8Array` a PackedByteArray).
 *
 * @example
 * ```ts
 * encodePacket({ type: "remote-call", node: 1, method: 4, args: [42] });
 * // Uint8Array [0x00, 0x01, 0x04, 0x01, 0x02, 0x2a]
 * ```
 * @throws {EncodeError} `out-of-range` for ids, counts or sizes the fields cannot hold (more
 *   than 255 arguments, a method id over 65,535...), `invalid-value` for a malformed packet,
 *   and any code of the values' encoding.
 */
export function encodePacket(packet: Packet, options?: PacketEncodeOptions): Uint8Array {
  return encodePacketWith(new PacketWriter(), packet, options);
}

/** @internal {@link encodePacket} into a writer the caller keeps (a session's). */
export function encodePacketWith(w: PacketWriter, packet: Packet, options?: PacketEncodeOptions): Uint8Array {
  w.reset();
  switch (packet.type) {
    case "remote-call":
      remoteCall(w, packet, options);
      break;
    case "simplify-path": {
      const checksum = encodeUtf8(packet.checksum);
      if (checksum.length !== 32) throw invalid("a path checksum is 32 hex digits");
      w.u8(COMMAND.SIMPLIFY_PATH).bytes(checksum).u8(0).u32(packet.id).cString(packet.path);
      break;
    }
    case "confirm-path":
      w.u8(COMMAND.CONFIRM_PATH)
        .u8(packet.valid ? 1 : 0)
        .u32(packet.id);
      break;
    case "raw":
      if (packet.data.length === 0) throw invalid("a raw packet carries at least one byte");
      w.u8(COMMAND.RAW).bytes(packet.data);
      break;
    case "spawn": {
      const name = encodeUtf8(packet.name);
      w.u8(COMMAND.SPAWN).u8(packet.scene).u32(packet.spawner).u32(packet.netId);
      w.u32(packet.syncIds.length).u32(name.length + 1);
      for (const id of packet.syncIds) w.u32(id);
      w.bytes(name).u8(0);
      if (packet.scene === CUSTOM_SPAWN) {
        const arg = encodeCompressed(packet.arg, options);
        w.u32(arg.length).bytes(arg);
      }
      for (const v of packet.state) writeCompressed(w, v, options);
      break;
    }
    case "despawn":
      w.u8(COMMAND.DESPAWN).u32(packet.netId);
      break;
    case "sync":
      w.u8(COMMAND.SYNC).u16(packet.time);
      for (const e of packet.entries) {
        const state = states(e.state, options);
        w.u32(e.netId).u32(state.length).bytes(state);
      }
      break;
    case "delta":
      w.u8(COMMAND.SYNC | 0x10);
      for (const e of packet.entries) {
        const state = states(e.state, options);
        w.u32(e.netId).u64(e.indexes).u32(state.length).bytes(state);
      }
      break;
    case "auth":
      w.u8(COMMAND.SYS).u8(SYS_COMMAND.AUTH).bytes(packet.data);
      break;
    case "add-peer":
    case "del-peer":
      w.u8(COMMAND.SYS).u8(packet.type === "add-peer" ? SYS_COMMAND.ADD_PEER : SYS_COMMAND.DEL_PEER);
      w.i32(packet.peer);
      break;
    case "relay":
      w.u8(COMMAND.SYS).u8(SYS_COMMAND.RELAY).i32(packet.peer).bytes(packet.packet);
      break;
    default:
      throw invalid(`unknown packet type ${(packet as { type: unknown }).type}`);
  }
  return w.finish();
}

/** True for an argument list the engine sends "byte only": none, or one PackedByteArray. */
export function isByteOnly(args: readonly unknown[]): boolean {
  if (args.length === 0) return true;
  if (args.length !== 1) return false;
  const a = args[0];
  return (
    a instanceof Uint8Array ||
    (typeof a === "object" && a !== null && (a as { kind?: unknown }).kind === "packedByteArray")
  );
}

function remoteCall(w: PacketWriter, p: RemoteCallPacket, options: PacketEncodeOptions | undefined): void {
  if (!Number.isInteger(p.method) || p.method < 0 || p.method > 0xffff) throw range(`method id ${p.method}`);
  if (p.args.length > 255) throw range(`${p.args.length} arguments (at most 255)`);
  const path = typeof p.node === "string";
  const id = path ? 0 : (p.node as number);
  if (!path && (!Number.isInteger(id) || id < 0 || id >= PATH_FLAG)) throw range(`node id ${id}`);
  const width = path ? 4 : (p.nodeIdWidth ?? (id <= 0xff ? 1 : id <= 0xffff ? 2 : 4));
  if ((width === 1 && id > 0xff) || (width === 2 && id > 0xffff))
    throw range(`node id ${id} in ${width} bytes`);
  const wideMethod = p.method > 0xff;
  const byteOnly = isByteOnly(p.args);
  w.u8(COMMAND.REMOTE_CALL | ((width >> 1) << 4) | (wideMethod ? 0x40 : 0) | (byteOnly ? 0x80 : 0));
  const idAt = w.length;
  if (width === 1) w.u8(id);
  else if (width === 2) w.u16(id);
  else w.u32(id);
  if (wideMethod) w.u16(p.method);
  else w.u8(p.method);
  if (byteOnly) {
    if (p.args.length === 1) {
      const a = p.args[0] as Uint8Array | { data: Uint8Array };
      w.bytes(a instanceof Uint8Array ? a : a.data);
    }
  } else {
    w.u8(p.args.length);
    for (const a of p.args) writeCompressed(w, a, options);
  }
  if (path) {
    w.patchU32(idAt, PATH_FLAG | (w.length - w.start));
    w.cString(p.node as string);
  }
}

/**
 * @internal SYNC packets for `entries`, as the engine splits them (`_send_sync`): a packet holds
 * entries while it stays within `mtu` bytes; an entry alone larger than `mtu` is sent alone (the
 * engine drops it instead, with an error).
 */
export function syncPackets(time: number, entries: readonly SyncEntry[], mtu: number): Uint8Array[] {
  return split(
    entries,
    mtu,
    3,
    8,
    (w) => w.u8(COMMAND.SYNC).u16(time),
    (w, e, state) => w.u32(e.netId).u32(state.length).bytes(state),
  );
}

/** @internal Delta SYNC packets, split as {@link syncPackets}. */
export function deltaPackets(entries: readonly DeltaEntry[], mtu: number): Uint8Array[] {
  return split(
    entries,
    mtu,
    1,
    16,
    (w) => w.u8(COMMAND.SYNC | 0x10),
    (w, e, state) => w.u32(e.netId).u64(e.indexes).u32(state.length).bytes(state),
  );
}

function split<E extends { readonly state: readonly unknown[] }>(
  entries: readonly E[],
  mtu: number,
  headerSize: number,
  entryHeader: number,
  header: (w: PacketWriter) => void,
  entry: (w: PacketWriter, e: E, state: Uint8Array) => void,
): Uint8Array[] {
  const out: Uint8Array[] = [];
  let w: PacketWriter | undefined;
  for (const e of entries) {
    const state = states(e.state, undefined);
    if (w !== undefined && w.length + entryHeader + state.length > mtu) {
      out.push(w.finish());
      w = undefined;
    }
    if (w === undefined) {
      w = new PacketWriter();
      header(w);
    }
    entry(w, e, state);
  }
  if (w !== undefined && w.length > headerSize) out.push(w.finish());
  return out;
}

function states(values: readonly unknown[], options: PacketEncodeOptions | undefined): Uint8Array {
  const w = new PacketWriter();
  for (const v of values) writeCompressed(w, v, options);
  return w.finish();
}

function invalid(detail: string): EncodeError {
  return new EncodeError(detail, { code: "invalid-value", dialect: "godot-4" });
}

function range(detail: string): EncodeError {
  return new EncodeError(detail, { code: "out-of-range", dialect: "godot-4" });
}

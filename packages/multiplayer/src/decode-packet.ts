import { DecodeError, type DecodeErrorCode, decodeUtf8, packedByteArray } from "@gdvariant/core";
import { COMMAND, COMMAND_MASK, CUSTOM_SPAWN, SYS_COMMAND } from "./commands.js";
import {
  type CompressedDecodeOptions,
  type CompressedReader,
  compressedReader,
  readValue,
} from "./compressed-variant.js";
import type { DeltaEntry, Packet, SyncEntry } from "./packet-types.js";

/** Options of {@link decodePacket}: those of `decodeCompressed` (`values` default `"model"`). */
export type PacketDecodeOptions = CompressedDecodeOptions;

// REMOTE_CALL meta byte (scene_rpc_interface.cpp):
//   bits 0-2 command, bits 4-5 node id width (0: 8, 1: 16, 2: 32 bits), bit 6 method id width
//   (0: 8, 1: 16), bit 7 "byte only or no arguments" (no count byte: nothing, or one raw
//   PackedByteArray filling the rest of the packet).
// A 32-bit node id with bit 31 set is not an id: bits 0-30 are the offset of the node's path
// (UTF-8, NUL-terminated) at the end of the packet, sent until the receiver confirms the id.
const NODE_WIDTHS = [1, 2, 4] as const;
const PATH_FLAG = 0x80000000;
const SYS_HEADER = 6; // command, sys command, int32 peer (SceneMultiplayer::SYS_CMD_SIZE)
const SPAWN_HEADER = 18;
const SYNC_MIN = 11;

/**
 * Decodes one SceneMultiplayer packet (what one `MultiplayerPeer.put_packet` carries).
 * Arguments and states are model values by default (`values: "js"` for plain JavaScript), and
 * the packet re-encodes to the same bytes with {@link encodePacket}. A relayed packet's inner
 * bytes are left for another `decodePacket`.
 *
 * Options: `values` (default `"model"`), `dictionaries`, and core's limits for the values
 * (`maxDepth` default 1024, `maxCollectionLength` 16,777,216, `maxTotalBytes` 1 GiB,
 * `allowObjects` default false).
 *
 * @example
 * ```ts
 * decodePacket(Uint8Array.of(0x00, 0x01, 0x04, 0x01, 0x02, 0x2a), { values: "js" });
 * // { type: "remote-call", node: 1, method: 4, args: [42], nodeIdWidth: 1 }
 * ```
 * @throws {DecodeError} `truncated` when the packet ends early, `invalid-data` for impossible
 *   fields (node id width 3, a path offset inside the header, an unknown SYS command, a zero
 *   spawn name length, counts the packet cannot hold), `invalid-utf8` for a bad path or name,
 *   and any code of a value's decoding; offsets are into `bytes`. Nothing else.
 */
export function decodePacket(bytes: Uint8Array, options: PacketDecodeOptions = {}): Packet {
  return decodePacketWith(bytes, compressedReader(options));
}

/** @internal {@link decodePacket} with the value reader made once by the caller (a session). */
export function decodePacketWith(bytes: Uint8Array, builder: CompressedReader): Packet {
  const r = new Reader(bytes);
  if (bytes.length < 1) throw r.fail("empty packet", "truncated", 0);
  const head = bytes[0]!;
  switch (head & COMMAND_MASK) {
    case COMMAND.REMOTE_CALL:
      return remoteCall(bytes, builder);
    case COMMAND.SIMPLIFY_PATH: {
      r.need(38);
      const checksum = r.text(1, 32, false);
      return { type: "simplify-path", checksum, id: r.u32(34), path: r.text(38, bytes.length - 38, true) };
    }
    case COMMAND.CONFIRM_PATH:
      r.need(6);
      if (bytes.length !== 6) throw r.fail("CONFIRM_PATH is 6 bytes", "invalid-data", 6);
      return { type: "confirm-path", valid: bytes[1] !== 0, id: r.u32(2) };
    case COMMAND.RAW:
      r.need(2);
      return { type: "raw", data: bytes.slice(1) };
    case COMMAND.SPAWN:
      return spawn(r, builder);
    case COMMAND.DESPAWN:
      r.need(5);
      return { type: "despawn", netId: r.u32(1) };
    case COMMAND.SYNC:
      return (head & 0x10) !== 0 ? delta(r, builder) : sync(r, builder);
    default:
      return sys(r);
  }
}

function fail(detail: string, code: DecodeErrorCode, offset: number): DecodeError {
  return new DecodeError(detail, { code, offset, dialect: "godot-4" });
}

// A packet shorter than `n` bytes fails as truncated at its end.
function need(bytes: Uint8Array, n: number): void {
  if (bytes.length < n) throw fail(`packet needs ${n} bytes`, "truncated", bytes.length);
}

/** @internal Bounds-checked little-endian reads of one packet, failing with DecodeErrors. */
class Reader {
  private dataView: DataView | undefined;
  constructor(readonly bytes: Uint8Array) {}
  /** Made on first use: a remote call with a short node id reads none. */
  get view(): DataView {
    const b = this.bytes;
    this.dataView ??= new DataView(b.buffer, b.byteOffset, b.byteLength);
    return this.dataView;
  }
  fail(detail: string, code: DecodeErrorCode, offset: number): DecodeError {
    return fail(detail, code, offset);
  }
  need(n: number): void {
    need(this.bytes, n);
  }
  u32(at: number): number {
    if (at + 4 > this.bytes.length) throw this.fail("packet ends early", "truncated", this.bytes.length);
    return this.view.getUint32(at, true);
  }
  /** UTF-8 text of `length` bytes at `at`, cut at the first NUL when `cString`. */
  text(at: number, length: number, cString: boolean): string {
    let n = length;
    if (cString) {
      const nul = this.bytes.indexOf(0, at);
      if (nul >= 0 && nul < at + length) n = nul - at;
    }
    const s = decodeUtf8(this.bytes, at, n);
    if (s === undefined) throw this.fail("text is not UTF-8", "invalid-utf8", at);
    return s;
  }
}

/**
 * @internal A REMOTE_CALL's header fields, as {@link readCall} fills them (a session keeps one and
 * reads every call into it, so that no packet object is made on its receive path).
 */
export interface CallFields {
  node: number | string;
  method: number;
  nodeIdWidth: 1 | 2 | 4;
}

/** @internal Fields for {@link readCall}. */
export function callFields(): CallFields {
  return { node: 0, method: 0, nodeIdWidth: 1 };
}

/**
 * @internal Reads the REMOTE_CALL in `bytes` (byte 0 is its command): its header into `out`, and
 * its arguments, returned as a fresh array; {@link decodePacket}'s reading, with its errors.
 * @throws {DecodeError} as {@link decodePacket}.
 */
export function readCall(bytes: Uint8Array, builder: CompressedReader, out: CallFields): unknown[] {
  const head = bytes[0]!;
  const nodeCode = (head >> 4) & 3;
  if (nodeCode === 3) throw fail("node id width 3 does not exist", "invalid-data", 0);
  const nodeIdWidth = NODE_WIDTHS[nodeCode]!;
  const methodWidth = (head & 0x40) !== 0 ? 2 : 1;
  const start = 1 + nodeIdWidth + methodWidth;
  need(bytes, start);
  const target =
    nodeIdWidth === 1
      ? bytes[1]!
      : nodeIdWidth === 2
        ? bytes[1]! | (bytes[2]! << 8)
        : (bytes[1]! | (bytes[2]! << 8) | (bytes[3]! << 16) | (bytes[4]! << 24)) >>> 0;
  const m = 1 + nodeIdWidth;
  const method = methodWidth === 1 ? bytes[m]! : bytes[m]! | (bytes[m + 1]! << 8);
  let node: number | string = target;
  let end = bytes.length;
  if (nodeIdWidth === 4 && target >= PATH_FLAG) {
    const at = target - PATH_FLAG;
    if (at < start || at >= bytes.length)
      throw fail(`path offset ${at} is outside the packet`, "invalid-data", 1);
    node = new Reader(bytes).text(at, bytes.length - at, true);
    end = at;
  }
  const args: unknown[] = [];
  if ((head & 0x80) !== 0) {
    // Byte-only: no count; what is left is one PackedByteArray (none when nothing is left).
    if (start < end) args.push(builder.builder.value(packedByteArray(bytes.slice(start, end))));
  } else {
    if (start >= end) throw fail("argument count missing", "truncated", end);
    const argc = bytes[start]!;
    // One array for every argument (so that they share one reader).
    const input = end === bytes.length ? bytes : bytes.subarray(0, end);
    let at = start + 1;
    for (let i = 0; i < argc; i++) {
      args.push(readValue(input, at, builder));
      at = builder.next;
    }
  }
  out.node = node;
  out.method = method;
  out.nodeIdWidth = nodeIdWidth;
  return args;
}

function remoteCall(bytes: Uint8Array, builder: CompressedReader): Packet {
  const f = callFields();
  const args = readCall(bytes, builder, f);
  return { type: "remote-call", node: f.node, method: f.method, args, nodeIdWidth: f.nodeIdWidth };
}

/** Compressed values back to back filling [at, end): synchronizer states. */
function readStates(bytes: Uint8Array, at: number, end: number, builder: CompressedReader) {
  const out: unknown[] = [];
  const input = end === bytes.length ? bytes : bytes.subarray(0, end);
  while (at < end) {
    out.push(readValue(input, at, builder));
    at = builder.next;
  }
  return out;
}

function spawn(r: Reader, builder: CompressedReader): Packet {
  const bytes = r.bytes;
  r.need(SPAWN_HEADER);
  const scene = bytes[1]!;
  const spawner = r.u32(2);
  const netId = r.u32(6);
  const syncCount = r.u32(10);
  const nameLength = r.u32(14);
  // Checked against the bytes before anything is allocated (a hostile count asks for nothing).
  if (nameLength + syncCount * 4 > bytes.length - SPAWN_HEADER) {
    throw r.fail("spawn counts exceed the packet", "invalid-data", 10);
  }
  if (nameLength < 1) throw r.fail("zero spawn name length", "invalid-data", 14);
  const syncIds: number[] = [];
  let at = SPAWN_HEADER;
  for (let i = 0; i < syncCount; i++, at += 4) syncIds.push(r.u32(at));
  const name = r.text(at, nameLength, true);
  at += nameLength;
  let arg: unknown;
  const custom = scene === CUSTOM_SPAWN;
  if (custom) {
    const size = r.u32(at);
    at += 4;
    if (size > bytes.length - at)
      throw r.fail("spawn argument size exceeds the packet", "invalid-data", at - 4);
    arg = readValue(at + size === bytes.length ? bytes : bytes.subarray(0, at + size), at, builder);
    at += size;
  }
  const state = readStates(bytes, at, bytes.length, builder);
  return custom
    ? { type: "spawn", scene, spawner, netId, syncIds, name, arg, state }
    : { type: "spawn", scene, spawner, netId, syncIds, name, state };
}

function sync(r: Reader, builder: CompressedReader): Packet {
  const bytes = r.bytes;
  r.need(SYNC_MIN);
  const time = r.view.getUint16(1, true);
  const entries: SyncEntry[] = [];
  let at = 3;
  // As the engine: an entry needs more than its 8 header bytes; fewer trailing bytes are ignored.
  while (at + 8 < bytes.length) {
    const netId = r.u32(at);
    const size = r.u32(at + 4);
    at += 8;
    if (size > bytes.length - at) throw r.fail("sync state size exceeds the packet", "invalid-data", at - 4);
    entries.push({ netId, state: readStates(bytes, at, at + size, builder) });
    at += size;
  }
  return { type: "sync", time, entries };
}

function delta(r: Reader, builder: CompressedReader): Packet {
  const bytes = r.bytes;
  r.need(SYNC_MIN);
  const entries: DeltaEntry[] = [];
  let at = 1;
  while (at + 16 < bytes.length) {
    const netId = r.u32(at);
    const indexes = r.view.getBigUint64(at + 4, true);
    const size = r.u32(at + 12);
    at += 16;
    if (size > bytes.length - at) throw r.fail("delta state size exceeds the packet", "invalid-data", at - 4);
    entries.push({ netId, indexes, state: readStates(bytes, at, at + size, builder) });
    at += size;
  }
  return { type: "delta", entries };
}

function sys(r: Reader): Packet {
  const bytes = r.bytes;
  r.need(2);
  const sub = bytes[1]!;
  if (sub === SYS_COMMAND.AUTH) return { type: "auth", data: bytes.slice(2) };
  if (sub > SYS_COMMAND.RELAY) throw r.fail(`unknown SYS command ${sub}`, "invalid-data", 1);
  r.need(SYS_HEADER);
  const peer = r.view.getInt32(2, true);
  if (sub === SYS_COMMAND.ADD_PEER) return { type: "add-peer", peer };
  if (sub === SYS_COMMAND.DEL_PEER) return { type: "del-peer", peer };
  r.need(SYS_HEADER + 1);
  return { type: "relay", peer, packet: bytes.slice(SYS_HEADER) };
}

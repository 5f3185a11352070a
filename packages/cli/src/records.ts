import {
  base64Decode,
  base64Lines,
  DecodeError,
  type Dialect,
  decodeWithLength,
  type Span,
  type Value,
} from "@gdvariant/core";
import type { DialectEntry } from "./dialects.js";

/** How records are framed on the command line: `--framing`. */
export const FRAMINGS = ["auto", "raw", "store-var", "stream", "base64"] as const;

/** One of {@link FRAMINGS}. */
export type FramingOption = (typeof FRAMINGS)[number];

/**
 * A framing as read:
 * - `raw`: one Variant, nothing around it (`var_to_bytes`, a `PacketPeer` packet);
 * - `store-var`: u32 length + Variant records (`store_var` files; `StreamPeer.put_var` and
 *   `PacketPeerStream` streams write the same bytes);
 * - `base64`: `Marshalls.variant_to_base64` text, one value per line.
 */
export type Framing = "raw" | "store-var" | "base64";

/** One record of an input. */
export interface InputRecord {
  readonly value: Value;
  /** Byte offset of the record (its length word for `store-var`) in {@link Framed.bytes}. */
  readonly offset: number;
  /** Byte offset of the Variant's header. */
  readonly valueOffset: number;
  /** Bytes the Variant took. */
  readonly valueLength: number;
  /** `store-var`: the length word. */
  readonly length?: number;
}

/** An input split into records with one dialect and one framing. */
export interface Framed {
  readonly framing: Framing;
  /** `base64`: how the decoded bytes of each line are framed (always `raw` here). */
  readonly bigEndian: boolean;
  /** The binary bytes the offsets refer to (base64 lines decoded and concatenated). */
  readonly bytes: Uint8Array;
  readonly records: readonly InputRecord[];
  /** `raw`: bytes after the Variant, which the engine ignores. */
  readonly trailing: number;
}

/** Options of {@link readFramed}. */
export interface ReadFramedOptions {
  allowObjects: boolean;
  bigEndian: boolean;
  /** Called for every value's byte range (for hex dumps), with absolute offsets. */
  onSpan?: ((span: Span, record: number) => void) | undefined;
}

/** A failure after some records were read: the records before it are kept for the caller. */
export class PartialReadError extends Error {
  /** The dialect the records were read with, once known. */
  entry: DialectEntry | undefined;

  constructor(
    override readonly cause: unknown,
    readonly partial: Framed,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "PartialReadError";
  }
}

// One Variant at `start` of `bytes` (offsets in errors and spans are absolute in `bytes`).
function readRaw(
  dialect: Dialect,
  bytes: Uint8Array,
  o: ReadFramedOptions,
  start = 0,
  record = 0,
): InputRecord {
  const onSpan = o.onSpan;
  const { value, length } = decodeWithLength(dialect, bytes, {
    allowObjects: o.allowObjects,
    offset: start,
    ...(onSpan ? { onSpan: (s: Span) => onSpan(s, record) } : {}),
  });
  return { value, offset: start, valueOffset: start, valueLength: length };
}

function readStoreVar(dialect: Dialect, bytes: Uint8Array, o: ReadFramedOptions): InputRecord[] {
  const records: InputRecord[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const fail = (code: "truncated" | "framing", message: string, offset: number): never => {
    throw new PartialReadError(new DecodeError(message, { code, offset, dialect: dialect.id }), {
      framing: "store-var",
      bigEndian: o.bigEndian,
      bytes,
      records,
      trailing: 0,
    });
  };
  while (at < bytes.length) {
    if (bytes.length - at < 4) fail("truncated", `length word needs 4 bytes, ${bytes.length - at} left`, at);
    const length = view.getUint32(at, !o.bigEndian);
    // get_var reads the word as an int32 and needs a 4-byte header at least.
    if (length > 0x7fffffff) fail("framing", `length word ${length} is negative as the engine's int32`, at);
    if (length < 4) fail("framing", `length word ${length} cannot hold a Variant (4 bytes at least)`, at);
    const start = at + 4;
    if (bytes.length - start < length) {
      fail(
        "truncated",
        `record needs ${length} bytes after its length word, ${bytes.length - start} left`,
        at,
      );
    }
    const onSpan = o.onSpan;
    const index = records.length;
    try {
      // Decoding from the whole prefix with an offset keeps error offsets absolute, and the
      // record's end bounds the value.
      const { value, length: used } = decodeWithLength(dialect, bytes.subarray(0, start + length), {
        allowObjects: o.allowObjects,
        offset: start,
        ...(onSpan ? { onSpan: (s: Span) => onSpan(s, index) } : {}),
      });
      records.push({ value, offset: at, valueOffset: start, valueLength: used, length });
    } catch (e) {
      throw new PartialReadError(e, {
        framing: "store-var",
        bigEndian: o.bigEndian,
        bytes,
        records,
        trailing: 0,
      });
    }
    at = start + length;
  }
  return records;
}

/**
 * Splits `bytes` into records with a given dialect and framing (`auto` guesses: base64 text,
 * then a chain of length words that covers the input exactly, then one raw Variant).
 * @throws {PartialReadError} wrapping the project's DecodeError, with the records read before it.
 */
export function readFramed(
  entry: DialectEntry,
  bytes: Uint8Array,
  framing: FramingOption,
  o: ReadFramedOptions,
): Framed {
  const dialect = entry.reader;
  if (framing === "base64" || (framing === "auto" && base64Lines(bytes) !== undefined)) {
    const lines = base64Lines(bytes);
    if (lines === undefined) {
      throw new PartialReadError(
        new DecodeError("input is not base64 text", { code: "invalid-data", offset: 0, dialect: dialect.id }),
        { framing: "base64", bigEndian: false, bytes, records: [], trailing: 0 },
      );
    }
    const parts = lines.map((l) => base64Decode(l)!);
    const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    const records: InputRecord[] = [];
    let base = 0;
    for (const p of parts) {
      all.set(p, base);
      base += p.length;
    }
    base = 0;
    for (const p of parts) {
      try {
        records.push(readRaw(dialect, all.subarray(0, base + p.length), o, base, records.length));
      } catch (e) {
        throw new PartialReadError(e, {
          framing: "base64",
          bigEndian: false,
          bytes: all,
          records,
          trailing: 0,
        });
      }
      base += p.length;
    }
    return { framing: "base64", bigEndian: false, bytes: all, records, trailing: 0 };
  }
  if (framing === "store-var" || framing === "stream") {
    return {
      framing: "store-var",
      bigEndian: o.bigEndian,
      bytes,
      records: readStoreVar(dialect, bytes, o),
      trailing: 0,
    };
  }
  if (framing === "auto" && looksLengthPrefixed(bytes, o.bigEndian)) {
    try {
      // Spans are collected only once the framing is settled.
      const records = readStoreVar(dialect, bytes, { ...o, onSpan: undefined });
      if (o.onSpan) readStoreVar(dialect, bytes, o);
      return { framing: "store-var", bigEndian: o.bigEndian, bytes, records, trailing: 0 };
    } catch {
      // Not records after all: read it as one raw Variant below.
    }
  }
  try {
    const r = readRaw(dialect, bytes, o);
    return { framing: "raw", bigEndian: false, bytes, records: [r], trailing: bytes.length - r.valueLength };
  } catch (e) {
    throw new PartialReadError(e, { framing: "raw", bigEndian: false, bytes, records: [], trailing: 0 });
  }
}

/** True when u32 length words chain through the input and end exactly at its end. */
export function looksLengthPrefixed(bytes: Uint8Array, bigEndian: boolean): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  if (bytes.length < 8) return false;
  while (at < bytes.length) {
    if (bytes.length - at < 8) return false;
    const length = view.getUint32(at, !bigEndian);
    if (length < 4 || length > bytes.length - at - 4) return false;
    at += 4 + length;
  }
  return at === bytes.length;
}

import {
  base64Decode,
  base64Lines,
  DecodeError,
  type Dialect,
  decodeWithLength,
  readRecords,
  type Span,
  type Value,
  walkRecords,
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

// The records of a store_var file or stream, read by core's one record walker: the records before
// a failure are kept for the caller (PartialReadError).
function readStoreVar(dialect: Dialect, bytes: Uint8Array, o: ReadFramedOptions): InputRecord[] {
  const onSpan = o.onSpan;
  let index = 0;
  const { records, error } = readRecords(dialect, bytes, {
    allowObjects: o.allowObjects,
    bigEndian: o.bigEndian,
    ...(onSpan ? { onSpan: (s: Span) => onSpan(s, index) } : {}),
    onRecord: () => {
      index++;
    },
  });
  const out = records.map((r) => ({
    value: r.value,
    offset: r.offset,
    valueOffset: r.offset + 4,
    valueLength: r.valueLength,
    length: r.length,
  }));
  if (error !== undefined) {
    throw new PartialReadError(error, {
      framing: "store-var",
      bigEndian: o.bigEndian,
      bytes,
      records: out,
      trailing: 0,
    });
  }
  return out;
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
  if (bytes.length < 8) return false;
  const chain = walkRecords(bytes, { bigEndian });
  return chain.count > 0 && chain.stop === undefined;
}

import { type DetectResult, detect } from "@gdvariant/auto-detect";
import {
  base64Decode,
  base64Lines,
  DecodeError,
  type Dialect,
  decodeWithLength,
  type Part,
  readRecords,
  type Span,
  type Value,
} from "@gdvariant/core";
import { DEFAULT_GODOT3_VERSION, type Godot3Version } from "@gdvariant/godot-3";
import { type Entry, entryFor, isDialectId } from "./dialects.js";

export type FramingChoice = "auto" | "raw" | "store-var" | "base64";
export type Framing = "raw" | "store-var" | "base64";

export interface RecordInfo {
  readonly value: Value;
  /** Offset of the record (its length word for store-var) in the binary bytes. */
  readonly offset: number;
  readonly valueOffset: number;
  readonly valueLength: number;
  /** store-var: the length word. */
  readonly length?: number;
  /** Every value's byte range, innermost first, as the decoder reports them. */
  readonly spans: readonly Span[];
  /** Every part of every value's bytes (header, count, padding...), as the reader reports them. */
  readonly parts: readonly Part[];
}

export interface Analysis {
  readonly detection: DetectResult | undefined;
  readonly entry: Entry | undefined;
  readonly framing: Framing;
  /** The Variant bytes the offsets refer to (base64 lines decoded). */
  readonly binary: Uint8Array;
  readonly bigEndian: boolean;
  readonly records: readonly RecordInfo[];
  readonly trailing: number;
  /** Why reading stopped, with the byte offset. */
  readonly error?: { readonly message: string; readonly offset: number; readonly code: string };
}

export interface Choice {
  dialect: "auto" | Entry["id"];
  framing: FramingChoice;
  allowObjects: boolean;
  /** The Godot 3.x release whose text godot-3 values print in (default 3.6). */
  godot3Version?: Godot3Version;
  /**
   * The dialect to take when the detector finds the bytes ambiguous and this one among the
   * candidates (a bundled sample's engine: a 2.x Matrix32 reads as a 3.x Transform2D too).
   */
  prefer?: Entry["id"];
}

function errorOf(e: unknown): { message: string; offset: number; code: string } {
  if (DecodeError.is(e)) {
    const path = e.pathString ? ` at ${e.pathString}` : "";
    return { message: `${e.code} at byte ${e.offset}${path}: ${e.detail}`, offset: e.offset, code: e.code };
  }
  return { message: e instanceof Error ? e.message : String(e), offset: 0, code: "error" };
}

function readOne(dialect: Dialect, bytes: Uint8Array, start: number, allowObjects: boolean): RecordInfo {
  const spans: Span[] = [];
  const parts: Part[] = [];
  const { value, length } = decodeWithLength(dialect, bytes, {
    offset: start,
    allowObjects,
    onSpan: (s) => spans.push(s),
    onPart: (p) => parts.push(p),
  });
  return { value, offset: start, valueOffset: start, valueLength: length, spans, parts };
}

function readFramedRecords(
  entry: Entry,
  input: Uint8Array,
  framing: Framing,
  bigEndian: boolean,
  allowObjects: boolean,
): Omit<Analysis, "detection" | "entry"> {
  const records: RecordInfo[] = [];
  const dialect = entry.reader;
  if (framing === "base64") {
    const lines = base64Lines(input) ?? [];
    const parts = lines.map((l) => base64Decode(l)!);
    const binary = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      binary.set(p, at);
      at += p.length;
    }
    at = 0;
    try {
      if (lines.length === 0) throw new Error("the text is not base64");
      for (const p of parts) {
        records.push(readOne(dialect, binary.subarray(0, at + p.length), at, allowObjects));
        at += p.length;
      }
    } catch (e) {
      return { framing, binary, bigEndian: false, records, trailing: 0, error: errorOf(e) };
    }
    return { framing, binary, bigEndian: false, records, trailing: 0 };
  }
  if (framing === "store-var") {
    // Core's record walker: the records before a failure are kept, with why it stopped.
    let spans: Span[] = [];
    let parts: Part[] = [];
    const read = readRecords(dialect, input, {
      bigEndian,
      allowObjects,
      onSpan: (s) => spans.push(s),
      onPart: (p) => parts.push(p),
      onRecord: (r) => {
        records.push({ ...r, valueOffset: r.offset + 4, spans, parts });
        spans = [];
        parts = [];
      },
    });
    const error = read.error === undefined ? {} : { error: errorOf(read.error) };
    return { framing, binary: input, bigEndian, records, trailing: 0, ...error };
  }
  try {
    const r = readOne(dialect, input, 0, allowObjects);
    records.push(r);
    return { framing, binary: input, bigEndian: false, records, trailing: input.length - r.valueLength };
  } catch (e) {
    return { framing, binary: input, bigEndian: false, records, trailing: 0, error: errorOf(e) };
  }
}

/**
 * Reads `input` as the choices say: the detector (auto-detect) settles what is `auto`, then the
 * records are read with spans for the views. Never throws for bad bytes: `error` says where.
 */
export function analyze(input: Uint8Array, choice: Choice): Analysis {
  const framings =
    choice.framing === "auto"
      ? undefined
      : [choice.framing === "store-var" ? "length-prefixed" : choice.framing];
  let detection: DetectResult | undefined;
  try {
    detection = detect(input, {
      allowObjects: choice.allowObjects,
      ...(choice.dialect !== "auto" ? { dialects: [choice.dialect] } : {}),
      ...(framings ? { framings: framings as never } : {}),
    });
  } catch (e) {
    return {
      detection: undefined,
      entry: undefined,
      framing: "raw",
      binary: input,
      bigEndian: false,
      records: [],
      trailing: 0,
      error: errorOf(e),
    };
  }
  const preferred =
    detection.ambiguous && choice.prefer
      ? detection.candidates.find((c) => c.dialect === choice.prefer)
      : undefined;
  const best = preferred ?? detection.best;
  const id =
    choice.dialect !== "auto" ? choice.dialect : best && isDialectId(best.dialect) ? best.dialect : undefined;
  if (id === undefined) {
    const c = detection.closest;
    const error = c
      ? {
          message: `no engine reads these bytes; closest: ${c.dialect} failed with ${c.code} at byte ${c.offset}: ${c.message}`,
          offset: c.offset,
          code: c.code,
        }
      : {
          message: detection.file ? `not a Variant dump: ${detection.file.description}` : detection.summary,
          offset: 0,
          code: "unknown",
        };
    return {
      detection,
      entry: undefined,
      framing: "raw",
      binary: input,
      bigEndian: false,
      records: [],
      trailing: 0,
      error,
    };
  }
  const entry = entryFor(id, choice.godot3Version ?? DEFAULT_GODOT3_VERSION);
  let framing: Framing;
  let bigEndian = false;
  if (choice.framing !== "auto") framing = choice.framing;
  else if (best) {
    const f = best.framing;
    framing = f.kind === "raw" ? "raw" : f.kind === "length-prefixed" ? "store-var" : "base64";
    bigEndian = f.kind === "length-prefixed" && f.bigEndian;
  } else framing = base64Lines(input) ? "base64" : "raw";
  return { detection, entry, ...readFramedRecords(entry, input, framing, bigEndian, choice.allowObjects) };
}

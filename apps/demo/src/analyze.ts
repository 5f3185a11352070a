import { type DetectResult, detect } from "@gdvariant/auto-detect";
import {
  base64Decode,
  base64Lines,
  DecodeError,
  type Dialect,
  decodeWithLength,
  MODEL,
  type Observer,
  type Part,
  readRecords,
  readWith,
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
  /**
   * Every value's byte range in the order the reader reads them (contents before their
   * container, a key before its value): range n is the n-th value of the record in that order.
   */
  readonly ranges: Ranges;
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

/** Byte ranges of values, in reading order: [start[i], end[i]) of value i. */
export interface Ranges {
  readonly count: number;
  readonly start: Int32Array;
  readonly end: Int32Array;
}

/**
 * Collects each value's range as the reader reads it. The reader's observer is told of every
 * value with its bytes, at no cost past the call (spans with paths cost ten times the reading).
 */
class RangeObserver implements Observer {
  count = 0;
  start = new Int32Array(1024);
  end = new Int32Array(1024);

  observe(_value: unknown, _header: number, start: number, end: number): void {
    if (this.count === this.start.length) {
      const s = new Int32Array(this.count * 2);
      s.set(this.start);
      this.start = s;
      const e = new Int32Array(this.count * 2);
      e.set(this.end);
      this.end = e;
    }
    this.start[this.count] = start;
    this.end[this.count] = end;
    this.count++;
  }

  ranges(): Ranges {
    return {
      count: this.count,
      start: this.start.subarray(0, this.count),
      end: this.end.subarray(0, this.count),
    };
  }
}

function readOne(dialect: Dialect, bytes: Uint8Array, start: number, allowObjects: boolean): RecordInfo {
  const observer = new RangeObserver();
  const parts: Part[] = [];
  // The observer's ranges (cheap) and the reader's parts in one reading: spans, with their
  // paths, would cost ten times the reading on a large dump.
  const { value, length } = readWith(
    dialect,
    bytes,
    { offset: start, allowObjects, onPart: (p) => parts.push(p) },
    MODEL,
    observer,
  );
  return {
    value: value as Value,
    offset: start,
    valueOffset: start,
    valueLength: length,
    ranges: observer.ranges(),
    parts,
  };
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
    // Core's record walker: the records before a failure are kept, with why it stopped. Each
    // record is then read for its ranges and parts (cheap: no spans).
    const read = readRecords(dialect, input, {
      bigEndian,
      allowObjects,
      onRecord: (r) => {
        const at = r.offset + 4;
        const one = readOne(dialect, input.subarray(0, at + r.length), at, allowObjects);
        records.push({ ...one, offset: r.offset, length: r.length });
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
 * The dialect of a store_var file whose last record is cut short: the detector's closest reading
 * when it was records, else the length words chaining through whole records until one claims
 * more than is left, with the intact records read by a dialect (or, with none intact, the cut
 * record's bytes beginning a Variant that runs out of bytes). Undefined when a raw reading of
 * the bytes also ran to their end (a raw dump cut short).
 */
function cutRecords(
  input: Uint8Array,
  detection: DetectResult,
  choice: Choice,
): { dialect: Entry["id"]; bigEndian: boolean } | undefined {
  const c = detection.closest;
  if (c && c.framing.kind === "length-prefixed" && isDialectId(c.dialect))
    return { dialect: c.dialect, bigEndian: c.framing.bigEndian };
  if (c?.code === "truncated") return undefined;
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  let at = 0;
  for (;;) {
    if (input.length - at < 4) return undefined;
    const length = view.getUint32(at, true);
    if (length < 4 || length > 0x7fffffff) return undefined;
    if (length > input.length - at - 4) break;
    at += 4 + length;
    if (at === input.length) return undefined;
  }
  const dialects =
    choice.dialect === "auto" ? (["godot-4", "godot-3", "legacy-2"] as const) : [choice.dialect];
  if (at > 0) {
    const d = detect(input.subarray(0, at), {
      allowObjects: choice.allowObjects,
      dialects: [...dialects],
      framings: ["length-prefixed"],
    });
    const id = d.best?.dialect;
    return id !== undefined && isDialectId(id) ? { dialect: id, bigEndian: false } : undefined;
  }
  if (input.length < 8) return undefined;
  for (const id of dialects) {
    try {
      decodeWithLength(entryFor(id, DEFAULT_GODOT3_VERSION).reader, input.subarray(4), {
        allowObjects: choice.allowObjects,
      });
    } catch (e) {
      if (DecodeError.is(e) && e.code === "truncated") return { dialect: id, bigEndian: false };
    }
  }
  return undefined;
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
    // A store_var file cut short: the records before the cut are kept, the cut one named.
    const cut = cutRecords(input, detection, choice);
    if (cut !== undefined) {
      const entry = entryFor(cut.dialect, choice.godot3Version ?? DEFAULT_GODOT3_VERSION);
      return {
        detection,
        entry,
        ...readFramedRecords(entry, input, "store-var", cut.bigEndian, choice.allowObjects),
      };
    }
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

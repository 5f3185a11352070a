import {
  type Candidate,
  type Framing as DetectFraming,
  type DetectResult,
  detect,
} from "@gdvariant/auto-detect";
import { base64Lines, DecodeError, type Span } from "@gdvariant/core";
import { cutStoreVarDialect } from "./cut-records.js";
import { type DialectEntry, type DialectId, dialectEntry } from "./dialects.js";
import { InputError } from "./errors.js";
import {
  type Framed,
  type FramingOption,
  PartialReadError,
  readFramed as readFramedRecords,
} from "./records.js";

/** What the command line says about reading an input. */
export interface ReadChoice {
  dialect: "auto" | DialectId;
  framing: FramingOption;
  allowObjects: boolean;
  bigEndian: boolean;
}

/** An input read: the dialect used, its records, and the detector's findings when it ran. */
export interface Resolved {
  readonly entry: DialectEntry;
  readonly framed: Framed;
  readonly detection: DetectResult | undefined;
  /** The candidate that was taken, when the detector ran. */
  readonly candidate: Candidate | undefined;
}

const FRAMING_KINDS = {
  raw: ["raw"],
  "store-var": ["length-prefixed"],
  stream: ["length-prefixed"],
  // The detector names the framing inside the base64 text too, so both layers are allowed.
  base64: ["base64", "raw", "length-prefixed"],
} as const;

/** `--framing` for the detector's framing of a candidate. */
export function framingOf(f: DetectFraming): { framing: FramingOption; bigEndian: boolean } {
  if (f.kind === "raw") return { framing: "raw", bigEndian: false };
  if (f.kind === "length-prefixed") return { framing: "store-var", bigEndian: f.bigEndian };
  return { framing: "base64", bigEndian: false };
}

/** The detector's framing in words. */
export function framingText(f: DetectFraming): string {
  if (f.kind === "raw") return "raw (var_to_bytes / PacketPeer packet)";
  if (f.kind === "length-prefixed") {
    const n = `${f.records} record${f.records === 1 ? "" : "s"}`;
    return `store_var / put_var length-prefixed, ${n}${f.bigEndian ? ", big-endian length words" : ""}`;
  }
  return `base64 (Marshalls.variant_to_base64) of ${framingText(f.inner)}`;
}

/**
 * Runs the detector over the dialects allowed by `choice` (all three for `auto`).
 * @throws nothing for bytes that are not a dump: the result says so.
 */
export function runDetect(bytes: Uint8Array, choice: ReadChoice): DetectResult {
  return detect(bytes, {
    allowObjects: choice.allowObjects,
    ...(choice.dialect !== "auto" ? { dialects: [choice.dialect] } : {}),
    ...(choice.framing !== "auto" ? { framings: FRAMING_KINDS[choice.framing] } : {}),
  });
}

/**
 * True for bytes that are text (UTF-8 without control characters other than tab, CR, LF and
 * form feed). A Variant's header word always has a zero or control byte (type ids are below 64,
 * and bits 8-15 are zero), so such bytes are never a dump.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  for (const b of bytes) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Why nothing fits, in one line with the closest reading's offset and code. */
export function noFitMessage(d: DetectResult): string {
  if (d.file) return `not a Variant dump: ${d.file.description}`;
  const c = d.closest;
  if (c) {
    return `no dialect reads this input; closest: ${c.dialect} as ${c.framing.kind} failed with ${c.code} at byte ${c.offset}: ${c.message}`;
  }
  return `no dialect reads this input: ${d.summary}`;
}

/**
 * Reads an input as the command line says: the detector picks what `auto` leaves open, then the
 * records are read again here with absolute offsets (and spans, when asked).
 * @throws {InputError} when nothing fits; {@link PartialReadError} for a failing record.
 */
export function resolveInput(
  bytes: Uint8Array,
  choice: ReadChoice,
  onSpan?: (span: Span, record: number) => void,
): Resolved {
  const read = { allowObjects: choice.allowObjects, bigEndian: choice.bigEndian, onSpan };
  const readFramed = (entry: DialectEntry, b: Uint8Array, framing: FramingOption, o: typeof read): Framed => {
    try {
      return readFramedRecords(entry, b, framing, o);
    } catch (e) {
      if (e instanceof PartialReadError) e.entry = entry;
      throw e;
    }
  };
  if (choice.dialect !== "auto" && choice.framing !== "auto") {
    const entry = dialectEntry(choice.dialect);
    return {
      entry,
      framed: readFramed(entry, bytes, choice.framing, read),
      detection: undefined,
      candidate: undefined,
    };
  }
  // Several base64 lines are several records (one variant_to_base64 string each); the detector
  // reads one value, so it looks at the first line and the records are read line by line.
  const lines = choice.framing === "auto" || choice.framing === "base64" ? base64Lines(bytes) : undefined;
  const many = lines !== undefined && lines.length > 1;
  const detection = runDetect(
    many ? new TextEncoder().encode(lines[0]) : bytes,
    many ? { ...choice, framing: "base64" } : choice,
  );
  const best = detection.best;
  if (best === undefined) {
    // With one dialect named, its own error is the most useful: read it and let it fail.
    if (choice.dialect !== "auto" && detection.file === undefined) {
      const entry = dialectEntry(choice.dialect);
      return {
        entry,
        framed: readFramed(entry, bytes, choice.framing, read),
        detection,
        candidate: undefined,
      };
    }
    // A store_var file cut short: its intact records and the cut one named as such. Only when no
    // closer reading explains the bytes up to their end (a raw Variant cut short reads as far).
    const closest = detection.closest;
    const explained = closest?.code === "truncated" || closest?.framing.kind === "length-prefixed";
    const cut = explained
      ? undefined
      : cutStoreVarDialect(bytes, choice, (prefix) => {
          const d = runDetect(prefix, { ...choice, framing: "store-var" });
          const id = d.best?.dialect;
          return id === "godot-4" || id === "godot-3" || id === "legacy-2" ? id : undefined;
        });
    if (cut !== undefined) readFramed(dialectEntry(cut), bytes, "store-var", read);
    // Text is never a dump, unless it is base64 text that came close to one.
    const asBase64 = lines !== undefined && detection.closest?.framing.kind === "base64";
    if (detection.file === undefined && !asBase64 && looksLikeText(bytes)) {
      throw new InputError("not a Variant dump (text)");
    }
    if (detection.closest) {
      const c = detection.closest;
      // Records that failed part way (a truncated store_var file): read them again with that
      // reading, so the intact records before the failure are kept and the failure is named.
      if (c.framing.kind === "length-prefixed") {
        const entry = dialectEntry(c.dialect);
        readFramed(entry, bytes, "store-var", {
          ...read,
          bigEndian: choice.bigEndian || c.framing.bigEndian,
        });
      }
      throw new PartialReadError(
        new DecodeError(`${c.message} (closest reading: ${c.dialect}, ${c.framing.kind})`, {
          code: c.code,
          offset: c.offset,
          dialect: c.dialect,
        }),
        { framing: "raw", bigEndian: false, bytes, records: [], trailing: 0 },
      );
    }
    throw new InputError(noFitMessage(detection));
  }
  const entry = dialectEntry(best.dialect);
  const f = many ? { framing: "base64" as const, bigEndian: false } : framingOf(best.framing);
  const framing = choice.framing !== "auto" ? choice.framing : f.framing;
  const framed = readFramed(entry, bytes, framing, { ...read, bigEndian: choice.bigEndian || f.bigEndian });
  return { entry, framed, detection, candidate: best };
}

/**
 * The options that settle an ambiguous detection: `--dialect` when the readings differ in
 * dialect, `--framing` (raw or store-var) when they differ in framing (a raw value or records).
 */
export function choiceFlags(ambiguousIn: readonly ("dialect" | "framing")[] | undefined): string {
  if (ambiguousIn?.includes("framing") !== true) return "--dialect";
  return ambiguousIn.includes("dialect")
    ? "--dialect or --framing (raw or store-var)"
    : "--framing (raw or store-var)";
}

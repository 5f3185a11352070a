import type { DetectResult } from "@gdvariant/auto-detect";
import type { Span, Value } from "@gdvariant/core";
import {
  type ConfigDialect,
  type ConfigSections,
  type Content,
  type ContentLayer,
  openContentAsync,
} from "@gdvariant/files";
import { type DialectEntry, type DialectId, dialectEntry } from "./dialects.js";
import { InputError } from "./errors.js";
import { PartialReadError } from "./records.js";
import { type ReadChoice, type Resolved, resolveInput, runDetect } from "./resolve.js";

// Every reading command opens its input through @gdvariant/files' openContent: the layers come
// off (GDEC, GCPF, compress() envelopes), then this file's detector reads the Variant bytes
// inside with the command line's choices. ConfigFiles and project.binary come back as sections.

/**
 * What the detector made of the Variant bytes inside: records, or the failure (a
 * {@link PartialReadError} keeps the records before it; an {@link InputError} says what the
 * bytes are instead).
 */
export type Reading = { readonly resolved: Resolved } | { readonly failure: PartialReadError | InputError };

/** Sections of values with the dialect whose text prints them (ConfigFile, project.binary). */
export type SectionsContent = SectionsOf<"config-file"> | SectionsOf<"project-binary">;

/** {@link SectionsContent} of one kind. */
export interface SectionsOf<K extends "config-file" | "project-binary"> {
  readonly kind: K;
  readonly sections: ConfigSections;
  readonly entry: DialectEntry;
  /** The ConfigFile generation whose text syntax writes them back. */
  readonly dialect: ConfigDialect;
}

/** An input opened: its layers, the bytes inside, and what they are. */
export interface OpenedInput {
  readonly layers: readonly ContentLayer[];
  readonly plaintext: Uint8Array;
  readonly secret: { password: string } | { key: Uint8Array } | undefined;
  readonly content:
    | { readonly kind: "variant"; readonly reading: Reading }
    | { readonly kind: "empty" }
    | SectionsContent;
  /** Spans of each record (hexdump), when asked for. */
  readonly spans: ReadonlyMap<number, readonly Span[]>;
}

const PREFERENCE: readonly DialectId[] = ["godot-4", "godot-3", "legacy-2"];

/**
 * The dialect of a project.binary: the one that reads the most settings (the header does not
 * say; most values, strings and numbers, read the same in every generation).
 */
function settingsDialect(readings: readonly (DetectResult | undefined)[], choice: ReadChoice): DialectId {
  if (choice.dialect !== "auto") return choice.dialect;
  let best: DialectId = "godot-4";
  let most = -1;
  for (const id of PREFERENCE) {
    const n = readings.filter((r) => r?.candidates.some((c) => c.dialect === id)).length;
    if (n > most) [best, most] = [id, n];
  }
  return best;
}

/**
 * Opens `bytes` whatever its layers: the Variant records inside, an empty save, or the sections
 * of a ConfigFile or project.binary.
 * @throws {FileError} for a layer that cannot be opened; the Variant reading's own error
 *   ({@link InputError}, {@link PartialReadError}) when nothing inside can be read.
 */
export async function openInput(
  bytes: Uint8Array,
  choice: ReadChoice,
  secret: OpenedInput["secret"],
  options: { readonly spans?: boolean; readonly maxBytes?: number } = {},
): Promise<OpenedInput> {
  let spans = new Map<number, Span[]>();
  let lastFailure: unknown;
  const onSpan = options.spans
    ? (s: Span, record: number) => {
        const list = spans.get(record);
        if (list) list.push(s);
        else spans.set(record, [s]);
      }
    : undefined;
  const opened = await openContentAsync<Reading | DetectResult>(bytes, {
    ...(secret ?? {}),
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
    detect: (inner, context) => {
      if (context.part === "setting") {
        const d = runDetect(inner, { ...choice, framing: "raw", allowObjects: true });
        return d.best ? d : undefined;
      }
      spans = new Map();
      try {
        return { resolved: resolveInput(inner, choice, onSpan) };
      } catch (e) {
        // Records read before a failure make it this input's reading; any other failure
        // leaves the bytes to the other readings (a FastLZ envelope, a ConfigFile).
        if (e instanceof PartialReadError && e.partial.records.length > 0) return { failure: e };
        if (!(e instanceof PartialReadError || e instanceof InputError)) throw e;
        lastFailure ??= e;
        return undefined;
      }
    },
  });
  const base = { layers: opened.layers, plaintext: opened.plaintext, secret, spans };
  const content = opened.content as Content<Reading | DetectResult>;
  switch (content.kind) {
    case "variant":
      return { ...base, content: { kind: "variant", reading: content.reading as Reading } };
    case "empty":
      // An empty file with no layer is no save at all: the reading says what it is.
      if (opened.layers.length === 0)
        return { ...base, content: { kind: "variant", reading: failed(opened.plaintext) } };
      return { ...base, content: { kind: "empty" } };
    case "config-file":
      return {
        ...base,
        content: {
          kind: "config-file",
          sections: content.sections,
          entry: dialectEntry(content.dialect),
          dialect: content.dialect,
        },
      };
    case "project-binary": {
      const id = settingsDialect(
        content.settings.map((s) => s.reading as DetectResult | undefined),
        choice,
      );
      const entry = dialectEntry(id);
      const sections: ConfigSections = new Map();
      for (const s of content.settings) {
        // Each value is one raw Variant: read with the file's dialect, its errors at file offsets.
        const r = resolveInput(s.bytes, { ...choice, dialect: id, framing: "raw", allowObjects: true });
        const value: Value = r.framed.records[0]!.value;
        const section = sections.get(s.section) ?? new Map<string, Value>();
        sections.set(s.section, section);
        section.set(s.name, value);
      }
      return {
        ...base,
        content: {
          kind: "project-binary",
          sections,
          entry,
          dialect: id === "godot-4" ? "godot-4" : "godot-3",
        },
      };
    }
    case "unknown":
      return { ...base, content: { kind: "variant", reading: failed(opened.plaintext) } };
  }

  // The reading's own failure for bytes nothing reads (the first one met: the plaintext's).
  function failed(plaintext: Uint8Array): Reading {
    if (lastFailure === undefined)
      try {
        resolveInput(plaintext, choice);
        lastFailure = new InputError("not a Variant dump");
      } catch (e) {
        lastFailure = e;
      }
    if (lastFailure instanceof PartialReadError || lastFailure instanceof InputError)
      return { failure: lastFailure };
    throw lastFailure;
  }
}

/** A one-line description of the layers, e.g. `encrypted (godot-3 layout), compressed (zstd)`. */
export function describeLayers(layers: readonly ContentLayer[]): string {
  return layers
    .map((l) =>
      l.kind === "encrypted"
        ? `encrypted (${l.layout} layout)`
        : l.kind === "compressed"
          ? `compressed (${l.mode}, blocks of ${l.blockSize})`
          : `a PackedByteArray.compress envelope (${l.mode})`,
    )
    .join(", ");
}

/** The layers as JSON for `inspect --json`. */
export function layersJson(layers: readonly ContentLayer[]): Array<Record<string, string | number>> {
  return layers.map((l) =>
    l.kind === "encrypted"
      ? { kind: l.kind, layout: l.layout }
      : l.kind === "compressed"
        ? { kind: l.kind, mode: l.mode, blockSize: l.blockSize }
        : { kind: l.kind, mode: l.mode },
  );
}

/** Counts for a line: `2 sections, 5 keys`. */
export function sectionsSummary(sections: ConfigSections): string {
  let keys = 0;
  for (const s of sections.values()) keys += s.size;
  return `${sections.size} section${sections.size === 1 ? "" : "s"}, ${keys} key${keys === 1 ? "" : "s"}`;
}

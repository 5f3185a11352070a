// The page's work, off the main thread (worker.ts runs it): open the layers, read the records
// with spans, index every byte, and answer the views' questions (a node's children, a record's
// text) and the edits. Values stay here; the page gets plain data (model.ts).

import type { DetectResult } from "@gdvariant/auto-detect";
import {
  base64Encode,
  convertValue,
  encodeWith,
  formatPath,
  fromJSON,
  type JsonValue,
  parseVariantText,
  toJSON,
  type Value,
  writeStoreVarFile,
} from "@gdvariant/core";
import {
  type ConfigSections,
  type ContentLayer,
  FileError,
  openContentAsync,
  parseConfigFile,
  sealContent,
  writeConfigFile,
} from "@gdvariant/files";
import { GODOT3_VERSIONS, type Godot3Version } from "@gdvariant/godot-3";
import { jsonNativeLosses, readJsonNative, writeJsonNative } from "@gdvariant/godot-4/json";
import { type Analysis, analyze, type Choice } from "./analyze.js";
import { nodesByEnd, ownerPerByte } from "./byte-owner.js";
import { markPart, PART } from "./byte-parts.js";
import { type DialectId, type Entry, entryFor } from "./dialects.js";
import { imagePixels } from "./image.js";
import {
  type CandidateView,
  type Choices,
  type DetectionView,
  type LossGroup,
  NATIVE_LOSSES_SHOWN,
  type Row,
  type SecretInput,
  type Syntax,
  type ViewModel,
} from "./model.js";
import { NodeStore } from "./node-store.js";
import { children as childCount, summary } from "./tree-rows.js";

/** Progress of long work: a phase in words and, when known, how far (0-1). */
export type Progress = (phase: string, fraction?: number) => void;

/** What the session holds for the file open now. */
interface Held {
  name: string;
  file: Uint8Array;
  layers: readonly ContentLayer[];
  input: Uint8Array;
  analysis: Analysis | undefined;
  sections: ConfigSections | undefined;
  sectionsDialect: "godot-3" | "godot-4";
  content: ViewModel["content"];
  nodes: NodeStore;
}

function godot3Of(c: Choices): Godot3Version {
  return (GODOT3_VERSIONS as readonly string[]).includes(c.godot3Version)
    ? (c.godot3Version as Godot3Version)
    : "3.6";
}

function choiceOf(c: Choices): Choice {
  return {
    dialect: c.dialect,
    framing: c.framing,
    allowObjects: c.allowObjects,
    godot3Version: godot3Of(c),
    ...(c.prefer ? { prefer: c.prefer } : {}),
  };
}

function secretOf(s: SecretInput): { password: string } | { key: Uint8Array } | undefined {
  if (s === undefined) return undefined;
  if ("password" in s) return s.password === "" ? undefined : { password: s.password };
  const hex = s.keyHex.replace(/\s+/g, "");
  if (!/^[0-9a-fA-F]{64}$/.test(hex))
    throw new UserError("key-invalid", "A raw key is 64 hex digits (32 bytes).");
  return { key: Uint8Array.from(hex.match(/../g)!, (h) => Number.parseInt(h, 16)) };
}

/** A failure told to the user in their words, with a state for the page. */
export class UserError extends Error {
  constructor(
    readonly state: string,
    message: string,
  ) {
    super(message);
  }
}

function describeLayers(layers: readonly ContentLayer[]): string {
  return layers
    .map((l) =>
      l.kind === "encrypted"
        ? `encrypted (${l.layout} layout)`
        : l.kind === "compressed"
          ? `compressed (${l.mode})`
          : `PackedByteArray.compress (${l.mode})`,
    )
    .join(", ");
}

/** A layer's failure in the user's words: one message, no library names. */
function layerMessage(e: FileError): UserError {
  const layout = /\((godot-\d) layout\)/.exec(e.detail)?.[1];
  switch (e.code) {
    case "key-needed":
      return new UserError(
        "key-needed",
        `This file is encrypted (${layout ?? "Godot"} layout): type its password, or its raw key, above.`,
      );
    case "wrong-key":
      return new UserError("wrong-key", "Wrong password or key: the file's checksum does not match.");
    case "invalid-key":
      return new UserError("wrong-key", "A raw key is 64 hex digits (32 bytes).");
    default:
      return new UserError(
        e.code,
        `The file's ${e.layer === "project-settings" ? "project settings" : e.layer} layer cannot be opened: ${e.detail} (byte ${e.offset}).`,
      );
  }
}

/** Words a user reads: the detector's notes name no library. */
export function userWords(text: string): string {
  return text
    .replace(/;\s*@gdvariant\/[\w-]+ opens it/g, "")
    .replace(/\s*\(@gdvariant\/[\w-]+\)/g, "")
    .replace(/@gdvariant\/[\w-]+/g, "this page");
}

function detectionView(d: DetectResult | undefined): DetectionView | undefined {
  if (d === undefined) return undefined;
  // Plain data only: the values and the dialect object stay here.
  const strip = (c: DetectResult["candidates"][number]): CandidateView => ({
    dialect: c.dialect,
    versions: c.versions,
    framing: c.framing,
    precision: c.precision,
    confidence: c.confidence,
    score: c.score,
    evidence: c.evidence,
  });
  return {
    candidates: d.candidates.map(strip),
    best: d.best ? strip(d.best) : undefined,
    bestIndex: d.best ? d.candidates.indexOf(d.best) : -1,
    ambiguous: d.ambiguous,
    ambiguity: d.ambiguity,
    summary: userWords(d.summary),
    file: d.file ? { ...d.file, description: userWords(d.file.description) } : undefined,
  };
}

/** A node's path from its record's root, as errors print it: `["inv"][0]`, `.name`, `key(…)`. */
function pathOf(h: Held, id: number, toText: (v: Value) => string): string {
  const segments: string[] = [];
  const store = h.nodes;
  for (let at = id, p = store.parent[at]!; p >= 0; at = p, p = store.parent[p]!) {
    const kids = store.kids(p);
    const i = kids.indexOf(at);
    const v = store.values[p]!;
    if (v.kind === "array") segments.push(`[${i}]`);
    else if (v.kind === "object" && v.form === "full") segments.push(`.${v.properties[i]![0]}`);
    else if (v.kind === "dictionary") {
      const key = store.values[kids[i - (i % 2)]!]!;
      const text = key.kind === "string" ? JSON.stringify(key.value) : cut(toText(key), 40);
      segments.push(i % 2 === 0 ? `{key ${text}}` : `[${text}]`);
    }
  }
  return segments.reverse().join("");
}

function rowOf(
  h: Held,
  id: number,
  label: string,
  isKey: boolean,
  keyNode: number | undefined,
  toText: (v: Value) => string,
): Row {
  const v = h.nodes.values[id]!;
  const kids = childCount(v);
  const pixels = v.kind === "image" ? imagePixels(v) : undefined;
  return {
    node: id,
    keyNode,
    keyText: keyNode === undefined ? undefined : cut(toText(h.nodes.values[keyNode]!), 40),
    label,
    isKey,
    kind: v.kind,
    summary: summary(v, toText),
    expandable: kids > 0,
    path: pathOf(h, id, toText),
    ...(pixels ? { image: pixels } : {}),
  };
}

function cut(s: string, n = 80): string {
  const one = s.replace(/\n/g, " ");
  return one.length > n ? `${one.slice(0, n - 1)}…` : one;
}

// The editor's JSON.from_native text: `JSON.stringify(JSON.from_native(v, true), "\t")`, objects
// written (a dump read with objects holds them) and indented to be edited; the engine reads it
// back with `JSON.to_native(JSON.parse_string(text), true)`.
const NATIVE_WRITE = { fullObjects: true, indent: "\t" } as const;

/** The page's session: one file at a time. */
export class Session {
  private held: Held | undefined;
  private choices: Choices | undefined;

  private entry(): Entry | undefined {
    const a = this.held?.analysis;
    return a?.entry;
  }

  private toText(): (v: Value) => string {
    const e = this.entry();
    if (e) return (v) => e.toText(v);
    const d = this.held?.sectionsDialect === "godot-3" ? "godot-3" : "godot-4";
    const e2 = entryFor(d, godot3Of(this.choices!));
    return (v) => e2.toText(v);
  }

  /**
   * Opens a file: its layers (with the secret), then what is inside.
   * @throws {UserError} for a layer that cannot be opened.
   */
  async open(
    name: string,
    file: Uint8Array,
    secret: SecretInput,
    choices: Choices,
    progress: Progress,
  ): Promise<ViewModel> {
    this.choices = choices;
    progress("opening the file's layers");
    let opened: Awaited<ReturnType<typeof openContentAsync<Analysis>>>;
    try {
      opened = await openContentAsync<Analysis>(file, {
        ...(secretOf(secret) ?? {}),
        detect: (bytes, context) => {
          if (context.part === "setting")
            return analyze(bytes, { ...choiceOf(choices), framing: "raw", allowObjects: true });
          progress("finding which engine wrote it");
          const a = analyze(bytes, choiceOf(choices));
          return a.entry !== undefined ? a : undefined;
        },
      });
    } catch (e) {
      if (FileError.is(e)) throw layerMessage(e);
      throw e;
    }
    const held: Held = {
      name,
      file,
      layers: opened.layers,
      input: opened.plaintext,
      analysis: undefined,
      sections: undefined,
      sectionsDialect: "godot-4",
      content: "variant",
      nodes: new NodeStore(),
    };
    this.held = held;
    const c = opened.content;
    if (c.kind === "variant") held.analysis = c.reading;
    // An empty file with no layer is no save at all: the reading says so.
    else if (c.kind === "empty" && opened.layers.length === 0)
      held.analysis = analyze(opened.plaintext, choiceOf(choices));
    else if (c.kind === "empty") held.content = "empty";
    else if (c.kind === "config-file") {
      held.content = "config-file";
      held.sections = c.sections;
      held.sectionsDialect = c.dialect;
    } else if (c.kind === "project-binary") {
      held.content = "project-binary";
      const sections: ConfigSections = new Map();
      let three = 0;
      for (const s of c.settings) {
        const r = s.reading;
        const v = r?.records[0]?.value ?? { kind: "nil" as const };
        if (r?.entry?.id === "godot-3") three++;
        const sec = sections.get(s.section) ?? new Map<string, Value>();
        sections.set(s.section, sec);
        sec.set(s.name, v);
      }
      held.sections = sections;
      held.sectionsDialect = three * 2 > c.settings.length ? "godot-3" : "godot-4";
    } else held.analysis = analyze(opened.plaintext, choiceOf(choices));
    return this.build(progress);
  }

  /** Reads the same plaintext again with other choices. */
  reread(choices: Choices, progress: Progress): ViewModel {
    const h = this.held;
    if (!h) throw new UserError("none", "Open a dump first.");
    this.choices = choices;
    if (h.content === "variant") {
      progress("reading the records");
      h.analysis = analyze(h.input, choiceOf(choices));
    }
    return this.build(progress);
  }

  private build(progress: Progress): ViewModel {
    const h = this.held!;
    h.nodes = new NodeStore();
    const roots: Array<[number, string]> = [];
    const a = h.analysis;
    const notes = new Map<number, string>();
    let binary = h.input;
    if (h.sections) {
      for (const [section, keys] of h.sections) {
        const value: Value = {
          kind: "dictionary",
          entries: [...keys].map(([k, v]) => [{ kind: "string", value: k }, v] as [Value, Value]),
        } as Value;
        roots.push([h.nodes.add(value, undefined), `[${section}]`]);
      }
    } else if (a?.entry) {
      binary = a.binary;
      progress("indexing the bytes", 0);
      for (const [i, r] of a.records.entries()) {
        const root = h.nodes.add(r.value, r.ranges);
        roots.push([root, i === 0 && r.length === undefined ? "value" : `record ${i}`]);
        if (i % 64 === 0) progress("indexing the bytes", i / a.records.length);
      }
    }
    progress("indexing the bytes", 0.25);
    const store = h.nodes;
    const n = store.length;
    const kinds: string[] = [];
    const kindIndex = new Map<string, number>();
    const start = store.start.slice(0, n);
    const end = store.end.slice(0, n);
    const parent = store.parent.slice(0, n);
    const kind = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const k0 = store.values[i]!.kind;
      let k = kindIndex.get(k0);
      if (k === undefined) {
        k = kinds.length;
        kinds.push(k0);
        kindIndex.set(k0, k);
      }
      kind[i] = k;
    }
    progress("indexing the bytes", 0.5);
    const table = { start, end, parent, kind };
    // A byte's owner is searched among the nodes by their ends (no array per byte), unless a
    // reader gave ranges out of order.
    const byEnd = nodesByEnd(table, n);
    const owner = byEnd === undefined ? ownerPerByte(table, n, binary.length) : undefined;
    const part = new Uint8Array(binary.length);
    // Each byte's part is what the reader reported (every value's declared layout): a value's
    // bytes are payload unless a part says otherwise.
    if (a?.entry) {
      for (const r of a.records)
        part.fill(PART.payload, r.valueOffset, Math.min(r.valueOffset + r.valueLength, part.length));
      for (const [k, r] of a.records.entries()) {
        for (const p of r.parts) markPart(part, p);
        if (k % 16 === 0) progress("indexing the bytes", 0.8 + (0.1 * k) / a.records.length);
      }
    }
    if (a?.entry) {
      a.records.forEach((r, i) => {
        if (r.length !== undefined) {
          notes.set(r.offset, `record ${i}: length word ${r.length}`);
          part.fill(PART.frame, r.offset, Math.min(r.offset + 4, part.length));
        }
      });
      if (a.trailing > 0) {
        const at = binary.length - a.trailing;
        notes.set(at, "bytes after the Variant: the engine ignores them");
        part.fill(PART.trailing, at, binary.length);
      }
    }
    progress("preparing the tree", 0.9);
    const present = new Uint8Array(8);
    for (let i = 0; i < part.length; i++) present[part[i]!] = 1;
    const toText = this.toText();
    const rootRows = roots.map(([id, label]) => rowOf(h, id, label, false, undefined, toText));
    // The first three levels open, as long as they stay a screenful or so of rows.
    const expanded: Array<[number, Row[]]> = [];
    let shown = rootRows.length;
    let level = rootRows.filter((r) => r.expandable);
    for (let depth = 0; depth < 3 && level.length > 0; depth++) {
      const next: Row[] = [];
      for (const r of level) {
        const count = childCount(store.values[r.node]!);
        // The records' own children (the tree draws only what is in view) up to 5,000 rows,
        // deeper levels while they stay a few hundred rows: more is sent when expanded.
        if (shown + count > (depth > 0 ? 400 : 5_000)) break;
        const kids = this.children(r.node);
        shown += kids.length;
        expanded.push([r.node, kids]);
        next.push(...kids.filter((k) => k.expandable));
      }
      level = next;
    }
    const entry = a?.entry;
    const framing =
      h.content === "config-file"
        ? `ConfigFile text (${h.sectionsDialect} syntax)`
        : h.content === "project-binary"
          ? "project settings (project.binary)"
          : h.content === "empty"
            ? "empty"
            : (a?.framing ?? "raw");
    return {
      name: h.name,
      size: binary.length,
      layers: describeLayers(h.layers),
      detection: detectionView(a?.detection),
      dialect: entry?.id,
      dialectName: entry?.name,
      framing,
      bigEndian: a?.bigEndian ?? false,
      // A copy of its own, moved to the page (the session keeps the original to edit).
      binary: binary.slice(),
      records: a?.records.length ?? 0,
      recordBytes: a?.records.map((r) => r.valueLength) ?? [],
      trailing: a?.trailing ?? 0,
      error:
        a?.error && h.content === "variant"
          ? { message: userWords(a.error.message), offset: a.error.offset }
          : undefined,
      content: h.content,
      kinds,
      partsPresent: [...present.keys()].filter((k) => present[k] === 1),
      nodes: table,
      bytes: { byEnd, node: owner, part, notes },
      roots: rootRows,
      expanded,
      editable: (entry !== undefined && (a?.records.length ?? 0) > 0) || h.content === "config-file",
    };
  }

  /** The rows under a node, in order (a dictionary entry with a plain key is one row). */
  children(id: number): Row[] {
    const h = this.held;
    const v = h?.nodes.values[id];
    if (!h || !v) return [];
    const toText = this.toText();
    const kids = h.nodes.kids(id);
    const rows: Row[] = [];
    if (v.kind === "array")
      kids.forEach((k, i) => {
        rows.push(rowOf(h, k, `[${i}]`, false, undefined, toText));
      });
    else if (v.kind === "dictionary") {
      for (let i = 0; i < kids.length; i += 2) {
        const keyId = kids[i]!;
        const valueId = kids[i + 1]!;
        const key = h.nodes.values[keyId]!;
        const plain = !(
          key.kind === "array" ||
          key.kind === "dictionary" ||
          (key.kind === "object" && key.form === "full")
        );
        if (plain) rows.push(rowOf(h, valueId, "", false, keyId, toText));
        else {
          rows.push(rowOf(h, keyId, `key ${i / 2}`, true, undefined, toText));
          rows.push(rowOf(h, valueId, cut(toText(key), 40), false, undefined, toText));
        }
      }
    } else if (v.kind === "object" && v.form === "full")
      kids.forEach((k, i) => {
        rows.push(rowOf(h, k, `.${v.properties[i]![0]}`, false, undefined, toText));
      });
    return rows;
  }

  /**
   * A record's value as Godot text, tagged JSON or Godot 4's `JSON.from_native` text (the whole
   * ConfigFile for sections); for the last, the places the engine's own round trip of that text
   * changes the value.
   * @throws {UserError} for `JSON.from_native` of a 3.x or 2.x dump, or a value the form refuses.
   */
  text(record: number, syntax: Syntax): { text: string; losses?: string[] } {
    const h = this.held;
    if (!h) return { text: "" };
    if (h.sections && h.content === "config-file") {
      const toText = this.toText();
      return { text: writeConfigFile(h.sections, toText, { dialect: h.sectionsDialect }) };
    }
    const a = h.analysis;
    const r = a?.records[record];
    if (!a?.entry || !r) return { text: "" };
    if (syntax === "text") return { text: a.entry.toText(r.value) };
    if (syntax === "json") return { text: JSON.stringify(toJSON(r.value), null, 1) };
    if (a.entry.id !== "godot-4")
      throw new UserError(
        "json-native",
        `JSON.from_native is Godot 4.4+'s form and this is a ${a.entry.name} dump: convert it to Godot 4.x first (below).`,
      );
    try {
      const text = writeJsonNative(r.value, NATIVE_WRITE);
      const losses = jsonNativeLosses(r.value, { ...NATIVE_WRITE, limit: NATIVE_LOSSES_SHOWN }).map(
        (l) => `${formatPath(l.path) || "(root)"}: ${l.reason}`,
      );
      return { text, losses };
    } catch (e) {
      throw new UserError("json-native", `JSON.from_native cannot write this value: ${(e as Error).message}`);
    }
  }

  private frame(entry: Entry, values: readonly Value[], a: Analysis): Uint8Array {
    if (a.framing === "store-var") return writeStoreVarFile(entry.writer, values, { bigEndian: a.bigEndian });
    if (a.framing === "base64")
      return new TextEncoder().encode(
        `${values.map((v) => base64Encode(encodeWith(entry.writer, v))).join("\n")}\n`,
      );
    return encodeWith(entry.writer, values[0]!);
  }

  /** Re-encodes one record from text; the bytes are read again with the same dialect. */
  edit(
    record: number,
    text: string,
    syntax: Syntax,
    choices: Choices,
    progress: Progress,
  ): { model: ViewModel; message: string } {
    const h = this.held;
    if (!h) throw new UserError("none", "Open a dump first.");
    if (h.content === "config-file") {
      let sections: ConfigSections;
      try {
        sections = parseConfigFile(text, { dialect: h.sectionsDialect });
      } catch (e) {
        throw new UserError("edit", `Cannot read the ConfigFile text: ${(e as Error).message}`);
      }
      h.sections = sections;
      h.input = new TextEncoder().encode(
        writeConfigFile(sections, this.toText(), { dialect: h.sectionsDialect }),
      );
      return { model: this.build(progress), message: `Re-encoded the ConfigFile: ${h.input.length} bytes.` };
    }
    const a = h.analysis;
    if (!a?.entry) throw new UserError("none", "Open a dump first.");
    let value: Value;
    try {
      if (syntax === "json-native" && a.entry.id !== "godot-4")
        throw new Error(`JSON.from_native text is Godot 4's; this is a ${a.entry.name} dump`);
      value =
        syntax === "text"
          ? parseVariantText(text, { dialect: a.entry.textDialect })
          : syntax === "json-native"
            ? readJsonNative(text, { allowObjects: true })
            : fromJSON(JSON.parse(text) as JsonValue);
    } catch (e) {
      throw new UserError("edit", `Cannot read the value: ${(e as Error).message}`);
    }
    const values = a.records.map((r, i) => (i === record ? value : r.value));
    let bytes: Uint8Array;
    try {
      bytes = this.frame(a.entry, values, a);
    } catch (e) {
      throw new UserError("edit", `Cannot encode: ${(e as Error).message}`);
    }
    const entry = a.entry;
    h.input = bytes;
    h.analysis = analyze(bytes, { ...choiceOf(choices), dialect: entry.id });
    return { model: this.build(progress), message: `Re-encoded as ${entry.name}: ${bytes.length} bytes.` };
  }

  /** Converts every record to another engine generation; the losses grouped by kind. */
  convert(
    target: DialectId,
    choices: Choices,
    progress: Progress,
  ): { model: ViewModel; message: string; groups: LossGroup[] } {
    const h = this.held;
    const a = h?.analysis;
    if (!h || !a?.entry || a.records.length === 0) throw new UserError("none", "Open a dump first.");
    const to = entryFor(target, godot3Of(choices));
    const groups = new Map<string, string[]>();
    let count = 0;
    let values: Value[];
    try {
      values = a.records.map((r, i) => {
        const c = convertValue(r.value, to.writer, { unconvertible: "nil" });
        for (const l of c.losses) {
          const title = l.from === l.to ? `${l.from} changed` : `${l.from} → ${l.to}`;
          const lines = groups.get(title) ?? [];
          lines.push(`${a.records.length > 1 ? `record ${i} ` : ""}${l.path || "(root)"}: ${l.message}`);
          groups.set(title, lines);
          count++;
        }
        return c.value;
      });
    } catch (e) {
      throw new UserError("convert", `Cannot convert: ${(e as Error).message}`);
    }
    const from = a.entry;
    const bytes = this.frame(to, values, a);
    h.name = `${h.name.replace(/(\.[^.]+)?$/, "")}.${to.id}.bin`;
    h.input = bytes;
    h.analysis = analyze(bytes, { ...choiceOf(choices), dialect: to.id });
    return {
      model: this.build(progress),
      message: `Converted ${from.name} → ${to.name}: ${bytes.length} bytes, ${count === 0 ? "nothing lost" : `${count} lossy step${count === 1 ? "" : "s"}:`}`,
      groups: [...groups].map(([title, lines]) => ({ title, lines })),
    };
  }

  /**
   * The bytes to download: the plaintext with the layers it was opened from put back on (an
   * encrypted one in the layout of the dump's dialect).
   */
  download(secret: SecretInput): { bytes: Uint8Array; name: string } {
    const h = this.held;
    if (!h) throw new UserError("none", "Open a dump first.");
    const name = h.name.split("/").pop() || "variant.bin";
    if (h.layers.length === 0) return { bytes: h.input, name };
    const id = this.entry()?.id ?? h.sectionsDialect;
    const layout = id === "godot-4" ? "godot-4" : "godot-3";
    const layers = h.layers.map((l): ContentLayer => {
      if (l.kind === "encrypted") return { kind: "encrypted", layout };
      return l.mode === "brotli" ? { ...l, mode: "zstd" } : l;
    });
    try {
      return { bytes: sealContent(h.input, layers, secretOf(secret) ?? { password: "" }), name };
    } catch (e) {
      if (FileError.is(e)) throw layerMessage(e);
      throw e;
    }
  }
}

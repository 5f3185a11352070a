// What the page shows, as plain data: the worker (session.ts) makes it from the bytes, the main
// thread (main.ts and the views) draws it. This is the seam between reading and drawing: the
// byte owners and parts may come from any reader (today the decoder's spans and byte-parts.ts;
// later the reader's own parts) as long as they fill these arrays.

import type { Candidate, DetectResult, Evidence, FileInfo } from "@gdvariant/auto-detect";
import type { FramingChoice } from "./analyze.js";
import type { DialectId } from "./dialects.js";

/** A detector candidate without its values and dialect object (they stay in the worker). */
export type CandidateView = Pick<
  Candidate,
  "dialect" | "versions" | "framing" | "precision" | "confidence" | "score" | "evidence"
>;

/** The detector's findings as the page shows them. */
export interface DetectionView {
  readonly candidates: readonly CandidateView[];
  readonly best: CandidateView | undefined;
  /** Index of `best` in `candidates` (-1: none). */
  readonly bestIndex: number;
  readonly ambiguous: boolean;
  readonly ambiguity: DetectResult["ambiguity"];
  readonly summary: string;
  readonly file: FileInfo | undefined;
}

/** The bytes of the view: who owns each byte (byte-owner.ts `nodeAt`) and which part of its value it is. */
export interface ByteMap {
  /** The nodes with bytes in id order, their ends never decreasing: a byte's owner is searched. */
  readonly byEnd: Int32Array | undefined;
  /** Innermost node per byte (-1: none), only when the ends are out of order (`byEnd` undefined). */
  readonly node: Int32Array | undefined;
  /** Part code per byte (byte-parts.ts PART). */
  readonly part: Uint8Array;
  /** Labels of bytes outside values (length words, ignored bytes), by offset. */
  readonly notes: ReadonlyMap<number, string>;
}

/** Every node (value) of the dump: byte range, nesting and kind, by node id. */
export interface NodeTable {
  readonly start: Int32Array;
  readonly end: Int32Array;
  readonly parent: Int32Array;
  /** Index into {@link ViewModel.kinds}. */
  readonly kind: Uint8Array;
}

/** One row of the tree: a value (with its key, for a dictionary entry). */
export interface Row {
  readonly node: number;
  /** The key's node of a dictionary entry shown on one row (`key → value`). */
  readonly keyNode?: number | undefined;
  readonly keyText?: string | undefined;
  readonly label: string;
  readonly isKey: boolean;
  readonly kind: string;
  readonly summary: string;
  readonly expandable: boolean;
  readonly path: string;
  /** A 2.x image's pixels, RGBA, to draw. */
  readonly image?: { readonly width: number; readonly height: number; readonly rgba: Uint8ClampedArray };
}

/** What was read, ready to draw. */
export interface ViewModel {
  readonly name: string;
  /** Size of the plaintext the offsets refer to (base64 decoded). */
  readonly size: number;
  /** The layers taken off, in words (`encrypted (godot-3 layout)`), empty for a bare file. */
  readonly layers: string;
  readonly detection: DetectionView | undefined;
  /** The dialect read with, or undefined when nothing reads the bytes. */
  readonly dialect: DialectId | undefined;
  readonly dialectName: string | undefined;
  readonly framing: string;
  readonly bigEndian: boolean;
  readonly binary: Uint8Array;
  readonly records: number;
  /** Bytes of each record's Variant (the editor loads a large one's text only on request). */
  readonly recordBytes: readonly number[];
  readonly trailing: number;
  readonly error: { readonly message: string; readonly offset: number } | undefined;
  /** What the bytes are when not records: sections of a ConfigFile or project.binary, an empty save. */
  readonly content: "variant" | "config-file" | "project-binary" | "empty";
  readonly kinds: readonly string[];
  /** The part codes that occur (for the legend). */
  readonly partsPresent: readonly number[];
  readonly nodes: NodeTable;
  readonly bytes: ByteMap;
  /** Rows of the records (the roots). */
  readonly roots: readonly Row[];
  /** Children rows sent with the model, so the first levels show open at once. */
  readonly expanded: ReadonlyArray<readonly [number, readonly Row[]]>;
  /** Whether the value can be edited and converted. */
  readonly editable: boolean;
}

/** The editor's syntaxes: Godot's text, tagged JSON, or Godot 4.4+'s `JSON.from_native` text. */
export type Syntax = "text" | "json" | "json-native";

/** At most this many places are listed where a `JSON.from_native` text loses a value. */
export const NATIVE_LOSSES_SHOWN = 20;

/** The reading choices the page sends. */
export interface Choices {
  readonly dialect: "auto" | DialectId;
  readonly framing: FramingChoice;
  readonly allowObjects: boolean;
  readonly godot3Version: string;
  readonly prefer?: DialectId | undefined;
}

/** A secret for an encrypted layer. */
export type SecretInput = { readonly password: string } | { readonly keyHex: string } | undefined;

/** Requests to the worker. */
export type Request =
  | {
      readonly type: "open";
      readonly name: string;
      readonly bytes: Uint8Array;
      readonly secret: SecretInput;
      readonly choices: Choices;
    }
  | { readonly type: "reread"; readonly choices: Choices }
  | { readonly type: "children"; readonly node: number }
  | { readonly type: "text"; readonly record: number; readonly syntax: Syntax }
  | {
      readonly type: "edit";
      readonly record: number;
      readonly text: string;
      readonly syntax: Syntax;
      readonly choices: Choices;
    }
  | {
      readonly type: "convert";
      readonly target: DialectId;
      readonly record: number;
      readonly choices: Choices;
    }
  | { readonly type: "download"; readonly secret: SecretInput };

/** A group of conversion losses. */
export interface LossGroup {
  readonly title: string;
  readonly lines: readonly string[];
}

/** Answers from the worker. */
export type Answer =
  | { readonly type: "model"; readonly model: ViewModel }
  | { readonly type: "layers-failed"; readonly state: string; readonly message: string }
  | { readonly type: "rows"; readonly rows: readonly Row[] }
  | {
      readonly type: "text";
      readonly text: string;
      /** Where the value will not survive the engine's own round trip of that text. */
      readonly losses?: readonly string[];
    }
  | {
      readonly type: "edited";
      readonly model: ViewModel;
      readonly message: string;
      readonly groups: readonly LossGroup[];
    }
  | { readonly type: "bytes"; readonly bytes: Uint8Array; readonly name: string }
  | { readonly type: "failed"; readonly message: string };

/** A message from the worker: an answer to request `id`, or progress on it. */
export type WorkerMessage =
  | { readonly id: number; readonly progress: { readonly phase: string; readonly fraction?: number } }
  | { readonly id: number; readonly answer: Answer };

/** Evidence, strongest support first (a negative item never opens the list). */
export function evidenceOrder(evidence: readonly Evidence[]): Evidence[] {
  return [...evidence].sort((a, b) => b.weight - a.weight);
}

/** True for the ids of the three dialects (no dialect code: the page's own bundle stays small). */
export function isDialectId(s: string): s is DialectId {
  return s === "godot-4" || s === "godot-3" || s === "legacy-2";
}

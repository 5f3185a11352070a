import type { DecodeErrorCode, Dialect, FileInfo, Value, VersionRange } from "@gdvariant/core";

export type { FileInfo, FileKind, VersionRange } from "@gdvariant/core";

/** Ids of the three dialects this package knows the version history of. */
export type KnownDialectId = "godot-4" | "godot-3" | "legacy-2";

/**
 * How the Variant bytes are framed.
 * - `raw`: one Variant and nothing else: `var_to_bytes`/`var2bytes`, a `PacketPeer` packet, or
 *   the bytes behind `Marshalls.variant_to_base64`.
 * - `length-prefixed`: records of a u32 length and that many Variant bytes. `FileAccess.store_var`
 *   (`File.store_var` in 2.x/3.x) files, `StreamPeer.put_var` streams and `PacketPeerStream`
 *   streams write exactly the same bytes, so the bytes cannot tell them apart; `bigEndian` is set
 *   for files and stream peers with `big_endian = true` (never a `PacketPeerStream`).
 * - `base64`: text from `Marshalls.variant_to_base64`; `inner` is the framing of the decoded bytes.
 */
export type Framing =
  | { readonly kind: "raw" }
  | { readonly kind: "length-prefixed"; readonly records: number; readonly bigEndian: boolean }
  | { readonly kind: "base64"; readonly inner: Framing };

/** Math precision of the engine build. `either` when the bytes hold no real-valued math type. */
export type Precision = "single" | "double" | "either";

/**
 * One fact the bytes offered, in words, with the weight it had in the score (log-odds: positive
 * speaks for the hypothesis, negative against it) and where it was first seen.
 */
export interface Evidence {
  readonly text: string;
  readonly weight: number;
  /** Byte offset in the input where the fact was first seen, when it has one place. */
  readonly offset?: number;
  /**
   * True for evidence every fitting reading has (it reads to the end, its headers, counts and
   * lengths check), as opposed to a fact that tells the dialects apart.
   */
  readonly structural?: true;
}

/** One way of reading the bytes that fits: a dialect, a framing, and what follows from them. */
export interface Candidate {
  /** The dialect's id (`"godot-4"`, `"godot-3"`, `"legacy-2"`, or a custom dialect's id). */
  readonly dialect: string;
  /**
   * The dialect object used to decode, for `decodeWith`/`encodeWith`. Not enumerable, so a
   * result survives `structuredClone`/`postMessage` (which leave it out).
   */
  readonly dialectObject: Dialect;
  /** Engine versions consistent with the bytes. */
  readonly versions: VersionRange;
  readonly framing: Framing;
  readonly precision: Precision;
  /** Probability in [0, 1] that this hypothesis is how the bytes were written. */
  readonly confidence: number;
  /**
   * Sum of the evidence weights (log-odds; the weights are shown rounded), unrounded: the number
   * the candidates are sorted by and the confidence is read from (`leadOf(result.candidates)`).
   */
  readonly score: number;
  /** The facts that decided the score, strongest first. */
  readonly evidence: readonly Evidence[];
  /**
   * The decoded value (the first record's for `length-prefixed`). `undefined` when the dump holds
   * full objects and `allowObjects` was not set (see `valueError`).
   * Candidates outside the leading group decode on first access.
   */
  readonly value: Value | undefined;
  /** Every record's value (one entry for `raw`). */
  readonly values: readonly Value[] | undefined;
  /** Why `value` is missing, e.g. `objects-not-allowed`. */
  readonly valueError?: string;
}

/** Why the best-failing hypothesis failed, when nothing fits. */
export interface NearMiss {
  readonly dialect: string;
  readonly framing: Framing;
  /** Byte offset of the failure in the input (in the decoded bytes, for base64 text). */
  readonly offset: number;
  readonly code: DecodeErrorCode;
  /** The failure in words, with the path into the value when there is one. */
  readonly message: string;
  /** How far the hypothesis got, as a share of the input in [0, 1]. */
  readonly progress: number;
  /** Other dialects whose reading got exactly as far in the same framing (same layout up to there). */
  readonly tied: readonly string[];
}

/** What {@link Detector.detect} found. */
export interface DetectResult {
  /** Every hypothesis that fits, best first. Empty when nothing fits or the input is another kind of file. */
  readonly candidates: readonly Candidate[];
  /** The first candidate, if any. */
  readonly best: Candidate | undefined;
  /**
   * Several dialects fit and the bytes cannot separate them. `ambiguity` says whether they read
   * the same value (any of them is right) or different values (the bytes cannot tell).
   */
  readonly ambiguous: boolean;
  readonly ambiguity?: "same-value" | "different-values";
  /**
   * What the leading readings differ in, when ambiguous: the dialect, the framing (a raw value
   * or `store_var` records: pass `framings`, or the CLI's `--framing`, to choose), or both.
   */
  readonly ambiguousIn?: readonly ("dialect" | "framing")[];
  /**
   * How many candidates, from the first, the evidence cannot separate (scores within ln 9 of the
   * best). 1 for a clear answer, 0 when nothing fits; `ambiguous` is `leading > 1`.
   */
  readonly leading: number;
  /** When the input is a known non-Variant file. */
  readonly file?: FileInfo;
  /** When nothing fits: the hypothesis that got furthest and why it failed. */
  readonly closest?: NearMiss;
  /** One sentence for people. */
  readonly summary: string;
}

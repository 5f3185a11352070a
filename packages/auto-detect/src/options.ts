// detect's options, resolved once per call (and once for no options).
import {
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  type DecodeOptions,
  type Dialect,
} from "@gdvariant/core";

/** Framings the detector may consider. */
export type FramingKind = "raw" | "length-prefixed" | "base64";

/** Options of {@link createDetector}. */
export interface DetectorOptions {
  /** The dialects to choose from, e.g. `[godot4Dialect(), godot3Dialect(), legacy2Dialect()]`. At least one. */
  readonly dialects: readonly Dialect[];
}

/** Options of {@link Detector.detect}. */
export interface DetectOptions {
  /**
   * Decode full objects (class name + properties) in the values, as `allowObjects` of the
   * decoders. Detection itself always looks inside them; without this option a candidate whose
   * dump holds full objects has `value: undefined` and says why in `valueError`. Default false.
   */
  allowObjects?: boolean;
  /** Framings to consider. Default: all (`["raw", "length-prefixed", "base64"]`). */
  framings?: readonly FramingKind[];
  /** Deepest nesting accepted. Default 1024, as the engine. */
  maxDepth?: number;
  /** Most elements in one collection. Default 16,777,216. */
  maxCollectionLength?: number;
  /** Largest input accepted, in bytes. Default 1 GiB. */
  maxTotalBytes?: number;
}

/** Options of {@link Detector.decodeAny}. */
export interface DecodeAnyOptions extends DetectOptions {
  /**
   * What to do when several dialects fit and read different values: `"throw"` (default) refuses
   * to guess, `"best"` takes the highest-scoring one.
   */
  ambiguous?: "throw" | "best";
}

export interface Resolved {
  readonly allowObjects: boolean;
  readonly framings: ReadonlySet<FramingKind>;
  /** `framings` has "raw" / "length-prefixed" (tested on every call). */
  readonly raw: boolean;
  readonly lengthPrefixed: boolean;
  readonly maxDepth: number;
  readonly maxCollectionLength: number;
  readonly maxTotalBytes: number;
  /** The readers' options for a value at offset 0, built once (objects are always read: they are facts). */
  readonly read: DecodeOptions;
}

const ALL_FRAMINGS: readonly FramingKind[] = ["raw", "length-prefixed", "base64"];
const num = (v: unknown, d: number) => (typeof v === "number" && v >= 0 ? v : d);

export function resolved(o: DetectOptions): Resolved {
  const framings = new Set(o.framings ?? ALL_FRAMINGS);
  const maxDepth = num(o.maxDepth, DEFAULT_MAX_DEPTH);
  const maxCollectionLength = num(o.maxCollectionLength, DEFAULT_MAX_COLLECTION_LENGTH);
  return {
    allowObjects: o.allowObjects === true,
    framings,
    raw: framings.has("raw"),
    lengthPrefixed: framings.has("length-prefixed"),
    maxDepth,
    maxCollectionLength,
    maxTotalBytes: num(o.maxTotalBytes, DEFAULT_MAX_TOTAL_BYTES),
    read: { offset: 0, allowObjects: true, maxDepth, maxCollectionLength },
  };
}

// The options most calls pass (none): resolved once.
const DEFAULTS = resolved({});
const OPTION_NAMES = [
  "allowObjects",
  "framings",
  "maxDepth",
  "maxCollectionLength",
  "maxTotalBytes",
] as const;
export const resolve = (o: DetectOptions): Resolved =>
  OPTION_NAMES.every((k) => o[k] === undefined) ? DEFAULTS : resolved(o);

import type { Kind } from "../value/types.js";
import type { Part } from "./parts.js";

/** Nesting limit of the engine (`Variant::MAX_RECURSION_DEPTH`). */
export const DEFAULT_MAX_DEPTH = 1024;
/** Default cap on the element count of one array, dictionary, packed array or object. */
export const DEFAULT_MAX_COLLECTION_LENGTH = 1 << 24;
/** Default cap on the bytes one decode or encode may cover (1 GiB). */
export const DEFAULT_MAX_TOTAL_BYTES = 1 << 30;

/** A byte range of the input that holds one value (for annotated hex views). */
export interface Span {
  /** Offset of the header word. */
  readonly start: number;
  /** Offset just after the value (padding included). */
  readonly end: number;
  /** Path from the root, formatted (`[2]["hp"]`); empty for the root. */
  readonly path: string;
  readonly kind: Kind;
  /** Wire type id from the header. */
  readonly wireId: number;
  /** Depth (root = 0). */
  readonly depth: number;
}

/** Limits that bound time and memory on hostile input. */
export interface DecodeLimits {
  /** Deepest nesting allowed (root = 0). Default 1024, as the engine. */
  maxDepth?: number;
  /** Most elements in one collection. Default 16,777,216. */
  maxCollectionLength?: number;
  /** Largest input accepted, in bytes. Default 1 GiB. */
  maxTotalBytes?: number;
}

export type ResolvedDecodeLimits = Required<DecodeLimits>;

/** Options of every dialect's `decode`. */
export interface DecodeOptions extends DecodeLimits {
  /**
   * Decode full objects (class name + properties) instead of refusing them with
   * `objects-not-allowed`, like the engine's `allow_objects`. Objects are inert data either
   * way: nothing is instantiated. Default false.
   */
  allowObjects?: boolean;
  /** Copy packed arrays instead of returning views into the input. Default false. */
  copy?: boolean;
  /** Offset in the input where the value starts. Default 0. */
  offset?: number;
  /** Fail with `trailing-bytes` when bytes follow the value (the engine ignores them). Default false. */
  exact?: boolean;
  /** Called once per decoded value with its byte range, innermost first. */
  onSpan?: (span: Span) => void;
  /**
   * Called with each part of every decoded value (header, count, length, padding, reals,
   * string bytes...), as its codec's layout declares it, value by value innermost first. For
   * annotated hex views: no consumer needs to parse a layout itself.
   */
  onPart?: (part: Part) => void;
}

/** Options of every dialect's `encode`. */
export interface EncodeOptions {
  /** Deepest nesting allowed (root = 0). Default 1024, as the engine. */
  maxDepth?: number;
  /** Largest output allowed, in bytes. Default 1 GiB. */
  maxTotalBytes?: number;
}

export function resolveLimits(o: DecodeLimits): ResolvedDecodeLimits {
  return {
    maxDepth: o.maxDepth ?? DEFAULT_MAX_DEPTH,
    maxCollectionLength: o.maxCollectionLength ?? DEFAULT_MAX_COLLECTION_LENGTH,
    maxTotalBytes: o.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES,
  };
}

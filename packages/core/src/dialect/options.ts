import { describeJS } from "../describe.js";
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
  /**
   * Most elements in one collection (array, dictionary, packed array, object properties,
   * NodePath names): the decoder's limit, so that what is written also reads back with the same
   * options. Checked before anything of the collection is written. Default 16,777,216.
   */
  maxCollectionLength?: number;
  /** Largest output allowed, in bytes. Default 1 GiB. */
  maxTotalBytes?: number;
  /**
   * How far subtrees held in many places may expand the value: the most values the writer
   * visits, each as often as it appears, when that is more than the value's own size (a value
   * that shares nothing is never refused). Default 16,777,216.
   */
  maxValues?: number;
}

/** The names of the limits every decode and encode takes. */
export const LIMIT_NAMES = ["maxDepth", "maxCollectionLength", "maxTotalBytes"] as const;

/**
 * A caller's options object, checked: `undefined` and `null` are no options; anything else that
 * is not an object is refused, and so is each of `limits` that is present and not a number of 0
 * or more (NaN would turn a limit off: every comparison with it is false). For the entry points
 * of core and of dialect packages, which must let no TypeError escape.
 * @param fail - makes the caller's error (a DecodeError, an EncodeError...) from a message.
 * @throws what `fail` returns.
 */
export function checkOptions<T extends object>(
  options: T | null | undefined,
  fail: (message: string) => Error,
  limits: readonly string[] = LIMIT_NAMES,
): T {
  if (options === undefined || options === null) return {} as T;
  if (typeof options !== "object") throw fail(`options must be an object, not ${describeJS(options)}`);
  for (const name of limits) {
    const x = (options as Record<string, unknown>)[name];
    if (x !== undefined && !(typeof x === "number" && x >= 0)) {
      throw fail(`option ${name} must be a number of 0 or more, not ${describeJS(x)}`);
    }
  }
  return options;
}

import type { PathSegment } from "../path.js";
import type { Value } from "../value/types.js";

// A nested value's path segment as plain arguments (what it is, an index, a key or a name), for
// the reader and the writer: the segment object is made only when spans are on or an error
// unwinds through the level.
export const SEGMENT_INDEX = 0;
export const SEGMENT_KEY_AT = 1;
export const SEGMENT_KEY = 2;
export const SEGMENT_PROPERTY = 3;
export type SegmentKind = 0 | 1 | 2 | 3;

export function segmentOf(what: SegmentKind, index: number, ref: Value | string | undefined): PathSegment {
  switch (what) {
    case SEGMENT_INDEX:
      return index;
    case SEGMENT_KEY_AT:
      return { keyAt: index };
    case SEGMENT_KEY:
      return { key: ref as Value };
    default:
      return { property: ref as string };
  }
}

/**
 * The path of an error on its way out, innermost segment first, put on the error once at the
 * top. Prepending one segment per level re-formats the error message at every level, which is
 * quadratic in the depth: ~100 ms for a failure 1,024 levels down (the fuzz campaign's slowest
 * input, bench/README.md).
 */
export class Unwinding {
  private error: unknown = undefined;
  // Made by the first failure: a call that succeeds allocates nothing here.
  private segments: PathSegment[] | undefined;

  add(error: unknown, segment: PathSegment): void {
    if (this.error !== error || this.segments === undefined) {
      this.error = error;
      this.segments = [];
    }
    this.segments.push(segment);
  }

  /** Puts the collected segments in front of the error's path (the caller re-formats it). */
  apply(error: { path: readonly PathSegment[] }): void {
    // A list exists only after an add, so it is never empty.
    if (this.error === error && this.segments) {
      error.path = [...this.segments.reverse(), ...error.path];
    }
    this.error = undefined;
    this.segments = undefined;
  }
}

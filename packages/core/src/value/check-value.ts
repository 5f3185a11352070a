import { EncodeError, type GdVariantError } from "../errors.js";
import type { PathSegment } from "../path.js";
import { DEFAULT_MAX_VALUES, type FieldCheck, measureValue, tooLarge } from "./expansion.js";
import type { Value } from "./types.js";
import { malformed } from "./well-formed.js";

// The expansion measure (value/expansion.ts) joined with the model's field check
// (value/well-formed.ts), for the walks that print, copy or compare fields. Apart from
// expansion.ts so that encode, which measures without checking fields, does not carry the check.

// The place of the child last taken at each level of the measure, as path segments.
function pathTo(
  lists: readonly (readonly unknown[])[],
  steps: readonly number[],
  next: readonly number[],
  top: number,
): PathSegment[] {
  const out: PathSegment[] = [];
  for (let l = 0; l <= top; l++) {
    const i = next[l]! - 1;
    const step = steps[l]!;
    if (step === 1) out.push(i);
    else if (step === 3) out.push({ property: String((lists[l]![i] as unknown[])[0]) });
    else if ((i & 1) === 0) out.push({ keyAt: i >> 1 });
    else out.push({ key: (lists[l]![i >> 1] as unknown[])[0] as Value });
  }
  return out;
}

// The measure's field check of a walk named `what`: the model's (value/well-formed.ts).
function fieldCheck(what: string): FieldCheck {
  return (v, lists, steps, next, top) => {
    const why = malformed(v);
    if (why !== undefined)
      throw new EncodeError(`${what}: ${why}`, {
        code: "invalid-value",
        path: pathTo(lists, steps, next, top),
      });
  };
}

/**
 * Refuses, before a walk, a value whose expanded size is over both `maxValues` and its distinct
 * size; also refuses a cycle, and with `validate` a value whose fields are not the model's
 * (value/well-formed.ts), with its path. For walks that look at the whole value anyway (the
 * text writers, convertValue), which would otherwise print or copy what they were given.
 * @param maxValues default 16,777,216. @param validate default false.
 * @throws {EncodeError} `limit-exceeded`, `depth-exceeded` for a value that contains itself,
 *   `invalid-value` for a malformed value (with `validate`).
 */
export function checkExpansion(
  value: unknown,
  what: string,
  maxValues = DEFAULT_MAX_VALUES,
  validate = false,
): void {
  const size = measureValue(value, what, false, validate ? fieldCheck(what) : undefined);
  if (size !== undefined && size.expanded > maxValues && size.expanded > size.distinct) {
    throw tooLarge(what, size.expanded, maxValues);
  }
}

/**
 * A walk's `invalid-value` error, with the path to the malformed value: the walks that keep no
 * path (toJS, toJSON, equals) find it by measuring each root again, validating, which stops at
 * the first malformed value in walk order. `e` as it is when it has a path or another code, or
 * when the measure finds nothing wrong (a collection too long to measure, a getter that throws).
 * Only on the way to an error: the measure is linear in the distinct size of the root, like the
 * walk that failed.
 * @internal
 */
export function withPath<E extends GdVariantError>(
  e: E,
  roots: readonly unknown[],
  what: string,
): E | EncodeError {
  if (!EncodeError.is(e) || e.code !== "invalid-value" || e.path.length > 0) return e;
  const check = fieldCheck(what);
  for (const root of roots) {
    try {
      measureValue(root, what, false, check);
    } catch (m) {
      if (EncodeError.is(m) && m.code === "invalid-value") return m;
    }
  }
  return e;
}

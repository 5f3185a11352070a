import { checkOptions, DEFAULT_MAX_COLLECTION_LENGTH } from "../dialect/options.js";
import { EncodeError } from "../errors.js";
import { isKind } from "./types.js";

// A value may hold one subtree in many places: 41 arrays, each holding the one below twice, are
// a value of 2^40 leaves. Every walk visits a shared subtree once per place (text, toJS, toJSON,
// equals, convertValue, encode), so the work is the value's *expanded* size, which sharing makes
// exponential in the memory the value takes. One mechanism bounds every walk: the walk counts
// what it visits (`Expansion.spend`, or `checkExpansion` before a walk), and a value whose
// expanded size is over both `maxValues` and its own distinct size is refused with
// `limit-exceeded`. A value that shares nothing is never refused (its expanded size is its
// distinct size: memory the caller already holds), whatever its size; sharing may expand it up
// to `maxValues`. Sizes count values, and the elements of packed arrays (which the walks print,
// copy or compare one by one), the same way in the measure and in the walks.

/** Default of `maxValues`: the most a value's shared subtrees may expand it to. */
export const DEFAULT_MAX_VALUES = 1 << 24;

// The most one collection adds to a walk (a dictionary counts its keys and values, a packed
// Vector4 array four numbers an element): four times the collection limit of decode and encode.
const MAX_ONE_COLLECTION = 4 * DEFAULT_MAX_COLLECTION_LENGTH;

/**
 * What one value weighs in a walk: 1, plus the elements of a packed array or the bytes of a 2.x
 * Image (model values) or of a typed array (plain JS).
 */
export function weightOf(v: unknown): number {
  if (typeof v !== "object" || v === null) return 1;
  const data = (v as { data?: unknown }).data;
  if (data !== undefined && typeof (v as { kind?: unknown }).kind === "string") {
    const n = (data as { length?: unknown }).length;
    return typeof n === "number" && n > 0 ? 1 + n : 1;
  }
  if (ArrayBuffer.isView(v)) return 1 + (v as unknown as { length: number }).length;
  return 1;
}

// What the measure sees of a value: a leaf that weighs 1, a container (of which layout), or a
// leaf that weighs more (a packed array, an Image, a typed array). Read with a few property
// loads and no allocation: the measure looks at every value of a large value once.
const LEAF = 0;
const ITEMS = 1; // model array items, or a plain JS array
const ENTRIES = 2; // model dictionary entries: [key, value] pairs
const PROPERTIES = 3; // full object properties: [name, value] pairs
const MAP = 4; // plain JS Map
const RECORD = 5; // plain JS object
const HEAVY = 6;
type Shape = 0 | 1 | 2 | 3 | 4 | 5 | 6;

function shapeOf(v: unknown, plainJS: boolean): Shape {
  if (typeof v !== "object" || v === null) return LEAF;
  const kind = (v as { kind?: unknown }).kind;
  if (typeof kind === "string") {
    if (kind === "array") return ITEMS;
    if (kind === "dictionary") return ENTRIES;
    if (kind === "object") return (v as { form?: unknown }).form === "full" ? PROPERTIES : LEAF;
    // A model value without `data` is a leaf, known without isKind's lookup (in plain JS an
    // unknown kind is a record's key, so isKind comes first there).
    if (!plainJS) return (v as { data?: unknown }).data !== undefined && isKind(kind) ? HEAVY : LEAF;
    if (isKind(kind)) return (v as { data?: unknown }).data !== undefined ? HEAVY : LEAF;
  } else if (!plainJS) return LEAF;
  // Plain JS, as encode and fromJS read it.
  if (Array.isArray(v)) return ITEMS;
  if (v instanceof Map) return MAP;
  if (ArrayBuffer.isView(v)) return HEAVY;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null ? RECORD : LEAF;
}

// The children of a container as one list, and how to read child `i` of it: model arrays and
// plain arrays are their own list; dictionaries and properties are read through their pairs.
function listOf(v: unknown, shape: Shape): readonly unknown[] {
  switch (shape) {
    case ITEMS:
      return Array.isArray(v) ? v : (v as { items: readonly unknown[] }).items;
    case ENTRIES:
      return (v as { entries: readonly unknown[] }).entries;
    case PROPERTIES:
      return (v as { properties: readonly unknown[] }).properties;
    case MAP:
      return [...(v as Map<unknown, unknown>)];
    default: {
      const o = v as Record<string, unknown>;
      return Object.keys(o).map((k) => o[k]);
    }
  }
}

// Longer collections are left to the walk, which refuses them by maxCollectionLength before
// reading them (a sparse array of length 2^32 - 1 has no elements to measure).
const MAX_MEASURED = 1 << 24;
// In the memo while a container's children are measured: met again then, it is a cycle.
const ACTIVE = -1;

/** A value's expanded size (each value once per place) and distinct size (each object once). */
export interface ValueSize {
  readonly expanded: number;
  readonly distinct: number;
}

/**
 * Measures `root`, visiting each distinct container once (linear in the memory it takes,
 * whatever the sharing). Undefined when it cannot tell: a collection too long to measure, or a
 * getter or Proxy that throws (the walk itself will meet them and say so).
 * @throws {EncodeError} `depth-exceeded` when the value contains itself (a cycle).
 */
export function measureValue(
  root: unknown,
  what: string,
  plainJS = false,
  check?: FieldCheck,
): ValueSize | undefined {
  try {
    return measure(root, what, plainJS, check);
  } catch (e) {
    if (EncodeError.is(e)) throw e;
    return undefined;
  }
}

/**
 * Checks one value's own fields, and throws `invalid-value` for a malformed one, with its path
 * read from the measure's stacks: per level its list, its step (1: list[i] is the child; 2:
 * pair list[i >> 1] holds key and value; 3: list[i] is a [name, value] pair) and the next child
 * (the child taken is `next - 1`), up to level `top` (-1 for the root). check-value.ts's,
 * passed in by the walks that validate, so that encode, which measures without it, does not
 * carry it in its bundle.
 */
export type FieldCheck = (
  v: unknown,
  lists: readonly (readonly unknown[])[],
  steps: readonly number[],
  next: readonly number[],
  top: number,
) => void;

function measure(root: unknown, what: string, plainJS: boolean, check?: FieldCheck): ValueSize | undefined {
  if (check !== undefined) check(root, [], [], [], -1);
  const rootShape = shapeOf(root, plainJS);
  if (rootShape === LEAF || rootShape === HEAVY) {
    const w = weightOf(root);
    return { expanded: w, distinct: w };
  }
  // Per object: the expanded size of what it holds (ACTIVE while its children are measured).
  const memo = new Map<object, number>([[root as object, ACTIVE]]);
  let distinct = 1;
  // Per level: the container, its list, how many children a list element holds (2 for pairs of
  // a dictionary or a Map, 1 else), whether the first of a pair is a name (properties), the
  // next child, and the expanded size so far.
  const objs: object[] = [root as object];
  const lists: (readonly unknown[])[] = [listOf(root, rootShape)];
  const steps: number[] = [rootShape === ENTRIES || rootShape === MAP ? 2 : rootShape === PROPERTIES ? 3 : 1];
  const next: number[] = [0];
  const sizes: number[] = [1];
  if (lists[0]!.length > MAX_MEASURED) return undefined;
  let top = 0;
  while (true) {
    const list = lists[top]!;
    const step = steps[top]!;
    const at = next[top]!;
    // Children: list[i] (step 1), both halves of pair list[i >> 1] (step 2), or the value of
    // property pair list[i] (step 3).
    const end = step === 2 ? 2 * list.length : list.length;
    if (at < end) {
      next[top] = at + 1;
      const c =
        step === 1
          ? list[at]
          : step === 2
            ? (list[at >> 1] as readonly unknown[])[at & 1]
            : (list[at] as readonly unknown[])[1];
      const shape = shapeOf(c, plainJS);
      if (check !== undefined && (shape === LEAF || shape === HEAVY || !memo.has(c as object)))
        check(c, lists, steps, next, top);
      if (shape === LEAF) {
        sizes[top]!++;
        distinct++;
        continue;
      }
      if (shape === HEAVY) {
        const w = weightOf(c);
        sizes[top] = sizes[top]! + w;
        // A packed array is memory once, however many places hold it.
        if (!memo.has(c as object)) {
          distinct += w;
          memo.set(c as object, w);
        }
        continue;
      }
      const known = memo.get(c as object);
      if (known === ACTIVE) {
        throw new EncodeError(`${what}: the value contains itself (a cycle)`, { code: "depth-exceeded" });
      }
      if (known !== undefined) {
        sizes[top] = sizes[top]! + known;
        continue;
      }
      const childList = listOf(c, shape);
      if (childList.length > MAX_MEASURED) return undefined;
      memo.set(c as object, ACTIVE);
      distinct++;
      top++;
      objs[top] = c as object;
      lists[top] = childList;
      steps[top] = shape === ENTRIES || shape === MAP ? 2 : shape === PROPERTIES ? 3 : 1;
      next[top] = 0;
      sizes[top] = 1;
      continue;
    }
    const size = sizes[top]!;
    memo.set(objs[top]!, size);
    if (top === 0) return { expanded: size, distinct };
    top--;
    sizes[top] = sizes[top]! + size;
  }
}

/** The error for a value expanding past `max`. @internal */
export function tooLarge(what: string, expanded: number, max: number): EncodeError {
  const size =
    expanded > Number.MAX_SAFE_INTEGER ? `about 2^${Math.round(Math.log2(expanded))}` : `${expanded}`;
  return new EncodeError(
    `${what}: the value expands to ${size} values (a subtree held in many places), over maxValues ${max}`,
    { code: "limit-exceeded" },
  );
}

/**
 * The count of one walk, checked as it grows. A walk calls {@link spend} as it enters each
 * container, with the weight of what the container holds ({@link weightOf} of each child) and
 * the container itself. Up to `checkAt` that is a counter and nothing else. From there on it
 * watches for a container entered twice (a Set of those entered, at most 2^20 of them): a value
 * that holds nothing in two places costs nothing more; at the first container met again (or when
 * the Set is full) it measures the whole value once ({@link measureValue}: linear in its distinct
 * size) and refuses it at once if it expands too far, else lets the walk go on up to the larger
 * of `maxValues` and the measure.
 */
export class Expansion {
  private spent = 0;
  private next: number;
  private seen: Set<object> | undefined;
  // The most the walk may visit, once measured (Infinity before: nothing seen twice yet).
  private bound = Number.POSITIVE_INFINITY;

  constructor(
    private root: unknown,
    private readonly what: string,
    private readonly maxValues = DEFAULT_MAX_VALUES,
    private readonly plainJS = false,
    private readonly checkAt = 1 << 14,
  ) {
    this.next = Math.min(checkAt, maxValues);
  }

  /** Starts again on `root`, as a new Expansion with the same limits (a kept encoder's). */
  restart(root: unknown): void {
    this.root = root;
    this.spent = 0;
    this.next = Math.min(this.checkAt, this.maxValues);
    this.seen = undefined;
    this.bound = Number.POSITIVE_INFINITY;
  }

  /**
   * Counts `weight` more values visited, in `container` (or in no container: a codec's own
   * element). @throws {EncodeError} `limit-exceeded` when the value expands too far.
   */
  spend(weight: number, container?: object): void {
    this.spent += weight;
    if (this.spent > this.next) this.check(container, weight);
  }

  private check(container: object | undefined, weight: number): void {
    // One collection of more than this is refused before it is walked: a sparse array of
    // length 2^32 - 1 holds no memory and would take the walk 2^32 steps.
    if (weight > MAX_ONE_COLLECTION) {
      throw new EncodeError(
        `${this.what}: a collection of ${weight} values is over 4 times maxCollectionLength (${DEFAULT_MAX_COLLECTION_LENGTH})`,
        { code: "limit-exceeded" },
      );
    }
    if (this.spent > this.bound) throw tooLarge(this.what, this.spent, this.maxValues);
    if (this.bound !== Number.POSITIVE_INFINITY) {
      this.next = this.bound;
      return;
    }
    // Every container from now on, until one is met twice.
    this.next = -1;
    if (container === undefined) return;
    if (this.seen === undefined) this.seen = new Set();
    if (!this.seen.has(container) && this.seen.size < 1 << 20) {
      this.seen.add(container);
      return;
    }
    this.seen = undefined;
    const size = measureValue(this.root, this.what, this.plainJS);
    if (size !== undefined && size.expanded > this.maxValues && size.expanded > size.distinct)
      throw tooLarge(this.what, size.expanded, this.maxValues);
    // What is left of the walk is within the measure; the count goes on as a backstop.
    this.bound =
      size === undefined ? Math.max(this.maxValues, this.spent) : Math.max(this.maxValues, size.expanded);
    this.next = this.bound;
    if (this.spent > this.bound) throw tooLarge(this.what, this.spent, this.maxValues);
  }
}

/** The limit every walk over a value takes (toJS, toJSON, equals, convertValue, text writers). */
export interface WalkOptions {
  /**
   * How far subtrees held in many places may expand the value: the most values the walk
   * visits, each as often as it appears, when that is more than the value's own size. A value
   * that shares nothing is never refused. Default 16,777,216.
   */
  maxValues?: number;
}

/**
 * A walk's options, checked: `null` is none; anything else that is not an object, or a
 * `maxValues` that is not a number of 0 or more, is refused.
 * @throws {EncodeError} `invalid-value`.
 */
export function walkOptions<T extends WalkOptions>(options: T | null | undefined, what: string): T {
  return checkOptions(options, (m) => new EncodeError(`${what}: ${m}`, { code: "invalid-value" }), [
    "maxValues",
  ]);
}

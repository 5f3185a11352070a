import type { Value } from "../value/types.js";

// The engine's `SortArray::sort` of Godot 2.1 (core/sort.h) and 3.x (core/sort_array.h), which
// are the same code: introsort with median-of-3 pivots, a heap sort fallback past depth
// 2*log2(n), and a final insertion sort with a threshold of 16. Ported operation for operation
// because var2str sorts dictionary keys with it, and Variant's `<` is not a total order
// (Colors, NodePaths, nulls... never compare less), so the order of such keys is whatever this
// exact algorithm leaves behind. Where the engine would read past the array (unguarded loops
// under an inconsistent comparator: undefined behaviour in C++), the port stops at the bounds
// instead. Godot 4's SortArray partitions differently (it follows the pivot element through
// swaps), so @gdvariant/godot-4 keeps its own port.

const THRESHOLD = 16;

type Less<T> = (a: T, b: T) => boolean;

function medianOf3<T>(a: T, b: T, c: T, less: Less<T>): T {
  if (less(a, b)) {
    if (less(b, c)) return b;
    if (less(a, c)) return c;
    return a;
  }
  if (less(a, c)) return a;
  if (less(b, c)) return c;
  return b;
}

function bitlog(n: number): number {
  let k = 0;
  for (; n !== 1; n >>= 1) ++k;
  return k;
}

function pushHeap<T>(arr: T[], first: number, hole: number, top: number, value: T, less: Less<T>): void {
  let parent = Math.trunc((hole - 1) / 2);
  while (hole > top && less(arr[first + parent]!, value)) {
    arr[first + hole] = arr[first + parent]!;
    hole = parent;
    parent = Math.trunc((hole - 1) / 2);
  }
  arr[first + hole] = value;
}

function adjustHeap<T>(arr: T[], first: number, hole: number, len: number, value: T, less: Less<T>): void {
  const top = hole;
  let second = 2 * hole + 2;
  while (second < len) {
    if (less(arr[first + second]!, arr[first + (second - 1)]!)) second--;
    arr[first + hole] = arr[first + second]!;
    hole = second;
    second = 2 * (second + 1);
  }
  if (second === len) {
    arr[first + hole] = arr[first + (second - 1)]!;
    hole = second - 1;
  }
  pushHeap(arr, first, hole, top, value, less);
}

function popHeap<T>(arr: T[], first: number, last: number, result: number, value: T, less: Less<T>): void {
  arr[result] = arr[first]!;
  adjustHeap(arr, first, 0, last - first, value, less);
}

function makeHeap<T>(arr: T[], first: number, last: number, less: Less<T>): void {
  if (last - first < 2) return;
  const len = last - first;
  let parent = Math.trunc((len - 2) / 2);
  for (;;) {
    adjustHeap(arr, first, parent, len, arr[first + parent]!, less);
    if (parent === 0) return;
    parent--;
  }
}

function partialSort<T>(arr: T[], first: number, last: number, middle: number, less: Less<T>): void {
  makeHeap(arr, first, middle, less);
  for (let i = middle; i < last; i++) {
    if (less(arr[i]!, arr[first]!)) popHeap(arr, first, middle, i, arr[i]!, less);
  }
  // sort_heap
  let end = middle;
  while (end - first > 1) {
    end--;
    popHeap(arr, first, end, end, arr[end]!, less);
  }
}

function partitioner<T>(arr: T[], first: number, last: number, pivot: T, less: Less<T>): number {
  const lo = first;
  const hi = last;
  for (;;) {
    while (first < hi - 1 && less(arr[first]!, pivot)) first++;
    last--;
    while (last > lo && less(pivot, arr[last]!)) last--;
    if (!(first < last)) return first;
    const t = arr[first]!;
    arr[first] = arr[last]!;
    arr[last] = t;
    first++;
  }
}

function introsort<T>(arr: T[], first: number, last: number, depth: number, less: Less<T>): void {
  while (last - first > THRESHOLD) {
    if (depth === 0) {
      partialSort(arr, first, last, last, less);
      return;
    }
    depth--;
    const pivot = medianOf3(arr[first]!, arr[first + Math.trunc((last - first) / 2)]!, arr[last - 1]!, less);
    const cut = partitioner(arr, first, last, pivot, less);
    introsort(arr, cut, last, depth, less);
    last = cut;
  }
}

function unguardedLinearInsert<T>(arr: T[], last: number, value: T, less: Less<T>): void {
  let next = last - 1;
  while (next >= 0 && less(value, arr[next]!)) {
    arr[last] = arr[next]!;
    last = next;
    next--;
  }
  arr[last] = value;
}

function linearInsert<T>(arr: T[], first: number, last: number, less: Less<T>): void {
  const val = arr[last]!;
  if (less(val, arr[first]!)) {
    for (let i = last; i > first; i--) arr[i] = arr[i - 1]!;
    arr[first] = val;
  } else unguardedLinearInsert(arr, last, val, less);
}

function insertionSort<T>(arr: T[], first: number, last: number, less: Less<T>): void {
  if (first === last) return;
  for (let i = first + 1; i !== last; i++) linearInsert(arr, first, i, less);
}

/**
 * What the final pass may know of an element (see {@link SortArrayGodot3Options.rankOf}):
 * `less(a, b)` is `a.type < b.type` when the types differ; within a type with a `key` (a string,
 * or `null` for a key of its own, which differs from every other) it is "the keys differ";
 * within a type without one it is the comparator's.
 */
export interface SortRank {
  readonly type: number;
  readonly key?: string | null | undefined;
}

/** Options of {@link sortArrayGodot3}. */
export interface SortArrayGodot3Options<T> {
  /**
   * For comparators that only tell "differs" (the engine's `<` of pool arrays: true as soon as
   * one element differs): a key such that `less(a, b)` is exactly "a's key is undefined or not
   * b's key". The same as `rankOf` giving every element one type and this key. Default none.
   */
  equalityKey?: (x: T) => string | undefined;
  /**
   * For comparators that order values by type first (Variant's `<`): each element's
   * {@link SortRank}. The final insertion pass, which a "differs" comparator makes quadratic
   * (an element walks left past every element of its type with another key, or of a higher
   * type), then finds where each element stops without the walk: after the last element of a
   * lower type or with its key, whichever is later, or by comparing within its type. The result
   * is the plain pass's. Default none (the plain pass).
   */
  rankOf?: (x: T) => SortRank;
}

/**
 * Sorts `arr` in place exactly as Godot 2.1 and 3.x `SortArray<T, Comparator>::sort` do with
 * `less`, and returns it. The comparator need not be a strict weak order: the result is then
 * the engine's, not a sorted array. The 4.x engine's sort is a different port.
 */
export function sortArrayGodot3<T>(
  arr: T[],
  less: (a: T, b: T) => boolean,
  options: SortArrayGodot3Options<T> = {},
): T[] {
  options ??= {}; // null from an untyped caller is no options
  const n = arr.length;
  if (n < 2) return arr;
  introsort(arr, 0, n, bitlog(n) * 2, less);
  if (n > THRESHOLD) {
    insertionSort(arr, 0, THRESHOLD, less);
    const key = options.equalityKey;
    const rankOf =
      options.rankOf ??
      (key === undefined ? undefined : (x: T): SortRank => ({ type: 0, key: key(x) ?? null }));
    if (rankOf !== undefined) insertByRank(arr, less, rankOf);
    else for (let i = THRESHOLD; i !== n; i++) unguardedLinearInsert(arr, i, arr[i]!, less);
  } else insertionSort(arr, 0, n, less);
  return arr;
}

// Labels that order the final pass's list (order maintenance): a node inserted after another
// takes a label between that one's and the next one's, and a crowded stretch is spread out
// again (doubling the stretch until it has room), so comparing two places is comparing labels.
// STEP apart at the ends: 2^24 elements (maxCollectionLength) stay within 2^44, exact in a double.
const STEP = 0x100000; // 2^20 (a literal: a bundle of core's dist drops it unused)

// The final pass of unguardedLinearInsert for a comparator described by `rankOf`, on a linked
// list: element i (from THRESHOLD on) walks left past everything its comparator says it is less
// than, so it stops just after the last element placed so far of a lower type or with its own
// key (keyed types), or at the first element of its type it is not less than (other types),
// whichever comes later, or reaches the front.
function insertByRank<T>(arr: T[], less: Less<T>, rankOf: (x: T) => SortRank): void {
  const n = arr.length;
  const items = arr.slice();
  const ranks = items.map(rankOf);
  const next = new Int32Array(n).fill(-1);
  const label = new Float64Array(n);
  // Per type: its last element in list order; per type and key: the last with that key; for
  // types without keys, each element's previous element of its type (list order).
  const lastOfType = new Map<number, number>();
  const lastOfKey = new Map<string, number>();
  const prevSame = new Int32Array(n).fill(-1);
  const types: number[] = [];
  let head = 0;
  const after = (a: number, b: number) => label[a]! > label[b]!;
  const place = (i: number) => {
    const r = ranks[i]!;
    let last = lastOfType.get(r.type);
    if (last === undefined) {
      types.push(r.type);
      types.sort((x, y) => x - y);
    }
    if (r.key === undefined) {
      // Into its type's chain: after the last element of its type before it, and before the
      // first one after it (the ones it walked past).
      let p = last ?? -1;
      let afterIt = -1;
      while (p >= 0 && after(p, i)) {
        afterIt = p;
        p = prevSame[p]!;
      }
      prevSame[i] = p;
      if (afterIt >= 0) prevSame[afterIt] = i;
    } else if (r.key !== null) {
      const k = `${r.type}:${r.key}`;
      const lk = lastOfKey.get(k);
      if (lk === undefined || after(i, lk)) lastOfKey.set(k, i);
    }
    if (last === undefined || after(i, last)) last = i;
    lastOfType.set(r.type, last);
  };
  // The first THRESHOLD elements, in order.
  for (let i = 0; i < THRESHOLD; i++) {
    next[i] = i + 1 < THRESHOLD ? i + 1 : -1;
    label[i] = (i + 1) * STEP;
    place(i);
  }
  for (let i = THRESHOLD; i < n; i++) {
    const v = items[i]!;
    const r = ranks[i]!;
    // The last element of a lower type.
    let stop = -1;
    for (const t of types) {
      if (t >= r.type) break;
      const l = lastOfType.get(t)!;
      if (stop < 0 || after(l, stop)) stop = l;
    }
    if (r.key !== undefined) {
      if (r.key !== null) {
        const l = lastOfKey.get(`${r.type}:${r.key}`);
        if (l !== undefined && (stop < 0 || after(l, stop))) stop = l;
      }
    } else {
      // Elements of its type after `stop`, from the last, until one it is not less than.
      for (let x = lastOfType.get(r.type) ?? -1; x >= 0 && (stop < 0 || after(x, stop)); x = prevSame[x]!) {
        if (!less(v, items[x]!)) {
          stop = x;
          break;
        }
      }
    }
    if (stop < 0) {
      next[i] = head;
      label[i] = label[head]! - STEP;
      head = i;
    } else {
      makeRoom(stop, next, label);
      const following = next[stop]!;
      label[i] = following < 0 ? label[stop]! + STEP : Math.floor((label[stop]! + label[following]!) / 2);
      next[i] = following;
      next[stop] = i;
    }
    place(i);
  }
  for (let i = 0, at = head; i < n; i++, at = next[at]!) arr[i] = items[at]!;
}

// Makes room for a label right after node `s`: when `s` and the node after it are too close,
// spreads the nodes after `s` evenly over the labels up to the node after them, over a stretch
// twice as long each time until it has room (or to the end of the list, which has room).
function makeRoom(s: number, next: Int32Array, label: Float64Array): void {
  const following = next[s]!;
  if (following < 0 || label[following]! - label[s]! >= 2) return;
  const lo = label[s]!;
  for (let k = 2; ; k *= 2) {
    const nodes: number[] = [];
    let at = following;
    while (at >= 0 && nodes.length < k) {
      nodes.push(at);
      at = next[at]!;
    }
    const step = at < 0 ? STEP : Math.floor((label[at]! - lo) / (nodes.length + 2));
    if (step >= 4) {
      // Two steps after `s`, then one between each: room after `s` for the next insertion.
      for (let j = 0; j < nodes.length; j++) label[nodes[j]!] = lo + step * (j + 2);
      return;
    }
  }
}

const POOL_STRIDE: Readonly<Record<string, number>> = {
  packedByteArray: 1,
  packedInt32Array: 1,
  packedFloat32Array: 1,
  packedStringArray: 1,
  packedVector2Array: 2,
  packedVector3Array: 3,
  packedColorArray: 4,
};

/**
 * The equality key of one pool-array dictionary key under the engine's pool `<` of 2.x and 3.x,
 * which is "lengths or an element differ" (`!=` on elements: NaN differs from itself, -0 equals
 * 0): equal strings for arrays the engine finds equal, `null` for an array with a NaN (equal to
 * none), `undefined` for a value that is not a pool array with whole elements or whose kind is
 * in `exclude` (2.x compares Vector2Array through a Vector3 view). The `key` of a
 * {@link SortRank}.
 */
export function poolKeyOf(v: Value, exclude: readonly string[] = []): string | null | undefined {
  const stride = POOL_STRIDE[v.kind];
  if (stride === undefined || exclude.includes(v.kind)) return undefined;
  const data = (v as { data: ArrayLike<number> | readonly string[] }).data;
  if (data.length % stride !== 0) return undefined;
  let s = "";
  for (let j = 0; j < data.length; j++) {
    const x = data[j]!;
    if (typeof x === "number" && Number.isNaN(x)) return null;
    s += typeof x === "string" ? `${JSON.stringify(x)},` : `${x === 0 ? 0 : x},`;
  }
  return s;
}

/**
 * The {@link SortArrayGodot3Options.equalityKey} of pool-array dictionary keys, when `keys` are
 * all pool arrays of one kind with whole elements (see {@link poolKeyOf}). `undefined` when the
 * keys are anything else, and the sort takes its plain final pass.
 */
export function poolEqualityKeys(
  keys: readonly Value[],
  exclude: readonly string[] = [],
): string[] | undefined {
  const first = keys[0];
  if (first === undefined) return undefined;
  const out = new Array<string>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k.kind !== first.kind) return undefined;
    const key = poolKeyOf(k, exclude);
    if (key === undefined) return undefined;
    // A NaN never equals anything: a key of its own, so the element walks to the front.
    out[i] = key ?? `#${i}`;
  }
  return out;
}

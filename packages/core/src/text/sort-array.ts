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

/** Options of {@link sortArrayGodot3}. */
export interface SortArrayGodot3Options<T> {
  /**
   * For comparators that only tell "differs" (the engine's `<` of pool arrays: true as soon as
   * one element differs): a key such that `less(a, b)` is exactly "a's key is undefined or not
   * b's key". The final insertion pass, which such a comparator makes quadratic (every element
   * walks to the front), then takes O(n): each element lands just after the nearest earlier
   * element with its key, or first, which is where the engine's scan stops. Default none.
   */
  equalityKey?: (x: T) => string | undefined;
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
  const n = arr.length;
  if (n < 2) return arr;
  introsort(arr, 0, n, bitlog(n) * 2, less);
  if (n > THRESHOLD) {
    insertionSort(arr, 0, THRESHOLD, less);
    if (options.equalityKey) insertByKey(arr, options.equalityKey);
    else for (let i = THRESHOLD; i !== n; i++) unguardedLinearInsert(arr, i, arr[i]!, less);
  } else insertionSort(arr, 0, n, less);
  return arr;
}

// The final pass of unguardedLinearInsert for a "differs" comparator, on a linked list: an
// element walks left past every element with another key, so it stops just after the nearest
// one with its own key, which is the last one of that key placed so far, or reaches the front.
function insertByKey<T>(arr: T[], key: (x: T) => string | undefined): void {
  const n = arr.length;
  const next = new Int32Array(n).fill(-1); // list links by index into `items`
  const items = arr.slice();
  const last = new Map<string, number>();
  let head = 0;
  for (let i = 0; i < THRESHOLD; i++) {
    if (i + 1 < THRESHOLD) next[i] = i + 1;
    const k = key(items[i]!);
    if (k !== undefined) last.set(k, i);
  }
  for (let i = THRESHOLD; i < n; i++) {
    const k = key(items[i]!);
    const after = k === undefined ? undefined : last.get(k);
    if (after === undefined) {
      next[i] = head;
      head = i;
    } else {
      next[i] = next[after]!;
      next[after] = i;
    }
    if (k !== undefined) last.set(k, i);
  }
  for (let i = 0, at = head; i < n; i++, at = next[at]!) arr[i] = items[at]!;
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
 * The {@link SortArrayGodot3Options.equalityKey} of pool-array dictionary keys, when `keys` are
 * all pool arrays of one kind with whole elements: the engine's pool `<` is then "lengths or an
 * element differ" (`!=` on elements: NaN differs from itself, -0 equals 0). `undefined` when the
 * keys are anything else, and the sort takes its plain final pass. `exclude` names kinds whose
 * `<` in the caller's generation is not that (2.x compares Vector2Array through a Vector3 view).
 */
export function poolEqualityKeys(
  keys: readonly Value[],
  exclude: readonly string[] = [],
): string[] | undefined {
  const first = keys[0];
  if (first === undefined) return undefined;
  const kind = first.kind;
  const stride = POOL_STRIDE[kind];
  if (stride === undefined || exclude.includes(kind)) return undefined;
  const out = new Array<string>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k.kind !== kind) return undefined;
    const data = (k as { data: ArrayLike<number> | readonly string[] }).data;
    if (data.length % stride !== 0) return undefined;
    let s = "";
    for (let j = 0; j < data.length; j++) {
      const x = data[j]!;
      // A NaN never equals anything: a key of its own, so the element walks to the front.
      if (typeof x === "number" && Number.isNaN(x)) {
        s = `#${i}`;
        break;
      }
      s += typeof x === "string" ? `${JSON.stringify(x)},` : `${x === 0 ? 0 : x},`;
    }
    out[i] = s;
  }
  return out;
}

// Port of Godot 2.1's `SortArray` (core/sort.h): an introsort (median-of-3 quicksort, heapsort
// fallback at depth 2*log2(n), final insertion sort with a threshold of 16). `var2str` sorts a
// dictionary's keys with it. The algorithm is not stable, and the 2.x `Variant::operator<` is
// not a total order (most types never compare as less), so the engine's key order can only be
// reproduced by running the very same algorithm. The "unguarded" loops of the original rely on
// a consistent comparator; here they stop at the array bounds instead of reading past them.

type Less<T> = (a: T, b: T) => boolean;

const THRESHOLD = 16;

function bitlog(n: number): number {
  let k = 0;
  for (; n !== 1; n >>= 1) k++;
  return k;
}

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

function pushHeap<T>(first: number, hole: number, top: number, value: T, arr: T[], less: Less<T>): void {
  let parent = Math.trunc((hole - 1) / 2);
  while (hole > top && less(arr[first + parent]!, value)) {
    arr[first + hole] = arr[first + parent]!;
    hole = parent;
    parent = Math.trunc((hole - 1) / 2);
  }
  arr[first + hole] = value;
}

function adjustHeap<T>(first: number, hole: number, len: number, value: T, arr: T[], less: Less<T>): void {
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
  pushHeap(first, hole, top, value, arr, less);
}

function popHeapTo<T>(first: number, last: number, result: number, value: T, arr: T[], less: Less<T>): void {
  arr[result] = arr[first]!;
  adjustHeap(first, 0, last - first, value, arr, less);
}

function popHeap<T>(first: number, last: number, arr: T[], less: Less<T>): void {
  popHeapTo(first, last - 1, last - 1, arr[last - 1]!, arr, less);
}

function makeHeap<T>(first: number, last: number, arr: T[], less: Less<T>): void {
  if (last - first < 2) return;
  const len = last - first;
  let parent = Math.trunc((len - 2) / 2);
  for (;;) {
    adjustHeap(first, parent, len, arr[first + parent]!, arr, less);
    if (parent === 0) return;
    parent--;
  }
}

function partialSort<T>(first: number, last: number, middle: number, arr: T[], less: Less<T>): void {
  makeHeap(first, middle, arr, less);
  for (let i = middle; i < last; i++) {
    if (less(arr[i]!, arr[first]!)) popHeapTo(first, middle, i, arr[i]!, arr, less);
  }
  for (let end = middle; end - first > 1; end--) popHeap(first, end, arr, less);
}

function partitioner<T>(first: number, last: number, pivot: T, arr: T[], less: Less<T>): number {
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

function introsort<T>(first: number, last: number, arr: T[], depth: number, less: Less<T>): void {
  while (last - first > THRESHOLD) {
    if (depth === 0) {
      partialSort(first, last, last, arr, less);
      return;
    }
    depth--;
    const pivot = medianOf3(arr[first]!, arr[first + Math.trunc((last - first) / 2)]!, arr[last - 1]!, less);
    const cut = partitioner(first, last, pivot, arr, less);
    introsort(cut, last, arr, depth, less);
    last = cut;
  }
}

function unguardedLinearInsert<T>(last: number, value: T, arr: T[], less: Less<T>): void {
  let next = last - 1;
  while (next >= 0 && less(value, arr[next]!)) {
    arr[last] = arr[next]!;
    last = next;
    next--;
  }
  arr[last] = value;
}

function linearInsert<T>(first: number, last: number, arr: T[], less: Less<T>): void {
  const val = arr[last]!;
  if (less(val, arr[first]!)) {
    for (let i = last; i > first; i--) arr[i] = arr[i - 1]!;
    arr[first] = val;
  } else unguardedLinearInsert(last, val, arr, less);
}

function insertionSort<T>(first: number, last: number, arr: T[], less: Less<T>): void {
  if (first === last) return;
  for (let i = first + 1; i !== last; i++) linearInsert(first, i, arr, less);
}

/** Sorts `arr` in place exactly as Godot 2.1's `SortArray::sort` would with `less`. */
export function godotSort<T>(arr: T[], less: Less<T>): T[] {
  const n = arr.length;
  if (n === 0) return arr;
  introsort(0, n, arr, bitlog(n) * 2, less);
  if (n > THRESHOLD) {
    insertionSort(0, THRESHOLD, arr, less);
    for (let i = THRESHOLD; i !== n; i++) unguardedLinearInsert(i, arr[i]!, arr, less);
  } else insertionSort(0, n, arr, less);
  return arr;
}

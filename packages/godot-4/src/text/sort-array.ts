// A port of Godot's SortArray::sort (core/templates/sort_array.h): introsort with a median of
// three pivot, heapsort fallback and a final insertion sort. `var_to_str` sorts dictionary keys
// with it and a comparator that is not a strict weak order (String < Vector2 < StringName, but
// Strings and StringNames compare by content), so only the same algorithm gives the same order.
// Validate is on, as in the engine's editor builds (DEBUG_ENABLED): a comparator that runs off
// the end of a range stops the scan instead of reading out of bounds.

const INTROSORT_THRESHOLD = 16;

/** Sorts `a` in place exactly as the engine's `SortArray<T, Less>::sort` would. */
export function godotSort<T>(a: T[], less: (x: T, y: T) => boolean): void {
  const n = a.length;
  if (n === 0) return;

  const medianOf3 = (ai: number, bi: number, ci: number): number => {
    const x = a[ai]!;
    const y = a[bi]!;
    const z = a[ci]!;
    if (less(x, y)) {
      if (less(y, z)) return bi;
      if (less(x, z)) return ci;
      return ai;
    }
    if (less(x, z)) return ai;
    if (less(y, z)) return ci;
    return bi;
  };

  const pushHeap = (first: number, hole: number, top: number, value: T): void => {
    let parent = Math.trunc((hole - 1) / 2);
    while (hole > top && less(a[first + parent]!, value)) {
      a[first + hole] = a[first + parent]!;
      hole = parent;
      parent = Math.trunc((hole - 1) / 2);
    }
    a[first + hole] = value;
  };

  const adjustHeap = (first: number, hole: number, len: number, value: T): void => {
    const top = hole;
    let second = 2 * hole + 2;
    while (second < len) {
      if (less(a[first + second]!, a[first + second - 1]!)) second--;
      a[first + hole] = a[first + second]!;
      hole = second;
      second = 2 * (second + 1);
    }
    if (second === len) {
      a[first + hole] = a[first + second - 1]!;
      hole = second - 1;
    }
    pushHeap(first, hole, top, value);
  };

  const popHeapTo = (first: number, last: number, result: number, value: T): void => {
    a[result] = a[first]!;
    adjustHeap(first, 0, last - first, value);
  };

  const makeHeap = (first: number, last: number): void => {
    if (last - first < 2) return;
    const len = last - first;
    let parent = Math.trunc((len - 2) / 2);
    for (;;) {
      adjustHeap(first, parent, len, a[first + parent]!);
      if (parent === 0) return;
      parent--;
    }
  };

  const partialSort = (first: number, last: number, middle: number): void => {
    makeHeap(first, middle);
    for (let i = middle; i < last; i++) {
      if (less(a[i]!, a[first]!)) popHeapTo(first, middle, i, a[i]!);
    }
    // sort_heap
    let end = middle;
    while (end - first > 1) {
      popHeapTo(first, end - 1, end - 1, a[end - 1]!);
      end--;
    }
  };

  const partitioner = (first: number, last: number, pivot: number): number => {
    const unmodifiedFirst = first;
    const unmodifiedLast = last;
    let pivotAt = pivot;
    for (;;) {
      while (first !== pivot && less(a[first]!, a[pivotAt]!)) {
        if (first === unmodifiedLast - 1) break;
        first++;
      }
      last--;
      while (last !== pivot && less(a[pivotAt]!, a[last]!)) {
        if (last === unmodifiedFirst) break;
        last--;
      }
      if (first >= last) return first;
      // The engine follows the pivot element when the swap moves it.
      if (pivotAt === first) pivotAt = last;
      else if (pivotAt === last) pivotAt = first;
      const t = a[first]!;
      a[first] = a[last]!;
      a[last] = t;
      first++;
    }
  };

  const introsort = (first: number, last: number, maxDepth: number): void => {
    while (last - first > INTROSORT_THRESHOLD) {
      if (maxDepth === 0) {
        partialSort(first, last, last);
        return;
      }
      maxDepth--;
      const cut = partitioner(
        first,
        last,
        medianOf3(first, first + Math.trunc((last - first) / 2), last - 1),
      );
      introsort(cut, last, maxDepth);
      last = cut;
    }
  };

  const unguardedLinearInsert = (last: number, value: T): void => {
    let next = last - 1;
    while (less(value, a[next]!)) {
      if (next === 0) break;
      a[last] = a[next]!;
      last = next;
      next--;
    }
    a[last] = value;
  };

  const linearInsert = (first: number, last: number): void => {
    const val = a[last]!;
    if (less(val, a[first]!)) {
      for (let i = last; i > first; i--) a[i] = a[i - 1]!;
      a[first] = val;
    } else unguardedLinearInsert(last, val);
  };

  const insertionSort = (first: number, last: number): void => {
    if (first === last) return;
    for (let i = first + 1; i !== last; i++) linearInsert(first, i);
  };

  let bitlog = 0;
  for (let k = n; k !== 1; k >>= 1) bitlog++;
  introsort(0, n, bitlog * 2);
  if (n > INTROSORT_THRESHOLD) {
    insertionSort(0, INTROSORT_THRESHOLD);
    for (let i = INTROSORT_THRESHOLD; i !== n; i++) unguardedLinearInsert(i, a[i]!);
  } else insertionSort(0, n);
}

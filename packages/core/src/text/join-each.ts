// Rows of a packed array joined by a separator, for the text writers. Growing one string by
// `+=` makes a rope of a node per piece (PackedByteArray(4 MB) held 235 MB of heap), and
// `Array.from(values, f).join()` holds a string object per element; a batch of elements is
// joined into one flat string at a time instead, and the batches at the end.
const BATCH = 8192;

/**
 * `item(0) + sep + item(1) + ... + item(n - 1)`, built in flat batches: the heap it needs is
 * about twice the text, whatever `n` is.
 */
export function joinEach(n: number, item: (i: number) => string, sep: string): string {
  const parts = new Array<string>(Math.min(n, BATCH));
  if (n <= BATCH) {
    for (let i = 0; i < n; i++) parts[i] = item(i);
    return parts.join(sep);
  }
  const batches: string[] = [];
  for (let start = 0; start < n; start += BATCH) {
    const end = Math.min(n, start + BATCH);
    parts.length = end - start;
    for (let i = start; i < end; i++) parts[i - start] = item(i);
    batches.push(parts.join(sep));
  }
  return batches.join(sep);
}

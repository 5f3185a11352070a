// Heap measured so that a busy machine cannot flip it: what a call leaves on the JS heap is
// counted after full collections, which run the same whatever else the machine does. Needs the
// test process started with `--expose-gc` (vitest: `test.execArgv: ["--expose-gc"]`).

type Gc = () => void;

function gcOrThrow(): Gc {
  const gc = (globalThis as { gc?: Gc }).gc;
  if (typeof gc !== "function")
    throw new Error('heapGrowth needs global gc: run the tests with execArgv ["--expose-gc"]');
  return gc;
}

/**
 * The JS heap growth of `f()`, with its result: `retained` is what is still held once a full
 * collection has run after it (the result included, as the result is held here), `beforeGc` the
 * growth before any collection after the call: what `f` allocated, less whatever young-generation
 * collections freed while it ran (so at most its allocation).
 */
export function heapGrowth<T>(f: () => T): {
  readonly retained: number;
  readonly beforeGc: number;
  readonly result: T;
} {
  const gc = gcOrThrow();
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const result = f();
  const beforeGc = process.memoryUsage().heapUsed - before;
  gc();
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  return { retained, beforeGc, result };
}

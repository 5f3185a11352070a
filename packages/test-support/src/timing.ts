// Time limits in tests that a busy machine cannot flip. CI runs every package's tests at once on
// two cores, so wall-clock time in a test says how long the process waited as much as how long it
// worked (a 500 ms bound failed a CI run with nothing wrong). These helpers judge the CPU time the
// process spent instead: descheduling does not count, a hang or a hostile allocation still does.
import { expect } from "vitest";

/** CPU milliseconds (user + system, every thread of this process) that `f` took, and its result. */
export function cpuTime<T>(f: () => T): { readonly ms: number; readonly result: T } {
  const before = process.cpuUsage();
  const result = f();
  const used = process.cpuUsage(before);
  return { ms: (used.user + used.system) / 1000, result };
}

/**
 * Runs `f` and asserts it took under `limitMs` of CPU time: a robustness bound (no hang, no work
 * sized by a hostile count), not a speed measurement; bench/ measures speed. Returns `f`'s result.
 */
export function expectCpuUnder<T>(limitMs: number, f: () => T): T {
  const { ms, result } = cpuTime(f);
  expect(ms, `CPU time ${ms.toFixed(1)} ms against a bound of ${limitMs} ms`).toBeLessThan(limitMs);
  return result;
}

/**
 * Asserts that `large` takes under `maxRatio` times the CPU time of `small` (or under `floorMs`,
 * so that times too small to measure do not decide): how work grows with input, judged fastest
 * run against fastest run over up to `rounds` runs taking turns, so a busy machine that slows some
 * runs does not decide either. Stops early once the bound holds after a few rounds. Returns the
 * fastest CPU times.
 */
export function expectGrowthUnder(
  maxRatio: number,
  small: () => void,
  large: () => void,
  { floorMs = 5, rounds = 40 }: { readonly floorMs?: number; readonly rounds?: number } = {},
): { readonly smallMs: number; readonly largeMs: number } {
  let fastSmall = Number.POSITIVE_INFINITY;
  let fastLarge = Number.POSITIVE_INFINITY;
  const bound = () => Math.max(maxRatio * fastSmall, floorMs);
  const start = performance.now();
  // At most `rounds` rounds or 20 s of them: the slow behaviour this guards against can take
  // seconds a run.
  for (let round = 0; round < rounds && performance.now() - start < 20_000; round++) {
    fastSmall = Math.min(fastSmall, cpuTime(small).ms);
    fastLarge = Math.min(fastLarge, cpuTime(large).ms);
    if (round >= 3 && fastLarge < bound()) break;
  }
  expect(
    fastLarge,
    `fastest large run ${fastLarge.toFixed(2)} ms against fastest small run ${fastSmall.toFixed(2)} ms (bound ${maxRatio}x, floor ${floorMs} ms)`,
  ).toBeLessThan(bound());
  return { smallMs: fastSmall, largeMs: fastLarge };
}

// Timing for the floor scripts (encode-floor, string-floor, int-floor): rounds in which each
// subject runs for `ms` milliseconds in turn, so that load from other processes falls on all of
// them alike; the first `warmup` rounds are not kept. Returns, per subject, the time per call of
// every kept round in µs, sorted.
export function rounds(subjects, { count, ms, warmup = 0 }) {
  const times = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  for (let round = 0; round < warmup + count; round++) {
    for (const [name, fn] of Object.entries(subjects)) {
      let calls = 0;
      const t = performance.now();
      while (performance.now() - t < ms) {
        fn();
        calls++;
      }
      if (round >= warmup) times[name].push(((performance.now() - t) * 1000) / calls);
    }
  }
  for (const t of Object.values(times)) t.sort((a, b) => a - b);
  return times;
}

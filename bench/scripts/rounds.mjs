// Timing for the floor scripts (encode-floor, string-floor, int-floor): rounds in which each
// subject runs for `ms` milliseconds in turn, so that load from other processes falls on all of
// them alike; the first `warmup` rounds are not kept. Returns, per subject, the time per call of
// every kept round in µs, sorted: wall time, or with `clock: "cpu"` this process's CPU time (user
// and system, every thread: a collector's helper threads too) over the same calls.
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
export function rounds(subjects, { count, ms, warmup = 0, clock = "wall" }) {
  const times = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
  for (let round = 0; round < warmup + count; round++) {
    for (const [name, fn] of Object.entries(subjects)) {
      let calls = 0;
      const t = performance.now();
      const c = cpu();
      while (performance.now() - t < ms) {
        fn();
        calls++;
      }
      const spent = clock === "cpu" ? cpu() - c : performance.now() - t;
      if (round >= warmup) times[name].push((spent * 1000) / calls);
    }
  }
  for (const t of Object.values(times)) t.sort((a, b) => a - b);
  return times;
}

// Timing harness: warm up, calibrate a batch size, then take repeated samples and keep the
// median. Times come from process.hrtime.bigint(); every result is fed to a sink so the JIT
// cannot drop the call.

let sink = 0;
/** Keeps a result alive (touches it cheaply). */
export function consume(v) {
  if (v === undefined || v === null) sink ^= 1;
  else if (typeof v === "object") sink ^= v.length ?? 1;
  else sink ^= typeof v === "number" ? v | 0 : 1;
}
export function sinkValue() {
  return sink;
}

function now() {
  return Number(process.hrtime.bigint()) / 1e6;
}

// CPU time of this process (all threads, GC helpers included), in ms. Less disturbed than wall
// time when other processes compete for the cores; used for before/after comparisons.
function cpuNow() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

let clock = now;
/** Selects the clock of later measurements: "wall" (default) or "cpu". */
export function useClock(kind) {
  clock = kind === "cpu" ? cpuNow : now;
}

function runBatch(fn, n) {
  const t0 = clock();
  for (let i = 0; i < n; i++) consume(fn());
  return clock() - t0;
}

/**
 * Median milliseconds per call of `fn`.
 * @param {() => unknown} fn
 * @param {{ warmupMs?: number, sampleMs?: number, samples?: number }} [o]
 *   warmupMs default 300 (and at least 5 calls), sampleMs default 60 per sample, samples default 15.
 */
export function measure(fn, o = {}) {
  const warmupMs = o.warmupMs ?? 300;
  const sampleMs = o.sampleMs ?? 60;
  const samples = o.samples ?? 15;
  // Warm-up: run until the time is spent (lets the JIT tier up), at least 5 calls.
  let calls = 0;
  const w0 = now();
  while (calls < 5 || now() - w0 < warmupMs) {
    consume(fn());
    calls++;
  }
  // Calibration: double the batch until one batch takes sampleMs.
  let n = 1;
  for (;;) {
    const t = runBatch(fn, n);
    if (t >= sampleMs || n >= 1 << 24) break;
    n = t <= 0 ? n * 8 : Math.min(n * 8, Math.max(n * 2, Math.ceil((n * sampleMs) / t)));
  }
  const per = [];
  for (let s = 0; s < samples; s++) per.push(runBatch(fn, n) / n);
  per.sort((a, b) => a - b);
  return { msPerOp: median(per), min: per[0], max: per[per.length - 1], batch: n, samples };
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Measures several subjects with their samples interleaved (A B C, A B C, ...), so that load
 * from other processes falls on all of them alike. Returns a Map name -> result as `measure`.
 * A subject is a JS function (`fn`, timed here), or a batch that times itself (`batch(n)`
 * returns the ms that n calls took: the native engine in a process of its own, engine.mjs).
 * @param {({ name: string, fn: () => unknown } | { name: string, batch: (n: number) => number })[]} subjects
 */
export function measureAll(subjects, o = {}) {
  const warmupMs = o.warmupMs ?? 300;
  const sampleMs = o.sampleMs ?? 60;
  const samples = o.samples ?? 15;
  const state = subjects.map((s) => {
    const batch = s.batch ?? ((n) => runBatch(s.fn, n));
    let calls = 0;
    const w0 = now();
    while (calls < 5 || now() - w0 < warmupMs) {
      if (s.batch) batch(1);
      else consume(s.fn());
      calls++;
    }
    let n = 1;
    for (;;) {
      const t = batch(n);
      if (t >= sampleMs || n >= 1 << 24) break;
      n = t <= 0 ? n * 8 : Math.min(n * 8, Math.max(n * 2, Math.ceil((n * sampleMs) / t)));
    }
    return { s, batch, n, per: [] };
  });
  for (let k = 0; k < samples; k++) {
    for (const st of state) st.per.push(st.batch(st.n) / st.n);
  }
  const out = new Map();
  for (const st of state) {
    out.set(st.s.name, {
      ...summary(st.per),
      batch: st.n,
      samples,
      // In the order taken: sample k of every subject comes from round k (see pairedRatio).
      perSample: st.per,
    });
  }
  return out;
}

/** Median, minimum and maximum of ms-per-call samples. */
export function summary(per) {
  const sorted = [...per].sort((a, b) => a - b);
  return { msPerOp: median(sorted), min: sorted[0], max: sorted[sorted.length - 1] };
}

/**
 * Median over the rounds of measureAll of a's time over b's time in the same round: a paired
 * estimate of a ÷ b. Samples of one round are taken one after the other, so a change in the
 * machine's speed (other processes, a shared host) that lasts longer than a round falls on both
 * and cancels out of their ratio, where it would not in the ratio of the two medians.
 * @param {number[]} a ms per op of subject a, per round
 * @param {number[]} b ms per op of subject b, per round
 */
export function pairedRatio(a, b) {
  return median(a.map((x, k) => x / b[k]));
}

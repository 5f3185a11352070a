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

function runBatch(fn, n) {
  const t0 = now();
  for (let i = 0; i < n; i++) consume(fn());
  return now() - t0;
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

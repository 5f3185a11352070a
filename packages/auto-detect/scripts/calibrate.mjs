#!/usr/bin/env node
// Calibration of detect's confidence. The best reading's confidence is a logistic curve in its
// lead over the second reading (src/detector.ts, CALIBRATION); this script fits the curve on the
// encoder corpus (values written by each dialect's own encoder, scripts/evaluate.mjs) and
// prints the reliability table on the engine corpora (engine-made dumps of 2.1.4, 3.2.3 and
// 4.6.3): for each confidence bin, how many answers fell in it and how often the best reading's
// dialect was the engine that wrote the bytes.
//
//   node scripts/calibrate.mjs [--markdown]
import { fileURLToPath } from "node:url";
import { CALIBRATION } from "../dist/detector.js";
import { detect } from "../dist/index.js";
import { encodedCases, engineCases } from "./evaluate.mjs";

/** One row per answered case: the best reading's lead, its confidence, and whether it was right. */
export function rows(cases) {
  const out = [];
  for (const c of cases) {
    const r = detect(c.input, { allowObjects: true });
    const best = r.best;
    if (best === undefined) continue;
    const second = r.candidates[1];
    out.push({
      lead: second === undefined ? CALIBRATION.cap : best.score - second.score,
      confidence: best.confidence,
      right: best.dialect === c.truth,
      ambiguous: r.ambiguous,
    });
  }
  return out;
}

/** Logistic regression of `right` on min(lead, cap), lightly regularised: { bias, slope }. */
export function fit(data) {
  const x = (r) => Math.min(r.lead, CALIBRATION.cap);
  let bias = 0;
  let slope = 1;
  for (let it = 0; it < 20000; it++) {
    let g0 = 0;
    let g1 = 0;
    for (const r of data) {
      const e = 1 / (1 + Math.exp(-(bias + slope * x(r)))) - (r.right ? 1 : 0);
      g0 += e;
      g1 += e * x(r);
    }
    bias -= (0.5 * g0) / data.length;
    slope -= 0.5 * (g1 / data.length + 0.001 * slope);
  }
  return { bias, slope };
}

export const BINS = [0, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99];

/** Per confidence bin: answers, mean confidence, share right. */
export function reliability(data) {
  return BINS.map((lo, i) => {
    const hi = BINS[i + 1] ?? 1.0001;
    const b = data.filter((r) => r.confidence >= lo && r.confidence < hi);
    const mean = b.reduce((s, r) => s + r.confidence, 0) / (b.length || 1);
    const right = b.filter((r) => r.right).length;
    return { lo, hi: Math.min(hi, 1), answers: b.length, mean, right };
  });
}

export function table(bins) {
  const lines = [
    "| confidence | answers | mean confidence | right |",
    "| ---------- | ------: | --------------: | ----: |",
  ];
  for (const b of bins) {
    if (b.answers === 0) continue;
    const range = b.hi >= 1 ? `${b.lo.toFixed(2)}-1.00` : `${b.lo.toFixed(2)}-${b.hi.toFixed(2)}`;
    const share = `${((100 * b.right) / b.answers).toFixed(1)}%`;
    lines.push(`| ${range} | ${b.answers} | ${b.mean.toFixed(3)} | ${share} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const w = fit(rows(encodedCases(300)));
  console.log(`fitted on the encoder corpus: bias ${w.bias.toFixed(3)}, slope ${w.slope.toFixed(3)}`);
  console.log(`in src/detector.ts:            bias ${CALIBRATION.bias}, slope ${CALIBRATION.slope}\n`);
  const engine = rows(engineCases("random"));
  console.log(table(reliability(engine)));
  const unamb = engine.filter((r) => !r.ambiguous);
  const high = unamb.filter((r) => r.confidence >= 0.9).length;
  console.log(`\nunambiguous answers at >= 0.9: ${high}/${unamb.length}`);
  console.log(
    `wrong best readings at >= 0.9: ${engine.filter((r) => !r.right && r.confidence >= 0.9).length}`,
  );
}

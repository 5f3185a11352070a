#!/usr/bin/env node
// Calibration of detect's confidence. The best reading's confidence comes from its lead
// (src/detector.ts, leadOf) through a monotone table, one for ambiguous answers and one for clear
// ones (CALIBRATION); this script fits the tables on the encoder corpus (values written by each
// dialect's own encoder, scripts/evaluate.mjs) and prints the reliability table on the engine
// corpora (engine-made dumps of 2.1.4, 3.2.3 and 4.6.3): for each confidence bin, how many
// answers fell in it and how often the best reading was right (its dialect is the engine that
// wrote the bytes and its framing is theirs).
//
//   node scripts/calibrate.mjs [--markdown]    (--markdown: the README's table only)
import { fileURLToPath } from "node:url";
import { CALIBRATION, leadOf } from "../dist/detector.js";
import { detect } from "../dist/index.js";
import { encodedCases, engineCases } from "./evaluate.mjs";

const round = (x, digits) => Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * One row per answered case: the best reading's lead, its confidence, whether it was right, and
 * whether the answer is ambiguous between several (`leading`) readings.
 */
export function rows(cases) {
  const out = [];
  for (const c of cases) {
    const r = detect(c.input, { allowObjects: true });
    const best = r.best;
    if (best === undefined) continue;
    out.push({
      // The lead detect reads its confidence from: the candidates' scores are the unrounded ones.
      lead: leadOf(r.candidates).lead,
      confidence: best.confidence,
      right: best.dialect === c.truth && best.framing.kind === c.framing,
      ambiguous: r.ambiguous,
      leading: r.leading,
    });
  }
  return out;
}

/**
 * CALIBRATION's tables of [lead, confidence] points, one fitted on the ambiguous answers and one
 * on the clear ones: answers sorted by lead, leads equal to 3 digits in one pool, and adjacent pools merged
 * until each is right more often than the one below it (isotonic regression by
 * pool-adjacent-violators). A pool's confidence is its share right by the rule of succession,
 * (right + 1) / (answers + 2), which is never 0 or 1 and trusts small pools less; a pool spanning
 * several leads gives a point at each end.
 */
export function fit(data) {
  return {
    ambiguous: isotonic(data.filter((r) => r.ambiguous)),
    clear: isotonic(data.filter((r) => !r.ambiguous)),
  };
}

function isotonic(data) {
  const rate = (p) => (p.right + 1) / (p.answers + 2);
  // Leads equal to 3 digits pool (sums of the same weights in another order differ in their last
  // bits); a pool's points are at the least and greatest lead in it, as detect computes them.
  const leads = new Map();
  for (const r of data) {
    const key = round(r.lead, 3);
    const p = leads.get(key) ?? { from: r.lead, to: r.lead, answers: 0, right: 0 };
    p.from = Math.min(p.from, r.lead);
    p.to = Math.max(p.to, r.lead);
    p.answers++;
    if (r.right) p.right++;
    leads.set(key, p);
  }
  const pools = [];
  for (const p of [...leads.values()].sort((a, b) => a.from - b.from)) {
    pools.push(p);
    while (pools.length > 1 && rate(pools.at(-2)) >= rate(pools.at(-1))) {
      const upper = pools.pop();
      const lower = pools.at(-1);
      pools[pools.length - 1] = {
        from: lower.from,
        to: upper.to,
        answers: lower.answers + upper.answers,
        right: lower.right + upper.right,
      };
    }
  }
  return pools.flatMap((p) => {
    const y = round(rate(p), 4);
    return p.from === p.to
      ? [[p.from, y]]
      : [
          [p.from, y],
          [p.to, y],
        ];
  });
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
  const engine = rows(engineCases("random"));
  if (process.argv.includes("--markdown")) {
    console.log(table(reliability(engine)));
  } else {
    const f = fit(rows(encodedCases(300)));
    const same =
      JSON.stringify(f.ambiguous) === JSON.stringify(CALIBRATION.ambiguous) &&
      JSON.stringify(f.clear) === JSON.stringify(CALIBRATION.clear);
    console.log("fitted on the encoder corpus ([lead, confidence]):");
    console.log(`  ambiguous: ${JSON.stringify(f.ambiguous)}\n  clear: ${JSON.stringify(f.clear)}`);
    console.log(`in src/detector.ts: ${same ? "the same" : "different"}\n`);
    const bins = reliability(engine);
    console.log(table(bins));
    const worst = bins
      .filter((b) => b.answers >= 20)
      .reduce((m, b) => Math.max(m, Math.abs(b.right / b.answers - b.mean)), 0);
    console.log(
      `\nlargest gap between right and mean confidence in a bin of 20+ answers: ${(100 * worst).toFixed(1)} points`,
    );
    const clear = engine.filter((r) => !r.ambiguous);
    console.log(
      `unambiguous answers at >= 0.9: ${clear.filter((r) => r.confidence >= 0.9).length}/${clear.length}`,
    );
    const amb = engine.filter((r) => r.ambiguous);
    console.log(`ambiguous answers: ${amb.length}, at most ${Math.max(...amb.map((r) => r.confidence))}`);
    console.log(
      `wrong best readings at >= 0.9: ${engine.filter((r) => !r.right && r.confidence >= 0.9).length}`,
    );
  }
}

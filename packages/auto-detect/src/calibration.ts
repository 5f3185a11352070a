/**
 * The confidence of detect's best reading: its lead over the other readings, through the tables
 * `scripts/calibrate.mjs` fits (isotonic regression on the encoder corpus).
 */

// Scores are log-odds. Candidates within LEADING of the best form the leading group: the odds
// of the best against the second are at most 9 to 1, and the calibration keeps an ambiguous
// answer below 0.9 confidence (test/calibration.test.ts).
export const LEADING = Math.log(9);

/**
 * The best reading's confidence from its lead ({@link leadOf}): two tables of [lead, confidence]
 * points, one for ambiguous answers and one for clear ones, each never falling as the lead grows,
 * linear between its points and flat beyond its ends. `scripts/calibrate.mjs` fits each on the
 * encoder corpus's answers of its kind, on the unrounded leads detect reads (points at full
 * precision): answers pooled by lead, adjacent pools merged until each
 * is right more often than the one below it (isotonic regression), a pool's confidence its share
 * right by the rule of succession, (right + 1) / (answers + 2). Checked on the engine corpora
 * (README, "Confidence"; test/calibration.test.ts). The other readings share the rest by their
 * scores.
 */
export const CALIBRATION: {
  /** The lead of a sole reading; a larger lead counts as this one. */
  readonly cap: number;
  readonly ambiguous: readonly (readonly [lead: number, confidence: number])[];
  readonly clear: readonly (readonly [lead: number, confidence: number])[];
} = {
  cap: 8,
  ambiguous: [
    [-1.435811021853811, 0.25],
    [-0.8189834191872136, 0.2576],
    [-0.47095704778953146, 0.2576],
    [-0.4481388693815923, 0.5411],
    [1.0290429522104678, 0.5411],
    [1.35, 0.8333],
    [1.6500000000000004, 0.8333],
  ],
  clear: [
    [2.7, 0.9583],
    [7.505465108108164, 0.9583],
    [8, 0.9982],
  ],
};

/**
 * The best reading's lead (log-odds), from the readings sorted best first. When other readings
 * are within LEADING of it, the answer is ambiguous and the lead is against them all together:
 * -ln of the sum of their odds against it (k tied readings: -ln(k - 1)). Otherwise it is the
 * lead over the second reading, and a sole reading leads by {@link CALIBRATION}.cap; no lead
 * is over the cap.
 */
export function leadOf(sorted: readonly { readonly score: number }[]): { lead: number; ambiguous: boolean } {
  if (sorted.length < 2) return { lead: CALIBRATION.cap, ambiguous: false };
  const best = sorted[0]!.score;
  let rivals = 0;
  for (let i = 1; i < sorted.length && sorted[i]!.score >= best - LEADING; i++)
    rivals += Math.exp(sorted[i]!.score - best);
  return rivals === 0
    ? { lead: Math.min(CALIBRATION.cap, best - sorted[1]!.score), ambiguous: false }
    : { lead: -Math.log(rivals), ambiguous: true };
}

/** Confidence of the best reading of an ambiguous or clear answer whose lead ({@link leadOf}) is `d`. */
export function calibrated(d: number, ambiguous: boolean): number {
  const p = ambiguous ? CALIBRATION.ambiguous : CALIBRATION.clear;
  const x = Math.min(d, CALIBRATION.cap);
  let i = 0;
  while (i < p.length && p[i]![0] < x) i++;
  if (i === 0) return p[0]![1];
  if (i === p.length) return p[i - 1]![1];
  const [x0, y0] = p[i - 1]!;
  const [x1, y1] = p[i]!;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

export function confidences(sorted: readonly { readonly score: number }[]): number[] {
  if (sorted.length === 0) return [];
  const { lead, ambiguous } = leadOf(sorted);
  const top = calibrated(lead, ambiguous);
  const rest = sorted.slice(1).map((f) => Math.exp(f.score - sorted[1]!.score));
  const sum = rest.reduce((a, b) => a + b, 0);
  return [top, ...rest.map((w) => ((1 - top) * w) / sum)];
}

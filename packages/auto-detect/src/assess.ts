import type { Facts } from "@gdvariant/core";
import type { Generation } from "./generation.js";
import { RULES, type Rule } from "./rules.js";
import type { Evidence, Precision, VersionRange } from "./types.js";
import { RangeBuilder } from "./version-range.js";

// Turns what a reading's facts say into evidence by the rules of rules.ts: each rule that
// applies adds its weight (log-odds) per occurrence up to its cap, and narrows the versions.

/** What one reading's bytes say about its dialect. */
export interface Assessment {
  readonly evidence: Evidence[];
  readonly versions: VersionRange;
  readonly precision: Precision;
  readonly score: number;
  /** The weight of facts that only make values unusual (odd floats, shapes): engines can write them. */
  readonly soft: number;
}

/** Small prior for newer engines, only to order otherwise equal readings (4.x is the most used). */
export const PRIOR: Readonly<Record<Generation, number>> = { 4: 0.3, 2: 0, 3: 0.15 };

// The rules of each generation, in table order.
const BY_GEN: Readonly<Record<Generation, readonly Rule[]>> = {
  4: RULES.filter((r) => r.gens === undefined || r.gens.includes(4)),
  3: RULES.filter((r) => r.gens === undefined || r.gens.includes(3)),
  2: RULES.filter((r) => r.gens === undefined || r.gens.includes(2)),
};

function occurrences(rule: Rule, f: Facts): number {
  const c = rule.count;
  let n = 0;
  if (typeof c === "string") n = f[c];
  else for (const k of c) n += f[k];
  if (n <= 0) return 0;
  if (rule.when !== undefined && !rule.when.every((k) => f[k] > 0)) return 0;
  if (rule.unless?.some((k) => f[k] > 0)) return 0;
  return rule.max !== undefined ? Math.min(n, rule.max) : n;
}

function weightOf(rule: Rule, n: number): number {
  const raw = n * rule.weight;
  return Math.sign(raw) * Math.min(Math.abs(raw), rule.cap);
}

function offsetOf(rule: Rule, f: Facts): number | undefined {
  for (const k of rule.at ?? []) {
    if (f[k] > 0 && f.at[k] !== undefined) return f.at[k];
  }
  return undefined;
}

/** Evidence, versions and precision of one reading. */
export function assess(gen: Generation, f: Facts): Assessment {
  const evidence: Evidence[] = [];
  const range = new RangeBuilder(gen);
  let score = 0;
  let soft = 0;
  for (const rule of BY_GEN[gen]) {
    const n = occurrences(rule, f);
    if (n === 0) continue;
    const weight = weightOf(rule, n);
    score += weight;
    if (rule.soft) soft += weight;
    if (rule.atLeast !== undefined) range.atLeast(rule.atLeast);
    if (rule.atMost !== undefined) range.atMost(rule.atMost);
    const text = n === 1 ? rule.words : `${rule.words} (${n} times)`;
    const offset = offsetOf(rule, f);
    evidence.push(offset === undefined ? { text, weight } : { text, weight, offset });
  }
  return { evidence, versions: range.build(), precision: precisionOf(gen, f), score, soft };
}

/** Only the score and the soft weight of {@link assess} (the same numbers), for decodeAny. */
export function assessScore(gen: Generation, f: Facts): { readonly score: number; readonly soft: number } {
  let score = 0;
  let soft = 0;
  for (const rule of BY_GEN[gen]) {
    const n = occurrences(rule, f);
    if (n === 0) continue;
    const weight = weightOf(rule, n);
    score += weight;
    if (rule.soft) soft += weight;
  }
  return { score, soft };
}

function precisionOf(gen: Generation, f: Facts): Precision {
  if (gen !== 4) return "single";
  return f.mathDouble > 0 ? "double" : f.mathSingle > 0 ? "single" : "either";
}

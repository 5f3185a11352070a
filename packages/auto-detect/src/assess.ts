import { FACT_NAMES, type FactName, type Facts } from "@gdvariant/core";
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

/** A rule with its counters resolved to indexes into `Facts.counts`, once. */
interface Compiled {
  readonly rule: Rule;
  /** The counter when the rule counts one, else -1 (then `count`). */
  readonly one: number;
  readonly count: readonly number[];
  readonly when: readonly number[];
  readonly unless: readonly number[];
  readonly at: readonly FactName[];
}

const index = (names: FactName | readonly FactName[] | undefined): number[] =>
  (names === undefined ? [] : typeof names === "string" ? [names] : names).map((n) => FACT_NAMES.indexOf(n));

function compile(gen: Generation): readonly Compiled[] {
  return RULES.filter((r) => r.gens === undefined || r.gens.includes(gen)).map((rule) => ({
    rule,
    one: typeof rule.count === "string" ? FACT_NAMES.indexOf(rule.count) : -1,
    count: index(rule.count),
    when: index(rule.when),
    unless: index(rule.unless),
    at: rule.at ?? [],
  }));
}

// The rules of each generation, in table order.
const BY_GEN: Readonly<Record<Generation, readonly Compiled[]>> = {
  4: compile(4),
  3: compile(3),
  2: compile(2),
};

function occurrences(c: Compiled, counts: readonly number[]): number {
  let n = 0;
  if (c.one >= 0) n = counts[c.one]!;
  else for (const i of c.count) n += counts[i]!;
  if (n <= 0) return 0;
  for (const i of c.when) if (counts[i] === 0) return 0;
  for (const i of c.unless) if (counts[i]! > 0) return 0;
  const max = c.rule.max;
  return max !== undefined && n > max ? max : n;
}

function weightOf(rule: Rule, n: number): number {
  const raw = n * rule.weight;
  return Math.sign(raw) * Math.min(Math.abs(raw), rule.cap);
}

function offsetOf(c: Compiled, f: Facts): number | undefined {
  for (const k of c.at) {
    if (f.get(k) > 0 && f.at[k] !== undefined) return f.at[k];
  }
  return undefined;
}

/** Evidence, versions and precision of one reading. */
export function assess(gen: Generation, f: Facts): Assessment {
  const evidence: Evidence[] = [];
  const range = new RangeBuilder(gen);
  let score = 0;
  let soft = 0;
  for (const c of BY_GEN[gen]) {
    const n = occurrences(c, f.counts);
    if (n === 0) continue;
    const rule = c.rule;
    const weight = weightOf(rule, n);
    score += weight;
    if (rule.soft) soft += weight;
    if (rule.atLeast !== undefined) range.atLeast(rule.atLeast);
    if (rule.atMost !== undefined) range.atMost(rule.atMost);
    const text = n === 1 ? rule.words : `${rule.words} (${n} times)`;
    const offset = offsetOf(c, f);
    evidence.push(offset === undefined ? { text, weight } : { text, weight, offset });
  }
  return { evidence, versions: range.build(), precision: precisionOf(gen, f), score, soft };
}

/** Only the score and the soft weight of {@link assess} (the same numbers), for decodeAny. */
export function assessScore(gen: Generation, f: Facts): { readonly score: number; readonly soft: number } {
  let score = 0;
  let soft = 0;
  const counts = f.counts;
  for (const c of BY_GEN[gen]) {
    const n = occurrences(c, counts);
    if (n === 0) continue;
    const weight = weightOf(c.rule, n);
    score += weight;
    if (c.rule.soft) soft += weight;
  }
  return { score, soft };
}

function precisionOf(gen: Generation, f: Facts): Precision {
  if (gen !== 4) return "single";
  return f.get("mathDouble") > 0 ? "double" : f.get("mathSingle") > 0 ? "single" : "either";
}

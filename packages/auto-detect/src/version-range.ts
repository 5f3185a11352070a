import type { Generation } from "./generation.js";
import type { VersionRange } from "./types.js";

/** `[major, minor, patch]`; patch 99 stands for "every patch release". */
export type Version = readonly [number, number, number];

const ALL = 99;

function cmp(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

/** The full range of a generation: 2.0-2.1, 3.0-3.6, 4.0 and later. */
export function generationRange(gen: Generation): { min: Version; max: Version | undefined } {
  if (gen === 4) return { min: [4, 0, 0], max: undefined };
  if (gen === 3) return { min: [3, 0, 0], max: [3, 6, ALL] };
  return { min: [2, 0, 0], max: [2, 1, ALL] };
}

/** Narrows a range step by step as facts arrive. */
export class RangeBuilder {
  private readonly gen: Generation;
  min: Version;
  max: Version | undefined;
  /** A fact raised the minimum above another fact's maximum. */
  conflict = false;

  constructor(gen: Generation) {
    this.gen = gen;
    const r = generationRange(gen);
    this.min = r.min;
    this.max = r.max;
  }

  atLeast(v: Version): void {
    if (cmp(v, this.min) > 0) this.min = v;
    if (this.max !== undefined && cmp(this.min, this.max) > 0) this.conflict = true;
  }

  atMost(v: Version): void {
    if (this.max === undefined || cmp(v, this.max) < 0) this.max = v;
    if (cmp(this.min, this.max!) > 0) this.conflict = true;
  }

  build(): VersionRange {
    const full = generationRange(this.gen);
    const min = fmtMin(this.min);
    const text = this.text(full);
    return this.max === undefined ? { min, text } : { min, max: fmtMax(this.max), text };
  }

  private text(full: { min: Version; max: Version | undefined }): string {
    const min = fmtMin(this.min);
    if (this.conflict) return `${min}? (conflicting facts)`;
    if (this.max === undefined) return `${min}+`;
    const sameMin = cmp(this.min, full.min) === 0;
    const sameMax = full.max !== undefined && cmp(this.max, full.max) === 0;
    if (sameMin && sameMax) return `${this.gen}.x`;
    if (this.min[0] === this.max[0] && this.min[1] === this.max[1]) {
      if (this.min[2] === 0 && this.max[2] === ALL) return `${this.min[0]}.${this.min[1]}.x`;
      if (this.min[2] === this.max[2]) return min;
    }
    return `${min}-${fmtMax(this.max)}`;
  }
}

function fmtMin(v: Version): string {
  return v[2] === 0 ? `${v[0]}.${v[1]}` : `${v[0]}.${v[1]}.${v[2]}`;
}

function fmtMax(v: Version): string {
  return v[2] === ALL ? `${v[0]}.${v[1]}` : `${v[0]}.${v[1]}.${v[2]}`;
}

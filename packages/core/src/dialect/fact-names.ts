// The facts' counters: their names, written once (the enum), and the Facts that holds them.

/**
 * The counters a {@link Facts} keeps, in the order of {@link Facts.counts}: what a reading of
 * the bytes showed beyond the value (header bits, 64-bit numbers that 32 bits hold, padding,
 * odd floats, value shapes, typed containers, 2.x Image and InputEvent fields...). Written once:
 * each member's value is its counter's index (the bundler inlines `F.name`), and
 * {@link FACT_NAMES} is read from this enum.
 */
export enum F {
  values,
  containers,
  byte1,
  unknownFlags,
  boolOdd,
  int32,
  int64,
  int64Fits32,
  float32,
  float64,
  float64Exact,
  floatsChecked,
  floatDenormal,
  floatExtreme,
  floatNaNOdd,
  floatNonFinite,
  mathSingle,
  mathDouble,
  vector4Double,
  strings,
  stringPadDirty,
  stringNul,
  stringControl,
  namePadDirty,
  nodePaths,
  nodePathProperty,
  nodePathBadFlags,
  nodePathPadDirty,
  byteArrays,
  bytePadDirty,
  bytePadMissing,
  pstrElements,
  pstrNul,
  pstrNoNul,
  pstrNulInside,
  pstrPadDirty,
  packedVector4,
  sharedSet,
  sharedClear,
  typedArrays,
  typedDictionaries,
  typedBuiltinNil,
  typedScriptOdd,
  objectsFull,
  objectsId,
  objectIdZero,
  objectEmptyClass,
  objectClassOdd,
  objectsBare,
  scriptPath,
  scriptObject,
  rids,
  callables,
  signals,
  colorInRange,
  colorOdd,
  planeUnit,
  planeZero,
  aabbSized,
  aabbNegative,
  xformRotation,
  xformOrthogonal,
  xformDegenerate,
  images,
  imageSizeOk,
  imageSizeOdd,
  inputEvents,
  inputEventLengthOk,
  inputEventLengthOdd,
  inputEventJoy20,
  inputEventTypeOdd,
}

/** The name of one counter of {@link Facts}. */
export type FactName = keyof typeof F;

/** The counters' names, index by index (`FACT_NAMES[i]` names `facts.counts[i]`). */
export const FACT_NAMES: readonly FactName[] = /* @__PURE__ */ (() => {
  const names: FactName[] = [];
  for (let i = 0; F[i] !== undefined; i++) names.push(F[i] as FactName);
  return Object.freeze(names);
})();

/**
 * What a reading of the bytes showed beyond the value: counters a scorer (auto-detect) weighs,
 * filled by a {@link FactsObserver} while the dialect's reader reads. `counts[i]` is the counter
 * named `FACT_NAMES[i]` (or `facts.get(name)`). `at` keeps the first
 * offset of a fact noted with {@link Facts.note}.
 */

// A fresh Facts copies this (a small array of zeros: cheaper to make than a typed array).
const ZEROS: readonly number[] = /* @__PURE__ */ FACT_NAMES.map(() => 0);

export class Facts {
  readonly counts: number[] = ZEROS.slice();
  /** First offset of a fact, by counter name. */
  readonly at: Partial<Record<FactName, number>> = {};

  /**
   * Counts fact `i` (an index into {@link FACT_NAMES}) and remembers the offset of its first
   * note (the one that finds its counter at 0; facts noted are never counted otherwise).
   */
  note(i: number, offset: number): void {
    if (this.counts[i]!++ === 0) this.at[FACT_NAMES[i]!] = offset;
  }

  /** The counter named `name`. */
  get(name: FactName): number {
    return this.counts[FACT_NAMES.indexOf(name)]!;
  }

  /** Adds another reading's counts (records of one file). */
  add(o: Facts): void {
    for (let i = 0; i < this.counts.length; i++) this.counts[i]! += o.counts[i]!;
    for (const [k, v] of Object.entries(o.at) as [FactName, number][])
      if (this.at[k] === undefined) this.at[k] = v;
  }
}

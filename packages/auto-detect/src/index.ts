/**
 * `@gdvariant/auto-detect`: which Godot engine wrote an unknown Variant dump (2.x, 3.x or 4.x),
 * how it is framed, which versions and precision it implies, with the evidence and the value.
 * This entry brings the three dialects; `@gdvariant/auto-detect/detector` is the core that works
 * with any dialect objects.
 * @packageDocumentation
 */
import { type Dialect, GdVariantError, type ToJSOptions, type Value } from "@gdvariant/core";
import { godot3Dialect } from "@gdvariant/godot-3";
import { godot4Dialect } from "@gdvariant/godot-4";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { createDetector, type DecodeAnyOptions, type DetectOptions, type Detector } from "./detector.js";
import type { DetectResult, KnownDialectId } from "./types.js";

export {
  createDetector,
  type DecodeAnyOptions,
  type DetectOptions,
  type Detector,
  type DetectorOptions,
  type FramingKind,
  type Generation,
  generationOf,
} from "./detector.js";
export type * from "./types.js";

/**
 * The dialect objects `detect` chooses from, by id. Decoding with any of them reads every form of
 * its generation: 4.x typed containers and double builds, 3.0.x 64-bit ints, and 2.x data with
 * the 64-bit numbers a back-ported 2.1 fork writes (the evidence marks that as unofficial).
 */
export function defaultDialects(): Readonly<Record<KnownDialectId, Dialect>> {
  return {
    "godot-4": godot4Dialect(),
    "godot-3": godot3Dialect(),
    "legacy-2": legacy2Dialect({ flag64: "accept" }),
  };
}

/** Options of {@link detect}: {@link DetectOptions} plus the dialects to choose from. */
export interface DetectAnyOptions extends DetectOptions {
  /**
   * The dialects to choose from: ids of the three bundled ones or dialect objects.
   * Default: all three (`["godot-4", "godot-3", "legacy-2"]`).
   */
  dialects?: readonly (KnownDialectId | Dialect)[];
}

// One detector per list of dialect ids, built on first use (a detector holds derived tables only);
// a list with dialect objects gets a detector of its own.
const detectors = new Map<string, Detector>();
let defaults: Readonly<Record<KnownDialectId, Dialect>> | undefined;

let standard: Detector | undefined; // the detector of calls that name no dialects (most calls)

function detectorFor(choice: readonly (KnownDialectId | Dialect)[] | undefined): Detector {
  if (choice === undefined) {
    standard ??= detectorFor(["godot-4", "godot-3", "legacy-2"]);
    return standard;
  }
  // Keyed by the distinct ids in order: at most 15 lists of the three ids, so the cache is bounded
  // whatever callers pass (a repeated id reads the same as one).
  const ids = choice.every((d) => typeof d === "string") ? [...new Set(choice)] : undefined;
  const key = ids?.join("|");
  let d = key === undefined ? undefined : detectors.get(key);
  if (d === undefined) {
    defaults ??= defaultDialects();
    d = createDetector({ dialects: (ids ?? choice).map((x) => (typeof x === "string" ? pick(x) : x)) });
    if (key !== undefined) detectors.set(key, d);
  }
  return d;
}

function pick(id: KnownDialectId): Dialect {
  const d = defaults![id];
  if (d !== undefined) return d;
  throw new GdVariantError(
    `unknown dialect id ${JSON.stringify(id)} (expected godot-4, godot-3 or legacy-2)`,
  );
}

/**
 * Which engine wrote `input`, with evidence: every reading that fits (best first) with its
 * dialect, engine-version range, framing, precision, confidence, evidence and value; whether the
 * bytes are ambiguous; what the input is when it is not a Variant dump; and, when nothing fits,
 * the reading that came closest and where it failed.
 *
 * @param input bytes (`Uint8Array`, `ArrayBuffer`, any view) or text (base64 from
 *   `Marshalls.variant_to_base64`, a text resource, JSON)
 * @param options `dialects` (default all three), `framings` (default all), `allowObjects`
 *   (default false), `maxDepth` (1024), `maxCollectionLength` (2^24), `maxTotalBytes` (1 GiB)
 * @throws {DecodeError} `invalid-data` when `input` is neither bytes nor a string,
 *   `limit-exceeded` past `maxTotalBytes`.
 * @throws {GdVariantError} for an unknown dialect id or an empty `dialects` list.
 */
export function detect(input: unknown, options: DetectAnyOptions = {}): DetectResult {
  options ??= {}; // null from an untyped caller is no options
  return detectorFor(options.dialects).detect(input, options);
}

/**
 * The value in `input`, whatever engine wrote it: the best reading's value. A `store_var` file
 * of several records is refused with a message naming {@link decodeAnyRecords}.
 * @param options as {@link detect}, plus `ambiguous` (default `"throw"`: refuse to guess when
 *   dialects read different values equally well; `"best"` takes the best-scoring one)
 * @throws {DecodeError} when nothing fits (the closest reading's code and offset), for another
 *   kind of file (`invalid-data`), for full objects without `allowObjects`
 *   (`objects-not-allowed`), or for an ambiguous dump unless `ambiguous: "best"`.
 */
export function decodeAny(input: unknown, options: DecodeAnyOptions & DetectAnyOptions = {}): Value {
  options ??= {}; // null from an untyped caller is no options
  return detectorFor(options.dialects).decodeAny(input, options);
}

/**
 * Every record's value in `input`, whatever engine wrote it: all the records of a `store_var`
 * file or `StreamPeer` stream in order, or the one value of a raw dump.
 * @param options as {@link decodeAny}
 * @throws {DecodeError} as {@link decodeAny}, except for several records.
 */
export function decodeAnyRecords(
  input: unknown,
  options: DecodeAnyOptions & DetectAnyOptions = {},
): readonly Value[] {
  options ??= {}; // null from an untyped caller is no options
  return detectorFor(options.dialects).decodeAnyRecords(input, options);
}

/**
 * The value in `input` as plain JavaScript, whatever engine wrote it: exactly
 * `toJS(decodeAny(input, options), options)`, errors included, made in the winning reading's one
 * pass (no model in between): numbers, strings, `{ x, y }`, arrays, objects or `Map`s
 * (`dictionaries: "map"` makes every dictionary a Map), typed arrays for packed arrays.
 * @param options as {@link decodeAny}, plus `dictionaries` (default `"auto"`)
 * @throws {DecodeError} as {@link decodeAny}.
 */
export function decodeAnyJS(
  input: unknown,
  options: DecodeAnyOptions & DetectAnyOptions & ToJSOptions = {},
): unknown {
  options ??= {}; // null from an untyped caller is no options
  return detectorFor(options.dialects).decodeAnyJS(input, options);
}

/**
 * Every record's value in `input` as plain JavaScript: {@link decodeAnyRecords} as
 * {@link decodeAnyJS} reads a value.
 * @param options as {@link decodeAnyJS}
 * @throws {DecodeError} as {@link decodeAnyRecords}.
 */
export function decodeAnyRecordsJS(
  input: unknown,
  options: DecodeAnyOptions & DetectAnyOptions & ToJSOptions = {},
): readonly unknown[] {
  options ??= {}; // null from an untyped caller is no options
  return detectorFor(options.dialects).decodeAnyRecordsJS(input, options);
}

/**
 * `@gdvariant/auto-detect/detector`: the detector core, with no dialect bundled. Pass it the
 * dialects it may choose from (any objects of core's `Dialect` contract).
 * @packageDocumentation
 */
import {
  type Builder,
  base64Decode,
  DecodeError,
  type DecodeErrorCode,
  type Dialect,
  fileKindOf,
  fileKindOfText,
  GdVariantError,
  jsBuilder,
  MODEL,
  type ToJSOptions,
  type Value,
} from "@gdvariant/core";
import { Analysis, type Fit, OBJECTS_FULL, rankOf } from "./analysis.js";
import { confidences, LEADING } from "./calibration.js";
import { type Layout, layoutOf } from "./generation.js";
import { asText, BASE64_TEXT, toBytes } from "./input.js";
import {
  type DecodeAnyOptions,
  type DetectOptions,
  type DetectorOptions,
  type Resolved,
  resolve,
  resolved,
} from "./options.js";
import { sameValues } from "./same-value.js";
import {
  candidateOf,
  fileResult,
  framingShort,
  nearMiss,
  noReading,
  OBJECTS_NOT_ALLOWED,
  summarize,
} from "./summary.js";
import type { DetectResult, Framing } from "./types.js";

export { CALIBRATION, calibrated, leadOf } from "./calibration.js";
export { type Generation, generationOf } from "./generation.js";
export type { DecodeAnyOptions, DetectOptions, DetectorOptions, FramingKind } from "./options.js";
export type * from "./types.js";

/** A detector bound to a set of dialects. */
export interface Detector {
  readonly dialects: readonly Dialect[];
  /**
   * Which of the dialects wrote `input`, with evidence. Never throws for bytes that are not a
   * dump: the result says what they are, or which reading came closest and where it failed.
   * @param input bytes (`Uint8Array`, `ArrayBuffer`, any view) or text (base64, a text resource, JSON)
   * @throws {DecodeError} `invalid-data` when `input` is neither bytes nor a string;
   *   `limit-exceeded` when it is over `maxTotalBytes`.
   */
  detect(input: unknown, options?: DetectOptions): DetectResult;
  /**
   * The value in `input`, whatever engine wrote it: a raw dump, or a `store_var` file of one
   * record (several records: {@link Detector.decodeAnyRecords}).
   * @throws {DecodeError} when no dialect reads the input (code and offset of the closest
   *   reading's failure, or `invalid-data` for another kind of file), when the dump holds full
   *   objects without `allowObjects` (`objects-not-allowed`), unless `ambiguous: "best"` when
   *   readings fit equally well with different values (`invalid-data`), or when the input holds
   *   several records (`invalid-data`, naming decodeAnyRecords).
   */
  decodeAny(input: unknown, options?: DecodeAnyOptions): Value;
  /**
   * Every record's value in `input`, whatever engine wrote it: one value for a raw dump, every
   * record of a `store_var` file or `StreamPeer` stream, in order.
   * @throws {DecodeError} as {@link Detector.decodeAny}, except for several records.
   */
  decodeAnyRecords(input: unknown, options?: DecodeAnyOptions): readonly Value[];
  /**
   * {@link Detector.decodeAny} as plain JavaScript made by the winning reading: exactly
   * `toJS(decodeAny(input, options), options)`, errors included.
   */
  decodeAnyJS(input: unknown, options?: DecodeAnyOptions & ToJSOptions): unknown;
  /** {@link Detector.decodeAnyRecords} as plain JavaScript, each record as decodeAnyJS reads one. */
  decodeAnyRecordsJS(input: unknown, options?: DecodeAnyOptions & ToJSOptions): readonly unknown[];
}

/** Best reading first; equal scores by the later generation. */
function byScore(x: { score: number; layout: Layout }, y: { score: number; layout: Layout }): number {
  return y.score - x.score || rankOf(y.layout) - rankOf(x.layout);
}

const NOT_WRAPPED = (f: Framing): Framing => f;
const BASE64_WRAPPED = (f: Framing): Framing => ({ kind: "base64", inner: f });

/** The input, ready to analyse (`bytes` with the options and framing wrapper), or already answered. */
type Prepared =
  | { readonly done: DetectResult }
  | { readonly bytes: Uint8Array; readonly o: Resolved; readonly wrap: (f: Framing) => Framing };

/**
 * A detector that chooses among `options.dialects`. The dialects' packages are not needed by
 * this module; `@gdvariant/auto-detect` has a ready one with all three.
 * @throws {GdVariantError} when no dialect is given.
 */
export function createDetector(options: DetectorOptions): Detector {
  const dialects = [...options.dialects];
  if (dialects.length === 0) throw new GdVariantError("createDetector needs at least one dialect");
  const layouts = dialects.map(layoutOf);

  function analyse(bytes: Uint8Array, o: Resolved, wrap: (f: Framing) => Framing): DetectResult {
    const a = new Analysis(bytes, layouts, o, wrap);
    a.run();
    const kept = a.fits.sort(byScore);
    const p = confidences(kept);
    const candidates = kept.map((f, i) => candidateOf(f, Math.round(p[i]! * 1e4) / 1e4, o));
    const top = kept[0];
    const leading = top === undefined ? 0 : kept.filter((f) => f.score >= top.score - LEADING).length;
    let ambiguity: DetectResult["ambiguity"];
    let ambiguousIn: DetectResult["ambiguousIn"];
    if (leading >= 2) {
      // The framing is ambiguous when the leading readings frame the bytes differently; the
      // dialect, when readings of one framing differ in value (or when only dialects differ).
      const byFraming = new Map<string, Fit[]>();
      for (const f of kept.slice(0, leading)) {
        const key = framingShort(f.framing);
        byFraming.set(key, [...(byFraming.get(key) ?? []), f]);
      }
      const dialects =
        byFraming.size === 1 ||
        [...byFraming.values()].some((g) =>
          g.some((f) => !sameValues(g[0]!.values as Value[], f.values as Value[])),
        );
      ambiguousIn = byFraming.size === 1 ? ["dialect"] : dialects ? ["dialect", "framing"] : ["framing"];
      const first = candidates[0]!.values;
      const same =
        first !== undefined &&
        candidates.slice(1, leading).every((c) => c.values !== undefined && sameValues(first, c.values));
      ambiguity = same ? "same-value" : "different-values";
    }
    const closest = candidates.length === 0 ? nearMiss(a.misses, bytes.length) : undefined;
    const summary = summarize(candidates, ambiguity, ambiguousIn, leading, closest, a.misses, bytes.length);
    const result = { candidates, best: candidates[0], ambiguous: ambiguity !== undefined, leading, summary };
    const ambiguous = ambiguity !== undefined && { ambiguity, ambiguousIn: ambiguousIn! };
    return { ...result, ...ambiguous, ...(closest && { closest }) };
  }

  /**
   * decodeAny's path: the readings detect ranks, scored alike but without evidence texts or
   * misses, their values made by `builder`. The best reading's values, or undefined when the
   * answer is not a plain value (nothing fits, objects without allowObjects, leading readings
   * that disagree) or, for a builder other than the model, when several readings lead (whether
   * they read the same value is a question about model values).
   */
  function quickValue(
    bytes: Uint8Array,
    o: Resolved,
    wrap: (f: Framing) => Framing,
    ambiguous: DecodeAnyOptions["ambiguous"],
    builder: Builder,
  ): readonly unknown[] | undefined {
    const a = new Analysis(bytes, layouts, o, wrap, false, builder);
    a.run();
    const fits = a.fits.length > 1 ? a.fits.sort(byScore) : a.fits;
    const top = fits[0];
    if (top === undefined || (top.facts.counts[OBJECTS_FULL]! > 0 && !o.allowObjects)) return undefined;
    if (ambiguous !== "best") {
      for (let i = 1; i < fits.length && fits[i]!.score >= top.score - LEADING; i++)
        if (builder !== MODEL || !sameValues(top.values as Value[], fits[i]!.values as Value[]))
          return undefined;
    }
    return top.values;
  }

  function prepareText(text: string, o: Resolved): Prepared | undefined {
    const file = fileKindOfText(text);
    if (file !== undefined) return { done: fileResult(file) };
    if (o.framings.has("base64") && BASE64_TEXT.test(text) && text.replace(/\s/g, "").length >= 8) {
      const bytes = base64Decode(text);
      if (bytes !== undefined && bytes.length >= 4) {
        const framings = [...o.framings].filter((f) => f !== "base64");
        return { bytes, o: resolved({ ...o, framings }), wrap: BASE64_WRAPPED };
      }
    }
    return undefined;
  }

  function prepare(input: unknown, o: Resolved): Prepared {
    if (typeof input === "string") {
      const r = prepareText(input, o);
      if (r !== undefined) return r;
      return {
        done: noReading(
          "Text that is neither base64 nor a Godot text file or JSON; a Variant dump is binary.",
        ),
      };
    }
    const bytes = toBytes(input);
    if (bytes === undefined) {
      throw new DecodeError("input is not a Uint8Array, ArrayBuffer, ArrayBufferView or string", {
        code: "invalid-data",
        offset: 0,
      });
    }
    if (bytes.length > o.maxTotalBytes) {
      throw new DecodeError(`input of ${bytes.length} bytes is over maxTotalBytes ${o.maxTotalBytes}`, {
        code: "limit-exceeded",
        offset: 0,
      });
    }
    if (bytes.length === 0)
      return { done: fileResult({ kind: "empty", description: "empty input (0 bytes)", details: {} }) };
    const file = fileKindOf(bytes);
    if (file !== undefined) return { done: fileResult(file) };
    const text = asText(bytes);
    if (text !== undefined) {
      const r = prepareText(text, o);
      if (r !== undefined) return r;
    }
    return { bytes, o, wrap: NOT_WRAPPED };
  }

  function detect(input: unknown, options: DetectOptions = {}): DetectResult {
    options ??= {}; // null from an untyped caller is no options
    const p = prepare(input, resolve(options));
    return "done" in p ? p.done : analyse(p.bytes, p.o, p.wrap);
  }

  // Every record's value in `input` (decodeAny and decodeAnyRecords), made by `builder`.
  function records(input: unknown, options: DecodeAnyOptions, builder: Builder): readonly unknown[] {
    const p = prepare(input, resolve(options));
    if (!("done" in p)) {
      const v = quickValue(p.bytes, p.o, p.wrap, options.ambiguous, builder);
      if (v !== undefined) return v;
    }
    // Not a plain answer: detect's result says why.
    const r = "done" in p ? p.done : analyse(p.bytes, p.o, p.wrap);
    const best = r.best;
    const fail = (detail: string, code: DecodeErrorCode = "invalid-data", offset = 0, dialect?: string) =>
      new DecodeError(detail, { code, offset, dialect });
    if (best === undefined) {
      if (r.file !== undefined) throw fail(`not a Variant dump: ${r.file.description}`);
      throw fail(r.summary, r.closest?.code, r.closest?.offset, r.closest?.dialect);
    }
    if (r.ambiguity === "different-values" && options.ambiguous !== "best") {
      const how = r.ambiguousIn?.includes("framing") ? "framings or dialects" : "dialects";
      throw fail(`${r.summary} Pass ${how} to choose, or ambiguous: "best".`);
    }
    if (best.values === undefined) {
      const objects = best.valueError === OBJECTS_NOT_ALLOWED;
      throw fail(
        best.valueError ?? "the value could not be decoded",
        objects ? "objects-not-allowed" : undefined,
        0,
        best.dialect,
      );
    }
    return builder === MODEL ? best.values : best.values.map((v) => builder.value(v));
  }

  function one(values: readonly unknown[], call: string, recordsCall: string): unknown {
    if (values.length === 1) return values[0];
    const detail = `these bytes hold ${values.length} length-prefixed records (a store_var file or a stream), and ${call} returns one value: call ${recordsCall} to read every record`;
    throw new DecodeError(detail, { code: "invalid-data", offset: 0 });
  }

  return {
    dialects,
    detect,
    // (Null options from an untyped caller are no options.)
    decodeAny: (input, options) =>
      one(records(input, options ?? {}, MODEL), "decodeAny", "decodeAnyRecords") as Value,
    decodeAnyRecords: (input, options) => records(input, options ?? {}, MODEL) as readonly Value[],
    decodeAnyJS: (input, options) =>
      one(records(input, options ?? {}, jsBuilder(options ?? {})), "decodeAnyJS", "decodeAnyRecordsJS"),
    decodeAnyRecordsJS: (input, options) => records(input, options ?? {}, jsBuilder(options ?? {})),
  };
}

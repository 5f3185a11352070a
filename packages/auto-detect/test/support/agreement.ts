// What decodeAny must answer for an input, read off detect's result (its documented contract),
// and the inputs where decodeAny answers something else.

import { type DetectAnyOptions, decodeAny, decodeAnyJS, detect } from "@gdvariant/auto-detect";
import {
  DecodeError,
  type DecodeErrorCode,
  equals,
  type ToJSOptions,
  toJS,
  type Value,
} from "@gdvariant/core";
import { diffJS } from "@gdvariant/test-support/same-js";

export type Options = DetectAnyOptions & { ambiguous?: "throw" | "best" };
type Outcome = { value: Value } | { code: DecodeErrorCode; offset: number; message: string };

/** What decodeAny must answer, read off detect's result (its documented contract). */
export function expected(input: unknown, options: Options): Outcome {
  const r = detect(input, options);
  const best = r.best;
  if (best === undefined) {
    if (r.file !== undefined)
      return { code: "invalid-data", offset: 0, message: `not a Variant dump: ${r.file.description}` };
    return { code: r.closest?.code ?? "invalid-data", offset: r.closest?.offset ?? 0, message: r.summary };
  }
  if (r.ambiguity === "different-values" && options.ambiguous !== "best") {
    const how = r.ambiguousIn?.includes("framing") ? "framings or dialects" : "dialects";
    return {
      code: "invalid-data",
      offset: 0,
      message: `${r.summary} Pass ${how} to choose, or ambiguous: "best".`,
    };
  }
  if (best.values === undefined) {
    const code = best.valueError?.includes("objects-not-allowed") ? "objects-not-allowed" : "invalid-data";
    return { code, offset: 0, message: best.valueError ?? "the value could not be decoded" };
  }
  if (best.values.length !== 1) {
    return {
      code: "invalid-data",
      offset: 0,
      message: `these bytes hold ${best.values.length} length-prefixed records (a store_var file or a stream), and decodeAny returns one value: call decodeAnyRecords to read every record`,
    };
  }
  return { value: best.value! };
}

export function actual(input: unknown, options: Options): Outcome {
  try {
    return { value: decodeAny(input, options) };
  } catch (e) {
    if (!DecodeError.is(e)) throw e;
    return { code: e.code, offset: e.offset, message: e.detail };
  }
}

/** Labels of the inputs where decodeAny and detect disagree, with both answers. */
export function disagreements(cases: { label: string; input: unknown }[], options: Options): string[] {
  const out: string[] = [];
  for (const c of cases) {
    const want = expected(c.input, options);
    const got = actual(c.input, options);
    const same =
      "value" in want
        ? "value" in got && equals(got.value, want.value)
        : !("value" in got) &&
          got.code === want.code &&
          got.offset === want.offset &&
          got.message === want.message;
    if (!same) out.push(`${c.label}: decodeAny ${JSON.stringify(got)} vs detect ${JSON.stringify(want)}`);
  }
  return out;
}

/**
 * Labels of the inputs where decodeAnyJS is not exactly `toJS(decodeAny(input))`: the same plain
 * value (strict: key and entry order, Object.is numbers, prototypes), or the same error (code,
 * offset, message, which names decodeAnyJS and decodeAnyRecordsJS where decodeAny names itself
 * and decodeAnyRecords).
 */
export function jsDisagreements(
  cases: { label: string; input: unknown }[],
  options: Options & ToJSOptions,
): string[] {
  const out: string[] = [];
  for (const c of cases) {
    const want = actual(c.input, options);
    let got: { value: unknown } | { code: DecodeErrorCode; offset: number; message: string };
    try {
      got = { value: decodeAnyJS(c.input, options) };
    } catch (e) {
      if (!DecodeError.is(e)) throw e;
      got = { code: e.code, offset: e.offset, message: e.detail };
    }
    let diff: string | undefined;
    if ("value" in want) diff = "value" in got ? diffJS(got.value, toJS(want.value, options)) : "an error";
    else if ("value" in got) diff = "a value";
    else if (
      got.code !== want.code ||
      got.offset !== want.offset ||
      got.message !== want.message.replace(/decodeAny(Records)?/g, (name) => `${name}JS`)
    )
      diff = `${got.code}@${got.offset} ${got.message}`;
    if (diff !== undefined) out.push(`${c.label}: ${diff}`);
  }
  return out;
}

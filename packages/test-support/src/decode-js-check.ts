import { diffJS } from "./same-js.js";

/** One input for {@link checkDecodeJS}. */
export interface DecodeJSCase {
  readonly label: string;
  readonly bytes: Uint8Array;
  readonly options?: Record<string, unknown>;
}

/** A result or the error's code, offset and message (which carries the path). */
export function outcome(f: () => unknown): unknown {
  try {
    return { value: f() };
  } catch (e) {
    const err = e as { code?: unknown; offset?: unknown; message?: unknown; name?: unknown };
    if (typeof err.code !== "string") throw e;
    return { name: err.name, code: err.code, offset: err.offset, message: err.message };
  }
}

/**
 * Compares one-pass `decodeJS` with `toJS(decode(...))` on every case, in both dictionary modes,
 * and on cuts of each case every `step` bytes (the errors must be the same: code, offset,
 * message with path). Returns the first difference, and how many cuts failed (to show the
 * error side was exercised).
 */
export function checkDecodeJS(
  cases: readonly DecodeJSCase[],
  decodeJS: (bytes: Uint8Array, options: Record<string, unknown>) => unknown,
  viaModel: (bytes: Uint8Array, options: Record<string, unknown>) => unknown,
  step = 3,
): { difference: string | undefined; values: number; errors: number } {
  let values = 0;
  let errors = 0;
  for (const c of cases) {
    for (const dictionaries of ["auto", "map"]) {
      const o = { ...c.options, dictionaries };
      const d = diffJS(
        outcome(() => decodeJS(c.bytes, o)),
        outcome(() => viaModel(c.bytes, o)),
      );
      if (d !== undefined) return { difference: `${c.label} (${dictionaries}): ${d}`, values, errors };
      values++;
    }
    for (let n = 0; n < c.bytes.length; n += step) {
      const cut = c.bytes.subarray(0, n);
      const a = outcome(() => decodeJS(cut, c.options ?? {}));
      const b = outcome(() => viaModel(cut, c.options ?? {}));
      if (!("value" in (b as object))) errors++;
      const d = diffJS(a, b);
      if (d !== undefined) return { difference: `${c.label} cut at ${n}: ${d}`, values, errors };
    }
  }
  return { difference: undefined, values, errors };
}

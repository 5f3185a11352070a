// What bench/results.json keeps of a run: every row's summary (median ms per op, sample count,
// minimum, maximum; MB/s is the workload's bytes over the median), the ratios and the targets, with numbers to 4 significant
// digits (run-to-run noise is far larger), and not the per-sample times the paired ratios are
// computed from (they are a quarter of a megabyte for one run and no table reads them). Laid out
// one row per line, so that a new run's diff reads row by row.

const DIGITS = 4;
const isObject = (v) => v !== null && typeof v === "object";

/** `x` to 4 significant digits; integers (bytes, batch, samples) as they are. */
function round(x) {
  return Number.isInteger(x) || !Number.isFinite(x) ? x : Number(x.toPrecision(DIGITS));
}

function compact(v) {
  if (Array.isArray(v)) return v.map(compact);
  if (isObject(v)) {
    const out = {};
    // A timed row keeps its figures; its note (a fixed description of the subject, said in the
    // README), batch size and process count (in meta) are dropped. Failing rows keep the note:
    // it says why.
    const timedRow = v.status === "ok";
    for (const [k, x] of Object.entries(v)) {
      if (k === "perSampleMs" || k === "ratiosOfMedians") continue;
      if (timedRow && (k === "note" || k === "batch" || k === "processes" || k === "mbps")) continue;
      out[k] = compact(x);
    }
    return out;
  }
  return typeof v === "number" ? round(v) : v;
}

/**
 * A copy of a bench run's results without the per-sample times (`perSampleMs` on every row),
 * numbers rounded to 4 significant digits; `results` itself is left as it is.
 */
export function compactResults(results) {
  return compact(results);
}

// An object or array whose members are all plain values goes on one line.
function layout(v, indent) {
  if (!isObject(v) || Object.values(v).every((x) => !isObject(x))) return JSON.stringify(v);
  const inner = `${indent}  `;
  const parts = Array.isArray(v)
    ? v.map((x) => inner + layout(x, inner))
    : Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${layout(x, inner)}`);
  const [open, close] = Array.isArray(v) ? ["[", "]"] : ["{", "}"];
  return `${open}\n${parts.join(",\n")}\n${indent}${close}`;
}

/** The text of bench/results.json for a run's results: {@link compactResults}, one row per line. */
export function resultsJson(results) {
  return `${layout(compactResults(results), "")}\n`;
}

// The readings: every dialect's reader over every framing, scored (fits) or failed (misses).
import {
  type Builder,
  DecodeError,
  type DecodeErrorCode,
  FACT_NAMES,
  Facts,
  FactsObserver,
  MODEL,
  probeWith,
  type RecordChain,
  readRecordsWith,
  readWith,
  typeIdAt,
} from "@gdvariant/core";
import { assess, assessScore, PRIOR } from "./assess.js";
import type { Generation, Layout } from "./generation.js";
import type { Resolved } from "./options.js";
import { followChain } from "./records.js";
import type { Evidence, Framing, Precision, VersionRange } from "./types.js";

export const EXACT = 3;
const RECORD_TRAILING = -3;

/** Weight of records holding bytes after their Variant (length-prefixed readings). */
function trailingWeight(trailing: number): number {
  return Math.max(RECORD_TRAILING * trailing, 3 * RECORD_TRAILING);
}

/** More structure checked and passed is more evidence: ln(1 + values), at most 4. */
function structureWeight(values: number): number {
  return Math.min(4, Math.log(1 + values));
}

/** The score of a reading that reads to the end: prior, the facts' weights, trailing records, the exact fit, the structure. */
function fitScore(gen: Generation, facts: number, trailing: number, values: number): number {
  let score = PRIOR[gen] + facts;
  if (trailing > 0) score += trailingWeight(trailing);
  score += EXACT;
  score += structureWeight(values);
  return score;
}

/** Where and why a reading failed. */
export interface Failure {
  readonly offset: number;
  readonly code: DecodeErrorCode;
  readonly message: string;
  /** Bytes a truncated reading wanted beyond the input, when the reader said. */
  readonly missing?: number;
  /** The message names the offset itself. */
  readonly placed?: true;
}

/** A hypothesis that reads to the end, with the values its reader built. */
export interface Fit {
  readonly layout: Layout;
  readonly framing: Framing;
  /** Records read (1 for a raw value). */
  readonly records: number;
  /** Records holding bytes after their Variant, and where the first one's Variant ends. */
  readonly trailing: number;
  readonly firstTrailing: number;
  readonly facts: Facts;
  /** What the reading's builder made: model values, or plain JS for decodeAnyJS. */
  readonly values: readonly unknown[];
  readonly score: number;
  readonly evidence: Evidence[];
  readonly versions: VersionRange;
  readonly precision: Precision;
}

/** A hypothesis that failed. */
export interface Miss {
  readonly layout: Layout;
  readonly framing: Framing;
  readonly failure: Failure;
  /** End of the bytes this reading had (the input, or its record). */
  readonly end: number;
  /** Records before the failure left bytes after their Variant from here on: the reading is only good up to this offset. */
  readonly cleanUntil?: number;
}

function failureOf(e: DecodeError): Failure {
  const p = e.pathString;
  // Paths of deep failures are long: keep both ends.
  const path = p.length > 100 ? `${p.slice(0, 48)}…${p.slice(-48)} (depth ${e.path.length})` : p;
  const message = p === "" ? e.detail : `${e.detail} at ${path}`;
  return e.code !== "truncated" || e.missing === undefined
    ? { offset: e.offset, code: e.code, message }
    : { offset: e.offset, code: e.code, message, missing: e.missing };
}

// A probed reading's failure: where and why is not asked.
const PROBE_FAILURE = { failure: { offset: 0, code: "invalid-data", message: "" } } as const;

type Read =
  | { readonly value: unknown; readonly end: number; readonly facts: Facts }
  | { readonly failure: Failure };

/**
 * One Variant at `start`, read by the layout's dialect reader up to `end`, its facts counted
 * into `facts`. A first header the dialect has no type for is refused without running the reader.
 */
function readOne(
  layout: Layout,
  bytes: Uint8Array,
  start: number,
  end: number,
  into: Facts | undefined,
  o: Resolved,
  builder: Builder,
  /** Only whether it fails matters, not where and why (decodeAny): probeWith, no error made. */
  probe: boolean,
): Read {
  const d = layout.dialect;
  const id = typeIdAt(d, bytes, start);
  if (id !== undefined && end - start >= 4 && d.codecs[id] === undefined)
    return {
      failure: { offset: start, code: "unknown-type", message: `type id ${id} is not a ${d.name} type` },
    };
  const facts = into ?? new Facts();
  const args = [
    d,
    end === bytes.length ? bytes : bytes.subarray(0, end),
    start === 0 ? o.read : { ...o.read, offset: start },
    builder,
    new FactsObserver(d, bytes, facts),
  ] as const;
  // One reading either way: probed when only whether it fails matters (no error made), else read
  // for the error's where and why. The global Error.stackTraceLimit is left alone: a user's own
  // error handling could observe it.
  try {
    const r = probe ? probeWith(...args) : readWith(...args);
    return r === undefined ? PROBE_FAILURE : { value: r.value, end: start + r.length, facts };
  } catch (e) {
    if (DecodeError.is(e)) return { failure: failureOf(e) };
    throw e;
  }
}

export const rankOf = (l: Layout): number => PRIOR[l.generation];

const RAW: Framing = { kind: "raw" };
const VALUES = FACT_NAMES.indexOf("values");
export const OBJECTS_FULL = FACT_NAMES.indexOf("objectsFull");
const NO_RANGE: VersionRange = { min: "0", text: "" };

export class Analysis {
  readonly fits: Fit[] = [];
  readonly misses: Miss[] = [];
  /** The values of each chain's first reading to reach its end. */
  private readonly chainValues = new Map<RecordChain, unknown[]>();

  constructor(
    readonly bytes: Uint8Array,
    readonly layouts: readonly Layout[],
    readonly o: Resolved,
    readonly wrap: (f: Framing) => Framing,
    /** false: decodeAny's ranking only, without evidence texts, versions or misses. */
    readonly texts = true,
    /** What makes the values: the model, or the plain-JS builder (decodeAnyJS). */
    readonly builder: Builder = MODEL,
  ) {}

  run(): void {
    const b = this.bytes;
    const n = b.length;
    if (this.o.raw) {
      for (const layout of this.layouts) {
        const framing = this.wrap(RAW);
        const r = readOne(layout, b, 0, n, undefined, this.o, this.builder, !this.texts);
        if ("value" in r && r.end === n) this.fit(layout, framing, 1, 0, 0, r.facts, [r.value]);
        else if (!this.texts) continue;
        else if ("failure" in r) this.misses.push({ layout, framing, failure: r.failure, end: n });
        else {
          const message = `the value ends at offset ${r.end} and ${n - r.end} bytes follow`;
          const failure: Failure = { offset: r.end, code: "trailing-bytes", message, placed: true };
          this.misses.push({ layout, framing, failure, end: r.end });
        }
      }
    }
    if (this.o.lengthPrefixed) {
      const broken: [RecordChain, boolean][] = [];
      for (const bigEndian of [false, true]) {
        // A word that reads the same both ways (0x04040404) gives one chain, not two.
        if (bigEndian && n >= 4 && b[0] === b[3] && b[1] === b[2]) continue;
        const chain = followChain(b, bigEndian);
        if (chain === undefined) continue;
        // A broken chain is a miss for every dialect: its records are only read to say where
        // the closest reading failed, when nothing fits.
        if (chain.stop !== undefined) broken.push([chain, bigEndian]);
        else for (const layout of this.layouts) this.records(layout, chain, bigEndian);
      }
      if (this.fits.length === 0 && this.texts)
        for (const [chain, bigEndian] of broken)
          for (const layout of this.layouts) this.records(layout, chain, bigEndian);
    }
  }

  // Every record of `chain` read by one reader of the layout's dialect, their facts counted into
  // the one Facts of the file (no object per record: a file of tiny records costs its values).
  private records(layout: Layout, chain: RecordChain, bigEndian: boolean): void {
    const framing = this.wrap({ kind: "length-prefixed", records: chain.count, bigEndian });
    const d = layout.dialect;
    const bytes = this.bytes;
    const ends = chain.ends;
    const first = chain.count > 0 ? typeIdAt(d, bytes, 4) : undefined;
    if (first !== undefined && d.codecs[first] === undefined) {
      if (!this.texts) return;
      const failure: Failure = {
        offset: 4,
        code: "unknown-type",
        message: `type id ${first} is not a ${d.name} type`,
      };
      this.misses.push({ layout, framing, failure, end: ends[0]! });
      return;
    }
    const facts = new Facts();
    // Readings of one chain that read the same values (the model's one NIL, say) share one array:
    // a later reading keeps no values of its own until one differs from the first reading's. The
    // array is made at its final size (pushing would allocate about 4 times it while growing).
    const prior = this.chainValues.get(chain);
    let values: unknown[] | undefined = prior === undefined ? new Array(chain.count) : undefined;
    let trailing = 0;
    let firstTrailing = 0;
    const { read, error } = readRecordsWith(
      d,
      bytes,
      chain,
      this.o.read,
      this.builder,
      new FactsObserver(d, bytes, facts),
      (i, value, valueEnd) => {
        if (values !== undefined) values[i] = value;
        else if (!Object.is(value, prior![i])) {
          values = new Array(chain.count);
          for (let j = 0; j < i; j++) values[j] = prior![j];
          values[i] = value;
        }
        if (valueEnd !== ends[i] && trailing++ === 0) firstTrailing = valueEnd;
      },
      !this.texts,
    );
    values ??= prior!;
    if (prior === undefined && read === chain.count) this.chainValues.set(chain, values);
    const clean = trailing === 0 ? undefined : firstTrailing;
    const miss = (m: Miss) => this.misses.push(clean === undefined ? m : { ...m, cleanUntil: clean });
    if (read < chain.count) {
      if (this.texts) miss({ layout, framing, failure: failureOf(error!), end: ends[read]! });
      return;
    }
    if (chain.stop !== undefined) {
      miss({ layout, framing, failure: chain.stop, end: bytes.length });
      return;
    }
    this.fit(layout, framing, chain.count, trailing, firstTrailing, facts, values);
  }

  private fit(
    layout: Layout,
    framing: Framing,
    records: number,
    trailing: number,
    firstTrailing: number,
    facts: Facts,
    values: readonly unknown[],
  ): void {
    const count = facts.counts[VALUES]!;
    const full = this.texts ? assess(layout.generation, facts) : undefined;
    const a = full ?? assessScore(layout.generation, facts);
    const score = fitScore(layout.generation, a.score, trailing, count);
    const evidence: Evidence[] = [];
    const versions = full?.versions ?? NO_RANGE;
    const precision = full?.precision ?? "either";
    // Made whole here: a spread copy with added properties takes a slow generic path in V8 (3 µs).
    const fit: Fit = {
      layout,
      framing,
      records,
      trailing,
      firstTrailing,
      facts,
      values,
      score,
      evidence,
      versions,
      precision,
    };
    if (full === undefined) {
      if (score - a.soft > 0) this.fits.push(fit);
      return;
    }
    const n = this.bytes.length;
    const s = records === 1 ? "" : "s";
    if ((framing.kind === "base64" ? framing.inner : framing).kind === "raw")
      evidence.push({ text: `one value consumes exactly all ${n} bytes`, weight: EXACT, structural: true });
    else
      evidence.push({
        text: `${records} length word${s} chain exactly to the end of the ${n} bytes`,
        weight: EXACT,
        structural: true,
      });
    if (trailing > 0) {
      const text = `${trailing} record(s) hold bytes after their Variant (store_var and put_var write none)`;
      evidence.push({ text, weight: trailingWeight(trailing), offset: firstTrailing });
    }
    const text = `${count} value${count === 1 ? "" : "s"} with valid headers, counts, lengths and UTF-8`;
    const weight = Math.round(structureWeight(count) * 100) / 100;
    evidence.push({ text, weight, structural: true }, ...full.evidence);
    evidence.sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight));
    if (score - a.soft > 0) {
      this.fits.push(fit);
      return;
    }
    // Reads to the end, but facts no engine produces outweigh everything for it: worse than "not
    // a dump at all". Reported as a near miss at the first fact against it. (Unusual values
    // alone, like denormal floats, lower the confidence but never reject: engines write
    // whatever floats a game holds.)
    const against = evidence.find((e) => e.weight < 0);
    const offset = against?.offset ?? 0;
    const message = `every value parses, but no engine writes bytes like these: ${against?.text ?? "no evidence for it"}`;
    this.misses.push({ layout, framing, failure: { offset, code: "invalid-data", message }, end: offset });
  }
}

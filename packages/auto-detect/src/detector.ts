/**
 * `@gdvariant/auto-detect/detector`: the detector core, with no dialect bundled. Pass it the
 * dialects it may choose from (any objects of core's `Dialect` contract).
 * @packageDocumentation
 */
import {
  type Builder,
  base64Decode,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  DecodeError,
  type DecodeErrorCode,
  type DecodeOptions,
  type Dialect,
  FACT_NAMES,
  Facts,
  FactsObserver,
  fileKindOf,
  fileKindOfText,
  GdVariantError,
  jsBuilder,
  MODEL,
  probeWith,
  type RecordChain,
  readRecordsWith,
  readWith,
  type ToJSOptions,
  typeIdAt,
  type Value,
} from "@gdvariant/core";
import { assess, assessScore, PRIOR } from "./assess.js";
import { type Generation, type Layout, layoutOf } from "./generation.js";
import { followChain } from "./records.js";
import { sameValues } from "./same-value.js";
import type {
  Candidate,
  DetectResult,
  Evidence,
  FileInfo,
  Framing,
  NearMiss,
  Precision,
  VersionRange,
} from "./types.js";

export { type Generation, generationOf } from "./generation.js";
export type * from "./types.js";

/** Framings the detector may consider. */
export type FramingKind = "raw" | "length-prefixed" | "base64";

/** Options of {@link createDetector}. */
export interface DetectorOptions {
  /** The dialects to choose from, e.g. `[godot4Dialect(), godot3Dialect(), legacy2Dialect()]`. At least one. */
  readonly dialects: readonly Dialect[];
}

/** Options of {@link Detector.detect}. */
export interface DetectOptions {
  /**
   * Decode full objects (class name + properties) in the values, as `allowObjects` of the
   * decoders. Detection itself always looks inside them; without this option a candidate whose
   * dump holds full objects has `value: undefined` and says why in `valueError`. Default false.
   */
  allowObjects?: boolean;
  /** Framings to consider. Default: all (`["raw", "length-prefixed", "base64"]`). */
  framings?: readonly FramingKind[];
  /** Deepest nesting accepted. Default 1024, as the engine. */
  maxDepth?: number;
  /** Most elements in one collection. Default 16,777,216. */
  maxCollectionLength?: number;
  /** Largest input accepted, in bytes. Default 1 GiB. */
  maxTotalBytes?: number;
}

/** Options of {@link Detector.decodeAny}. */
export interface DecodeAnyOptions extends DetectOptions {
  /**
   * What to do when several dialects fit and read different values: `"throw"` (default) refuses
   * to guess, `"best"` takes the highest-scoring one.
   */
  ambiguous?: "throw" | "best";
}

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

// Scores are log-odds. Candidates within LEADING of the best form the leading group: the odds
// of the best against the second are at most 9 to 1, and the calibration keeps an ambiguous
// answer below 0.9 confidence (test/calibration.test.ts).
const LEADING = Math.log(9);
const EXACT = 3;
const RECORD_TRAILING = -3;

interface Resolved {
  readonly allowObjects: boolean;
  readonly framings: ReadonlySet<FramingKind>;
  /** `framings` has "raw" / "length-prefixed" (tested on every call). */
  readonly raw: boolean;
  readonly lengthPrefixed: boolean;
  readonly maxDepth: number;
  readonly maxCollectionLength: number;
  readonly maxTotalBytes: number;
  /** The readers' options for a value at offset 0, built once (objects are always read: they are facts). */
  readonly read: DecodeOptions;
}

const ALL_FRAMINGS: readonly FramingKind[] = ["raw", "length-prefixed", "base64"];
const num = (v: unknown, d: number) => (typeof v === "number" && v >= 0 ? v : d);

function resolved(o: DetectOptions): Resolved {
  const framings = new Set(o.framings ?? ALL_FRAMINGS);
  const maxDepth = num(o.maxDepth, DEFAULT_MAX_DEPTH);
  const maxCollectionLength = num(o.maxCollectionLength, DEFAULT_MAX_COLLECTION_LENGTH);
  return {
    allowObjects: o.allowObjects === true,
    framings,
    raw: framings.has("raw"),
    lengthPrefixed: framings.has("length-prefixed"),
    maxDepth,
    maxCollectionLength,
    maxTotalBytes: num(o.maxTotalBytes, DEFAULT_MAX_TOTAL_BYTES),
    read: { offset: 0, allowObjects: true, maxDepth, maxCollectionLength },
  };
}

// The options most calls pass (none): resolved once.
const DEFAULTS = resolved({});
const OPTION_NAMES = [
  "allowObjects",
  "framings",
  "maxDepth",
  "maxCollectionLength",
  "maxTotalBytes",
] as const;
const resolve = (o: DetectOptions): Resolved =>
  OPTION_NAMES.every((k) => o[k] === undefined) ? DEFAULTS : resolved(o);

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
interface Failure {
  readonly offset: number;
  readonly code: DecodeErrorCode;
  readonly message: string;
  /** Bytes a truncated reading wanted beyond the input, when the reader said. */
  readonly missing?: number;
  /** The message names the offset itself. */
  readonly placed?: true;
}

/** A hypothesis that reads to the end, with the values its reader built. */
interface Fit {
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
interface Miss {
  readonly layout: Layout;
  readonly framing: Framing;
  readonly failure: Failure;
  /** End of the bytes this reading had (the input, or its record). */
  readonly end: number;
  /** Records before the failure left bytes after their Variant from here on: the reading is only good up to this offset. */
  readonly cleanUntil?: number;
}

function toBytes(input: unknown): Uint8Array | undefined {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof SharedArrayBuffer !== "undefined" && input instanceof SharedArrayBuffer)
    return new Uint8Array(input);
  return undefined;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

// Text, not a binary dump: no NUL or other C0 control bytes (tab, CR, LF aside) at the start,
// and valid UTF-8. A Variant's header word always holds a NUL or control byte there.
function asText(b: Uint8Array): string | undefined {
  const head = Math.min(b.length, 64);
  for (let i = 0; i < head; i++) {
    const c = b[i]!;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13) return undefined;
  }
  try {
    return utf8.decode(b);
  } catch {
    return undefined;
  }
}

const BASE64_TEXT = /^[A-Za-z0-9+/\s]+={0,2}\s*$/;

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

function framingText(f: Framing): string {
  switch (f.kind) {
    case "raw":
      return "raw Variant (var_to_bytes / PacketPeer packet)";
    case "length-prefixed":
      return `${f.records} length-prefixed record${f.records === 1 ? "" : "s"}${f.bigEndian ? " (big-endian lengths)" : ""} (store_var file or StreamPeer/PacketPeerStream stream)`;
    case "base64":
      return `base64 text (Marshalls.variant_to_base64) of a ${framingText(f.inner)}`;
  }
}

function framingShort(f: Framing): string {
  return f.kind === "base64" ? `base64/${framingShort(f.inner)}` : f.kind;
}

const rankOf = (l: Layout): number => PRIOR[l.generation];

/**
 * The best reading's confidence from its lead ({@link leadOf}): two tables of [lead, confidence]
 * points, one for ambiguous answers and one for clear ones, each never falling as the lead grows,
 * linear between its points and flat beyond its ends. `scripts/calibrate.mjs` fits each on the
 * encoder corpus's answers of its kind: answers pooled by lead, adjacent pools merged until each
 * is right more often than the one below it (isotonic regression), a pool's confidence its share
 * right by the rule of succession, (right + 1) / (answers + 2). Checked on the engine corpora
 * (README, "Confidence"; test/calibration.test.ts). The other readings share the rest by their
 * scores.
 */
export const CALIBRATION: {
  /** The lead of a sole reading; a larger lead counts as this one. */
  readonly cap: number;
  readonly ambiguous: readonly (readonly [lead: number, confidence: number])[];
  readonly clear: readonly (readonly [lead: number, confidence: number])[];
} = {
  cap: 8,
  ambiguous: [
    [-1.436, 0.25],
    [-0.819, 0.2576],
    [-0.471, 0.2576],
    [-0.448, 0.5411],
    [1.029, 0.5411],
    [1.35, 0.8333],
    [1.65, 0.8333],
  ],
  clear: [
    [2.7, 0.9583],
    [7.506, 0.9583],
    [8, 0.9982],
  ],
};

/**
 * The best reading's lead (log-odds), from the readings sorted best first. When other readings
 * are within LEADING of it, the answer is ambiguous and the lead is against them all together:
 * -ln of the sum of their odds against it (k tied readings: -ln(k - 1)). Otherwise it is the
 * lead over the second reading, and a sole reading leads by {@link CALIBRATION}.cap; no lead
 * is over the cap.
 */
export function leadOf(sorted: readonly { readonly score: number }[]): { lead: number; ambiguous: boolean } {
  if (sorted.length < 2) return { lead: CALIBRATION.cap, ambiguous: false };
  const best = sorted[0]!.score;
  let rivals = 0;
  for (let i = 1; i < sorted.length && sorted[i]!.score >= best - LEADING; i++)
    rivals += Math.exp(sorted[i]!.score - best);
  return rivals === 0
    ? { lead: Math.min(CALIBRATION.cap, best - sorted[1]!.score), ambiguous: false }
    : { lead: -Math.log(rivals), ambiguous: true };
}

/** Confidence of the best reading of an ambiguous or clear answer whose lead ({@link leadOf}) is `d`. */
export function calibrated(d: number, ambiguous: boolean): number {
  const p = ambiguous ? CALIBRATION.ambiguous : CALIBRATION.clear;
  const x = Math.min(d, CALIBRATION.cap);
  let i = 0;
  while (i < p.length && p[i]![0] < x) i++;
  if (i === 0) return p[0]![1];
  if (i === p.length) return p[i - 1]![1];
  const [x0, y0] = p[i - 1]!;
  const [x1, y1] = p[i]!;
  return y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
}

function confidences(sorted: readonly { readonly score: number }[]): number[] {
  if (sorted.length === 0) return [];
  const { lead, ambiguous } = leadOf(sorted);
  const top = calibrated(lead, ambiguous);
  const rest = sorted.slice(1).map((f) => Math.exp(f.score - sorted[1]!.score));
  const sum = rest.reduce((a, b) => a + b, 0);
  return [top, ...rest.map((w) => ((1 - top) * w) / sum)];
}

const RAW: Framing = { kind: "raw" };
const VALUES = FACT_NAMES.indexOf("values");
const OBJECTS_FULL = FACT_NAMES.indexOf("objectsFull");
const NO_RANGE: VersionRange = { min: "0", text: "" };

class Analysis {
  readonly fits: Fit[] = [];
  readonly misses: Miss[] = [];

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
    const values: unknown[] = [];
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
        values.push(value);
        if (valueEnd !== ends[i] && trailing++ === 0) firstTrailing = valueEnd;
      },
      !this.texts,
    );
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

const OBJECTS_NOT_ALLOWED =
  "the dump holds full objects; pass allowObjects: true to decode them (objects-not-allowed)";

function candidateOf(fit: Fit, confidence: number, o: Resolved): Candidate {
  const c: Record<string, unknown> = {
    dialect: fit.layout.dialect.id,
    versions: fit.versions,
    framing: fit.framing,
    precision: fit.precision,
    confidence,
    score: Math.round(fit.score * 1000) / 1000,
    evidence: fit.evidence,
  };
  // The dialect object holds functions: kept off the enumerable properties so a result survives
  // structuredClone and postMessage (to a worker, say) like the values do.
  Object.defineProperty(c, "dialectObject", { value: fit.layout.dialect, enumerable: false });
  const refused = fit.facts.counts[OBJECTS_FULL]! > 0 && !o.allowObjects;
  c.value = refused ? undefined : fit.values[0];
  c.values = refused ? undefined : fit.values;
  if (refused) c.valueError = OBJECTS_NOT_ALLOWED;
  return c as unknown as Candidate;
}

function nearMiss(misses: readonly Miss[], n: number): NearMiss | undefined {
  // How far each reading got. A reading that ran out of bytes got to the end of its bytes; among
  // those, the one that wanted the fewest more bytes is the closest (a dump cut short by a few
  // bytes, not a misreading that asks for a gigabyte).
  const ranked = misses.map((m) => {
    const f = m.failure;
    const truncated = f.code === "truncated";
    return {
      m,
      reach: Math.min(truncated ? m.end : f.offset, m.cleanUntil ?? Number.MAX_SAFE_INTEGER),
      missing: truncated ? (f.missing ?? Number.MAX_SAFE_INTEGER) : Number.MAX_SAFE_INTEGER,
    };
  });
  ranked.sort(
    (x, y) =>
      y.reach - x.reach ||
      (x.m.framing.kind === "raw" ? 0 : 1) - (y.m.framing.kind === "raw" ? 0 : 1) ||
      x.missing - y.missing ||
      rankOf(y.m.layout) - rankOf(x.m.layout),
  );
  const first = ranked[0];
  if (first === undefined) return undefined;
  const best = first.m;
  const tied = ranked
    .slice(1)
    .filter(
      (x) => x.reach === first.reach && x.missing === first.missing && x.m.framing.kind === best.framing.kind,
    )
    .map((x) => x.m.layout.dialect.id)
    .filter((id, i, all) => id !== best.layout.dialect.id && all.indexOf(id) === i);
  const { offset, code, message } = best.failure;
  const progress = n === 0 ? 0 : Math.min(1, Math.max(offset, first.reach) / n);
  return { dialect: best.layout.dialect.id, framing: best.framing, offset, code, message, progress, tied };
}

function describeFit(c: Candidate): string {
  return `${c.dialect} (${c.versions.text}), ${framingText(c.framing)}`;
}

function kindOf(c: Candidate): string {
  const v = c.values;
  if (v === undefined) return "?";
  return v.length === 1 ? v[0]!.kind : `${v.length} records`;
}

/** The framing and value of a reading, in a few words ("raw string", "1 length-prefixed record: nil"). */
function readingOf(c: Candidate): string {
  const f = c.framing.kind === "base64" ? c.framing.inner : c.framing;
  if (f.kind === "length-prefixed") return `${f.records} record${f.records === 1 ? "" : "s"} (${kindOf(c)})`;
  return `a raw ${kindOf(c)}`;
}

/**
 * The strongest evidence for the best reading: its strongest distinctive fact in its favour, or
 * else that the other dialects do not read the bytes (the first of their failures).
 */
function strongest(best: Candidate, misses: readonly Miss[]): string | undefined {
  // Evidence every fitting reading has is no reason: the first distinctive fact is.
  const fact = best.evidence.find((e) => e.weight > 0 && e.structural !== true);
  if (fact !== undefined) return fact.text;
  const other = misses.find(
    (m) => m.layout.dialect.id !== best.dialect && m.framing.kind === best.framing.kind,
  );
  if (other === undefined) return undefined;
  const f = other.failure;
  const where = f.placed === true ? "" : ` at offset ${f.offset}`;
  return `${other.layout.dialect.id} does not read it (${f.message}${where})`;
}

function summarize(
  candidates: readonly Candidate[],
  ambiguity: DetectResult["ambiguity"],
  ambiguousIn: DetectResult["ambiguousIn"],
  leading: number,
  closest: NearMiss | undefined,
  misses: readonly Miss[],
  n: number,
): string {
  const best = candidates[0];
  if (best === undefined) {
    if (closest === undefined) return `No dialect reads these ${n} bytes.`;
    const also = closest.tied.length > 0 ? ` (${closest.tied.join(", ")} read it the same way)` : "";
    return `No dialect reads these ${n} bytes; closest is ${closest.dialect} (${framingShort(closest.framing)})${also}, failing at offset ${closest.offset}: ${closest.message} (${closest.code}).`;
  }
  const conf = best.confidence.toFixed(2);
  if (ambiguity === "same-value") {
    const names = [...new Set(candidates.slice(0, leading).map((c) => c.dialect))];
    const who = names.length === 2 ? `${names[0]} and ${names[1]} both` : `${names.join(", ")} all`;
    return `Ambiguous: ${who} read the same ${kindOf(best)} from these bytes, so the value is certain but not the engine; best guess ${describeFit(best)} (confidence ${conf} that it wrote them).`;
  }
  if (ambiguity === "different-values") {
    // One clause per distinct reading (framing and value), naming the dialects that read it.
    const groups = new Map<string, string[]>();
    for (const c of candidates.slice(0, leading)) {
      const key = readingOf(c);
      const g = groups.get(key);
      if (g === undefined) groups.set(key, [c.dialect]);
      else if (!g.includes(c.dialect)) g.push(c.dialect);
    }
    const readings = [...groups].map(([what, who]) => `${what} in ${who.join(", ")}`).join("; ");
    const what =
      ambiguousIn?.includes("framing") === true
        ? ambiguousIn.includes("dialect")
          ? "which engine wrote them nor how they are framed (a raw value or store_var records)"
          : "how they are framed: a raw value or store_var records"
        : "which engine wrote them";
    return `Ambiguous: the bytes fit several readings equally well with different values (${readings}); they cannot tell ${what}.`;
  }
  const why = strongest(best, misses);
  const precision = best.precision === "either" ? "" : `, ${best.precision} precision`;
  return `${best.dialect} (${best.versions.text})${why ? `: ${why}` : ""}; ${framingText(best.framing)}${precision}; confidence ${conf}.`;
}

/** A result without readings: another kind of file, or text that is no dump. */
function noReading(summary: string, file?: FileInfo): DetectResult {
  const r: DetectResult = { candidates: [], best: undefined, ambiguous: false, leading: 0, summary };
  return file === undefined ? r : { ...r, file };
}

const fileResult = (file: FileInfo) => noReading(`Not a Variant dump: ${file.description}.`, file);

/**
 * A detector that chooses among `options.dialects`. The dialects' packages are not needed by
 * this module; `@gdvariant/auto-detect` has a ready one with all three.
 * @throws {GdVariantError} when no dialect is given.
 */
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

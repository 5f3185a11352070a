/**
 * `@gdvariant/auto-detect/detector`: the detector core, with no dialect bundled. Pass it the
 * dialects it may choose from (any objects of core's `Dialect` contract).
 * @packageDocumentation
 */
import {
  base64Decode,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOTAL_BYTES,
  DecodeError,
  type DecodeOptions,
  type Dialect,
  decodeWithLength,
  GdVariantError,
  type Value,
} from "@gdvariant/core";
import { assess, assessScore, PRIOR } from "./assess.js";
import { sniffBinary, sniffText } from "./file-kinds.js";
import { type Generation, type Layout, layoutOf } from "./layout.js";
import { chainComplete, followChain, type RecordSpan } from "./records.js";
import { sameValues } from "./same-value.js";
import { Stats } from "./stats.js";
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
import {
  cleanPackedArray,
  headerFits,
  rawEndPossible,
  verify,
  type WalkFailure,
  type WalkLimits,
} from "./verify.js";

export { type Generation, generationOf } from "./layout.js";
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
   * The value in `input`, whatever engine wrote it (the first record's value for several
   * `store_var` records; see `detect(...).best.values` for all of them).
   * @throws {DecodeError} when no dialect reads the input (code and offset of the closest
   *   reading's failure, or `invalid-data` for another kind of file), when the dump holds full
   *   objects without `allowObjects` (`objects-not-allowed`), or, unless `ambiguous: "best"`,
   *   when dialects fit equally well with different values (`invalid-data`).
   */
  decodeAny(input: unknown, options?: DecodeAnyOptions): Value;
}

// Scores are log-odds. Candidates within LEADING of the best form the leading group: with two
// of them the best can have at most 1 / (1 + 1/9) = 0.9 confidence, so an ambiguous answer is
// never a confident one.
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
  /** The walk's limits, built once. */
  readonly limits: WalkLimits;
  /** The decoders' options for a value at offset 0, built once. */
  readonly decode: DecodeOptions;
}

function resolved(
  allowObjects: boolean,
  framings: ReadonlySet<FramingKind>,
  maxDepth: number,
  maxCollectionLength: number,
  maxTotalBytes: number,
): Resolved {
  return {
    allowObjects,
    framings,
    raw: framings.has("raw"),
    lengthPrefixed: framings.has("length-prefixed"),
    maxDepth,
    maxCollectionLength,
    maxTotalBytes,
    limits: { maxDepth, maxCollectionLength },
    decode: { offset: 0, allowObjects, maxDepth, maxCollectionLength },
  };
}

// The options most calls pass (none): resolved once.
const DEFAULTS = resolved(
  false,
  new Set(["raw", "length-prefixed", "base64"]),
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_COLLECTION_LENGTH,
  DEFAULT_MAX_TOTAL_BYTES,
);

function resolve(o: DetectOptions): Resolved {
  if (
    o.allowObjects === undefined &&
    o.framings === undefined &&
    o.maxDepth === undefined &&
    o.maxCollectionLength === undefined &&
    o.maxTotalBytes === undefined
  )
    return DEFAULTS;
  const num = (v: unknown, d: number) => (typeof v === "number" && v >= 0 ? v : d);
  return resolved(
    o.allowObjects === true,
    new Set(o.framings ?? ["raw", "length-prefixed", "base64"]),
    num(o.maxDepth, DEFAULT_MAX_DEPTH),
    num(o.maxCollectionLength, DEFAULT_MAX_COLLECTION_LENGTH),
    num(o.maxTotalBytes, DEFAULT_MAX_TOTAL_BYTES),
  );
}

/** Weight of records holding bytes after their Variant (length-prefixed readings). */
function trailingWeight(trailing: number): number {
  return Math.max(RECORD_TRAILING * trailing, 3 * RECORD_TRAILING);
}

/** More structure checked and passed is more evidence: ln(1 + values), at most 4. */
function structureWeight(values: number): number {
  return Math.min(4, Math.log(1 + values));
}

/**
 * The score of a reading that parses to the end: prior, the facts' weights, the records with
 * trailing bytes, the exact fit, the structure. detect and decodeAny both score with this, so
 * they rank readings alike.
 */
function fitScore(gen: Generation, facts: number, trailing: number, values: number): number {
  let score = PRIOR[gen] + facts;
  if (trailing > 0) score += trailingWeight(trailing);
  score += EXACT;
  score += structureWeight(values);
  return score;
}

/** A hypothesis that fits, before decoding. */
interface Fit {
  readonly layout: Layout;
  readonly framing: Framing;
  readonly records: readonly { start: number; end: number; valueEnd: number }[];
  readonly stats: Stats;
  readonly score: number;
  readonly evidence: Evidence[];
  readonly versions: VersionRange;
  readonly precision: Precision;
}

/** A hypothesis that failed. */
interface Miss {
  readonly layout: Layout;
  readonly framing: Framing;
  readonly failure: WalkFailure;
  /** End of the bytes this reading had (the input, or its record). */
  readonly end: number;
  /** The Variant being read, to walk again or decode for the message; absent for framing failures. */
  readonly value?: { readonly start: number; readonly end: number };
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

function rankOf(l: Layout): number {
  return PRIOR[l.generation];
}

class Analysis {
  readonly fits: Fit[] = [];
  readonly misses: Miss[] = [];

  constructor(
    readonly bytes: Uint8Array,
    readonly layouts: readonly Layout[],
    readonly o: Resolved,
    readonly wrap: (f: Framing) => Framing,
  ) {}

  run(): void {
    const b = this.bytes;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const limits = this.o.limits;
    const n = b.length;
    if (this.o.raw) {
      for (const layout of this.layouts) {
        const framing = this.wrap({ kind: "raw" });
        const r = verify(layout, b, 0, n, limits);
        if (!r.ok)
          this.misses.push({ layout, framing, failure: r.failure, end: n, value: { start: 0, end: n } });
        else if (r.end !== n) {
          const failure: WalkFailure = {
            offset: r.end,
            code: "trailing-bytes",
            message: `the value ends at offset ${r.end} and ${n - r.end} bytes follow`,
          };
          this.misses.push({ layout, framing, failure, end: r.end });
        } else this.fit(layout, framing, [{ start: 0, end: n, valueEnd: n }], r.stats);
      }
    }
    if (this.o.lengthPrefixed) {
      for (const bigEndian of [false, true]) {
        const chain = followChain(b, view, bigEndian);
        if (chain === undefined) continue;
        // A word that reads the same both ways (0x04040404) gives one chain, not two.
        if (bigEndian && view.getUint32(0, true) === view.getUint32(0, false)) continue;
        for (const layout of this.layouts)
          this.records(layout, chain.records, chain.failure, bigEndian, limits);
      }
    }
  }

  private records(
    layout: Layout,
    spans: readonly RecordSpan[],
    chainFailure: WalkFailure | undefined,
    bigEndian: boolean,
    limits: WalkLimits,
  ): void {
    const framing = this.wrap({ kind: "length-prefixed", records: spans.length, bigEndian });
    // Every record's walk counts into the one Stats of the file.
    const stats = new Stats();
    const out: { start: number; end: number; valueEnd: number }[] = [];
    let clean: number | undefined;
    const miss = (m: Miss) => this.misses.push(clean === undefined ? m : { ...m, cleanUntil: clean });
    for (const s of spans) {
      const r = verify(layout, this.bytes, s.start, s.end, limits, stats);
      if (!r.ok) {
        miss({ layout, framing, failure: r.failure, end: s.end, value: { start: s.start, end: s.end } });
        return;
      }
      out.push({ start: s.start, end: s.end, valueEnd: r.end });
      if (r.end !== s.end && clean === undefined) clean = r.end;
    }
    if (chainFailure !== undefined) {
      miss({ layout, framing, failure: chainFailure, end: this.bytes.length });
      return;
    }
    this.fit(layout, framing, out, stats);
  }

  private fit(layout: Layout, framing: Framing, records: Fit["records"], stats: Stats): void {
    const a = assess(layout.generation, stats);
    const evidence: Evidence[] = [];
    const n = this.bytes.length;
    const inner = framing.kind === "base64" ? framing.inner : framing;
    // A raw value ends where its bytes do (or it is a miss): only records can trail.
    const trailing = inner.kind === "raw" ? [] : records.filter((r) => r.valueEnd !== r.end);
    const score = fitScore(layout.generation, a.score, trailing.length, stats.values);
    if (inner.kind === "raw") {
      evidence.push({ text: `one value consumes exactly all ${n} bytes`, weight: EXACT });
    } else {
      evidence.push({
        text: `${records.length} length word${records.length === 1 ? "" : "s"} chain exactly to the end of the ${n} bytes`,
        weight: EXACT,
      });
      if (trailing.length > 0) {
        evidence.push({
          text: `${trailing.length} record(s) hold bytes after their Variant (store_var and put_var write none)`,
          weight: trailingWeight(trailing.length),
          offset: trailing[0]!.valueEnd,
        });
      }
    }
    evidence.push({
      text: `${stats.values} value${stats.values === 1 ? "" : "s"} with valid headers, counts, lengths and UTF-8`,
      weight: Math.round(structureWeight(stats.values) * 100) / 100,
    });
    evidence.push(...a.evidence);
    evidence.sort((x, y) => Math.abs(y.weight) - Math.abs(x.weight));
    if (score - a.soft <= 0) {
      // Parses to the end, but facts no engine produces outweigh everything for it: worse than
      // "not a dump at all". Reported as a near miss at the first fact against it. (Unusual
      // values alone, like denormal floats, lower the confidence but never reject: engines
      // write whatever floats a game holds.)
      const against = evidence.find((e) => e.weight < 0);
      const offset = against?.offset ?? 0;
      this.misses.push({
        layout,
        framing,
        failure: {
          offset,
          code: "invalid-data",
          message: `every value parses, but no engine writes bytes like these: ${against?.text ?? "no evidence for it"}`,
        },
        end: offset,
      });
      return;
    }
    this.fits.push({
      layout,
      framing,
      records,
      stats,
      score,
      evidence,
      versions: a.versions,
      precision: a.precision,
    });
  }
}

function decodeRecords(
  fit: Pick<Fit, "layout" | "records" | "stats">,
  bytes: Uint8Array,
  o: Resolved,
): { values: Value[] } | { objects: string } | { error: DecodeError } {
  if (fit.stats.objectsFull > 0 && !o.allowObjects) {
    return {
      objects: "the dump holds full objects; pass allowObjects: true to decode them (objects-not-allowed)",
    };
  }
  const values: Value[] = [];
  for (const r of fit.records) {
    try {
      const res = decodeWithLength(
        fit.layout.dialect,
        r.end === bytes.length ? bytes : bytes.subarray(0, r.end),
        r.start === 0
          ? o.decode
          : {
              offset: r.start,
              allowObjects: o.allowObjects,
              maxDepth: o.maxDepth,
              maxCollectionLength: o.maxCollectionLength,
            },
      );
      if (res.length !== r.valueEnd - r.start) {
        return {
          error: new DecodeError(
            `decoder read ${res.length} bytes where the verifier read ${r.valueEnd - r.start}`,
            {
              code: "invalid-data",
              offset: r.start + res.length,
              dialect: fit.layout.dialect.id,
            },
          ),
        };
      }
      values.push(res.value);
    } catch (e) {
      if (DecodeError.is(e)) return { error: e };
      throw e;
    }
  }
  return { values };
}

function candidateOf(
  fit: Fit,
  confidence: number,
  decoded: ReturnType<typeof decodeRecords> | undefined,
  bytes: Uint8Array,
  o: Resolved,
): Candidate {
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
  if (decoded !== undefined) {
    if ("values" in decoded) {
      c.value = decoded.values[0];
      c.values = decoded.values;
    } else {
      c.value = undefined;
      c.values = undefined;
      c.valueError = "objects" in decoded ? decoded.objects : decoded.error.message;
    }
    return c as unknown as Candidate;
  }
  // Outside the leading group: decode on first access.
  let cache: ReturnType<typeof decodeRecords> | undefined;
  const get = () => {
    cache ??= decodeRecords(fit, bytes, o);
    if ("error" in cache) throw cache.error;
    return cache;
  };
  Object.defineProperty(c, "value", {
    enumerable: true,
    get: () => ("values" in get() ? (get() as { values: Value[] }).values[0] : undefined),
  });
  Object.defineProperty(c, "values", {
    enumerable: true,
    get: () => ("values" in get() ? (get() as { values: Value[] }).values : undefined),
  });
  return c as unknown as Candidate;
}

function nearMiss(misses: readonly Miss[], bytes: Uint8Array, o: Resolved): NearMiss | undefined {
  // How far each reading got. A reading that ran out of bytes got to the end of its bytes; among
  // those, the one that wanted the fewest more bytes is the closest (a dump cut short by a few
  // bytes, not a misreading that asks for a gigabyte). A truncated Variant fails at its
  // outermost count in the strict walk, so truncations are walked again without that
  // pre-check to find the read that really ran out.
  const lenient = { maxDepth: o.maxDepth, maxCollectionLength: o.maxCollectionLength, lenient: true };
  const ranked = misses.map((m) => {
    let f = m.failure;
    if (f.code === "truncated" && m.value !== undefined) {
      const r = verify(m.layout, bytes, m.value.start, m.value.end, lenient);
      if (!r.ok && r.failure.code === "truncated") f = r.failure;
    }
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
  const bestReach = first.reach;
  const tied = ranked
    .slice(1)
    .filter(
      (x) => x.reach === first.reach && x.missing === first.missing && x.m.framing.kind === best.framing.kind,
    )
    .map((x) => x.m.layout.dialect.id)
    .filter((id, i, all) => id !== best.layout.dialect.id && all.indexOf(id) === i);
  let { offset, code, message } = best.failure;
  // The decoder says it with a path into the value; its offset is the same place or close.
  if (best.value !== undefined) {
    try {
      decodeWithLength(best.layout.dialect, bytes.subarray(0, best.value.end), {
        offset: best.value.start,
        allowObjects: true,
        maxDepth: o.maxDepth,
        maxCollectionLength: o.maxCollectionLength,
      });
    } catch (e) {
      if (DecodeError.is(e)) {
        offset = e.offset;
        code = e.code;
        // Paths of deep failures are long: keep both ends.
        const p = e.pathString;
        const path = p.length > 100 ? `${p.slice(0, 48)}…${p.slice(-48)} (depth ${e.path.length})` : p;
        message = p === "" ? e.detail : `${e.detail} at ${path}`;
      }
    }
  }
  const progress = bytes.length === 0 ? 0 : Math.min(1, Math.max(offset, bestReach) / bytes.length);
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

// Evidence every fitting reading has; the summary names the first distinctive fact instead.
const STRUCTURAL = /consumes exactly all|chain exactly to the end|with valid headers, counts/;

function summarize(
  candidates: readonly Candidate[],
  ambiguity: DetectResult["ambiguity"],
  leading: number,
  closest: NearMiss | undefined,
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
    return `Ambiguous: ${who} read the same ${kindOf(best)} from these bytes, so any of them is right; best guess ${describeFit(best)} (confidence ${conf}).`;
  }
  if (ambiguity === "different-values") {
    const names = candidates.slice(0, leading).map((c) => `${c.dialect} reads ${kindOf(c)}`);
    return `Ambiguous: the bytes fit several dialects equally well with different values (${names.join("; ")}); they cannot tell which engine wrote them.`;
  }
  const why = best.evidence.find((e) => e.weight !== 0 && !STRUCTURAL.test(e.text));
  const precision = best.precision === "either" ? "" : `, ${best.precision} precision`;
  return `${describeFit(best)}${precision}; confidence ${conf}${why ? `: ${why.text}` : ""}.`;
}

function fileResult(file: FileInfo): DetectResult {
  return {
    candidates: [],
    best: undefined,
    ambiguous: false,
    leading: 0,
    file,
    summary: `Not a Variant dump: ${file.description}.`,
  };
}

/**
 * A detector that chooses among `options.dialects`. The dialects' packages are not needed by
 * this module; `@gdvariant/auto-detect` has a ready one with all three.
 * @throws {GdVariantError} when no dialect is given.
 */
/** A reading that fits, as decodeAny ranks it: no evidence texts, versions or framing objects. */
interface QuickFit {
  readonly layout: Layout;
  readonly records: readonly { start: number; end: number; valueEnd: number }[];
  readonly stats: Stats;
  readonly score: number;
  /** The values the walk built, one per record, or undefined to decode the records. */
  readonly values: readonly Value[] | undefined;
}

/** Scores a walked reading as {@link Analysis} does; `undefined` when the facts reject it. */
function quickFit(
  layout: Layout,
  records: QuickFit["records"],
  stats: Stats,
  trailing: number,
  values?: readonly Value[],
): QuickFit | undefined {
  const a = assessScore(layout.generation, stats);
  const score = fitScore(layout.generation, a.score, trailing, stats.values);
  return score - a.soft <= 0 ? undefined : { layout, records, stats, score, values };
}

/**
 * decodeAny's path: the readings {@link Analysis} would find that fit, ranked the same way, but
 * without the evidence texts, version ranges or the misses, and the value decoded once. Every
 * hypothesis whose first header no dialect type matches is dropped in O(1), and a length chain
 * that breaks costs a few word reads. Returns `undefined` whenever the answer is not a plain
 * value (nothing fits, a decode fails, full objects without allowObjects, readings that
 * disagree): decodeAny then runs detect for the error it reports.
 */
function quickValue(
  bytes: Uint8Array,
  o: Resolved,
  layouts: readonly Layout[],
  ambiguous: DecodeAnyOptions["ambiguous"],
): Value | undefined {
  const n = bytes.length;
  const fits: QuickFit[] = [];
  if (o.raw) {
    // One pass over the layouts (separate passes cost about 60 ns more per call, a quarter of the
    // detection of a packed array): the first that reads a clean packed array, and the others
    // whose raw reading may end exactly at n, as bits of layout indexes 0-30 (`beyond`: one from
    // the 32nd layout on may). The general path below reuses the bits.
    let clean = -1;
    let possible = 0;
    let beyond = false;
    for (let i = 0; i < layouts.length; i++) {
      const l = layouts[i]!;
      if (clean < 0 && cleanPackedArray(l, bytes, n, o.maxCollectionLength)) clean = i;
      else if (rawMayFit(l, bytes, n)) {
        if (i < 31) possible |= 1 << i;
        else beyond = true;
      }
    }
    if (clean >= 0) {
      if (!beyond) {
        const v = packedShortcut(bytes, o, layouts[clean]!, layouts, possible);
        if (v !== undefined) return v;
      }
      // The clean layout's own bit, which the pass did not test.
      if (clean < 31 && rawMayFit(layouts[clean]!, bytes, n)) possible |= 1 << clean;
    }
    for (let i = 0; i < layouts.length; i++) {
      if (!isPossible(possible, i)) continue;
      const layout = layouts[i]!;
      // Building the value in the walk saves decodeAny the decode of a large container.
      const r = verify(layout, bytes, 0, n, o.limits, undefined, o);
      if (!r.ok || r.end !== n) continue;
      const f = quickFit(
        layout,
        [{ start: 0, end: n, valueEnd: n }],
        r.stats,
        0,
        r.value !== undefined ? [r.value] : undefined,
      );
      if (f !== undefined) fits.push(f);
    }
  }
  if (o.lengthPrefixed) {
    for (let k = 0; k < 2; k++) {
      const bigEndian = k === 1;
      if (!chainComplete(bytes, bigEndian)) continue;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      // A word that reads the same both ways (0x04040404) gives one chain, not two.
      if (bigEndian && view.getUint32(0, true) === view.getUint32(0, false)) continue;
      const spans = followChain(bytes, view, bigEndian)!.records;
      for (const layout of layouts) {
        const stats = new Stats();
        const records: { start: number; end: number; valueEnd: number }[] = [];
        // The records' values, when the walk built every one (large containers).
        const built: Value[] = [];
        let trailing = 0;
        for (const s of spans) {
          if (!headerFits(layout, bytes, s.start, s.end)) break;
          const r = verify(layout, bytes, s.start, s.end, o.limits, stats, o);
          if (!r.ok) break;
          records.push({ start: s.start, end: s.end, valueEnd: r.end });
          if (r.value !== undefined) built.push(r.value);
          if (r.end !== s.end) trailing++;
        }
        if (records.length !== spans.length) continue;
        const f = quickFit(
          layout,
          records,
          stats,
          trailing,
          built.length === records.length ? built : undefined,
        );
        if (f !== undefined) fits.push(f);
      }
    }
  }
  const top = fits.length === 1 ? fits[0] : fits.sort(byScore)[0];
  if (top === undefined) return undefined;
  // The leading group (scores within LEADING of the best): with "best" only the best counts;
  // otherwise all of them must read the same value, or detect's ambiguity error is the answer.
  const last = ambiguous === "best" ? 1 : fits.length;
  let first: readonly Value[] | undefined;
  for (let i = 0; i < last; i++) {
    const f = fits[i]!;
    if (f.score < top.score - LEADING) break;
    const d =
      f.values !== undefined && (f.stats.objectsFull === 0 || o.allowObjects)
        ? { values: f.values }
        : decodeRecords(f, bytes, o);
    if (!("values" in d)) return undefined;
    if (first === undefined) first = d.values;
    else if (!sameValues(first, d.values)) return undefined;
  }
  return first![0];
}

/** Whether `layout`'s raw reading of the `n` bytes may end exactly at the last byte (O(1)). */
function rawMayFit(layout: Layout, bytes: Uint8Array, n: number): boolean {
  return headerFits(layout, bytes, 0, n) && rawEndPossible(layout, bytes, n);
}

/** Whether quickValue's bits of possible layouts include layout `i` (from the 32nd on: always). */
function isPossible(possible: number, i: number): boolean {
  return i >= 31 || (possible & (1 << i)) !== 0;
}

/**
 * decodeAny's path for a raw packed array of numbers (a plain decode is a view there, so the
 * general path's walk and scoring would cost more than the decode): the value the general path
 * gives, or `undefined` to take that path. `layout` reads the bytes as a clean packed array
 * ({@link cleanPackedArray}: the walk would give it the counts of an empty array, which scores as
 * a fit under every header it accepts); no other may read them to the end (`others`: the layouts
 * whose header and O(1) end test allow it, by bit, are walked; quickValue sends the input to the
 * general path when one from the 32nd layout on might), and no length-prefixed reading may
 * exist; the general path would then have that one reading alone. test/packed-shortcut.test.ts
 * holds decodeAny to detect's answers on every such header.
 */
function packedShortcut(
  bytes: Uint8Array,
  o: Resolved,
  layout: Layout,
  layouts: readonly Layout[],
  others: number,
): Value | undefined {
  const n = bytes.length;
  for (let i = 0; others !== 0; i++, others >>>= 1) {
    if ((others & 1) === 0) continue;
    const r = verify(layouts[i]!, bytes, 0, n, o.limits);
    if (r.ok && r.end === n) return undefined;
  }
  if (o.lengthPrefixed && (chainComplete(bytes, false) || chainComplete(bytes, true))) return undefined;
  try {
    const res = decodeWithLength(layout.dialect, bytes, o.decode);
    return res.length === n ? res.value : undefined;
  } catch (e) {
    if (DecodeError.is(e)) return undefined;
    throw e;
  }
}

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
    const fits = a.fits.sort(byScore);
    const misses = [...a.misses];
    // Decode the leading group; a fit whose full decode disagrees with the verifier drops out.
    const decoded = new Map<Fit, ReturnType<typeof decodeRecords>>();
    let kept = fits;
    for (;;) {
      const top = kept[0];
      if (top === undefined) break;
      let changed = false;
      for (const f of kept) {
        if (f.score < top.score - LEADING) break;
        if (decoded.has(f)) continue;
        const d = decodeRecords(f, bytes, o);
        if ("error" in d) {
          misses.push({
            layout: f.layout,
            framing: f.framing,
            failure: { offset: d.error.offset, code: d.error.code, message: d.error.detail },
            end: d.error.offset,
          });
          kept = kept.filter((k) => k !== f);
          changed = true;
          break;
        }
        decoded.set(f, d);
      }
      if (!changed) break;
    }
    // Confidence: softmax over the fits and a "none of these" outcome with score 0.
    const max = Math.max(0, ...kept.map((f) => f.score));
    const denom = Math.exp(-max) + kept.reduce((s, f) => s + Math.exp(f.score - max), 0);
    const candidates = kept.map((f) =>
      candidateOf(f, Math.round((Math.exp(f.score - max) / denom) * 1e4) / 1e4, decoded.get(f), bytes, o),
    );
    const top = kept[0];
    const leading = top === undefined ? 0 : kept.filter((f) => f.score >= top.score - LEADING).length;
    let ambiguity: DetectResult["ambiguity"];
    if (leading >= 2) {
      const first = candidates[0]!.values;
      const same =
        first !== undefined &&
        candidates.slice(1, leading).every((c) => c.values !== undefined && sameValues(first, c.values));
      ambiguity = same ? "same-value" : "different-values";
    }
    const closest = candidates.length === 0 ? nearMiss(misses, bytes, o) : undefined;
    const summary = summarize(candidates, ambiguity, leading, closest, bytes.length);
    const result: { -readonly [K in keyof DetectResult]: DetectResult[K] } = {
      candidates,
      best: candidates[0],
      ambiguous: ambiguity !== undefined,
      leading,
      summary,
    };
    if (ambiguity !== undefined) result.ambiguity = ambiguity;
    if (closest !== undefined) result.closest = closest;
    return result;
  }

  function prepareText(text: string, o: Resolved): Prepared | undefined {
    const file = sniffText(text);
    if (file !== undefined) return { done: fileResult(file) };
    if (o.framings.has("base64") && BASE64_TEXT.test(text) && text.replace(/\s/g, "").length >= 8) {
      const bytes = base64Decode(text);
      if (bytes !== undefined && bytes.length >= 4) {
        const framings = new Set([...o.framings].filter((f) => f !== "base64"));
        const inner = resolved(o.allowObjects, framings, o.maxDepth, o.maxCollectionLength, o.maxTotalBytes);
        return { bytes, o: inner, wrap: BASE64_WRAPPED };
      }
    }
    return undefined;
  }

  function prepare(input: unknown, o: Resolved): Prepared {
    if (typeof input === "string") {
      const r = prepareText(input, o);
      if (r !== undefined) return r;
      return {
        done: {
          candidates: [],
          best: undefined,
          ambiguous: false,
          leading: 0,
          summary: "Text that is neither base64 nor a Godot text file or JSON; a Variant dump is binary.",
        },
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
    const file = sniffBinary(bytes);
    if (file !== undefined) return { done: fileResult(file) };
    const text = asText(bytes);
    if (text !== undefined) {
      const r = prepareText(text, o);
      if (r !== undefined) return r;
    }
    return { bytes, o, wrap: NOT_WRAPPED };
  }

  function detect(input: unknown, options: DetectOptions = {}): DetectResult {
    const p = prepare(input, resolve(options));
    return "done" in p ? p.done : analyse(p.bytes, p.o, p.wrap);
  }

  function decodeAny(input: unknown, options: DecodeAnyOptions = {}): Value {
    const p = prepare(input, resolve(options));
    if (!("done" in p)) {
      const v = quickValue(p.bytes, p.o, layouts, options.ambiguous);
      if (v !== undefined) return v;
    }
    // Not a plain answer: detect's result says why.
    const r = "done" in p ? p.done : analyse(p.bytes, p.o, p.wrap);
    const best = r.best;
    if (best === undefined) {
      if (r.file !== undefined)
        throw new DecodeError(`not a Variant dump: ${r.file.description}`, {
          code: "invalid-data",
          offset: 0,
        });
      const c = r.closest;
      throw new DecodeError(r.summary, {
        code: c?.code ?? "invalid-data",
        offset: c?.offset ?? 0,
        dialect: c?.dialect,
      });
    }
    if (r.ambiguity === "different-values" && options.ambiguous !== "best") {
      throw new DecodeError(`${r.summary} Pass dialects to choose, or ambiguous: "best".`, {
        code: "invalid-data",
        offset: 0,
      });
    }
    if (best.value === undefined) {
      throw new DecodeError(best.valueError ?? "the value could not be decoded", {
        code: best.valueError?.includes("objects-not-allowed") ? "objects-not-allowed" : "invalid-data",
        offset: 0,
        dialect: best.dialect,
      });
    }
    return best.value;
  }

  return { dialects, detect, decodeAny };
}

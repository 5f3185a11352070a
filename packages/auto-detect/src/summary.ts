// What detect says: candidates, the closest miss when nothing fits, and the one-line summary.
import { type Fit, type Miss, OBJECTS_FULL, rankOf } from "./analysis.js";
import type { Resolved } from "./options.js";
import type { Candidate, DetectResult, FileInfo, Framing, NearMiss } from "./types.js";

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

export function framingShort(f: Framing): string {
  return f.kind === "base64" ? `base64/${framingShort(f.inner)}` : f.kind;
}

export const OBJECTS_NOT_ALLOWED =
  "the dump holds full objects; pass allowObjects: true to decode them (objects-not-allowed)";

export function candidateOf(fit: Fit, confidence: number, o: Resolved): Candidate {
  const c: Record<string, unknown> = {
    dialect: fit.layout.dialect.id,
    versions: fit.versions,
    framing: fit.framing,
    precision: fit.precision,
    confidence,
    score: fit.score,
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

export function nearMiss(misses: readonly Miss[], n: number): NearMiss | undefined {
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

export function summarize(
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
export function noReading(summary: string, file?: FileInfo): DetectResult {
  const r: DetectResult = { candidates: [], best: undefined, ambiguous: false, leading: 0, summary };
  return file === undefined ? r : { ...r, file };
}

export const fileResult = (file: FileInfo) => noReading(`Not a Variant dump: ${file.description}.`, file);

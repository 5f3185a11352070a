import type { Candidate, DetectResult } from "@gdvariant/auto-detect";
import { type JsonValue, toJSON } from "@gdvariant/core";
import { countOf, layerLimitOf, maxBytesOf, parseCommand, READ_OPTIONS, readChoice } from "../args.js";
import { runBatch } from "../batch.js";
import { UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, displayPath, expandInputs, readInput, write } from "../io.js";
import { describeLayers, layersJson, openInput, sectionsSummary } from "../open-input.js";
import { PartialReadError } from "../records.js";
import { framingText, noFitMessage, type Resolved, runDetect } from "../resolve.js";
import { sectionsJson, sectionsTree } from "../sections.js";
import { renderTree } from "../tree.js";
import { SECRET_OPTIONS, secretFrom } from "./file-layers.js";

function pct(c: number): string {
  return `${(c * 100).toFixed(c > 0.999 || c < 0.001 ? 2 : 1)}%`;
}

/**
 * The detector's summary with the best reading's confidence (which it rounds to `1.00`) in the
 * percent form of the lines above, so one figure is printed one way.
 */
function summaryText(d: DetectResult): string {
  const best = d.best;
  if (best === undefined) return d.summary;
  return d.summary.replace(/\bconfidence \d+(?:\.\d+)?(?!%)/g, `confidence ${pct(best.confidence)}`);
}

const NAMES: Readonly<Record<string, string>> = {
  "godot-4": "Godot 4.x",
  "godot-3": "Godot 3.x",
  "legacy-2": "Godot 2.x",
};

function candidateLine(c: Candidate): string {
  return `${c.dialect}${NAMES[c.dialect] ? ` (${NAMES[c.dialect]})` : ""}, engine ${c.versions.text}, ${framingText(c.framing)}, ${c.precision} precision: confidence ${pct(c.confidence)}`;
}

function detectionLines(d: DetectResult, taken: Candidate | undefined): string[] {
  const lines: string[] = [];
  const best = taken ?? d.best;
  if (best === undefined) {
    lines.push(noFitMessage(d));
    return lines;
  }
  lines.push(`Detected: ${candidateLine(best)}`);
  if (d.ambiguous) {
    lines.push(
      d.ambiguity === "same-value"
        ? "Ambiguous: other dialects read the same value (any of them is right)."
        : "Ambiguous: other dialects read different values; pass --dialect to choose.",
    );
  }
  lines.push("Evidence:");
  for (const e of best.evidence) {
    const w = `${e.weight >= 0 ? "+" : ""}${e.weight.toFixed(1)}`.padStart(6);
    lines.push(`  ${w}  ${e.text}${e.offset !== undefined ? ` (byte ${e.offset})` : ""}`);
  }
  const others = d.candidates.filter((c) => c !== best);
  if (others.length > 0) {
    lines.push("Other candidates:");
    for (const c of others.slice(0, 5)) lines.push(`  ${candidateLine(c)}`);
  }
  lines.push(`Summary: ${summaryText(d)}`);
  return lines;
}

function jsonReport(
  file: string,
  size: number,
  d: DetectResult,
  r: Resolved | undefined,
  layers: JsonValue,
): JsonValue {
  const cand = (c: Candidate): JsonValue => ({
    dialect: c.dialect,
    versions: c.versions.text,
    framing: c.framing as unknown as JsonValue,
    precision: c.precision,
    confidence: c.confidence,
    evidence: c.evidence.map((e) => ({
      text: e.text,
      weight: e.weight,
      ...(e.offset !== undefined ? { offset: e.offset } : {}),
    })),
  });
  return {
    file,
    bytes: size,
    layers,
    kind: "variant",
    detected: d.best ? cand(r?.candidate ?? d.best) : null,
    ambiguous: d.ambiguous,
    // The same words as the text report: one confidence figure, one way.
    summary: summaryText(d),
    candidates: d.candidates.map(cand),
    ...(r
      ? {
          dialect: r.entry.id,
          framing: r.framed.framing,
          records: r.framed.records.map((x) => ({ offset: x.offset, value: toJSON(x.value) })),
        }
      : {}),
    ...(d.closest
      ? {
          closest: {
            dialect: d.closest.dialect,
            code: d.closest.code,
            offset: d.closest.offset,
            message: d.closest.message,
          },
        }
      : {}),
  };
}

/** `gdvariant inspect`: what each file is, with evidence, then its value as a tree. */
export async function inspectCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("inspect", argv, {
    ...READ_OPTIONS,
    ...SECRET_OPTIONS,
    "max-items": { type: "string" },
    json: { type: "boolean" },
  });
  if (values.help) return "help";
  if (positionals.length === 0) throw new UsageError("inspect needs at least one FILE", "inspect");
  const choice = readChoice("inspect", values);
  const maxItems = countOf("inspect", "max-items", values["max-items"], 100);
  const { files } = await expandInputs(positionals, io);
  return runBatch(io, files, { verb: "read", args: positionals }, async (f, i, progress) => {
    const name = displayPath(f.path);
    const file = f.path === "-" ? "stdin" : f.path;
    const opened = await openInput(
      await readInput(f.path, io, maxBytesOf("inspect", values)),
      choice,
      secretFrom("inspect", values),
      layerLimitOf("inspect", values),
    );
    const bytes = opened.plaintext;
    const content = opened.content;
    progress.clearFor(io.stdout);
    const layers = layersJson(opened.layers);
    if (content.kind !== "variant") {
      if (values.json) {
        const report: JsonValue =
          content.kind === "empty"
            ? { file, bytes: bytes.length, layers, kind: "empty", records: [] }
            : {
                file,
                bytes: bytes.length,
                layers,
                kind: content.kind,
                dialect: content.entry.id,
                sections: sectionsJson(content),
              };
        await write(io.stdout, `${JSON.stringify(report)}\n`);
        return EXIT.ok;
      }
      const lines = [`${i > 0 ? "\n" : ""}== ${name} (${bytes.length} bytes)`];
      if (opened.layers.length > 0) lines.push(`Inside: ${describeLayers(opened.layers)}`);
      if (content.kind === "empty") lines.push("Empty: no records (the engine reads zero records).");
      else {
        const what =
          content.kind === "config-file"
            ? `ConfigFile text (${content.dialect} syntax)`
            : `Exported project settings (project.binary), values read as ${content.entry.id}`;
        lines.push(`${what}: ${sectionsSummary(content.sections)}`);
        lines.push(...sectionsTree(content, maxItems));
      }
      await write(io.stdout, `${lines.join("\n")}\n`);
      return EXIT.ok;
    }
    const resolved: Resolved | undefined =
      "resolved" in content.reading ? content.reading.resolved : undefined;
    const failure: unknown = "failure" in content.reading ? content.reading.failure : undefined;
    const detection = resolved?.detection ?? runDetect(bytes, choice);
    progress.clearFor(io.stdout);
    if (values.json) {
      await write(
        io.stdout,
        `${JSON.stringify(jsonReport(file, bytes.length, detection, resolved, layers))}\n`,
      );
    } else {
      const lines = [`${i > 0 ? "\n" : ""}== ${name} (${bytes.length} bytes)`];
      if (opened.layers.length > 0) lines.push(`Inside: ${describeLayers(opened.layers)}`);
      lines.push(...detectionLines(detection, resolved?.candidate));
      // A failing record keeps the ones before it: they are shown, then the error.
      const partial = failure instanceof PartialReadError ? failure : undefined;
      const framed = resolved?.framed ?? partial?.partial;
      const entry = resolved?.entry ?? partial?.entry;
      if (entry && framed && framed.records.length > 0) {
        for (const [n, r] of framed.records.entries()) {
          const where = framed.framing === "store-var" ? ` (record ${n}, byte ${r.offset})` : "";
          lines.push(`Value${where}:`);
          lines.push(...renderTree(r.value, { toText: entry.toText, maxItems }));
        }
        if (framed.trailing > 0) {
          lines.push(`Note: ${framed.trailing} bytes after the Variant are ignored, as the engine does.`);
        }
      }
      await write(io.stdout, `${lines.join("\n")}\n`);
    }
    if (failure !== undefined) throw failure;
    return EXIT.ok;
  });
}

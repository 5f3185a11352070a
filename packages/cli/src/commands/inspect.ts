import type { Candidate, DetectResult } from "@gdvariant/auto-detect";
import { type JsonValue, toJSON } from "@gdvariant/core";
import { countOf, maxBytesOf, parseCommand, READ_OPTIONS, readChoice } from "../args.js";
import { runBatch } from "../batch.js";
import { UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, displayPath, expandInputs, readInput, write } from "../io.js";
import { PartialReadError } from "../records.js";
import { framingText, noFitMessage, type Resolved, resolveInput, runDetect } from "../resolve.js";
import { renderTree } from "../tree.js";
import { describeLayers, openLayers, SECRET_OPTIONS } from "./file-layers.js";

function pct(c: number): string {
  return `${(c * 100).toFixed(c > 0.999 || c < 0.001 ? 2 : 1)}%`;
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
  lines.push(`Summary: ${d.summary}`);
  return lines;
}

function jsonReport(file: string, size: number, d: DetectResult, r: Resolved | undefined): JsonValue {
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
    detected: d.best ? cand(r?.candidate ?? d.best) : null,
    ambiguous: d.ambiguous,
    summary: d.summary,
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
    const opened = await openLayers(
      "inspect",
      await readInput(f.path, io, maxBytesOf("inspect", values)),
      values,
    );
    const bytes = opened.plaintext;
    progress.clearFor(io.stdout);
    if (opened.layers.length > 0 && !values.json)
      await write(io.stdout, `${name}: inside ${describeLayers(opened.layers)}\n`);
    let resolved: Resolved | undefined;
    let failure: unknown;
    try {
      resolved = resolveInput(bytes, choice);
    } catch (e) {
      failure = e;
    }
    const detection = resolved?.detection ?? runDetect(bytes, choice);
    progress.clearFor(io.stdout);
    if (values.json) {
      await write(
        io.stdout,
        `${JSON.stringify(jsonReport(f.path === "-" ? "stdin" : f.path, bytes.length, detection, resolved))}\n`,
      );
    } else {
      const lines = [`${i > 0 ? "\n" : ""}== ${name} (${bytes.length} bytes)`];
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

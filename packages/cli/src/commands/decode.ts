import { join } from "node:path";
import { inspect } from "node:util";
import { toJS, toJSON, type Value } from "@gdvariant/core";
import { layerLimitOf, maxBytesOf, oneOf, parseCommand, READ_OPTIONS, readChoice } from "../args.js";
import { runBatch } from "../batch.js";
import type { DialectEntry, TargetOptions } from "../dialects.js";
import { InputError, UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, displayPath, expandInputs, isFolder, readInput, write, writeOutput } from "../io.js";
import {
  DEFAULT_JSON_FORMAT,
  JSON_FORMAT_OPTIONS,
  type JsonFormat,
  jsonFormatOf,
  jsonFormVersion,
  writeJsonForm,
} from "../json-forms.js";
import { jsonPieces, writePieces } from "../json-stream.js";
import { describeLayers, openInput } from "../open-input.js";
import { type InputRecord, PartialReadError } from "../records.js";
import { choiceFlags } from "../resolve.js";
import { sectionsText } from "../sections.js";
import { SECRET_OPTIONS, secretFrom } from "./file-layers.js";

/** Output formats of `decode`. */
export const FORMATS = ["text", "json", "js", "json-native"] as const;
type Format = (typeof FORMATS)[number];

const EXTENSIONS: Readonly<Record<Format, string>> = {
  text: ".txt",
  json: ".jsonl",
  js: ".js.txt",
  "json-native": ".json",
};

/**
 * One record in a format; text is the engine's own, json one line of tagged JSON, json-native
 * the engine's `JSON.from_native` text formatted by `jsonFormat` (default: the engine's defaults).
 */
export function formatRecord(
  value: Value,
  format: Format,
  entry: DialectEntry,
  target: TargetOptions = {},
  jsonFormat: JsonFormat = DEFAULT_JSON_FORMAT,
): string {
  if (format === "text") return entry.toText(value, target);
  if (format === "json-native") {
    // Godot 4.4+'s JSON.stringify(JSON.from_native(v)); other generations convert first.
    if (entry.id !== "godot-4")
      throw new UsageError(
        `--format json-native is Godot 4's form; this is ${entry.id}: use convert --to json-native, which reports what converting loses`,
        "decode",
      );
    return writeJsonForm(
      "json-native",
      value,
      jsonFormVersion(target.engineVersion, "--format json-native"),
      jsonFormat,
    );
  }
  if (format === "json") return JSON.stringify(toJSON(value));
  return inspect(toJS(value), {
    depth: null,
    breakLength: Number.POSITIVE_INFINITY,
    maxArrayLength: null,
    maxStringLength: null,
  });
}

// A record of several inputs printed to one stream: text gets a `;` comment (the text syntax's
// comment) naming the file, JSON a wrapper object with the file and record number.
function batchLine(file: string, n: number, body: string, format: Format, value: Value): string {
  // The comment is one line whatever the file is called (displayPath quotes control characters).
  if (format === "text") return n === 0 ? `; ${displayPath(file)}\n${body}` : body;
  if (format === "json") return JSON.stringify({ file, record: n, value: toJSON(value) });
  return `${file} #${n}: ${body}`;
}

// One line of JSON output: the tagged JSON, or the wrapper naming its file and record.
function* jsonLine(value: Value, where: { file: string; record: number } | undefined): Generator<string> {
  if (where !== undefined) yield `{"file":${JSON.stringify(where.file)},"record":${where.record},"value":`;
  yield* jsonPieces(value);
  yield where !== undefined ? "}\n" : "\n";
}

/** `gdvariant decode`: every record's value as engine text, tagged JSON or JS. */
export async function decodeCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("decode", argv, {
    ...READ_OPTIONS,
    ...SECRET_OPTIONS,
    ...JSON_FORMAT_OPTIONS,
    format: { type: "string" },
    output: { type: "string", short: "o" },
    "engine-version": { type: "string" },
  });
  if (values.help) return "help";
  if (positionals.length === 0) throw new UsageError("decode needs a FILE (or - for stdin)", "decode");
  const choice = readChoice("decode", values);
  const format = oneOf("decode", "format", values.format, FORMATS, "text");
  const target: TargetOptions = { engineVersion: values["engine-version"] };
  const jsonFormat = jsonFormatOf("decode", format === "json-native" ? format : undefined, values);
  const { files, folders } = await expandInputs(positionals, io);
  const maxBytes = maxBytesOf("decode", values);
  const out = values.output;
  const many = files.length > 1 || folders;
  const outFolder = out !== undefined && (many || (await isFolder(out)));

  return runBatch(io, files, { verb: "decoded", args: positionals }, async (f, _i, progress) => {
    const opened = await openInput(
      await readInput(f.path, io, maxBytes),
      choice,
      secretFrom("decode", values),
      layerLimitOf("decode", values),
    );
    const content = opened.content;
    const outFile = outFolder ? join(out!, f.rel + EXTENSIONS[format]) : out;
    if (content.kind !== "variant") {
      // A save with no records prints nothing (zero records, as the engine reads it); a
      // ConfigFile or project.binary prints its sections.
      if (content.kind !== "empty" && format === "json-native")
        throw new InputError(
          "--format json-native is for Variant dumps; a ConfigFile or project.binary prints as text, json or js",
        );
      const text =
        content.kind === "empty" ? "" : sectionsText(content, format as "text" | "json" | "js", target);
      if (content.kind === "empty") {
        progress.clear();
        await write(
          io.stderr,
          `gdvariant: ${displayPath(f.path)}: note: no records (an empty save inside ${describeLayers(opened.layers)})\n`,
        );
      }
      if (outFile === undefined) {
        progress.clearFor(io.stdout);
        await write(io.stdout, text);
      } else await writeOutput(outFile, text);
      return EXIT.ok;
    }
    let records: readonly InputRecord[];
    let entry: DialectEntry | undefined;
    let failure: unknown;
    let trailing = 0;
    if ("resolved" in content.reading) {
      const r = content.reading.resolved;
      records = r.framed.records;
      entry = r.entry;
      trailing = r.framed.trailing;
      if (r.detection?.ambiguous && r.detection.ambiguity === "different-values") {
        progress.clear();
        await write(
          io.stderr,
          `gdvariant: ${displayPath(f.path)}: note: ambiguous, read as ${r.entry.id}; ${r.detection.summary} Pass ${choiceFlags(r.detection.ambiguousIn)} to choose.\n`,
        );
      }
    } else {
      const e = content.reading.failure;
      failure = e;
      records = e instanceof PartialReadError ? e.partial.records : [];
      entry = e instanceof PartialReadError ? e.entry : undefined;
    }
    if (out === undefined) progress.clearFor(io.stdout);
    // Each record is written as soon as it is formatted, so only one record's text is held;
    // JSON is written in pieces as it is made, so not even one record's text is held whole.
    const wrapped = many && !outFolder;
    const lines = (entry ? records : []).map((r, n) => (): Iterable<string> => {
      if (format === "json") return jsonLine(r.value, wrapped ? { file: f.path, record: n } : undefined);
      const body = formatRecord(r.value, format, entry!, target, jsonFormat);
      return [`${wrapped ? batchLine(f.path, n, body, format, r.value) : body}\n`];
    });
    // A failed input leaves no output file (its intact records still go to stdout).
    if (out === undefined) {
      for (const line of lines) await writePieces(line(), (s) => write(io.stdout, s));
    } else if (failure === undefined) {
      await writeOutput(outFile!, lines);
    }
    if (trailing > 0) {
      progress.clear();
      await write(
        io.stderr,
        `gdvariant: ${displayPath(f.path)}: note: ${trailing} bytes after the Variant are ignored, as the engine does\n`,
      );
    }
    // runBatch clears the bar and reports the failure.
    if (failure !== undefined) throw failure;
    return EXIT.ok;
  });
}

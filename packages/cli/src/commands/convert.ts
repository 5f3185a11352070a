import { join } from "node:path";
import { convertValue, type Dialect, encodeWith, type Value } from "@gdvariant/core";
import { maxBytesOf, oneOf, parseCommand, READ_OPTIONS, readChoice, TARGET_OPTIONS } from "../args.js";
import { reportError, runBatch } from "../batch.js";
import { DIALECT_IDS, dialectEntry } from "../dialects.js";
import { InputError, RecordError, UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, displayPath, expandInputs, isFolder, readInput, write, writeOutput } from "../io.js";
import { JSON_FORMS, jsonFormOf, jsonFormVersion, readJsonNativeText, writeJsonForm } from "../json-forms.js";
import { choiceFlags, type Resolved, resolveInput } from "../resolve.js";
import { emit, frameValues, type OutFraming } from "./encode.js";
import { openLayers, resealFor, SECRET_OPTIONS } from "./file-layers.js";

function encodes(dialect: Dialect, value: Value): boolean {
  try {
    encodeWith(dialect, value);
    return true;
  } catch {
    return false;
  }
}

// A JSON.from_native text as one Godot 4 record, in the shape resolveInput gives.
function readNative(plaintext: Uint8Array, allowObjects: boolean): Resolved {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(plaintext);
  } catch {
    throw new InputError("--from json-native needs UTF-8 text");
  }
  const value = readJsonNativeText(text, undefined, allowObjects);
  const record = { value, offset: 0, valueOffset: 0, valueLength: plaintext.length };
  const framed: Resolved["framed"] = {
    framing: "raw",
    bigEndian: false,
    bytes: plaintext,
    records: [record],
    trailing: 0,
  };
  return { entry: dialectEntry("godot-4"), framed, detection: undefined, candidate: undefined };
}

/** `gdvariant convert`: a dump of one dialect rewritten for another, each lossy step reported. */
export async function convertCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("convert", argv, {
    ...READ_OPTIONS,
    ...TARGET_OPTIONS,
    ...SECRET_OPTIONS,
    "new-password": { type: "string" },
    to: { type: "string" },
    from: { type: "string" },
    strict: { type: "boolean" },
    unconvertible: { type: "string" },
    output: { type: "string", short: "o" },
  });
  if (values.help) return "help";
  if (positionals.length === 0) throw new UsageError("convert needs an input file", "convert");
  if (values.to === undefined)
    throw new UsageError(`convert needs --to (${[...DIALECT_IDS, ...JSON_FORMS].join(", ")})`, "convert");
  // --to json-native / json-stringify: Godot 4's JSON forms, written from the Godot 4 value.
  const jsonForm = jsonFormOf(values.to);
  const target = dialectEntry(jsonForm !== undefined ? "godot-4" : values.to, "--to");
  const jsonVersion =
    jsonForm !== undefined ? jsonFormVersion(values["engine-version"], `--to ${jsonForm}`) : undefined;
  // --from json-native: the input is JSON.from_native text rather than a dump.
  const fromNative =
    oneOf<"dump" | "json-native">("convert", "from", values.from, ["json-native"], "dump") === "json-native";
  const choice = readChoice("convert", values);
  const precision = oneOf<"single" | "double">(
    "convert",
    "precision",
    values.precision,
    ["single", "double"],
    "single",
  );
  const unconvertible = oneOf<"error" | "nil">(
    "convert",
    "unconvertible",
    values.unconvertible,
    ["error", "nil"],
    "error",
  );
  const writer = target.writer({
    engineVersion: values["engine-version"],
    precision: values.precision === undefined ? undefined : precision,
  });
  const { files, folders } = await expandInputs(positionals, io);
  const out = values.output;
  const outFolder = out !== undefined && (files.length > 1 || folders || (await isFolder(out)));
  if (files.length > 1 && out === undefined) throw new UsageError("several inputs need -o FOLDER", "convert");

  return runBatch(io, files, { verb: "converted", args: positionals }, async (f, _i, progress) => {
    const opened = await openLayers(
      "convert",
      await readInput(f.path, io, maxBytesOf("convert", values)),
      values,
    );
    const r = fromNative
      ? readNative(opened.plaintext, values["allow-objects"] === true)
      : resolveInput(opened.plaintext, choice);
    if (r.detection?.ambiguous && r.detection.ambiguity === "different-values") {
      progress.clear();
      await write(
        io.stderr,
        `gdvariant: ${displayPath(f.path)}: note: ambiguous, read as ${r.entry.id}; pass ${choiceFlags(r.detection.ambiguousIn)} to choose\n`,
      );
    }
    const converted: Value[] = [];
    const notes: string[] = [];
    const several = r.framed.framing !== "raw";
    for (const [n, rec] of r.framed.records.entries()) {
      let result: ReturnType<typeof convertValue>;
      try {
        result = convertValue(rec.value, writer, { unconvertible });
      } catch (e) {
        throw several ? new RecordError(n, e) : e;
      }
      const { value, losses } = result;
      converted.push(value);
      const where = r.framed.records.length > 1 ? `record ${n} ` : "";
      for (const l of losses) notes.push(`${where}${l.path || "(root)"}: ${l.from} → ${l.to}: ${l.message}`);
    }
    if (notes.length > 0) {
      progress.clear();
      const head = `gdvariant: ${displayPath(f.path)}: ${r.entry.id} → ${target.id} loses ${notes.length} thing${notes.length === 1 ? "" : "s"}:\n`;
      await write(io.stderr, head + notes.map((n) => `  ${n}\n`).join(""));
      if (values.strict) {
        return reportError(
          io,
          f.path,
          new InputError("conversion is lossy and --strict is set; nothing written"),
        );
      }
    }
    const framing: OutFraming = r.framed.framing;
    let data: Uint8Array | string;
    try {
      data =
        jsonForm !== undefined
          ? converted.map((v) => `${writeJsonForm(jsonForm, v, jsonVersion)}\n`).join("")
          : frameValues(writer, converted, framing, r.framed.bigEndian);
    } catch (e) {
      // Name the record that failed: the first one that does not encode alone.
      const n = several && jsonForm === undefined ? converted.findIndex((v) => !encodes(writer, v)) : -1;
      throw n >= 0 ? new RecordError(n, e) : e;
    }
    // Layers go back on as the target engine reads them: the same password unless --new-password.
    if (opened.layers.length > 0) {
      const secret =
        values["new-password"] !== undefined ? { password: values["new-password"] } : opened.secret;
      if (typeof data === "string") data = new TextEncoder().encode(data);
      data = resealFor(data, opened.layers, target.id, secret ?? { password: "" });
    }
    if (outFolder) await writeOutput(join(out!, f.rel), data);
    else await emit(io, "convert", out, data);
    return EXIT.ok;
  });
}

import { join } from "node:path";
import { convertValue, type Dialect, encodeWith, type Value } from "@gdvariant/core";
import { type ConfigSections, settingKey, writeConfigFile, writeProjectBinary } from "@gdvariant/files";
import {
  layerLimitOf,
  maxBytesOf,
  oneOf,
  parseCommand,
  READ_OPTIONS,
  readChoice,
  TARGET_OPTIONS,
} from "../args.js";
import { reportError, runBatch } from "../batch.js";
import { DIALECT_IDS, dialectEntry } from "../dialects.js";
import { InputError, RecordError, UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, displayPath, expandInputs, isFolder, readInput, write, writeOutput } from "../io.js";
import {
  JSON_FORMAT_OPTIONS,
  JSON_FORMS,
  jsonFormatOf,
  jsonFormOf,
  jsonFormVersion,
  readJsonNativeText,
  writeJsonForm,
} from "../json-forms.js";
import { openInput, type SectionsOf } from "../open-input.js";
import { choiceFlags, type Resolved } from "../resolve.js";
import { emit, frameValues, type OutFraming } from "./encode.js";
import { resealFor, SECRET_OPTIONS, secretFrom } from "./file-layers.js";

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

/**
 * A project.binary's settings as the target generation encodes them, in a project.binary: each
 * value converted (the losses printed), the keys kept. Setting names and object properties stay
 * as they are, and a note says so when the generation changes: Godot 4 renamed some
 * (`display/window/size/width` is `viewport_width`, InputEventKey's `scancode` is `keycode`), and
 * renaming them is the engine's project converter's work on project.godot text.
 * @throws {InputError} when the conversion loses something and `strict` is set.
 */
async function convertSettings(
  io: CliIO,
  path: string,
  content: SectionsOf<"project-binary">,
  writer: Dialect,
  to: string,
  unconvertible: "error" | "nil",
  strict: boolean,
  progress: { clear(): void },
): Promise<Uint8Array> {
  const settings: Array<readonly [string, Uint8Array]> = [];
  const losses: string[] = [];
  for (const [section, keys] of content.sections) {
    for (const [name, value] of keys) {
      const key = settingKey(section, name);
      const c = convertValue(value, writer, { unconvertible });
      for (const l of c.losses) losses.push(`${key}${l.path}: ${l.from} → ${l.to}: ${l.message}`);
      settings.push([key, encodeWith(writer, c.value)]);
    }
  }
  progress.clear();
  if (losses.length > 0) {
    await write(
      io.stderr,
      `gdvariant: ${displayPath(path)}: ${content.entry.id} → ${to} loses ${losses.length} thing${losses.length === 1 ? "" : "s"}:\n${losses.map((l) => `  ${l}\n`).join("")}`,
    );
    if (strict) throw new InputError("conversion is lossy and --strict is set; nothing written");
  }
  if (content.entry.id !== to)
    await write(
      io.stderr,
      `gdvariant: ${displayPath(path)}: note: the settings' values are in ${to}'s encoding; their names and objects' properties are as ${content.entry.id} wrote them (Godot 4 renamed some: its project converter renames them in project.godot)\n`,
    );
  return writeProjectBinary(settings);
}

/** `gdvariant convert`: a dump of one dialect rewritten for another, each lossy step reported. */
export async function convertCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("convert", argv, {
    ...READ_OPTIONS,
    ...TARGET_OPTIONS,
    ...SECRET_OPTIONS,
    ...JSON_FORMAT_OPTIONS,
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
  const jsonFormat = jsonFormatOf("convert", jsonForm, values);
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
    const opened = await openInput(
      await readInput(f.path, io, maxBytesOf("convert", values)),
      choice,
      secretFrom("convert", values),
      layerLimitOf("convert", values),
    );
    // Layers go back on as the target engine reads them: the same password unless --new-password.
    const reseal = (data: Uint8Array | string): Uint8Array | string => {
      if (opened.layers.length === 0) return data;
      const secret =
        values["new-password"] !== undefined ? { password: values["new-password"] } : opened.secret;
      const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
      return resealFor(bytes, opened.layers, target.id, secret ?? { password: "" });
    };
    const put = async (data: Uint8Array | string): Promise<ExitCode> => {
      if (outFolder) await writeOutput(join(out!, f.rel), reseal(data));
      else await emit(io, "convert", out, reseal(data));
      return EXIT.ok;
    };
    const content = opened.content;
    let r: Resolved;
    // --from json-native reads the text inside the layers as it is.
    if (fromNative) r = readNative(opened.plaintext, values["allow-objects"] === true);
    else if (content.kind === "empty") return put(new Uint8Array(0));
    else if (content.kind === "project-binary") {
      if (target.id === "legacy-2" || jsonForm !== undefined)
        throw new InputError("a project.binary converts between godot-3 and godot-4 only");
      return put(
        await convertSettings(
          io,
          f.path,
          content,
          writer,
          target.id,
          unconvertible,
          values.strict === true,
          progress,
        ),
      );
    } else if (content.kind === "config-file") {
      if (target.id === "legacy-2" || jsonForm !== undefined)
        throw new InputError("ConfigFiles convert between godot-3 and godot-4 only");
      const sections: ConfigSections = new Map();
      const losses: string[] = [];
      for (const [name, keys] of content.sections) {
        const out = new Map<string, Value>();
        for (const [key, value] of keys) {
          const c = convertValue(value, writer, { unconvertible });
          for (const l of c.losses)
            losses.push(`[${name}] ${key}${l.path}: ${l.from} → ${l.to}: ${l.message}`);
          out.set(key, c.value);
        }
        sections.set(name, out);
      }
      if (losses.length > 0) {
        progress.clear();
        await write(
          io.stderr,
          `gdvariant: ${displayPath(f.path)}: ${content.dialect} → ${target.id} loses ${losses.length} thing${losses.length === 1 ? "" : "s"}:\n${losses.map((l) => `  ${l}\n`).join("")}`,
        );
        if (values.strict)
          return reportError(
            io,
            f.path,
            new InputError("conversion is lossy and --strict is set; nothing written"),
          );
      }
      const toText = (v: Value) => target.toText(v, { engineVersion: values["engine-version"] });
      return put(
        writeConfigFile(sections, toText, { dialect: target.id === "godot-4" ? "godot-4" : "godot-3" }),
      );
    } else if ("failure" in content.reading) throw content.reading.failure;
    else r = content.reading.resolved;
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
          ? converted.map((v) => `${writeJsonForm(jsonForm, v, jsonVersion, jsonFormat)}\n`).join("")
          : frameValues(writer, converted, framing, r.framed.bigEndian);
    } catch (e) {
      // Name the record that failed: the first one that does not encode alone.
      const n = several && jsonForm === undefined ? converted.findIndex((v) => !encodes(writer, v)) : -1;
      throw n >= 0 ? new RecordError(n, e) : e;
    }
    return put(data);
  });
}

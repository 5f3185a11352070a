import {
  base64Encode,
  type Dialect,
  encodeWith,
  fromJSON,
  type JsonValue,
  type ParseVariantTextOptions,
  parseVariantTextSequence,
  type Value,
  writeStoreVarFile,
} from "@gdvariant/core";
import { oneOf, parseCommand, TARGET_OPTIONS } from "../args.js";
import { reportError } from "../batch.js";
import { DIALECT_IDS, dialectEntry } from "../dialects.js";
import { InputError, UsageError } from "../errors.js";
import { EXIT, type ExitCode } from "../exit-codes.js";
import { type CliIO, readInput, write, writeOutput } from "../io.js";

/** Output framings of `encode` and `convert`. */
export const OUT_FRAMINGS = ["raw", "store-var", "stream", "base64"] as const;
export type OutFraming = (typeof OUT_FRAMINGS)[number];

function isTagged(j: unknown): j is JsonValue {
  return (
    typeof j === "object" &&
    j !== null &&
    !Array.isArray(j) &&
    typeof (j as { kind?: unknown }).kind === "string"
  );
}

/**
 * Values of tagged JSON text: one document, or JSON Lines (one value per non-empty line).
 * Returns undefined when the text is not tagged JSON at all.
 * @throws {InputError} for JSON that is tagged but not a valid value.
 */
export function jsonValues(text: string): Value[] | undefined {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    doc = undefined;
  }
  if (doc !== undefined) return isTagged(doc) ? [fromTagged(doc, 1)] : undefined;
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  const out: Value[] = [];
  for (const [i, line] of lines.entries()) {
    let j: unknown;
    try {
      j = JSON.parse(line);
    } catch (e) {
      if (i === 0) return undefined;
      throw new InputError(`line ${i + 1} is not JSON: ${(e as Error).message}`);
    }
    if (!isTagged(j)) {
      if (i === 0) return undefined;
      throw new InputError(`line ${i + 1} is not a tagged value (an object with "kind")`);
    }
    out.push(fromTagged(j, i + 1));
  }
  return out.length > 0 ? out : undefined;
}

function fromTagged(j: JsonValue, line: number): Value {
  try {
    return fromJSON(j);
  } catch (e) {
    throw new InputError(`line ${line}: not a valid tagged value: ${(e as Error).message}`);
  }
}

/** The bytes (or base64 text) of values in a framing. @throws {InputError} for several raw values. */
export function frameValues(
  dialect: Dialect,
  values: readonly Value[],
  framing: OutFraming,
  bigEndian: boolean,
): Uint8Array | string {
  if (framing === "raw") {
    if (values.length !== 1) {
      throw new InputError(
        `raw framing holds exactly one value, the input has ${values.length}; use --framing store-var, stream or base64`,
      );
    }
    return encodeWith(dialect, values[0]!);
  }
  if (framing === "base64") return `${values.map((v) => base64Encode(encodeWith(dialect, v))).join("\n")}\n`;
  return writeStoreVarFile(dialect, values, { bigEndian });
}

/** Writes bytes or text to `-o` or stdout, refusing binary on a terminal. */
export async function emit(
  io: CliIO,
  command: "encode" | "convert",
  out: string | undefined,
  data: Uint8Array | string,
): Promise<void> {
  if (out === undefined || out === "-") {
    if (typeof data !== "string" && io.stdout.isTTY) {
      throw new UsageError("binary output to a terminal: pass -o FILE (or --framing base64)", command);
    }
    await write(io.stdout, data);
  } else await writeOutput(out, data);
}

/** `gdvariant encode`: Godot text or tagged JSON to bytes of a dialect. */
export async function encodeCommand(argv: string[], io: CliIO): Promise<ExitCode | "help"> {
  const { values, positionals } = parseCommand("encode", argv, {
    dialect: { type: "string" },
    from: { type: "string" },
    framing: { type: "string" },
    "big-endian": { type: "boolean" },
    ...TARGET_OPTIONS,
    output: { type: "string", short: "o" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) return "help";
  if (positionals.length !== 1)
    throw new UsageError("encode needs exactly one input (a file or - for stdin)", "encode");
  if (values.dialect === undefined)
    throw new UsageError(`encode needs --dialect (${DIALECT_IDS.join(", ")})`, "encode");
  const entry = dialectEntry(values.dialect);
  const from = oneOf<"auto" | "text" | "json">("encode", "from", values.from, ["text", "json"], "auto");
  const framing = oneOf<OutFraming>("encode", "framing", values.framing, OUT_FRAMINGS, "raw");
  const precision = oneOf<"single" | "double">(
    "encode",
    "precision",
    values.precision,
    ["single", "double"],
    "single",
  );
  const writer = entry.writer({
    engineVersion: values["engine-version"],
    precision: values.precision === undefined ? undefined : precision,
  });

  const input = positionals[0]!;
  try {
    const nonFinite = entry.parseOptions({ engineVersion: values["engine-version"] });
    await encodeOne(
      io,
      input,
      { dialect: entry.textDialect, precision, ...nonFinite },
      writer,
      from,
      framing,
      values,
    );
  } catch (e) {
    if (e instanceof UsageError) throw e;
    return reportError(io, input, e);
  }
  return EXIT.ok;
}

async function encodeOne(
  io: CliIO,
  input: string,
  textOptions: ParseVariantTextOptions,
  writer: Dialect,
  from: "auto" | "text" | "json",
  framing: OutFraming,
  values: { output?: string | undefined; "big-endian"?: boolean | undefined },
): Promise<void> {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(await readInput(input, io));
  let parsed: Value[];
  if (from === "json") {
    const v = jsonValues(text);
    if (v === undefined)
      throw new InputError(
        `${input} is not tagged JSON (objects with "kind", as decode --format json prints)`,
      );
    parsed = v;
  } else if (from === "text") {
    parsed = parseVariantTextSequence(text, textOptions);
  } else {
    parsed = jsonValues(text) ?? parseVariantTextSequence(text, textOptions);
  }
  if (parsed.length === 0) throw new InputError("the input holds no value");
  const data = frameValues(writer, parsed, framing, values["big-endian"] === true);
  await emit(io, "encode", values.output, data);
}

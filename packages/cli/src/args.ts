import { parseArgs } from "node:util";
import { DEFAULT_MAX_TOTAL_BYTES } from "@gdvariant/core";
import { DIALECT_IDS, type DialectId } from "./dialects.js";
import { UsageError } from "./errors.js";
import type { CommandName } from "./help.js";
import { FRAMINGS, type FramingOption } from "./records.js";
import type { ReadChoice } from "./resolve.js";

/** Option declarations as node:util parseArgs takes them (no multiples, no defaults). */
export type OptionSpec = Record<string, { readonly type: "string" | "boolean"; readonly short?: string }>;

/** What {@link parseCommand} returns: each option's value by its type, and the positionals. */
export interface Parsed<T extends OptionSpec> {
  values: { [K in keyof T]?: T[K]["type"] extends "boolean" ? boolean : string };
  positionals: string[];
}

/** Options every reading command takes. */
export const READ_OPTIONS = {
  dialect: { type: "string" },
  framing: { type: "string" },
  "big-endian": { type: "boolean" },
  "allow-objects": { type: "boolean" },
  "max-bytes": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

/**
 * `--max-bytes N`: the most bytes one input may have (default 1 GiB, the library's limit), and,
 * when given, the most each layer inside it (decrypted, decompressed) may inflate to.
 */
export function maxBytesOf(command: CommandName, values: { "max-bytes"?: string | undefined }): number {
  return countOf(command, "max-bytes", values["max-bytes"], DEFAULT_MAX_TOTAL_BYTES);
}

/** `{ maxBytes }` for the file layers when `--max-bytes` was given (else their own default). */
export function layerLimitOf(
  command: CommandName,
  values: { "max-bytes"?: string | undefined },
): { maxBytes?: number } {
  return values["max-bytes"] === undefined ? {} : { maxBytes: maxBytesOf(command, values) };
}

/** Options of commands that write for a target engine. */
export const TARGET_OPTIONS = {
  "engine-version": { type: "string" },
  precision: { type: "string" },
} as const satisfies OptionSpec;

/**
 * node:util parseArgs with the errors turned into usage errors of `command`.
 * @throws {UsageError}
 */
export function parseCommand<T extends OptionSpec>(
  command: CommandName,
  argv: string[],
  options: T,
): Parsed<T> {
  // parseArgs takes `--width -3` for a missing value and a second option ("argument is
  // ambiguous"): a value that looks like a negative number is joined to its option
  // (`--width=-3`), so that the option's own check can say what is wrong with it.
  const args = [...argv];
  for (let i = 0; i + 1 < args.length; i++) {
    const name = args[i]!.startsWith("--") && !args[i]!.includes("=") ? args[i]!.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === "string" && /^-[0-9.]/.test(args[i + 1]!)) {
      args.splice(i, 2, `--${name}=${args[i + 1]}`);
    }
  }
  try {
    const r = parseArgs({ args, options, allowPositionals: true, strict: true });
    return r as unknown as Parsed<T>;
  } catch (e) {
    const msg = (e as Error).message.replace(/\. To specify a positional argument.*$/s, "");
    throw new UsageError(msg, command);
  }
}

/** `value` if it is one of `allowed`. @throws {UsageError} */
export function oneOf<T extends string>(
  command: CommandName,
  option: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`--${option} ${value} is not one of ${allowed.join(", ")}`, command);
  }
  return value as T;
}

/**
 * A size or a count (`--max-bytes`, `--block-size`, `--width`, `--max-items`): the one parser
 * of number options. Decimal digits only, from `min` (default 1) to `max` (default 2^53 - 1):
 * no sign, exponent, hex, fraction or spaces (`-1`, `1e3`, `0x10`, `1.5`, `1e300` are refused,
 * never read as another number). @throws {UsageError}
 */
export function countOf(
  command: CommandName,
  option: string,
  value: string | undefined,
  fallback: number,
  { min = 1, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number } = {},
): number {
  if (value === undefined) return fallback;
  const n = /^[0-9]{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new UsageError(
      `--${option} needs a whole number from ${min} to ${max} (decimal digits), not ${JSON.stringify(value)}`,
      command,
    );
  return n;
}

/** The reading choices from parsed values. @throws {UsageError} */
export function readChoice(
  command: CommandName,
  values: {
    dialect?: string | undefined;
    framing?: string | undefined;
    "big-endian"?: boolean | undefined;
    "allow-objects"?: boolean | undefined;
  },
): ReadChoice {
  return {
    dialect: oneOf<"auto" | DialectId>(command, "dialect", values.dialect, ["auto", ...DIALECT_IDS], "auto"),
    framing: oneOf<FramingOption>(command, "framing", values.framing, FRAMINGS, "auto"),
    bigEndian: values["big-endian"] === true,
    allowObjects: values["allow-objects"] === true,
  };
}

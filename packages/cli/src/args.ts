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

/** `--max-bytes N`: the most bytes one input may have (default 1 GiB, the library's limit). */
export function maxBytesOf(command: CommandName, values: { "max-bytes"?: string | undefined }): number {
  return positiveInt(command, "max-bytes", values["max-bytes"], DEFAULT_MAX_TOTAL_BYTES);
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
  try {
    const r = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
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

/** A positive integer option. @throws {UsageError} */
export function positiveInt(
  command: CommandName,
  option: string,
  value: string | undefined,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--${option} needs a positive integer, not ${value}`, command);
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

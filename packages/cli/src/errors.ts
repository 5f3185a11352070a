import { DecodeError, EncodeError, GdVariantError, TextParseError } from "@gdvariant/core";
import { EXIT, type ExitCode } from "./exit-codes.js";

/** The command line is wrong; exits with {@link EXIT.usage} after printing the usage hint. */
export class UsageError extends Error {
  constructor(
    message: string,
    /** The command whose usage to point at, if any. */
    readonly command?: string,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

/** A file could not be read or written; exits with {@link EXIT.io}. */
export class IoError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "IoError";
  }
}

/** An input the command cannot use, found by the CLI itself; exits with {@link EXIT.badInput}. */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}

/**
 * A failure inside one record of an input with several records: `record` is its index (from 0),
 * `cause` the project's error, whose path and offset are within that record.
 */
export class RecordError extends Error {
  constructor(
    readonly record: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "RecordError";
  }
}

/** True for a write to a pipe whose reader has gone (`gdvariant ... | head -1`). */
export function isClosedPipe(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "EPIPE" || code === "ERR_STREAM_DESTROYED";
}

// The library's messages name API options; on the command line the flag is what a user types.
const FLAG_WORDING: ReadonlyArray<readonly [RegExp, string]> = [
  [/\ballowObjects: true\b/g, "--allow-objects"],
  [/\bunconvertible: "nil"/g, "--unconvertible nil"],
  [/\bengineVersion\b/g, "--engine-version"],
];

/** `text` with API option names replaced by the command line's flags. */
export function cliWording(text: string): string {
  let out = text;
  for (const [re, flag] of FLAG_WORDING) out = out.replace(re, flag);
  return out;
}

/** The exit code an error stands for. Errors that are none of the project's are bugs: code 1. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof RecordError) return exitCodeOf(error.cause);
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof IoError) return EXIT.io;
  return EXIT.badInput;
}

/**
 * One line for people and scripts: what failed, its code, the byte offset, the record and the
 * path into the value, e.g.
 * `decode error truncated at byte 12, record 1 [2]["hp"]: string needs 8 bytes, 3 left (godot-4)`.
 * Options are named as the command line's flags (`--allow-objects`).
 */
export function describeError(error: unknown): string {
  return cliWording(describe(error));
}

function describe(error: unknown): string {
  const record = error instanceof RecordError ? error.record : undefined;
  const e = error instanceof RecordError ? error.cause : error;
  const where = (path: string) =>
    record !== undefined ? `record ${record}${path ? ` ${path}` : ""}` : path ? `path ${path}` : "";
  if (DecodeError.is(e)) {
    const at = where(e.pathString);
    const dialect = e.dialect ? ` (${e.dialect})` : "";
    return `decode error ${e.code} at byte ${e.offset}${at ? `, ${at}` : ""}: ${e.detail}${dialect}`;
  }
  if (EncodeError.is(e)) {
    const at = where(e.pathString).replace(/^path /, "");
    const dialect = e.dialect ? ` (${e.dialect})` : "";
    return `encode error ${e.code}${at ? ` at ${at}` : ""}: ${e.detail}${dialect}`;
  }
  if (record !== undefined) return `record ${record}: ${describe(e)}`;
  if (TextParseError.is(e)) {
    return `text error ${e.code} at line ${e.line}, column ${e.column} (offset ${e.offset}): ${e.detail}`;
  }
  if (GdVariantError.is(e)) return e.message;
  if (e instanceof UsageError || e instanceof IoError || e instanceof InputError) return e.message;
  if (e instanceof Error) return `internal error: ${e.stack ?? e.message}`;
  return `internal error: ${String(e)}`;
}

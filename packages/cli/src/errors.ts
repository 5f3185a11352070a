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

/** The exit code an error stands for. Errors that are none of the project's are bugs: code 1. */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof UsageError) return EXIT.usage;
  if (error instanceof IoError) return EXIT.io;
  return EXIT.badInput;
}

/**
 * One line for people and scripts: what failed, its code, the byte offset and the path into the
 * value, e.g. `decode error truncated at byte 12, path [2]["hp"]: string needs 8 bytes, 3 left (godot-4)`.
 */
export function describeError(error: unknown): string {
  if (DecodeError.is(error)) {
    const path = error.pathString ? `, path ${error.pathString}` : "";
    const dialect = error.dialect ? ` (${error.dialect})` : "";
    return `decode error ${error.code} at byte ${error.offset}${path}: ${error.detail}${dialect}`;
  }
  if (EncodeError.is(error)) {
    const path = error.pathString ? ` at ${error.pathString}` : "";
    const dialect = error.dialect ? ` (${error.dialect})` : "";
    return `encode error ${error.code}${path}: ${error.detail}${dialect}`;
  }
  if (TextParseError.is(error)) {
    return `text error ${error.code} at line ${error.line}, column ${error.column} (offset ${error.offset}): ${error.detail}`;
  }
  if (GdVariantError.is(error)) return error.message;
  if (error instanceof UsageError || error instanceof IoError || error instanceof InputError)
    return error.message;
  if (error instanceof Error) return `internal error: ${error.stack ?? error.message}`;
  return `internal error: ${String(error)}`;
}

import { describeError, exitCodeOf, isClosedPipe, RecordError } from "./errors.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { type CliIO, displayPath, type InputFile, write } from "./io.js";
import { Progress } from "./progress.js";
import { PartialReadError } from "./records.js";

/** The worse of two exit codes: I/O failures outrank bad input, which outranks success. */
export function worse(a: ExitCode, b: ExitCode): ExitCode {
  const rank = (c: ExitCode) => (c === EXIT.io ? 3 : c === EXIT.usage ? 2 : c === EXIT.badInput ? 1 : 0);
  return rank(a) >= rank(b) ? a : b;
}

/** The error a failure stands for: a record's failure names the record (inputs of several). */
export function failureOf(error: unknown): unknown {
  if (!(error instanceof PartialReadError)) return error;
  return error.partial.framing === "raw"
    ? error.cause
    : new RecordError(error.partial.records.length, error.cause);
}

/** Prints `gdvariant: FILE: message` on stderr. */
export async function reportError(io: CliIO, file: string, error: unknown): Promise<ExitCode> {
  if (isClosedPipe(error)) throw error;
  const cause = failureOf(error);
  await write(io.stderr, `gdvariant: ${displayPath(file)}: ${describeError(cause)}\n`);
  return exitCodeOf(cause);
}

/** How {@link runBatch} counts and names the work. */
export interface BatchOptions {
  /** Past participle for the summary line: `decoded`, `converted`... */
  readonly verb: string;
  /** The paths given, for the note when they hold no file. */
  readonly args: readonly string[];
}

/** A line for people: `3000 files: 2990 decoded, 10 failed`. */
export function summaryLine(files: number, failed: number, verb: string): string {
  return `${files} file${files === 1 ? "" : "s"}: ${files - failed} ${verb}, ${failed} failed`;
}

/**
 * Runs `work` on every input, with a progress bar on a terminal. A failing input is reported
 * and the batch goes on; the exit code is the worst met. A batch of several files ends with a
 * summary line on stderr (on a terminal, or when an input failed); one with no file at all
 * (empty folders) says so.
 */
export async function runBatch(
  io: CliIO,
  files: readonly InputFile[],
  options: BatchOptions,
  work: (file: InputFile, index: number, progress: Progress) => Promise<ExitCode | undefined>,
): Promise<ExitCode> {
  if (files.length === 0) {
    await write(
      io.stderr,
      `gdvariant: note: no files in ${options.args.join(", ")}; nothing ${options.verb}\n`,
    );
    return EXIT.ok;
  }
  const progress = new Progress(files.length, io.stderr, io.env.NO_PROGRESS === undefined);
  let code: ExitCode = EXIT.ok;
  let failed = 0;
  for (const [i, f] of files.entries()) {
    progress.start(displayPath(f.rel));
    let c: ExitCode | undefined;
    try {
      c = await work(f, i, progress);
    } catch (e) {
      progress.clear();
      c = await reportError(io, f.path, e);
    }
    if (c !== undefined && c !== EXIT.ok) failed++;
    if (c !== undefined) code = worse(code, c);
    progress.tick();
  }
  progress.clear();
  // On a terminal a batch always ends with its count; in logs and pipes only when some failed
  // (success stays silent there).
  if (files.length > 1 && (failed > 0 || io.stderr.isTTY === true))
    await write(io.stderr, `gdvariant: ${summaryLine(files.length, failed, options.verb)}\n`);
  return code;
}

import { describeError, exitCodeOf } from "./errors.js";
import { EXIT, type ExitCode } from "./exit-codes.js";
import { type CliIO, displayPath, type InputFile, write } from "./io.js";
import { Progress } from "./progress.js";
import { PartialReadError } from "./records.js";

/** The worse of two exit codes: I/O failures outrank bad input, which outranks success. */
export function worse(a: ExitCode, b: ExitCode): ExitCode {
  const rank = (c: ExitCode) => (c === EXIT.io ? 3 : c === EXIT.usage ? 2 : c === EXIT.badInput ? 1 : 0);
  return rank(a) >= rank(b) ? a : b;
}

/** Prints `gdvariant: FILE: message` on stderr. */
export async function reportError(io: CliIO, file: string, error: unknown): Promise<ExitCode> {
  const cause = error instanceof PartialReadError ? error.cause : error;
  await write(io.stderr, `gdvariant: ${displayPath(file)}: ${describeError(cause)}\n`);
  return exitCodeOf(cause);
}

/**
 * Runs `work` on every input, with a progress bar on a terminal. A failing input is reported
 * and the batch goes on; the exit code is the worst met.
 */
export async function runBatch(
  io: CliIO,
  files: readonly InputFile[],
  work: (file: InputFile, index: number, progress: Progress) => Promise<ExitCode | undefined>,
): Promise<ExitCode> {
  const progress = new Progress(files.length, io.stderr, io.env.NO_PROGRESS === undefined);
  let code: ExitCode = EXIT.ok;
  for (const [i, f] of files.entries()) {
    progress.start(displayPath(f.rel));
    try {
      const c = await work(f, i, progress);
      if (c !== undefined) code = worse(code, c);
    } catch (e) {
      progress.clear();
      code = worse(code, await reportError(io, f.path, e));
    }
    progress.tick();
  }
  progress.clear();
  return code;
}

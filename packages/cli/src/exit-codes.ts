/**
 * Exit codes of the `gdvariant` command, stable across releases so scripts can rely on them.
 *
 * - `ok` (0): every input was read and every output written.
 * - `badInput` (1): an input is not what the command needs: bytes that are not a Variant (or
 *   not of the chosen dialect/framing), text or JSON that does not parse, a value the target
 *   dialect cannot write, or a lossy `convert --strict`. Other inputs of a batch still run.
 * - `usage` (2): the command line is wrong (unknown command or option, missing argument).
 *   Nothing was read.
 * - `io` (3): a file could not be read or written (missing, a directory, no permission).
 */
export const EXIT = {
  ok: 0,
  badInput: 1,
  usage: 2,
  io: 3,
} as const;

/** One of {@link EXIT}'s values. */
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

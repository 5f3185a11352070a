import { DecodeError } from "../errors.js";
import { MAX_FRAME_LENGTH } from "./options.js";

/**
 * What is wrong with a record's length word, or undefined when it can start a record:
 * - 2^31 and up: the engine reads the word into an `int`, so it is negative there and
 *   `get_var` fails: `framing`.
 * - under 4: no Variant fits (its header alone is 4 bytes); `decode_variant` refuses it: `framing`.
 * - over `maxPacketSize`: `limit-exceeded`.
 */
export function lengthProblem(
  length: number,
  maxPacketSize: number,
): { code: "framing" | "limit-exceeded"; message: string } | undefined {
  if (length > MAX_FRAME_LENGTH)
    return {
      code: "framing",
      message: `length word ${length} (0x${length.toString(16)}) is negative as the engine's int32`,
    };
  if (length < 4)
    return { code: "framing", message: `length word ${length} cannot hold a Variant (4 bytes at least)` };
  if (length > maxPacketSize)
    return {
      code: "limit-exceeded",
      message: `length word ${length} is over maxPacketSize ${maxPacketSize}`,
    };
  return undefined;
}

/**
 * Checks a length word the moment it is complete, before anything is read or buffered for it
 * ({@link lengthProblem}). `at` is the absolute offset of the word.
 */
export function checkFrameLength(length: number, at: number, maxPacketSize: number, dialect: string): void {
  const problem = lengthProblem(length, maxPacketSize);
  if (problem !== undefined) throw new DecodeError(problem.message, { ...problem, offset: at, dialect });
}

import { DecodeError } from "../errors.js";
import { MAX_FRAME_LENGTH } from "./options.js";

/**
 * Checks a length word the moment it is complete, before anything is read or buffered for it.
 * `at` is the absolute offset of the word.
 *
 * - 2^31 and up: the engine reads the word into an `int`, so it is negative there and
 *   `get_var` fails: `framing`.
 * - under 4: no Variant fits (its header alone is 4 bytes); `decode_variant` refuses it: `framing`.
 * - over `maxPacketSize`: `limit-exceeded`.
 */
export function checkFrameLength(length: number, at: number, maxPacketSize: number, dialect: string): void {
  if (length > MAX_FRAME_LENGTH) {
    throw new DecodeError(
      `length word ${length} (0x${length.toString(16)}) is negative as the engine's int32`,
      {
        code: "framing",
        offset: at,
        dialect,
      },
    );
  }
  if (length < 4) {
    throw new DecodeError(`length word ${length} cannot hold a Variant (4 bytes at least)`, {
      code: "framing",
      offset: at,
      dialect,
    });
  }
  if (length > maxPacketSize) {
    throw new DecodeError(`length word ${length} is over maxPacketSize ${maxPacketSize}`, {
      code: "limit-exceeded",
      offset: at,
      dialect,
    });
  }
}

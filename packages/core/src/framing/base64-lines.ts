import { base64Decode } from "../bytes/base64.js";

const BASE64_TEXT = /^[A-Za-z0-9+/=\s]+$/;

/**
 * The base64 lines of `bytes` when the input is base64 text (`Marshalls.variant_to_base64`, one
 * value per line; blank lines skipped, each line trimmed), else undefined. A binary Variant can
 * never pass: its header word holds NUL bytes, and every byte must be between 9 and 122. Each
 * line is checked to decode, not that it holds a Variant: decode it with
 * `base64ToVariant` or a dialect.
 */
export function base64Lines(bytes: Uint8Array): string[] | undefined {
  if (bytes.length < 4) return undefined;
  for (const b of bytes) if (b < 9 || b > 122) return undefined;
  const text = new TextDecoder().decode(bytes);
  if (!BASE64_TEXT.test(text)) return undefined;
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== "");
  return lines.every((l) => base64Decode(l) !== undefined) ? lines : undefined;
}

import { base64Decode, base64Encode } from "../bytes/base64.js";
import type { Dialect } from "../dialect/contract.js";
import { decodeWith } from "../dialect/decoder.js";
import { encodeWith } from "../dialect/encoder.js";
import type { DecodeOptions, EncodeOptions } from "../dialect/options.js";
import { DecodeError } from "../errors.js";
import type { Value } from "../value/types.js";

/**
 * `Marshalls.variant_to_base64`: standard base64 (RFC 4648, with `=` padding, no line breaks)
 * of the Variant's bytes, with no length word.
 * @param options `maxDepth` (default 1024), `maxTotalBytes` (default 1 GiB).
 * @throws {EncodeError} when the dialect cannot write the value; nothing else.
 */
export function variantToBase64(dialect: Dialect, value: unknown, options: EncodeOptions = {}): string {
  return base64Encode(encodeWith(dialect, value, options));
}

/**
 * `Marshalls.base64_to_variant`: the value in base64 text. White space is skipped and the
 * padding may be left out. Offsets in errors are byte offsets into the decoded bytes.
 * @param options the decode options (`allowObjects` default false, `exact` default false, limits).
 * @throws {DecodeError} `invalid-data` (offset 0) for text that is not base64, or any error of
 *   the Variant; nothing else.
 */
export function base64ToVariant(
  dialect: Dialect,
  text: string,
  options: Omit<DecodeOptions, "offset"> = {},
): Value {
  const bytes = typeof text === "string" ? base64Decode(text) : undefined;
  if (bytes === undefined) {
    throw new DecodeError("text is not base64", { code: "invalid-data", offset: 0, dialect: dialect.id });
  }
  return decodeWith(dialect, bytes, { ...options, offset: 0 });
}

import type { ToJSOptions } from "../value/js.js";
import { jsBuilder } from "../value/js-builder.js";
import type { Dialect } from "./contract.js";
import { readWith } from "./decoder.js";
import type { DecodeOptions } from "./options.js";

/**
 * Decodes one Variant with `dialect` straight to plain JavaScript, in one pass: the same result
 * as `toJS(decodeWith(dialect, input, options), options)` (see `toJS` for the mapping).
 * `onSpan` is not used.
 * @throws {DecodeError} as {@link decodeWith}, with the same code, offset and path.
 */
export function decodeJSWith(
  dialect: Dialect,
  input: Uint8Array,
  options: DecodeOptions & ToJSOptions = {},
): unknown {
  let o: DecodeOptions = options;
  if (options.onSpan !== undefined) {
    const { onSpan: _ignored, ...rest } = options;
    o = rest;
  }
  return readWith(dialect, input, o, jsBuilder(options)).value;
}

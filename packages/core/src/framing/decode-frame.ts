import type { Dialect } from "../dialect/contract.js";
import { decodeWithLength } from "../dialect/decoder.js";
import type { DecodeOptions, Span } from "../dialect/options.js";
import { DecodeError, GdVariantError } from "../errors.js";
import type { Value } from "../value/types.js";
import type { FrameDecodeOptions } from "./options.js";

/** Result of decoding the Variant inside one complete frame. */
export interface FrameValue {
  value: Value;
  valueLength: number;
}

/**
 * Decodes the Variant in one complete frame (`frame` holds exactly the `length` bytes after the
 * length word; `base` is the absolute offset of its first byte). Builds the decode options once
 * per reader: only `base` changes between frames.
 */
export class FrameValueDecoder {
  private readonly dialect: Dialect;
  private readonly options: DecodeOptions;
  private readonly copyOptions: DecodeOptions;
  private base = 0;

  constructor(dialect: Dialect, options: FrameDecodeOptions, copyDefault: boolean) {
    this.dialect = dialect;
    const onSpan = options.onSpan;
    const base: DecodeOptions = {
      allowObjects: options.allowObjects === true,
      exact: options.exact === true,
      offset: 0,
    };
    if (options.maxDepth !== undefined) base.maxDepth = options.maxDepth;
    if (options.maxCollectionLength !== undefined) base.maxCollectionLength = options.maxCollectionLength;
    if (options.maxTotalBytes !== undefined) base.maxTotalBytes = options.maxTotalBytes;
    // Spans are reported in absolute offsets, like errors.
    if (onSpan !== undefined) {
      base.onSpan = (s: Span) => onSpan({ ...s, start: s.start + this.base, end: s.end + this.base });
    }
    // Packed arrays may view the frame. That is safe when the frame is a buffer of our own and
    // not when it is the caller's chunk (a transport may reuse it): `copyDefault` says which.
    const copy = options.copy;
    this.options = { ...base, copy: copy ?? false };
    this.copyOptions = { ...base, copy: copy ?? copyDefault };
  }

  /**
   * @param callerOwned the bytes belong to the caller (copy packed arrays unless told otherwise)
   * @throws {DecodeError} with offsets rebased to the file or stream
   */
  decode(frame: Uint8Array, base: number, callerOwned: boolean): FrameValue {
    this.base = base;
    try {
      const r = decodeWithLength(this.dialect, frame, callerOwned ? this.copyOptions : this.options);
      return { value: r.value, valueLength: r.length };
    } catch (e) {
      throw rebaseError(e, base, frame.length, this.dialect);
    }
  }
}

/**
 * Moves a decode error from frame-relative to absolute offsets. Inside a complete frame,
 * running out of bytes is not something more input can fix: the length word was too short for
 * its Variant, so `truncated` becomes `framing` (stream readers keep `truncated` for "wait").
 */
export function rebaseError(e: unknown, base: number, frameLength: number, dialect: Dialect): GdVariantError {
  if (DecodeError.is(e)) {
    const framing = e.code === "truncated";
    return new DecodeError(
      framing ? `record of ${frameLength} bytes ends inside its Variant: ${e.detail}` : e.detail,
      {
        code: framing ? "framing" : e.code,
        offset: e.offset + base,
        path: e.path,
        dialect: e.dialect ?? dialect.id,
        cause: e.cause,
      },
    );
  }
  if (GdVariantError.is(e)) return e;
  return new DecodeError(`unexpected failure: ${String(e)}`, {
    code: "invalid-data",
    offset: base,
    dialect: dialect.id,
    cause: e,
  });
}

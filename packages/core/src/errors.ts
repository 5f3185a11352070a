import { formatPath, type PathSegment } from "./path.js";

// One brand for every gdvariant error, shared across installed copies of core (two versions of
// @gdvariant/core in one node_modules still recognise each other's errors), as in vercel/ai's
// ai-sdk-error.ts. `instanceof` is not reliable across copies; `GdVariantError.is()` is.
const BRAND = Symbol.for("gdvariant.error");
const DECODE_BRAND = Symbol.for("gdvariant.error.decode");
const ENCODE_BRAND = Symbol.for("gdvariant.error.encode");

/**
 * Why a decode failed. A closed union: new codes only arrive with a major version.
 *
 * - `truncated`: the input ended before the value did (a stream reader can wait for more bytes).
 * - `unknown-type`: the header's type id is not in the dialect's table.
 * - `bad-flags`: header flag bits the dialect does not define for that type.
 * - `invalid-utf8`: a string's bytes are not valid UTF-8.
 * - `invalid-data`: a structurally impossible value (NodePath without its format bit, an Image
 *   format out of range, a count with a sign bit, a negative length...).
 * - `limit-exceeded`: a configured limit (collection length, total bytes) was passed.
 * - `depth-exceeded`: nesting deeper than `maxDepth` (the engine's limit is 1024).
 * - `objects-not-allowed`: a full object was met without `allowObjects: true`.
 * - `trailing-bytes`: bytes remain after the value and the caller asked for exact consumption.
 * - `framing`: a length prefix or frame that cannot be right (framing helpers).
 */
export type DecodeErrorCode =
  | "truncated"
  | "unknown-type"
  | "bad-flags"
  | "invalid-utf8"
  | "invalid-data"
  | "limit-exceeded"
  | "depth-exceeded"
  | "objects-not-allowed"
  | "trailing-bytes"
  | "framing";

/**
 * Why an encode failed. A closed union.
 *
 * - `unsupported-kind`: the dialect (or the targeted engine version) has no wire form for the kind.
 * - `out-of-range`: a number does not fit the wire field (a 2.x int beyond 32 bits, a u32 count).
 * - `invalid-value`: the value is malformed (wrong field types, a NaN where an int belongs...).
 * - `depth-exceeded`: nesting deeper than `maxDepth`, or a cycle.
 * - `objects-not-allowed`: a full object without `allowObjects: true`... only where an option
 *   asks for it.
 * - `limit-exceeded`: the output would pass `maxTotalBytes`.
 */
export type EncodeErrorCode =
  | "unsupported-kind"
  | "out-of-range"
  | "invalid-value"
  | "depth-exceeded"
  | "objects-not-allowed"
  | "limit-exceeded"
  /** `encodeInto`: the value does not fit the caller's buffer (nothing useful was written). */
  | "target-too-small";

/**
 * Base class of every error gdvariant throws. Recognise it with {@link GdVariantError.is}, which
 * also works across two installed copies of `@gdvariant/core`.
 */
export class GdVariantError extends Error {
  readonly [BRAND] = true;
  /** The dialect involved (`"godot-4"`, ...), or `undefined` when none was. */
  readonly dialect: string | undefined;

  constructor(message: string, options: { dialect?: string | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "GdVariantError";
    this.dialect = options.dialect;
  }

  /** True for any gdvariant error, from any installed copy of the library. */
  static is(error: unknown): error is GdVariantError {
    return typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** Options of {@link DecodeError}. */
export interface DecodeErrorOptions {
  code: DecodeErrorCode;
  /** Byte offset into the input where the problem was found. */
  offset: number;
  path?: readonly PathSegment[];
  dialect?: string | undefined;
  cause?: unknown;
  /** `truncated`: how many more bytes the read wanted than the input had. */
  missing?: number | undefined;
}

/**
 * Bytes that are not a valid Variant (or break a limit). Carries the `code`, the byte `offset`
 * into the caller's input, the `path` into the value being built, and the dialect.
 */
export class DecodeError extends GdVariantError {
  readonly [DECODE_BRAND] = true;
  readonly code: DecodeErrorCode;
  readonly offset: number;
  /** Path segments from the root value to the failing one (outermost first). */
  path: readonly PathSegment[];
  /** The detail without offset and path. */
  readonly detail: string;
  /**
   * `truncated` errors of the readers: how many more bytes the read wanted than the input had
   * (`undefined` when not known, and for other codes).
   */
  readonly missing: number | undefined;

  constructor(detail: string, options: DecodeErrorOptions) {
    super(detail, { dialect: options.dialect, cause: options.cause });
    this.name = "DecodeError";
    this.code = options.code;
    this.offset = options.offset;
    this.missing = options.missing;
    this.path = options.path ?? [];
    this.detail = detail;
    this.message = this.describe();
  }

  /** The path as text, e.g. `[3].inventory["sword"]`; empty for the root value. */
  get pathString(): string {
    return formatPath(this.path);
  }

  /** @internal Used by containers as the error travels outwards: prepends a path segment. */
  prependPath(segment: PathSegment): this {
    this.path = [segment, ...this.path];
    this.message = this.describe();
    return this;
  }

  /** @internal Sets the dialect if none is set yet. */
  withDialect(dialect: string): this {
    if (this.dialect === undefined) (this as { dialect: string | undefined }).dialect = dialect;
    this.message = this.describe();
    return this;
  }

  private describe(): string {
    const where = this.path.length > 0 ? ` at ${formatPath(this.path)}` : "";
    const d = this.dialect ? `${this.dialect}: ` : "";
    return `${d}${this.detail} (${this.code}, offset ${this.offset}${where})`;
  }

  /** True for a decode error from any installed copy of the library. */
  static override is(error: unknown): error is DecodeError {
    return (
      typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[DECODE_BRAND] === true
    );
  }
}

/** Options of {@link EncodeError}. */
export interface EncodeErrorOptions {
  code: EncodeErrorCode;
  path?: readonly PathSegment[];
  dialect?: string | undefined;
  cause?: unknown;
}

/** A value that the dialect cannot write, with the `code`, the `path` to it, and the dialect. */
export class EncodeError extends GdVariantError {
  readonly [ENCODE_BRAND] = true;
  readonly code: EncodeErrorCode;
  path: readonly PathSegment[];
  readonly detail: string;

  constructor(detail: string, options: EncodeErrorOptions) {
    super(detail, { dialect: options.dialect, cause: options.cause });
    this.name = "EncodeError";
    this.code = options.code;
    this.path = options.path ?? [];
    this.detail = detail;
    this.message = this.describe();
  }

  get pathString(): string {
    return formatPath(this.path);
  }

  /** @internal */
  prependPath(segment: PathSegment): this {
    this.path = [segment, ...this.path];
    this.message = this.describe();
    return this;
  }

  /** @internal */
  withDialect(dialect: string): this {
    if (this.dialect === undefined) (this as { dialect: string | undefined }).dialect = dialect;
    this.message = this.describe();
    return this;
  }

  private describe(): string {
    const where = this.path.length > 0 ? ` at ${formatPath(this.path)}` : "";
    const d = this.dialect ? `${this.dialect}: ` : "";
    return `${d}${this.detail} (${this.code}${where})`;
  }

  static override is(error: unknown): error is EncodeError {
    return (
      typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[ENCODE_BRAND] === true
    );
  }
}

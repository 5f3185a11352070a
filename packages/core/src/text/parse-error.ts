import { GdVariantError } from "../errors.js";

const PARSE_BRAND = Symbol.for("gdvariant.error.text-parse");

/**
 * Why Godot text could not be read. A closed union.
 *
 * - `syntax`: a character or token that cannot be there (missing `)`, unterminated string...).
 * - `unknown-identifier`: a name that is no constructor or constant (`Vector9(1)`).
 * - `arguments`: a constructor got the wrong number or kind of arguments.
 * - `out-of-range`: a number does not fit where it goes (an int beyond int64, a byte above 255).
 * - `unsupported`: valid engine text that names something a value cannot hold
 *   (`Resource("res://x.tres")` outside a typed container or a `script` property, `SubResource`).
 * - `depth-exceeded`: nesting deeper than `maxDepth`.
 * - `trailing-text`: more than whitespace follows the value.
 */
export type TextParseErrorCode =
  | "syntax"
  | "unknown-identifier"
  | "arguments"
  | "out-of-range"
  | "unsupported"
  | "depth-exceeded"
  | "trailing-text";

/**
 * Godot text that could not be parsed. Carries the `code`, the character `offset` into the text
 * (UTF-16 code units, as JavaScript indexes strings) and the 1-based `line` and `column` there.
 */
export class TextParseError extends GdVariantError {
  readonly code: TextParseErrorCode;
  /** Index into the text (UTF-16 code units) where the problem starts. */
  readonly offset: number;
  /** 1-based line of {@link offset}. */
  readonly line: number;
  /** 1-based column of {@link offset}. */
  readonly column: number;
  /** The detail without the position. */
  readonly detail: string;

  constructor(
    detail: string,
    options: { code: TextParseErrorCode; offset: number; line: number; column: number },
  ) {
    super(`${detail} (${options.code}, line ${options.line}, column ${options.column})`);
    this.name = "TextParseError";
    // Set here rather than as a field with a computed key, which bundlers cannot drop unused.
    (this as unknown as Record<symbol, boolean>)[PARSE_BRAND] = true;
    this.code = options.code;
    this.offset = options.offset;
    this.line = options.line;
    this.column = options.column;
    this.detail = detail;
  }

  /** True for a text parse error from any installed copy of the library. */
  static override is(error: unknown): error is TextParseError {
    return (
      typeof error === "object" && error !== null && (error as Record<symbol, unknown>)[PARSE_BRAND] === true
    );
  }
}

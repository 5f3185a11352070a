import type { Dialect } from "../dialect/contract.js";
import type { EncodeErrorCode } from "../errors.js";
import type { PathSegment } from "../path.js";
import type { Kind, Value } from "../value/types.js";

/** One thing the target dialect could not hold exactly, and what was written instead. */
export interface ConversionLoss {
  /** Where, formatted (`[3].inventory["sword"]`); empty for the root value. */
  readonly path: string;
  /** The same place as path segments (outermost first). */
  readonly segments: readonly PathSegment[];
  /** The kind of the source value. */
  readonly from: Kind;
  /** The kind written instead (the same kind when only its content changed). */
  readonly to: Kind;
  /** What happened, for people. */
  readonly message: string;
  /** The code `strict: true` throws this loss with. */
  readonly code: EncodeErrorCode;
}

/** The result of {@link convertValue}. */
export interface ConvertResult {
  /** A value the target dialect can encode. */
  readonly value: Value;
  /** Everything that did not survive exactly, in the order met (depth first). */
  readonly losses: readonly ConversionLoss[];
}

/** What a {@link ConvertOptions.rewrite} hook sees. */
export interface RewriteContext {
  readonly target: Dialect;
  /** Where the value is, formatted. */
  readonly path: string;
  /** Records a loss at this place (the message says what was lost). */
  report(message: string): void;
}

/** Options of {@link convertValue}. */
export interface ConvertOptions {
  /** Throw an EncodeError for the first loss instead of reporting it. Default false. */
  strict?: boolean;
  /**
   * What to do with a kind the target has no counterpart for (Vector4 or Projection for 3.x,
   * a 2.x Image without a rewrite hook...): `"error"` throws an EncodeError
   * `unsupported-kind`, `"nil"` writes null and reports the loss. Default `"error"`.
   */
  unconvertible?: "error" | "nil";
  /**
   * Called first for every value whose kind the target has no codec for. Return a value the
   * target can hold (converted further like any other), or `undefined` to fall back to the
   * built-in rules. Dialect packages use it for their own kinds (a 2.x Image as a 3.x/4.x
   * Image object, for example).
   */
  rewrite?: (value: Value, context: RewriteContext) => Value | undefined;
  /** Deepest nesting converted (root = 0). Default 1024. */
  maxDepth?: number;
  /**
   * How far subtrees held in many places may expand the value: the most values converted, each
   * as often as it appears, when that is more than the value's own size (a value that shares
   * nothing is never refused). Checked before anything is converted. Default 16,777,216.
   */
  maxValues?: number;
}

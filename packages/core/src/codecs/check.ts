import { describeJS } from "../describe.js";
import type { EncodeContext } from "../dialect/contract.js";
import { isInt64 } from "../value/int64.js";

// Checks of model fields that a write does not imply. The writer itself refuses what its
// primitives cannot write exactly (a string that is not one, a float that is not a number, an
// int64 out of range: bytes/writer.ts), so codecs check only the rest: booleans (any value is
// truthy or not), arrays (a string has a length too), typed arrays, integers written as i32.

/** Refuses field `field` of a `kind` value: `invalid-value`, naming what it holds. */
export function badField(
  ctx: EncodeContext,
  kind: string,
  field: string,
  x: unknown,
  expected: string,
): never {
  throw ctx.error("invalid-value", `${kind}.${field} must be ${expected}, not ${describeJS(x)}`);
}

/** A whole number within int32. */
export function isInt32(x: unknown): x is number {
  return typeof x === "number" && (x | 0) === x;
}

export function checkInt64(ctx: EncodeContext, kind: string, field: string, x: unknown): void {
  if (!isInt64(x)) badField(ctx, kind, field, x, "an int64 (a whole number or a bigint)");
}

export function checkBoolean(ctx: EncodeContext, kind: string, field: string, x: unknown): void {
  if (typeof x !== "boolean") badField(ctx, kind, field, x, "a boolean");
}

/** An optional boolean (the 2.x `shared` bit). */
export function checkFlag(ctx: EncodeContext, kind: string, field: string, x: unknown): void {
  if (x !== undefined && typeof x !== "boolean") badField(ctx, kind, field, x, "a boolean or absent");
}

/** An array (its elements are checked as they are written). */
export function checkArray(ctx: EncodeContext, kind: string, field: string, x: unknown): readonly unknown[] {
  if (!Array.isArray(x)) badField(ctx, kind, field, x, "an array");
  return x;
}

// The range of the model's Int64, for plain numbers and bigints alike.

// 2^63, the first whole number past int64 (a double holds it exactly; -2^63 is int64's least).
const TWO_63 = 2 ** 63;

/**
 * Whether a plain JS number is a whole number within int64 (-2^63 <= n < 2^63): what `fromJS`
 * infers as an int. Other numbers (1.5, NaN, Infinity, 1e300) are floats.
 */
export function isInt64Number(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= -TWO_63 && n < TWO_63;
}

/** An Int64 of the model: a whole number or a bigint within int64. */
export function isInt64(x: unknown): x is number | bigint {
  if (typeof x === "number") return isInt64Number(x);
  return typeof x === "bigint" && x >= -9223372036854775808n && x <= 9223372036854775807n;
}

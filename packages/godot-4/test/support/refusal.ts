import { EncodeError } from "@gdvariant/core";

/** The EncodeError `fn` throws; fails the test when it throws nothing or something else. */
export function refusal(fn: () => unknown): EncodeError {
  try {
    fn();
  } catch (e) {
    if (EncodeError.is(e)) return e;
    throw e;
  }
  throw new Error("expected an EncodeError");
}

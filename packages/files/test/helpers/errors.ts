import { FileError } from "@gdvariant/files";

/** The FileError `f` throws; anything else thrown, or nothing, fails the test. */
export function errorOf(f: () => unknown): FileError {
  try {
    f();
  } catch (e) {
    if (FileError.is(e)) return e;
    throw new Error(`not a FileError: ${String(e)}`, { cause: e });
  }
  throw new Error("did not throw");
}

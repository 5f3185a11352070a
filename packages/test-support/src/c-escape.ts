// The fixture generators pass every engine text through the engine's `String::c_escape()` so
// that it fits on one line; this undoes it.

const C_UNESCAPE: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
};

/** Inverse of the engine's `String::c_escape` (4.6: \\ \a \b \f \n \r \t \v \' \"; older \?). */
export function cUnescape(s: string): string {
  return s.replace(/\\(.)/gs, (_, c: string) => C_UNESCAPE[c] ?? c);
}

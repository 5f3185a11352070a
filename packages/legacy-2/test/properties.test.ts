// Property round trips for every 2.x kind: decode(encode(v)) is v, re-encoding is stable, the
// text writer accepts everything, and the decoded length is the encoded length.

import type { Value } from "@gdvariant/core";
import { equals } from "@gdvariant/core";
import { decodeWithLength, dialect, encode, TYPE_ID, toText } from "@gdvariant/legacy-2";
import { KINDS_2X, value2x } from "@gdvariant/test-support/arbitraries";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

function kindsOf(v: Value, out: Set<string>): Set<string> {
  out.add(v.kind);
  if (v.kind === "array") for (const x of v.items) kindsOf(x, out);
  if (v.kind === "dictionary") for (const [k, x] of v.entries) kindsOf(x, kindsOf(k, out));
  return out;
}

describe("property round trips", () => {
  it("the dialect writes every 2.x kind, and nothing else maps to its wire ids", () => {
    expect(Object.keys(TYPE_ID).length).toBe(KINDS_2X.length);
    for (const k of KINDS_2X) expect(dialect.codecForKind(k)).toBeDefined();
  });

  it("the generator reaches every kind", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(value2x, (v) => void kindsOf(v, seen)),
      { numRuns: 3000, seed: 7 },
    );
    expect([...seen].sort()).toEqual([...KINDS_2X].sort());
  });

  it("decode(encode(v)) equals v, byte-stable, with the full length consumed", () => {
    fc.assert(
      fc.property(value2x, (v) => {
        const bytes = encode(v);
        const { value, length } = decodeWithLength(bytes);
        const again = encode(value);
        return (
          bytes.length % 4 === 0 &&
          length === bytes.length &&
          equals(value, v) &&
          again.length === bytes.length &&
          again.every((b, i) => b === bytes[i]) &&
          typeof toText(value) === "string"
        );
      }),
      { numRuns: 5000, seed: 42 },
    );
  });
});

// probeWith is readWith for callers that try readings which may fail (auto-detect): undefined
// exactly where readWith throws, the same value and length where it reads, for every builder,
// on random values of the three test tables, cut short and with a byte changed.
import {
  DecodeError,
  encodeWith,
  Facts,
  FactsObserver,
  jsBuilder,
  MODEL,
  probeWith,
  readWith,
} from "@gdvariant/core";
import { valueArb } from "@gdvariant/test-support/arbitraries";
import { diffJS } from "@gdvariant/test-support/same-js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS_WITH_LEAVES } from "./support/dialects.js";

describe("probeWith", () => {
  it("fails exactly where readWith throws and reads what it reads", () => {
    let failures = 0;
    let reads = 0;
    for (const [dialect, leaves] of DIALECTS_WITH_LEAVES) {
      fc.assert(
        fc.property(valueArb(leaves, { depth: 3 }), fc.nat(), fc.nat(255), (value, at, byte) => {
          const whole = encodeWith(dialect, value);
          const changed = whole.slice();
          changed[at % whole.length] = byte;
          for (const bytes of [whole, whole.subarray(0, at % whole.length), changed]) {
            for (const builder of [MODEL, jsBuilder()]) {
              const options = { allowObjects: at % 2 === 0 };
              let want: { value: unknown; length: number } | undefined;
              try {
                want = readWith(dialect, bytes, options, builder);
              } catch (e) {
                if (!DecodeError.is(e)) throw e;
              }
              const facts = new Facts();
              const got = probeWith(
                dialect,
                bytes,
                options,
                builder,
                new FactsObserver(dialect, bytes, facts),
              );
              if (want === undefined) {
                failures++;
                expect(got).toBeUndefined();
              } else {
                reads++;
                expect(got?.length).toBe(want.length);
                expect(diffJS(got?.value, want.value)).toBeUndefined();
              }
            }
          }
        }),
        { numRuns: 150, seed: 7 },
      );
    }
    expect(failures).toBeGreaterThan(200);
    expect(reads).toBeGreaterThan(1000);
  });

  it("refuses arguments as readWith does", () => {
    const [dialect] = DIALECTS_WITH_LEAVES[0];
    expect(() => probeWith(dialect, "x" as unknown as Uint8Array, {}, MODEL)).toThrow(DecodeError);
    expect(() => probeWith(dialect, new Uint8Array(8), { offset: 9 }, MODEL)).toThrow(DecodeError);
  });
});

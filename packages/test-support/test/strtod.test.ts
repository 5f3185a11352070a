// The rule sameUpToStrtod states (what it allows against the engine's own strtod is checked in
// packages/cli/test/text-parse-roundtrip.test.ts, against core's port).
import { describe, expect, it } from "vitest";
import { STRTOD_RELATIVE, STRTOD_ZERO_BELOW, sameUpToStrtod } from "../src/strtod.js";

describe("sameUpToStrtod", () => {
  it("takes equal numbers, NaN with NaN and -0 with 0", () => {
    expect(sameUpToStrtod(1.5, 1.5)).toBe(true);
    expect(sameUpToStrtod(Number.NaN, Number.NaN)).toBe(true);
    expect(sameUpToStrtod(-0, 0)).toBe(true);
    expect(sameUpToStrtod(Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(true);
  });

  it("never takes an infinity or NaN for a finite number (the scale would be infinite)", () => {
    expect(sameUpToStrtod(Number.POSITIVE_INFINITY, 1)).toBe(false);
    expect(sameUpToStrtod(1, Number.NEGATIVE_INFINITY)).toBe(false);
    expect(sameUpToStrtod(Number.NaN, 1)).toBe(false);
  });

  it("allows the relative distance and no more, and anything below the zero bound", () => {
    const x = 0.0017461578051249187;
    expect(sameUpToStrtod(x, x * (1 + STRTOD_RELATIVE / 2))).toBe(true);
    expect(sameUpToStrtod(x, x * (1 + STRTOD_RELATIVE * 4))).toBe(false);
    expect(sameUpToStrtod(-7.571204057907632e-300, -0)).toBe(true);
    expect(sameUpToStrtod(STRTOD_ZERO_BELOW * 2, 0)).toBe(false);
  });
});

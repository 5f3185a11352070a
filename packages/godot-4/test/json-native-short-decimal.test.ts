// shortDecimal (the JSON reader's fast path for numbers of up to 18 digits spelling an integer
// below 2^53, without an exponent) gives what the full port of the engine's built_in_strtod
// gives, bit for bit and with the same end, on 200,000 random texts in its range and on edge
// cases; outside its range it declines.

import { builtInStrtod } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import { type NumberOut, shortDecimal } from "../src/json-native/c-number.js";

// A seeded xorshift32: the same texts on every run.
function rng(seed: number): () => number {
  let x = seed | 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

const bits = (x: number) => {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigUint64(0);
};

const AFTER = ["", ",", "]", "}", " ", "\n", "x", "\0", "-", "+"];

// The text read from its start both ways: "short" when shortDecimal took it (then equal), "port"
// when it declined.
function compare(s: string, start = 0): "short" | "port" {
  const out: NumberOut = { num: 0.5, numEnd: -1 };
  const full = builtInStrtod(s, start, s.length);
  if (!shortDecimal(s, start, s.length, out)) {
    expect(out).toEqual({ num: 0.5, numEnd: -1 });
    return "port";
  }
  if (bits(out.num) !== bits(full.value) || out.numEnd !== full.end)
    expect({ s, num: out.num, end: out.numEnd }).toEqual({ s, num: full.value, end: full.end });
  return "short";
}

describe("shortDecimal", () => {
  it("reads 200,000 random decimals of 1 to 18 digits as builtInStrtod does, declining M >= 2^53", () => {
    const r = rng(32);
    let taken = 0;
    let inRange = 0;
    const n = 200_000;
    for (let i = 0; i < n; i++) {
      const count = 1 + Math.floor(r() * 18);
      // Leading zeros half the time (the engine counts them among its digits).
      const zeros = r() < 0.5 ? Math.floor(r() * count) : 0;
      let digits = "0".repeat(zeros);
      for (let k = zeros; k < count; k++) digits += String.fromCharCode(48 + Math.floor(r() * 10));
      const cut = Math.floor(r() * (count + 2)); // count + 1: no point
      const body = cut > count ? digits : `${digits.slice(0, cut)}.${digits.slice(cut)}`;
      const lead = r() < 0.3 ? "[" : "";
      const s = `${lead}${r() < 0.5 ? "-" : ""}${body}${AFTER[Math.floor(r() * AFTER.length)]}`;
      const want = BigInt(digits) < 2n ** 53n;
      if (want) inRange++;
      expect(compare(s, lead.length)).toBe(want ? "short" : "port");
      taken += want ? 1 : 0;
    }
    // Most are in range (all of up to 15 digits), and some of 16 to 18 digits are not.
    expect(inRange).toBeGreaterThan(n * 0.75);
    expect(inRange).toBeLessThan(n);
    expect(taken).toBe(inRange);
  });

  it("reads the edges of its range as builtInStrtod does", () => {
    const nines = "9".repeat(15);
    const edges = [
      "0",
      "-0",
      "0.",
      "-0.0",
      ".5",
      "-.5",
      "5.",
      nines,
      `-${nines}`,
      `.${nines}`,
      `0.${"0".repeat(13)}1`,
      `${"0".repeat(14)}1`,
      "9007199254740",
      "0.1",
      "0.3",
      "1.7976931348623",
      "340.8818359375",
      "-446.810302734375",
      "123456789012345",
      "12345678901234.5",
      "9007199254740991",
      "-9007199254740991",
      "0.841422021389008",
      "-0.0743026733398438",
      "00000000000000000.1",
      `.${"0".repeat(17)}1`,
      "900719925474099.1",
      "0.00900719925474099",
    ];
    for (const e of edges) for (const after of AFTER) expect(compare(e + after)).toBe("short");
  });

  it("declines what it does not read: more digits or 2^53 and up, an exponent, a second point, no digits, blanks, +", () => {
    const declined = [
      "1234567890123456789",
      `0.${"0".repeat(17)}1`,
      "9007199254740992",
      "9007199254740993",
      "90071992547409.92",
      "0.09007199254740992",
      "1e5",
      "1E5",
      "1.5e-3",
      "1e",
      "1.2.3",
      "1..",
      "-",
      "-x",
      ".",
      "-.",
      "",
      " 1",
      "+1",
      "x1",
    ];
    for (const d of declined) expect(compare(d)).toBe("port");
  });
});

// The codec object gives exactly what the stateless functions give (values, bytes, errors) on
// every engine vector and random case and cuts of them, with one codec kept across all of them.
import { createCodec, decode, decodeJS, encode, encodeInto } from "@gdvariant/legacy-2";
import { value2x } from "@gdvariant/test-support/arbitraries";
import { checkCodec, describeCodec } from "@gdvariant/test-support/codec-check";
import { describe, expect, it } from "vitest";
import { randomCases, unhex, vectorLines } from "./support/fixtures.js";

const fns = { decode, decodeJS, encode, encodeInto };

describe("createCodec", () => {
  it("is the stateless functions on every engine value and its cuts, kept across all of them", () => {
    const cases = [
      ...vectorLines().map((v) => ({ label: v.label, bytes: unhex(v.hex) })),
      ...randomCases().map((c) => ({ label: `random line ${c.line}`, bytes: unhex(c.hex) })),
    ];
    const r = checkCodec(cases, createCodec, fns, 4);
    expect(r.difference).toBeUndefined();
    expect(r.values).toBeGreaterThan(2000);
    expect(r.errors).toBeGreaterThan(2000);
  }, 300_000);

  it("writes reals as its options say, as encode does", () => {
    expect(() => createCodec().encode(0.1)).toThrow(expect.objectContaining({ code: "out-of-range" }));
    expect(createCodec({ reals: "round" }).encode(0.1)).toEqual(encode(0.1, { reals: "round" }));
  });

  describeCodec(createCodec, fns, value2x);
});

// decodeJS reads once with the plain-JS builder; its result must be exactly toJS of the model,
// and its failures exactly decode's, on every engine vector and random case and cuts of them.
import { toJS } from "@gdvariant/core";
import { decode, decodeJS } from "@gdvariant/legacy-2";
import { checkDecodeJS } from "@gdvariant/test-support/decode-js-check";
import { describe, expect, it } from "vitest";
import { randomCases, unhex, vectorLines } from "./support/fixtures.js";

describe("decodeJS", () => {
  it("is toJS(decode) on every engine value and its cuts, values and errors alike", () => {
    const cases = [
      ...vectorLines().map((v) => ({ label: v.label, bytes: unhex(v.hex) })),
      ...randomCases().map((c) => ({ label: `random line ${c.line}`, bytes: unhex(c.hex) })),
    ];
    const r = checkDecodeJS(cases, decodeJS, (b, o) => toJS(decode(b, o), o));
    expect(r.difference).toBeUndefined();
    expect(r.values).toBeGreaterThan(2000);
    expect(r.errors).toBeGreaterThan(2000);
  });
});

// decodeJS reads once with the plain-JS builder; its result must be exactly toJS of the model,
// and its failures exactly decode's, on every engine case and cuts of them.
import { toJS } from "@gdvariant/core";
import { decode, decodeJS } from "@gdvariant/godot-3";
import { checkDecodeJS } from "@gdvariant/test-support/decode-js-check";
import { describe, expect, it } from "vitest";
import { allCases } from "./helpers/fixtures.js";

describe("decodeJS", () => {
  it("is toJS(decode) on every engine case and its cuts, values and errors alike", () => {
    const cases = allCases().map((c) => ({
      label: `${c.file} ${c.label}`,
      bytes: c.bytes,
      options: { allowObjects: c.full },
    }));
    const r = checkDecodeJS(cases, decodeJS, (b, o) => toJS(decode(b, o), o));
    expect(r.difference).toBeUndefined();
    expect(r.values).toBeGreaterThan(2500);
    expect(r.errors).toBeGreaterThan(5000);
  });
});

// The codec object gives exactly what the stateless functions give (values, bytes, errors) on
// every engine case and cuts of them, with one codec per option set kept across all of them.
import { createCodec, decode, decodeJS, encode, encodeInto } from "@gdvariant/godot-3";
import { value3 } from "@gdvariant/test-support/arbitraries";
import { checkCodec, describeCodec } from "@gdvariant/test-support/codec-check";
import { describe, expect, it } from "vitest";
import { allCases } from "./helpers/fixtures.js";

const fns = { decode, decodeJS, encode, encodeInto };

describe("createCodec", () => {
  it("is the stateless functions on every engine case and its cuts, kept across all of them", () => {
    const cases = allCases().map((c) => ({
      label: `${c.file} ${c.label}`,
      bytes: c.bytes,
      options: { allowObjects: c.full },
    }));
    const r = checkCodec(cases, createCodec, fns, 4);
    expect(r.difference).toBeUndefined();
    expect(r.values).toBeGreaterThan(2500);
    expect(r.errors).toBeGreaterThan(5000);
  }, 300_000);

  it("reads and writes for its release as the functions do", () => {
    const bytes = encode(2 ** 40, { version: "3.0" });
    const codec = createCodec({ version: "3.0" });
    expect(codec.encode(2 ** 40)).toEqual(bytes);
    expect(codec.encode(5)).toEqual(encode(5, { version: "3.0" }));
    expect(() => createCodec({ version: "2.1" as "3.6" })).toThrow(
      expect.objectContaining({ code: "invalid-value" }),
    );
  });

  describeCodec(createCodec, fns, value3());
});

// The 2.x layouts declared in this package (Image, InputEvent, NodePath, RawArray: Codec.layout)
// and core's ones agree with the reader on every Godot 2.1.4 vector and random case: the parts
// the reader reports tile each value's bytes with its nested values (core's layout.test.ts).
import { decodeWith } from "@gdvariant/core";
import { legacy2Dialect } from "@gdvariant/legacy-2";
import { checkLayouts } from "@gdvariant/test-support/layout-check";
import { describe, expect, it } from "vitest";
import { randomCases, unhex, vectorLines } from "./support/fixtures.js";

const d = legacy2Dialect();

function problem(hex: string): string | undefined {
  const bytes = unhex(hex);
  return checkLayouts((listeners) => decodeWith(d, bytes, { allowObjects: true, ...listeners })).problem;
}

describe("2.x layouts and the reader agree", () => {
  it("on every Godot 2.1.4 vector (Image, InputEvent and NodePath included)", () => {
    const lines = vectorLines().filter((l) => !/^(filestore|streampeer)/.test(l.label));
    const kinds = lines.filter((l) => /^(image|inputevent|nodepath|raw)/i.test(l.label));
    expect(kinds.length).toBeGreaterThan(5);
    for (const { label, hex } of lines) expect(problem(hex), label).toBeUndefined();
  });

  it("on every random case", () => {
    const cases = randomCases();
    expect(cases.length).toBeGreaterThan(50);
    for (const c of cases) expect(problem(c.hex), `line ${c.line}`).toBeUndefined();
  });
});

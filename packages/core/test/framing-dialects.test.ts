// The framing tests lean on two test dialects built from core's codecs; this checks them
// against every single-value engine fixture first (decode, then encode back byte for byte).
import { decodeWith, encodeWith, type Span } from "@gdvariant/core";
import { describe, expect, it } from "vitest";
import {
  engineValues,
  godot3,
  godot4,
  loadFixture,
  maskedMismatch,
  nodePathRanges,
} from "./framing-helpers.js";

describe.each([
  ["godot-3.2.3.txt", godot3],
  ["godot-4.6.3.txt", godot4],
] as const)("test dialect for %s", (file, dialect) => {
  const values = engineValues(loadFixture(file));
  it("has the fixture's values", () => expect(values.length).toBeGreaterThan(30));
  it.each(values.map((v, i) => [i, v] as const))("value_%i decodes and encodes back", (_i, bytes) => {
    const spans: Span[] = [];
    const v = decodeWith(dialect, bytes, { exact: true, onSpan: (s) => spans.push(s) });
    expect(maskedMismatch(bytes, encodeWith(dialect, v), nodePathRanges(spans))).toBe(-1);
  });
});

// `@gdvariant/core/text` is the text API's own entry point: the same functions and classes as
// the main entry (one copy of the code), so an error from one is recognised by the other.
import * as main from "@gdvariant/core";
import * as text from "@gdvariant/core/text";
import { describe, expect, it } from "vitest";

describe("@gdvariant/core/text", () => {
  it("exports the text API, identical to the main entry's", () => {
    const names = Object.keys(text).sort();
    expect(names).toEqual([
      "IMAGE_FORMAT_NAMES",
      "TYPE_NAME_KINDS",
      "TextParseError",
      "builtInStrtod",
      "cEscape",
      "cEscapeMultiline",
      "formatPrintfG",
      "joinEach",
      "parseVariantText",
      "parseVariantTextAt",
      "parseVariantTextSequence",
      "poolEqualityKeys",
      "poolKeyOf",
      "sortArrayGodot3",
      "stringToFloat",
      "stringToInt",
    ]);
    for (const n of names)
      expect((text as Record<string, unknown>)[n], n).toBe((main as Record<string, unknown>)[n]);
  });

  it("throws errors the main entry's classes know", () => {
    let thrown: unknown;
    try {
      text.parseVariantText("Vector2(1,");
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(main.TextParseError);
    expect(thrown).toBeInstanceOf(main.GdVariantError);
    expect(text.parseVariantText("Vector2(1, 2)")).toEqual(main.vector2(1, 2));
  });
});

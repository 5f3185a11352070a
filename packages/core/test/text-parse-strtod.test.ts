// Numbers in Variant text are read as the engine reads them: `String::to_float`, whose
// `built_in_strtod` is not correctly rounded (18 mantissa digits, scaled by a product of powers
// of ten), so very small numbers come out an ulp away or as zero. The bytes below are what Godot
// 3.2.3, 3.6 and 4.6.3 gave for `var2bytes(str2var(TEXT))` / `var_to_bytes(str_to_var(TEXT))`
// (all three agree); a random ConfigFile value with these numbers failed the live ConfigFile test
// (seed 511696340) while the parser used JavaScript's correctly rounded `Number`.
import { parseVariantText } from "@gdvariant/core";
import { describe, expect, it } from "vitest";

const TEXT = "[4.457324907024279e-264, -7.571204057907632e-300, 1e23, 1.7976931348623157e308]";
// The four float64 payloads of the engine's bytes, little-endian hex.
const ENGINE = ["989f992f2ef74109", "0000000000000080", "f64ae1c7022db544", "ffffffffffffef7f"];

const hex64 = (x: number): string => {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setFloat64(0, x, true);
  return Array.from(b, (v) => v.toString(16).padStart(2, "0")).join("");
};

describe("numbers in text, read as the engine reads them", () => {
  it.each(["godot-4", "godot-3"] as const)(
    "%s: the engine's doubles, not the correctly rounded ones",
    (dialect) => {
      const v = parseVariantText(TEXT, { dialect });
      expect(v.kind).toBe("array");
      const got = (v as unknown as { items: { value: number }[] }).items.map((x) => hex64(x.value));
      expect(got).toEqual(ENGINE);
      // JavaScript's own reading differs in the first two: the test would fail with Number().
      expect(hex64(Number("4.457324907024279e-264"))).not.toBe(ENGINE[0]);
      expect(Object.is(Number("-7.571204057907632e-300"), -0)).toBe(false);
    },
  );
});

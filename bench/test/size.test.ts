// Bundle-size budget: decode + encode of one dialect, bundled and minified by esbuild and
// gzipped, stays under 20,500 bytes; the text form and the text parser are not in it. (14,000 until
// malformed-value checks in every codec, declared layouts and the expansion bound took godot-4 from
// 13,714 to 17,615 bytes; 18,500 until the value-field checks, the codec object's kept reader and
// the layouts' shortcuts took legacy-2 to 18,522; 19,000 until codec objects' kept decoder and key
// bytes, the encoder's for-in and main's DecodeError.missing took legacy-2 to 19,329; 19,500 until
// issue 33's encode round (JS UTF-8 for short strings, a codec's key bank, the plain-object check)
// took legacy-2 to 19,803: a guard against bloat, moved with the product owner told in the note.)
// Sizes of all measured bundles: `node bench/size/measure.mjs`.
import { describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM module without type declarations
import { ENTRIES, measureEntry } from "../size/measure.mjs";

const BUDGET = 20_500;

type Entry = { label: string; budget?: boolean };
describe("bundle size", () => {
  it.each((ENTRIES as Entry[]).filter((e) => e.budget).map((e) => [e.label, e]))(
    "%s is under 20,500 bytes minified + gzip, without the text form",
    async (_label, entry) => {
      const m = await measureEntry(entry);
      expect(m.gzip).toBeLessThan(BUDGET);
      // var2str / var_to_str output spells constructors like "Vector2(": only the text form has it.
      expect(m.text).not.toContain("Vector2(");
      // Module-level code of the dist that decode + encode never run (decodeJS's prototype-name
      // table, toText's powers of two, the text parser's key tables) is dropped: a binary
      // operation or an unannotated call at module level would keep it in every bundle.
      for (const unused of ["getOwnPropertyNames(Object.prototype)", "Float64Array(65)", "1<<25", "1<<22"])
        expect(m.text).not.toContain(unused);
    },
  );

  it("godot-4's toText carries no codec table (decode's module-level default dialect is pure)", async () => {
    const m = await measureEntry((ENTRIES as Entry[]).find((e) => e.label === "godot-4: toText"));
    expect(m.text).not.toContain("PACKED_INT32_ARRAY");
  });
});

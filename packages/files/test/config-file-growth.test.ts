// A ConfigFile value over many lines (a dictionary one entry a line, an array one item a line, a
// string with many line breaks) is read in time linear in its size. Judged by a size ratio, never
// a wall-clock limit: sixteen times the text must take under 48 times as long (linear work is
// about 16x; the quadratic reader this replaced took 60-500x), fastest run against fastest run.
import { parseConfigFile } from "@gdvariant/files";
import { expectGrowthUnder } from "@gdvariant/test-support/timing";
import { describe, expect, it } from "vitest";

/** A section with one value, `item(i)` joined by `sep` inside `open`/`close`, about `size` chars. */
function text(size: number, open: string, item: (i: number) => string, sep: string, close: string): string {
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    parts.push(item(i));
    length += parts[parts.length - 1]!.length + sep.length;
  }
  return `[s]\n\nv=${open}${parts.join(sep)}${close}\nafter=1\n`;
}

const SHAPES = {
  dictionary: (size: number) => text(size, "{\n", (i) => `"k${i}": ${i}`, ",\n", "\n}"),
  array: (size: number) => text(size, "[", (i) => String(i), ",\n", "]"),
  string: (size: number) => text(size, '"', (i) => `line ${i}`, "\n", '"'),
};

describe("ConfigFile values over many lines", () => {
  it.each(Object.entries(SHAPES))(
    "a %s: sixteen times the text, about sixteen times the work",
    (_, make) => {
      const small = make(2048);
      const large = make(32768);
      expect(parseConfigFile(large).get("s")!.get("after")).toEqual({ kind: "int", value: 1 });
      expectGrowthUnder(
        48,
        () => parseConfigFile(small),
        () => parseConfigFile(large),
      );
    },
    120_000,
  );
});

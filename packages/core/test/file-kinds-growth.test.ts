// Recognising a text file kind is linear in the text: a line-anchored pattern that let `\s*` run
// over line breaks tried every later line break from every line start (a `"` and 16,384 line
// breaks took 0.7 s in auto-detect, found by the fuzz campaign). Judged by a size ratio, never a
// wall-clock limit: sixteen times the text must take under 48 times as long (linear is about
// 16x, the quadratic pattern about 256x), fastest run against fastest run.
import { fileKindOfText } from "@gdvariant/core";
import { expectGrowthUnder } from "@gdvariant/test-support/timing";
import { describe, it } from "vitest";

const SHAPES = {
  "line breaks after a quote": (n: number) => `"${"\n".repeat(n)}`,
  "blank lines before a section": (n: number) => `config_version=5\n${" \n".repeat(n)}`,
  "spaces and line breaks": (n: number) => `${" \t\n".repeat(n)}[a]`,
};

describe("fileKindOfText on long runs of white space", () => {
  it.each(Object.entries(SHAPES))(
    "%s: sixteen times the text, about sixteen times the work",
    (_, make) => {
      const small = make(4096);
      const large = make(65536);
      expectGrowthUnder(
        48,
        () => fileKindOfText(small),
        () => fileKindOfText(large),
      );
    },
    120_000,
  );
});

// auto-detect has no decoder of its own: core's readers read every byte (a header's type id
// through core's typeIdAt, records through core's record walker), so its source reads no bytes as
// numbers: no DataView, no typed-array word reads, no bytes assembled with shifts.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL("../src/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
const source = files.map((f) => [f, readFileSync(new URL(f, dir), "utf8")] as const);

// A DataView or its getters, and a byte shifted into a word (`b[i + 1] << 8`, `<< 24`).
const NUMBER_READS = /DataView|\.get(?:Big)?(?:Ui|I)nt\d+|\.getFloat\d+|\]!?\s*<<\s*(?:8|16|24)\b/;

describe("auto-detect source", () => {
  it("reads no bytes as numbers itself", () => {
    expect(files.length).toBeGreaterThan(5);
    for (const [f, text] of source) expect(text, f).not.toMatch(NUMBER_READS);
  });

  it("the check catches the reads it names", () => {
    for (const read of ["new DataView(b.buffer)", "v.getUint32(0, true)", "(b[at]! << 24)", "b[i + 1] << 8"])
      expect(read).toMatch(NUMBER_READS);
  });
});

// The shape targets for this package, held: no decoder of its own (no byte views or
// number reads: core's readers read every byte) and at most 1,500 non-blank lines of source.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const dir = new URL("../src/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
const source = files.map((f) => [f, readFileSync(new URL(f, dir), "utf8")] as const);

describe("auto-detect source", () => {
  it("reads no bytes as numbers itself", () => {
    expect(files.length).toBeGreaterThan(5);
    for (const [f, text] of source)
      expect(text, f).not.toMatch(/DataView|\.get(?:Big)?(?:Ui|I)nt\d+|\.getFloat\d+/);
  });

  it("is at most 1,500 non-blank lines", () => {
    const lines = source.reduce(
      (n, [, text]) => n + text.split("\n").filter((l) => l.trim() !== "").length,
      0,
    );
    expect(lines).toBeGreaterThan(500);
    expect(lines).toBeLessThanOrEqual(1500);
  });
});

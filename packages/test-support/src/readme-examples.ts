// Every ```ts block of a README runs as a module (as msgpack-javascript's test/readme.test.ts
// does): the examples assert their own results, so a wrong README fails its package's tests.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/** What {@link runReadmeExamples} checks before running the examples. */
export interface ReadmeExamplesOptions {
  /** Fewest ```ts blocks the README must have. */
  readonly minExamples: number;
  /** Strings that some block must contain each (the README shows these features). */
  readonly mentions?: readonly string[];
  /** Name of the test that checks `minExamples` and `mentions`. Default "has examples". */
  readonly title?: string;
}

/** The ```ts blocks of the README at `readmeUrl`, in order. */
export function readmeTsBlocks(readmeUrl: URL): string[] {
  const readme = readFileSync(readmeUrl, "utf8");
  return [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * Registers a `README examples` suite: one test checks the blocks' count and mentions, then one
 * test per ```ts block writes it to `test/.readme-tmp/` next to the README and imports it. The
 * files sit in the README's own package so that its imports (`@gdvariant/...`) resolve from
 * that package's dependencies, as a user's would.
 */
export function runReadmeExamples(readmeUrl: URL, options: ReadmeExamplesOptions): void {
  const blocks = readmeTsBlocks(readmeUrl);
  const dir = fileURLToPath(new URL("./test/.readme-tmp/", readmeUrl));
  mkdirSync(dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe("README examples", () => {
    it(options.title ?? "has examples", () => {
      expect(blocks.length).toBeGreaterThanOrEqual(options.minExamples);
      for (const needle of options.mentions ?? []) {
        expect(
          blocks.some((b) => b.includes(needle)),
          needle,
        ).toBe(true);
      }
    });
    blocks.forEach((code, i) => {
      it(`example ${i + 1} runs`, async () => {
        const file = `${dir}example-${i + 1}.ts`;
        writeFileSync(file, code);
        await import(/* @vite-ignore */ file);
      });
    });
  });
}

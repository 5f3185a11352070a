// Every ```ts block of the README runs as a module (as msgpack-javascript's test/readme.test.ts
// does): the examples assert their own results, so a wrong README fails here.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, it } from "vitest";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
const dir = fileURLToPath(new URL("./.readme-tmp/", import.meta.url));
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README examples", () => {
  it("has examples", () => {
    if (blocks.length < 4) throw new Error(`only ${blocks.length} examples found`);
  });
  blocks.forEach((code, i) => {
    it(`example ${i + 1} runs`, async () => {
      const file = `${dir}example-${i + 1}.ts`;
      writeFileSync(file, code);
      await import(/* @vite-ignore */ file);
    });
  });
});

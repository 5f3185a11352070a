// The README's examples run here: every `$ gdvariant ...` line of a ```console block runs the
// built binary from the repository root and must print the lines under it (`…` stands for any
// number of lines), and every ```ts block runs as a module that asserts its own results.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { gdvariant, SAMPLES } from "./support/cli.js";

const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const consoles = [...readme.matchAll(/```console\n([\s\S]*?)```/g)].map((m) => m[1]!);
const tsBlocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

interface Example {
  args: string[];
  expected: string[];
}

const examples: Example[] = [];
for (const block of consoles) {
  for (const line of block.trimEnd().split("\n")) {
    if (line.startsWith("$ gdvariant "))
      examples.push({ args: line.slice("$ gdvariant ".length).split(/\s+/), expected: [] });
    else examples[examples.length - 1]!.expected.push(line);
  }
}

/** `actual` matches `expected` where each `…` line stands for zero or more lines. */
function matches(actual: string[], expected: string[]): boolean {
  const go = (a: number, e: number): boolean => {
    if (e === expected.length) return a === actual.length;
    if (expected[e] === "…") {
      for (let k = a; k <= actual.length; k++) if (go(k, e + 1)) return true;
      return false;
    }
    return a < actual.length && actual[a] === expected[e] && go(a + 1, e + 1);
  };
  return go(0, 0);
}

const dir = fileURLToPath(new URL("./.readme-tmp/", import.meta.url));
mkdirSync(dir, { recursive: true });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("README", () => {
  it("has command examples for every command", () => {
    for (const c of ["inspect", "decode", "encode", "convert", "hexdump"]) {
      expect(examples.some((e) => e.args[0] === c)).toBe(true);
    }
  });

  examples.forEach((ex, i) => {
    it(`example ${i + 1}: gdvariant ${ex.args.join(" ")}`, () => {
      const r = gdvariant(ex.args);
      expect(r.code).toBe(0);
      const actual = r.stdout === "" ? [] : r.stdout.replace(/\n$/, "").split("\n");
      if (!matches(actual, ex.expected)) {
        expect(actual.join("\n")).toBe(ex.expected.join("\n"));
      }
    });
  });

  it("the encode example prints Godot 4.6.3's own bytes (samples/godot-4/dict_typed_string_int.bin)", () => {
    const ex = examples.find((e) => e.args[0] === "encode")!;
    const engine = readFileSync(join(SAMPLES, "godot-4", "dict_typed_string_int.bin")).toString("base64");
    expect(ex.expected).toEqual([engine]);
  });

  tsBlocks.forEach((code, i) => {
    it(`ts example ${i + 1} runs`, async () => {
      const file = `${dir}example-${i + 1}.ts`;
      writeFileSync(file, code);
      await import(/* @vite-ignore */ file);
    });
  });
});

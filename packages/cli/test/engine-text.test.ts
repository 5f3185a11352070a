import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseVariantText, toJSON, type Value } from "@gdvariant/core";
import { dialect as godot3 } from "@gdvariant/godot-3";
import { dialect as godot4 } from "@gdvariant/godot-4";
import { dialect as legacy2 } from "@gdvariant/legacy-2";
import { sameUpToStrtod } from "@gdvariant/test-support/strtod";
import { describe, expect, it } from "vitest";
import { engineCases, gdvariant, tempDir, unhex } from "./support/cli.js";
import { unwrittenPadding } from "./support/padding.js";

const READERS = { "godot-4": godot4, "godot-3": godot3, "legacy-2": legacy2 } as const;

// `version`: the release whose text the engine prints, given as --engine-version to decode.
const GENERATIONS = [
  { dialect: "godot-4", file: "godot-4.6.3-random-cases.tsv", engine: "Godot 4.6.3", version: [] },
  {
    dialect: "godot-3",
    file: "godot-3.2.3-random-cases.tsv",
    engine: "Godot 3.2.3",
    version: ["--engine-version", "3.2"],
  },
  { dialect: "legacy-2", file: "godot-2.1.4-random-cases.tsv", engine: "Godot 2.1.4", version: [] },
] as const;

// Dictionaries compared as sets of entries: the engines print keys sorted, and text read back
// holds them in that order, which the engines' sort may then print differently.
function unordered(v: Value): unknown {
  const j = (x: Value): unknown => unordered(x);
  switch (v.kind) {
    case "array":
      return { ...v, items: v.items.map(j) };
    case "dictionary":
      return { ...v, entries: v.entries.map(([k, x]) => JSON.stringify([j(k), j(x)])).sort() };
    default:
      return toJSON(v);
  }
}

function storeVar(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + 4 + p.length, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const p of parts) {
    view.setUint32(at, p.length, true);
    out.set(p, at + 4);
    at += 4 + p.length;
  }
  return out;
}

for (const g of GENERATIONS) {
  describe(`gdvariant on ${g.engine} dumps (${g.dialect})`, () => {
    const cases = engineCases(g.file);

    it("has the engine's 1000 random cases", () => {
      expect(cases.length).toBe(1000);
    });

    it("decode --format text prints exactly the engine's own text for every dump (folder batch)", () => {
      const dir = tempDir(`${g.dialect}-in`);
      const out = tempDir(`${g.dialect}-out`);
      mkdirSync(join(dir, "cases"));
      for (const [i, c] of cases.entries()) {
        writeFileSync(join(dir, "cases", `case-${String(i).padStart(4, "0")}.bin`), unhex(c.hex));
      }
      const r = gdvariant([
        "decode",
        join(dir, "cases"),
        "--dialect",
        g.dialect,
        "--framing",
        "raw",
        ...g.version,
        "-o",
        out,
      ]);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const wrong: string[] = [];
      cases.forEach((c, i) => {
        const got = readFileSync(join(out, `case-${String(i).padStart(4, "0")}.bin.txt`), "utf8");
        if (got !== `${c.text}\n`)
          wrong.push(
            `case ${i}: ${JSON.stringify(got.slice(0, 120))} != ${JSON.stringify(c.text.slice(0, 120))}`,
          );
      });
      expect(wrong).toEqual([]);
    });

    it("decode --format json and encode --from json give the engine's bytes back (store-var records)", () => {
      const dir = tempDir(`${g.dialect}-json`);
      const file = join(dir, "all.bin");
      const original = storeVar(cases.map((c) => unhex(c.hex)));
      writeFileSync(file, original);
      const dec = gdvariant([
        "decode",
        file,
        "--dialect",
        g.dialect,
        "--framing",
        "store-var",
        "--format",
        "json",
        "-o",
        join(dir, "all.jsonl"),
      ]);
      expect(dec.stderr).toBe("");
      expect(dec.code).toBe(0);
      const lines = readFileSync(join(dir, "all.jsonl"), "utf8").trimEnd().split("\n");
      expect(lines.length).toBe(1000);
      const enc = gdvariant([
        "encode",
        join(dir, "all.jsonl"),
        "--dialect",
        g.dialect,
        "--from",
        "json",
        "--framing",
        "store-var",
        "-o",
        join(dir, "back.bin"),
      ]);
      expect(enc.stderr).toBe("");
      expect(enc.code).toBe(0);
      const back = new Uint8Array(readFileSync(join(dir, "back.bin")));
      // Bytes the engine never writes are masked (fixtures/README): `??`, NodePath name padding,
      // and in 2.x string and byte padding.
      const mask = storeVar(
        cases.map((c) => {
          const m = unhex(c.hex.replace(/[0-9a-f]{2}|\?\?/g, (b) => (b === "??" ? "00" : "ff")));
          for (const i of unwrittenPadding(READERS[g.dialect], unhex(c.hex), g.dialect === "legacy-2"))
            m[i] = 0;
          return m;
        }),
      );
      expect(back.length).toBe(original.length);
      const diffs: number[] = [];
      for (let i = 0; i < back.length; i++) if (mask[i] !== 0 && back[i] !== original[i]) diffs.push(i);
      if (diffs.length > 0) {
        // Name the first failing case, to make the failure readable.
        let at = 0;
        for (const [i, c] of cases.entries()) {
          const len = 4 + c.hex.length / 2;
          if (diffs[0]! < at + len) {
            const off = diffs[0]! - at - 4;
            throw new Error(
              `case ${i} (${c.text.slice(0, 80)}) differs at byte ${off}: engine ${c.hex.slice(Math.max(0, off * 2 - 16), off * 2 + 16)} vs ${Buffer.from(back.subarray(at + 4 + Math.max(0, off - 8), at + 4 + off + 8)).toString("hex")}`,
            );
          }
          at += len;
        }
      }
    });

    // `gdvariant encode --from text` of every case's text, as one store_var file in `dir`: its bytes.
    function encodeAllTexts(dir: string): Uint8Array {
      writeFileSync(join(dir, "all.txt"), cases.map((c) => c.text).join("\n"));
      const enc = gdvariant([
        "encode",
        join(dir, "all.txt"),
        "--dialect",
        g.dialect,
        "--from",
        "text",
        "--framing",
        "store-var",
        "-o",
        join(dir, "all.bin"),
      ]);
      expect(enc.stderr).toBe("");
      expect(enc.code).toBe(0);
      return new Uint8Array(readFileSync(join(dir, "all.bin")));
    }

    // Where the fixture records the engine's own str_to_var of each text (Godot 4.6.3), the bytes
    // must be exactly those: its strtod moves some reals, and so must ours.
    // Only the 4.6.3 fixture has the column (3.2.3's NodePath padding is not stable to record).
    if (g.dialect === "godot-4")
      it("encode --from text gives the bytes of the engine's str_to_var of each text", () => {
        expect(cases.filter((c) => c.readBack === undefined)).toEqual([]);
        const dir = tempDir(`${g.dialect}-readback`);
        const got = encodeAllTexts(dir);
        const want = storeVar(cases.map((c) => unhex(c.readBack!)));
        expect(Buffer.from(got).equals(Buffer.from(want))).toBe(true);
        // The engine's reading is not always the printed value: the column is not a copy.
        expect(cases.some((c) => c.readBack !== c.hex)).toBe(true);
      });

    it("encode --from text reads the engine's text back: text -> bytes -> text is the engine's text", () => {
      const dir = tempDir(`${g.dialect}-text`);
      const all = encodeAllTexts(dir);
      // Split the records into one raw file each, and print them all as text in one batch.
      const view = new DataView(all.buffer, all.byteOffset, all.byteLength);
      mkdirSync(join(dir, "records"));
      let at = 0;
      let n = 0;
      while (at < all.length) {
        const len = view.getUint32(at, true);
        writeFileSync(
          join(dir, "records", `r-${String(n++).padStart(4, "0")}.bin`),
          all.subarray(at + 4, at + 4 + len),
        );
        at += 4 + len;
      }
      expect(n).toBe(cases.length);
      const out = tempDir(`${g.dialect}-text-out`);
      const dec = gdvariant([
        "decode",
        join(dir, "records"),
        "--dialect",
        g.dialect,
        "--framing",
        "raw",
        ...g.version,
        "-o",
        out,
      ]);
      expect(dec.stderr).toBe("");
      expect(dec.code).toBe(0);
      let exact = 0;
      const wrong: string[] = [];
      cases.forEach((c, i) => {
        const got = readFileSync(join(out, `r-${String(i).padStart(4, "0")}.bin.txt`), "utf8").replace(
          /\n$/,
          "",
        );
        if (got === c.text) exact++;
        else {
          // Where the text differs, it may only be in the order of dictionary keys, and in reals
          // the engine itself does not read back exactly: its built_in_strtod is not correctly
          // rounded, so the engine's own str_to_var -> var_to_str changes such reals too.
          const a = unordered(parseVariantText(got, { dialect: g.dialect }));
          const b = unordered(parseVariantText(c.text, { dialect: g.dialect }));
          if (!numbersUpToStrtod(a, b))
            wrong.push(`case ${i}: ${got.slice(0, 100)} != ${c.text.slice(0, 100)}`);
        }
      });
      expect(wrong).toEqual([]);
      // Most texts come back character for character (981 of 1,000 for 4.6.3, where the engine's
      // own strtod moves some reals; 990+ for 3.x).
      expect(exact).toBeGreaterThanOrEqual(970);
    });
  });
}

// Godot 3.x releases print different text for the same bytes (and read different text). The
// expected texts and bytes are what Godot 3.2.3 and Godot 3.6 printed and read
// (packages/godot-3/test/fixtures/versions-*.tsv).
describe("gdvariant --engine-version for godot-3 text", () => {
  const cases = [
    // var2str(-INF): 03 00 00 00 00 00 80 ff; var2str({}): 12 00 00 00 00 00 00 00
    { hex: "03000000000080ff", v32: "-inf.0", v36: "inf_neg" },
    { hex: "1200000000000000", v32: "{\n\n}", v36: "{\n}" },
  ];
  it.each(cases)("decode $hex prints 3.6's text by default and 3.2's with --engine-version 3.2", (c) => {
    const args = ["decode", "-", "--dialect", "godot-3", "--framing", "raw"];
    const d = gdvariant(args, unhex(c.hex));
    expect(d.stderr).toBe("");
    expect(d.stdout).toBe(`${c.v36}\n`);
    expect(gdvariant([...args, "--engine-version", "3.6"], unhex(c.hex)).stdout).toBe(`${c.v36}\n`);
    expect(gdvariant([...args, "--engine-version", "3.2"], unhex(c.hex)).stdout).toBe(`${c.v32}\n`);
  });

  it("encode --from text reads inf_neg as Godot 3.6's str2var does, and refuses it for 3.2", () => {
    const args = ["encode", "-", "--dialect", "godot-3", "--from", "text", "--framing", "raw", "-o", "-"];
    const text = "Vector2( inf_neg, nan )";
    for (const version of [[], ["--engine-version", "3.6"]]) {
      const r = gdvariant([...args, ...version], text);
      expect(r.code).toBe(0);
      expect(r.out.toString("hex")).toBe("05000000000080ff0000c07f");
    }
    const old = gdvariant([...args, "--engine-version", "3.2"], text);
    expect(old.code).toBe(1);
    expect(old.stderr).toMatch(/inf_neg/);
  });
});

/** Equal, numbers as far apart as the engine's not correctly rounded strtod leaves them. */
function numbersUpToStrtod(a: unknown, b: unknown): boolean {
  if (typeof a === "number" && typeof b === "number") return sameUpToStrtod(a, b);
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) =>
    numbersUpToStrtod((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

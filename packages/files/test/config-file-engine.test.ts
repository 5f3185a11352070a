// ConfigFile text against what Godot 3.2.3, 3.6 and 4.6.3 wrote and loaded (fixtures/<engine>/
// config/, tools/files/generate-config.mjs): values over several lines as saved (LF) and with
// CRLF and CR line ends, read to the values the engine loaded and written back byte for byte;
// every kind of key and section name, written as the engine writes it when the engine reads its
// own file back, refused when it does not.
import { equals, type Value } from "@gdvariant/core";
import { type ConfigSections, FileError, parseConfigFile, writeConfigFile } from "@gdvariant/files";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { LINE_ENDS, type LineEnd } from "./helpers/config.js";
import { fixtureText, GENERATIONS, type Generation } from "./helpers/fixtures.js";

const utf8Hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const fromHex = (h: string) => Buffer.from(h, "hex").toString("utf8");
const codec = (gen: Generation) => (gen.startsWith("godot-3") ? godot3 : godot4);
// 3.2.x writes an empty dictionary as "{\n\n}", 3.3+ as "{\n}".
const textOf = (gen: Generation) =>
  gen === "godot-3.2.3" ? (v: Value) => godot3.toText(v, { version: "3.2" }) : codec(gen).toText;
const dialectOf = (gen: Generation) =>
  gen.startsWith("godot-3") ? ("godot-3" as const) : ("godot-4" as const);

/** The section and key names of a parsed file, in hex, in order, and the values beside them. */
function entries(config: ConfigSections): [string, Value][] {
  const out: [string, Value][] = [];
  for (const [section, keys] of config)
    for (const [key, value] of keys) out.push([`${utf8Hex(section)}/${utf8Hex(key)}`, value]);
  return out;
}

describe.each(GENERATIONS)("ConfigFile values over several lines, %s", (gen) => {
  const dialect = dialectOf(gen);
  const { decode } = codec(gen);
  const toText = textOf(gen);
  const text = fixtureText(gen, "config/values.cfg");
  const rows = fixtureText(gen, "config/values.tsv")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => l.split("\t") as [LineEnd, string, string, string]);
  const lf = new Map(rows.filter((r) => r[0] === "lf").map((r) => [`${r[1]}/${r[2]}`, r[3]]));

  it.each(Object.keys(LINE_ENDS) as LineEnd[])(
    "reads the %s text to the values the engine loaded from it",
    (ends) => {
      const engine = rows
        .filter((r) => r[0] === ends)
        .map(([, s, k, bytes]) => [`${s}/${k}`, bytes === "lf" ? lf.get(`${s}/${k}`)! : bytes] as const);
      expect(engine.length).toBeGreaterThan(15);
      const ours = entries(parseConfigFile(LINE_ENDS[ends](text), { dialect }));
      expect(ours.map(([name]) => name)).toEqual(engine.map(([name]) => name));
      // Compared as values: 3.x leaves a NodePath's padding bytes uninitialised.
      for (const [i, [name, value]] of ours.entries())
        expect(equals(decode(Buffer.from(engine[i]![1], "hex")), value), name).toBe(true);
    },
  );

  it("writes what it read as the engine's exact text", () => {
    expect(text).toMatch(/tagline="Waiting\nfor\nGodot"\n/);
    expect(writeConfigFile(parseConfigFile(text, { dialect }), toText, { dialect })).toBe(text);
  });
});

interface NameCase {
  readonly id: string;
  readonly section: string;
  readonly key: string;
  /** The engine read its own file back to the same section and key. */
  readonly same: boolean;
  readonly file: string;
}

function nameCases(gen: Generation): NameCase[] {
  return fixtureText(gen, "config/names.tsv")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const [id, section, key, same, , file] = l.split("\t") as [
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      return { id, section: fromHex(section), key: fromHex(key), same: same === "same", file: fromHex(file) };
    });
}

const single = (c: NameCase): ConfigSections =>
  new Map([
    [c.section, new Map<string, Value>([[c.key, { kind: "int", value: Number.parseInt(c.id, 10) }]])],
  ]);

describe.each(GENERATIONS)("ConfigFile key and section names, %s", (gen) => {
  const dialect = dialectOf(gen);
  const toText = textOf(gen);
  const cases = nameCases(gen);
  // 3.2.3 writes keys bare whatever they hold (and cannot read most of them back); 3.6 quotes
  // them as 4.x does, and the godot-3 writer follows 3.6: compare 3.2.3's text where they agree.
  const files36 = new Map(nameCases("godot-3.6").map((c) => [c.id, c.file]));
  const comparable = (c: NameCase) => gen !== "godot-3.2.3" || files36.get(c.id) === c.file;

  it("reads every name the engine reads back, from the engine's own file", () => {
    const same = cases.filter((c) => c.same);
    expect(same.length).toBeGreaterThan(30);
    for (const c of same) expect(parseConfigFile(c.file, { dialect }), c.id).toEqual(single(c));
  });

  it("writes those names as the engine writes them", () => {
    const same = cases.filter((c) => c.same && comparable(c));
    expect(same.length).toBeGreaterThan(30);
    for (const c of same) expect(writeConfigFile(single(c), toText, { dialect }), c.id).toBe(c.file);
  });

  it.skipIf(gen === "godot-3.2.3")("refuses the names the engine cannot read back", () => {
    const other = cases.filter((c) => !c.same);
    expect(other.length).toBeGreaterThan(2);
    for (const c of other) {
      let err: unknown;
      try {
        writeConfigFile(single(c), toText, { dialect });
      } catch (e) {
        err = e;
      }
      expect(FileError.is(err) && err.code === "unsupported" && err.layer === "config", c.id).toBe(true);
    }
  });
});

// ConfigFile text against the engines: config.cfg is what ConfigFile.save wrote, config-enc.cfg
// what save_encrypted_pass("hunter2") wrote for the same ConfigFile (tools/files/files-*.gd).
import { equals, parseVariantText, type Value } from "@gdvariant/core";
import {
  type ConfigSections,
  decryptFile,
  FileError,
  parseConfigFile,
  writeConfigFile,
} from "@gdvariant/files";
import { toText as toText3 } from "@gdvariant/godot-3";
import { toText as toText4 } from "@gdvariant/godot-4";
import { engineValue3, engineValue4 } from "@gdvariant/test-support/arbitraries";
import { errorOf } from "@gdvariant/test-support/hostile";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fixture, fixtureText, GENERATIONS } from "./helpers/fixtures.js";

describe.each(GENERATIONS)("ConfigFile of %s", (gen) => {
  const dialect = gen.startsWith("godot-3") ? "godot-3" : "godot-4";
  const toText = dialect === "godot-3" ? toText3 : toText4;
  const text = fixtureText(gen, "config.cfg");

  it("parses to sections of values and writes the engine's exact text back", () => {
    const config = parseConfigFile(text, { dialect });
    expect([...config.keys()].sort()).toEqual(["", "player", "settings"]);
    expect(config.get("player")!.get("hp")).toEqual({ kind: "int", value: 37 });
    expect(config.get("settings")!.get("keys")!.kind).toBe("dictionary");
    expect(writeConfigFile(config, toText, { dialect })).toBe(text);
  });

  it("an encrypted ConfigFile is the same text inside GDEC", () => {
    const r = decryptFile(fixture(gen, "config-enc.cfg"), { password: "hunter2" });
    expect(new TextDecoder().decode(r.plaintext)).toBe(text);
  });

  it("a bad line is a FileError with its offset", () => {
    let err: unknown;
    try {
      parseConfigFile(`${text}\nnot a pair\n`, { dialect });
    } catch (e) {
      err = e;
    }
    expect(FileError.is(err) && err.layer === "config" && err.offset).toBe(text.length + 1);
  });
});

const int = (value: number): Value => ({ kind: "int", value });
const str = (value: string): Value => ({ kind: "string", value });
const sections = (...list: [string, [string, Value][]][]): ConfigSections =>
  new Map(list.map(([name, keys]) => [name, new Map(keys)]));
const DIALECTS = [
  ["godot-3", toText3],
  ["godot-4", toText4],
] as const;

const isConfigError = (e: unknown, code: string) =>
  FileError.is(e) && e.layer === "config" && e.code === code;

describe("ConfigFile reading follows the engine's reader (config_file.cpp, variant_parser.cpp)", () => {
  it("reads values over several lines, with LF, CRLF or CR line ends", () => {
    const text = '[s]\n\ntagline="Waiting\nfor\nGodot"\nd={\n"a": [1,\n2],\n"b": {\n}\n}\nafter=1\n';
    for (const ends of ["\n", "\r\n", "\r"]) {
      const config = parseConfigFile(text.replaceAll("\n", ends));
      // As the engine: a raw line end inside the quotes stays in the string, whatever it is.
      expect(config.get("s")!.get("tagline")).toEqual(str(["Waiting", "for", "Godot"].join(ends)));
      expect(config.get("s")!.get("d")).toEqual({
        kind: "dictionary",
        entries: [
          [str("a"), { kind: "array", items: [int(1), int(2)] }],
          [str("b"), { kind: "dictionary", entries: [] }],
        ],
      });
      expect(config.get("s")!.get("after")).toEqual(int(1));
    }
  });

  it("reads entries wherever a line break or a value ends them, and comments anywhere", () => {
    const config = parseConfigFile('a=1 b="x" [s] c = 2 ; note\n"quoted key" ; note\n = [3]\nd;\n=4');
    expect(config).toEqual(
      sections(
        [
          "",
          [
            ["a", int(1)],
            ["b", str("x")],
          ],
        ],
        [
          "s",
          [
            ["c", int(2)],
            ["quoted key", { kind: "array", items: [int(3)] }],
            ["d", int(4)],
          ],
        ],
      ),
    );
  });

  it("drops what the engine drops: keys set to null, empty keys, sections without keys", () => {
    // ConfigFile::set_value(section, key, null) erases the key (and a section left empty), and
    // an empty key is never set: the engine loads none of them.
    const text = '[empty]\n\n[s]\n\nk=null\nj=1\n=2\n""=3\n[t]\n\nx=1\nx=null\n[s]\n\nj=4\n';
    expect(parseConfigFile(text)).toEqual(sections(["s", [["j", int(4)]]]));
  });

  it("reads a section name up to its ']' as the engine (4.x: '\\]' is a ']'; 3.x: no escape)", () => {
    expect([...parseConfigFile("[ a\\]b ]\nk=1\n").keys()]).toEqual(["a]b"]);
    expect([...parseConfigFile("[a\\b]\nk=1\n").keys()]).toEqual(["a\\b"]);
    expect([...parseConfigFile("[a\\b]\nk=1\n", { dialect: "godot-3" }).keys()]).toEqual(["a\\b"]);
    expect([...parseConfigFile("[\tx\ny ]\nk=1\n", { dialect: "godot-3" }).keys()]).toEqual(["x\ny"]);
  });

  it("reads quoted keys with the engine's escapes; a bad one is a FileError, never a SyntaxError", () => {
    expect([...parseConfigFile('"\\q\\t\\u00e9"=1\n').get("")!.keys()]).toEqual(["q\té"]);
    for (const bad of ['"\\u12"=1\n', '"a=1\n', '"\\ud800"=1\n', '"a\\', '[s]\n"\\U11FFFF"=1']) {
      const e = errorOf(() => parseConfigFile(bad));
      expect(isConfigError(e, "corrupt"), JSON.stringify(bad)).toBe(true);
    }
  });

  it("refuses keys the engine would run together or lose, with their offset", () => {
    // The engine drops whitespace inside a bare key ("ab cd=1" sets "abcd") and a key with no
    // value at the end of the file: both are refused here, where the key starts.
    for (const [text, offset] of [
      ["x=1\nab cd=1\n", 4],
      ["x=1\nk", 4],
      ['x=1\n"k"', 4],
      ['x=1\n"a"b=1', 4],
      ["[s", 0],
      ["x=1\n[s\\]", 4],
      ["k=", 2],
      ["k=[1,\n2", 2],
    ] as const) {
      const e = errorOf(() => parseConfigFile(text));
      expect(isConfigError(e, "corrupt"), JSON.stringify(text)).toBe(true);
      expect((e as FileError).offset, JSON.stringify(text)).toBeGreaterThanOrEqual(offset);
    }
  });
});

describe("ConfigFile keys and sections: what is written reads back, the rest is refused", () => {
  it.each(DIALECTS)("%s: keys of any character but NUL round trip", (dialect, toText) => {
    const keys = [
      "a=b",
      "a\tb",
      "a\rb",
      "a\nb",
      'a"b',
      "a\\",
      "a;b",
      "[a]",
      " lead",
      "trail ",
      "é",
      "🔑",
      "=",
      "x\u0001",
    ];
    const config = sections(["s", keys.map((k, i) => [k, int(i)])]);
    const text = writeConfigFile(config, toText, { dialect });
    expect(parseConfigFile(text, { dialect })).toEqual(config);
  });

  it("4.x: a section name cannot make another section (']' is written '\\]')", () => {
    const name = "a]\n[b]\nk=1\n[c";
    const config = sections([name, [["x", int(1)]]], ["d", [["y", int(2)]]]);
    const text = writeConfigFile(config, toText4, { dialect: "godot-4" });
    expect(text.startsWith("[a\\]\n[b\\]\nk=1\n[c]\n\n")).toBe(true);
    expect(parseConfigFile(text, { dialect: "godot-4" })).toEqual(config);
  });

  it.each([
    ["godot-3", toText3, ["a]b", "]", " lead", "trail ", "\n", "a\0b"], ["", 'a"b', "a\\", "a\nb", "a[b=1"]],
    ["godot-4", toText4, [" lead", "trail\t", "a\\", "\\", "a\0"], ["", "a]b", "a\\]", "a\nb", "a[b=1"]],
  ] as const)("%s: section names the engine cannot read back are refused", (dialect, toText, bad, good) => {
    for (const name of bad) {
      const e = errorOf(() => writeConfigFile(sections([name, [["k", int(1)]]]), toText, { dialect }));
      expect(isConfigError(e, "unsupported"), JSON.stringify(name)).toBe(true);
    }
    for (const name of good) {
      const config = sections([name, [["k", int(1)]]]);
      expect(parseConfigFile(writeConfigFile(config, toText, { dialect }), { dialect })).toEqual(config);
    }
  });

  it.each(DIALECTS)("%s: what the engine cannot hold is refused, with where", (dialect, toText) => {
    for (const config of [
      sections(["s", [["", int(1)]]]), // written "=1", which the engine skips
      sections(["s", [["a\0b", int(1)]]]), // the engine's strings end at NUL
      sections(["s", [["\ud800", int(1)]]]), // no UTF-8 for a lone surrogate
      sections(["\udc00", [["k", int(1)]]]),
      sections(["s", [["k", { kind: "nil" }]]]), // set_value(s, k, null) erases the key
      sections(["s", []]), // the engine has no section without keys
    ]) {
      const e = errorOf(() => writeConfigFile(config, toText, { dialect }));
      expect(isConfigError(e, "unsupported"), JSON.stringify([...config])).toBe(true);
    }
  });

  it.each(DIALECTS)("%s: random names are refused or read back exactly", (dialect, toText) => {
    const name = fc.oneof(
      fc.string({ unit: "binary", maxLength: 8 }),
      fc.string({
        unit: fc.constantFrom("a", " ", "\t", "\n", "\r", "\\", "]", "[", "=", '"', ";", "\0", "é", "\ud800"),
        maxLength: 6,
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, fc.array(name, { minLength: 1, maxLength: 3 })), { maxLength: 4 }),
        (list) => {
          const config = sections(
            ...list.map(([s, keys]) => [s, keys.map((k, i) => [k, int(i)])] as [string, [string, Value][]]),
          );
          let text: string;
          try {
            text = writeConfigFile(config, toText, { dialect });
          } catch (e) {
            expect(isConfigError(e, "unsupported")).toBe(true);
            return;
          }
          expect(parseConfigFile(text, { dialect })).toEqual(config);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("random engine values in random sections read back as their text form does", () => {
    for (const [dialect, toText, arb] of [
      ["godot-4", toText4, engineValue4()],
      ["godot-3", toText3, engineValue3(toText3)],
    ] as const) {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.string({ maxLength: 6 }), arb), { minLength: 1, maxLength: 6 }),
          (list) => {
            const config: ConfigSections = new Map();
            for (const [i, [name, value]] of list.entries()) {
              // 3.x prints an RID as nothing, as the engine: such text does not read back anywhere.
              if (value.kind === "nil" || errorOf(() => parseVariantText(toText(value), { dialect })))
                continue;
              const s = `s${name.length % 3}`;
              if (!config.has(s)) config.set(s, new Map());
              config.get(s)!.set(`${name}${i}`.trim() || `k${i}`, value);
            }
            const text = writeConfigFile(config, toText, { dialect });
            const back = parseConfigFile(text, { dialect });
            expect([...back.keys()]).toEqual([...config.keys()]);
            for (const [s, keys] of config)
              for (const [k, v] of keys) {
                // The value as its text form reads back (4.x sorts dictionary keys, as the engine).
                const want = parseVariantText(toText(v), { dialect });
                expect(equals(back.get(s)!.get(k)!, want), `${s}/${k}`).toBe(true);
              }
          },
        ),
        { numRuns: 100 },
      );
    }
  });
});

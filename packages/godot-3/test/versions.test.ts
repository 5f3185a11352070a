// What changed between Godot 3.x releases, against the two engines measured (3.2.3 and 3.6):
// str2var of hand-written text (parseText with that release's `version`) and ConfigFile files
// (configKeyText / configSectionText / configValueText). The var2str side of the same files is
// in fixtures.test.ts.
import { equals, TextParseError } from "@gdvariant/core";
import { decode } from "@gdvariant/godot-3";
import { configKeyText, configSectionText, configValueText, parseText } from "@gdvariant/godot-3/text";
import { describe, expect, it } from "vitest";
import { ENGINES, loadVersions } from "./helpers/fixtures.js";

// Undoes the engine's String::c_escape, which the versions files apply to text fields.
const UNESCAPE: Readonly<Record<string, string>> = {
  a: "\u0007",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "'": "'",
  "?": "?",
  '"': '"',
  "\\": "\\",
};
const cUnescape = (s: string): string => s.replace(/\\(.)/g, (m, c: string) => UNESCAPE[c] ?? m);

// `-inf`, `-inf.0` and `-nan` read as the int 0 in both engines (the number lexer stops at the
// '-'); parseText refuses them instead of returning a value the text never meant.
const READS_AS_ZERO = /^-(inf|nan)/;

describe.each(ENGINES)("str2var of Godot $release (version $version)", ({ release, version }) => {
  const { parses } = loadVersions(release);
  it("has the cases", () => expect(parses.length).toBeGreaterThanOrEqual(30));
  it.each(parses.map((p) => [p.label, cUnescape(p.input), p.bytes] as const))(
    "%s: %j",
    (_l, input, bytes) => {
      if (bytes === undefined || READS_AS_ZERO.test(input)) {
        if (bytes !== undefined) expect(decode(bytes)).toEqual({ kind: "int", value: 0 });
        expect(() => parseText(input, { version })).toThrow(TextParseError);
        return;
      }
      const engine = decode(bytes);
      const ours = parseText(input, { version });
      // The engine's String::to_double is not correctly rounded (1e39 reads as 1.0000000000000001e39):
      // a standalone float may differ from it in the last bit.
      if (ours.kind === "float" && engine.kind === "float" && Number.isFinite(engine.value))
        expect(Math.abs(ours.value - engine.value)).toBeLessThanOrEqual(Math.abs(engine.value) * 2 ** -52);
      else expect(equals(ours, engine), JSON.stringify(engine)).toBe(true);
    },
  );
});

// The entries each ConfigFile case set, as Godot 3.6 loads them back (3.6 keeps every key and
// section intact; 3.2.3 mangles some, so it cannot tell what was set).
function entriesSet(): Map<string, [section: string, key: string, value: string][]> {
  const out = new Map<string, [string, string, string][]>();
  for (const c of loadVersions("3.6").configs) {
    const entries = cUnescape(c.loaded)
      .split("|")
      .map((e): [string, string, string] => {
        const close = e.indexOf("] ");
        const eq = e.indexOf(" = ", close);
        return [e.slice(1, close), e.slice(close + 2, eq), e.slice(eq + 3)];
      });
    out.set(c.label, entries);
  }
  return out;
}

describe.each(ENGINES)("ConfigFile.save of Godot $release (version $version)", ({ release, version }) => {
  const { configs } = loadVersions(release);
  const set = entriesSet();
  it("has the cases", () => expect(configs.length).toBeGreaterThanOrEqual(28));
  it.each(configs.map((c) => [c.label, c] as const))("%s", (label, c) => {
    const entries = set.get(label)!;
    // ConfigFile's layout: "[section]\n\n", "key=value\n" per key, "\n" before each later section.
    let file = "";
    let section: string | undefined;
    for (const [s, k, v] of entries) {
      if (s !== section) {
        file += `${section === undefined ? "" : "\n"}${configSectionText(s)}\n\n`;
        section = s;
      }
      file += `${configKeyText(k, { version })}=${configValueText(parseText(v), { version })}\n`;
    }
    expect(file).toBe(new TextDecoder().decode(c.saved));
  });

  it("loads back what the release can read", () => {
    const inf = configs.find((c) => c.label === "cfg_values_inf")!;
    // 3.2.3 writes -inf as "-inf.0", which its own load refuses (ERR_PARSE_ERROR, 43).
    expect(inf.loaded.startsWith("error")).toBe(version === "3.2");
    const text = new TextDecoder().decode(inf.saved);
    const values = text
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => l.slice(l.indexOf("=") + 1));
    const readable = values.every((v) => {
      try {
        parseText(v, { version });
        return true;
      } catch {
        return false;
      }
    });
    expect(readable).toBe(version !== "3.2");
  });
});

// Live: Godot 3.2.3, 3.6 and 4.6.3 load the ConfigFiles writeConfigFile writes (the engine's own
// values over several lines, random engine values, every kind of key and section name, as
// written and with CRLF and CR line ends) to what parseConfigFile reads from the same text, and
// save them again byte for byte. Skipped without the engines locally; required under CI (CI set),
// as the other live tests. GDVARIANT_LIVE_SEED replays a run.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { equals, toJSON, type Value } from "@gdvariant/core";
import { type ConfigSections, FileError, parseConfigFile, writeConfigFile } from "@gdvariant/files";
import * as godot3 from "@gdvariant/godot-3";
import * as godot4 from "@gdvariant/godot-4";
import { engineValue3, engineValue4 } from "@gdvariant/test-support/arbitraries";
import { errorOf } from "@gdvariant/test-support/hostile";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { LINE_ENDS, type LineEnd } from "./helpers/config.js";
import { engineLoadConfigs, godot36Binary } from "./helpers/config-engine.js";
import { godot3Binary, godot4Binary } from "./helpers/engine.js";
import { fixtureText, type Generation } from "./helpers/fixtures.js";

const ENGINES = [
  { gen: "godot-3.2.3", generation: 3, bin: godot3Binary(), how: "GODOT3_BIN" },
  { gen: "godot-3.6", generation: 3, bin: godot36Binary(), how: "GODOT36_BIN" },
  { gen: "godot-4.6.3", generation: 4, bin: godot4Binary(), how: "GODOT4_BIN" },
] as const;
for (const e of ENGINES)
  if (e.bin === undefined && process.env.CI) throw new Error(`CI: no Godot ${e.gen} engine (set ${e.how})`);

const SEED = Number(process.env.GDVARIANT_LIVE_SEED ?? Date.now() % 2 ** 31);
const tmp = mkdtempSync(join(tmpdir(), "gdvariant-config-live-"));
afterAll(() => process.env.GDVARIANT_KEEP_TMP || rmSync(tmp, { recursive: true, force: true }));

const utf8Hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const int = (value: number): Value => ({ kind: "int", value });

// Names of every character class the reader and writer treat apart (as tools/files/config-*.gd).
const NAMES = [
  "plain",
  "with space",
  " lead",
  "trail ",
  "a=b",
  'a"b',
  "a;b",
  "a[b",
  "a]b",
  "[a]",
  "]",
  "a\tb",
  "a\rb",
  "a\nb",
  "a\\b",
  "a\\",
  "a\\]b",
  "\\]",
  "ü",
  "日本",
  "🔑",
  "#x",
  "a:b",
  "{x}",
  "a,b",
  "1",
  "-x",
  "a/b.c",
  "x\u0001y",
  "=",
  ";",
  '"',
  "\\",
  "[",
  'x\\"y',
  "a b\nc",
  "a\\nb",
  "$%&'()*+<>?@^`|~!",
];

describe.each(ENGINES)("live $gen loads what writeConfigFile writes", ({ gen, generation, bin }) => {
  const dialect = generation === 3 ? "godot-3" : "godot-4";
  // 3.2.x prints an empty dictionary as "{\n\n}" (3.3+: "{\n}").
  const toText =
    gen === "godot-3.2.3"
      ? (v: Value) => godot3.toText(v, { version: "3.2" })
      : generation === 3
        ? godot3.toText
        : godot4.toText;
  const codec = generation === 3 ? godot3 : godot4;

  it.skipIf(bin === undefined)(
    "values over several lines and random values, LF, CRLF and CR, to the same values and text",
    () => {
      const dir = join(tmp, `values-${gen}`);
      mkdirSync(dir, { recursive: true });
      const configs: ConfigSections[] = [
        parseConfigFile(fixtureText(gen as Generation, "config/values.cfg"), { dialect }),
      ];
      const arb = generation === 3 ? engineValue3(godot3.toText) : engineValue4();
      const values = fc.sample(arb, { seed: SEED, numRuns: 60 });
      // 3.2.3 reads the bytes of a section name as Latin-1 (its own files too; 3.6 does not).
      const sectionNames = gen === "godot-3.2.3" ? NAMES.filter((n) => /^[\0-\x7f]*$/.test(n)) : NAMES;
      for (let f = 0; f < 3; f++) {
        const config: ConfigSections = new Map();
        values.slice(f * 20, f * 20 + 20).forEach((v, i) => {
          // The engine does not hold null (it erases the key), and 3.x prints an RID as
          // nothing (inside containers too), which no reader reads back.
          if (v.kind === "nil" || (generation === 3 && holdsRid(v))) return;
          // 3.2.3 cannot read its own -inf.0 and nan inside constructors (godot-3's nonFinite).
          if (gen === "godot-3.2.3" && /\b(inf|nan)\b/.test(toText(v))) return;
          const section = sectionNames[(i * 7 + f) % sectionNames.length]!;
          if (!config.has(section)) config.set(section, new Map());
          config.get(section)!.set(`${NAMES[(i * 5 + f * 3) % NAMES.length]}${i}`, v);
        });
        configs.push(config);
      }
      const jobs: { path: string; text: string; ends: LineEnd }[] = [];
      configs.forEach((config, n) => {
        let ours: string;
        try {
          ours = writeConfigFile(config, toText, { dialect });
        } catch (e) {
          // Section names this dialect refuses: write without them.
          expect(FileError.is(e) && e.code === "unsupported").toBe(true);
          for (const name of [...config.keys()])
            if (
              errorOf(() => writeConfigFile(new Map([[name, new Map([["k", int(1)]])]]), toText, { dialect }))
            )
              config.delete(name);
          ours = writeConfigFile(config, toText, { dialect });
        }
        for (const [ends, make] of Object.entries(LINE_ENDS) as [LineEnd, (t: string) => string][]) {
          const path = join(dir, `c${n}-${ends}.cfg`);
          writeFileSync(path, make(ours));
          jobs.push({ path, text: make(ours), ends });
        }
      });
      const loaded = engineLoadConfigs(
        generation,
        bin!,
        dir,
        jobs.map((j) => j.path),
      );
      for (const { path, text, ends } of jobs) {
        const engine = loaded.get(path);
        expect(engine?.error, `seed ${SEED}: ${path}`).toBeUndefined();
        const ours = parseConfigFile(text, { dialect });
        const names: string[] = [];
        for (const [s, keys] of ours) for (const k of keys.keys()) names.push(`${utf8Hex(s)}/${utf8Hex(k)}`);
        expect(
          engine!.entries.map(([n]) => n),
          `seed ${SEED}: ${path}`,
        ).toEqual(names);
        const flat = [...ours.values()].flatMap((keys) => [...keys.values()]);
        for (const [i, [name, bytes]] of engine!.entries.entries())
          expect(sameValue(codec.decode(bytes), flat[i]!), `seed ${SEED}: ${path} ${name}`).toBe(true);
        // The engine's own values (c0) are saved again as we wrote them. (Random values are not
        // compared as text: that is the dialects' toText, checked against the engines apart.)
        if (ends === "lf" && path.endsWith("c0-lf.cfg")) expect(engine!.resaved, path).toBe(text);
      }
    },
    120_000,
  );

  it.skipIf(bin === undefined)(
    "every name writeConfigFile writes loads as that name",
    () => {
      const dir = join(tmp, `names-${gen}`);
      mkdirSync(dir, { recursive: true });
      const random = fc.sample(fc.string({ unit: "binary", minLength: 1, maxLength: 6 }), {
        seed: SEED,
        numRuns: 60,
      });
      const jobs: { path: string; config: ConfigSections; text: string }[] = [];
      [...NAMES, ...random].forEach((name, i) => {
        for (const config of [
          new Map([["s", new Map([[name, int(i)]])]]),
          new Map([[name, new Map([["k", int(i)]])]]),
        ]) {
          let text: string;
          try {
            text = writeConfigFile(config, toText, { dialect });
          } catch (e) {
            expect(FileError.is(e) && e.code === "unsupported", JSON.stringify(name)).toBe(true);
            continue;
          }
          const path = join(dir, `n${jobs.length}.cfg`);
          writeFileSync(path, text);
          jobs.push({ path, config, text });
        }
      });
      expect(jobs.length).toBeGreaterThan(NAMES.length);
      const loaded = engineLoadConfigs(
        generation,
        bin!,
        dir,
        jobs.map((j) => j.path),
      );
      for (const { path, config, text } of jobs) {
        const [section, keys] = [...config][0]!;
        const [key, value] = [...keys][0]!;
        // 3.2.3 reads the bytes of a section name as Latin-1 (its own files too; 3.6 does not).
        if (gen === "godot-3.2.3" && /[^\0-\x7f]/.test(section)) continue;
        const want = `${utf8Hex(section)}/${utf8Hex(key)}`;
        expect(
          loaded.get(path)?.entries.map(([n]) => n),
          `seed ${SEED}: ${JSON.stringify([section, key])}`,
        ).toEqual([want]);
        expect(equals(codec.decode(loaded.get(path)!.entries[0]![1]), value)).toBe(true);
        // 3.2.3 saves every key bare: its text differs where 3.6 and 4.x quote one.
        if (gen !== "godot-3.2.3" || !text.includes('"'))
          expect(loaded.get(path)!.resaved, JSON.stringify([section, key])).toBe(text);
      }
    },
    120_000,
  );
});

function holdsRid(v: Value): boolean {
  if (v.kind === "rid") return true;
  if (v.kind === "array") return v.items.some(holdsRid);
  if (v.kind === "dictionary") return v.entries.some(([k, x]) => holdsRid(k) || holdsRid(x));
  return false;
}

// Equal values, but for doubles the engine's String::to_float rounds differently from
// JavaScript's (-1.850170784083351e-230 reads as ...507e-230, 6.4e-323 as 0): a relative 1e-12
// is the same, and so are two numbers both under 1e-300.
function sameValue(a: Value, b: Value): boolean {
  return equals(a, b) || close(toJSON(a), toJSON(b));
}

function close(a: unknown, b: unknown): boolean {
  // toJSON writes -0 as the string "-0".
  if (typeof a === "string" && typeof b === "number") return close(Number(a), b);
  if (typeof a === "number" && typeof b === "string") return close(a, Number(b));
  if (typeof a === "number" && typeof b === "number")
    return (
      a === b ||
      Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b)) ||
      Math.max(Math.abs(a), Math.abs(b)) < 1e-300
    );
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return a === b;
  const ka = Object.keys(a);
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => close((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

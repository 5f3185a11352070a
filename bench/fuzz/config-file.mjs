// ConfigFile text for the fuzz campaign: engine-written ConfigFiles (the fixtures of
// @gdvariant/files, saved by Godot 3.2.3, 3.6 and 4.6.3) mutated at the characters its reader
// treats apart, spliced, re-ended (CRLF, CR), and built hostile texts (values over tens of
// thousands of lines, deep nesting, thousands of sections, long names, keys erased again and
// again). The target parses each input as both dialects and writes back what it read: the text
// written must read back to the same sections and keys, and to each value as its text form reads
// back, or the writer must refuse with the project's error.
import { readFileSync } from "node:fs";
import { equals, GdVariantError, parseVariantText } from "@gdvariant/core";
import { parseConfigFile, writeConfigFile } from "@gdvariant/files";
import { toText as toText3 } from "@gdvariant/godot-3";
import { toText as toText4 } from "@gdvariant/godot-4";

const FIXTURES = new URL("../../packages/files/test/fixtures/", import.meta.url);
const ENGINES = ["godot-3.2.3", "godot-3.6", "godot-4.6.3"];

let corpus;
/** The engine-written ConfigFiles, read once. */
function configCorpus() {
  corpus ??= ENGINES.flatMap((engine) =>
    ["config.cfg", "config/values.cfg"].map((file) => ({
      label: `${engine}/${file}`,
      text: readFileSync(new URL(`${engine}/${file}`, FIXTURES), "utf8"),
    })),
  );
  return corpus;
}

// What the reader treats apart, and what the writer escapes.
// biome-ignore format: a table
const TOKENS = [
  '"', "\\", "[", "]", "=", ";", "\n", "\r", "\r\n", "{", "}", "(", ")", ",", ":", " ", "\t", "\0",
  "\\]", '&"', '"\\u', '"\\ud800"', "null", "[x]\n", "[]\n", "k=1\n", "=", '""=', "é", "🔑",
  "\ud800", "Vector2(", "inf", "-inf.0", "#fff", "[\n", "{\n", "\n}", "\n]",
];

function mutate(text, r) {
  const n = text.length;
  const at = r.int(n + 1);
  switch (r.int(8)) {
    case 0: {
      const k = 1 + r.int(4);
      let out = text;
      for (let i = 0; i < k; i++) {
        const p = r.int(out.length + 1);
        out = out.slice(0, p) + r.pick(TOKENS) + out.slice(p);
      }
      return ["insert", out];
    }
    case 1:
      return ["delete", text.slice(0, at) + text.slice(Math.min(n, at + 1 + r.int(64)))];
    case 2: {
      // a chunk repeated: long runs of lines, deep brackets
      const chunk = text.slice(at, at + 1 + r.int(40));
      return [
        "duplicate",
        text.slice(0, at) + chunk.repeat(1 + r.int(r.chance(0.2) ? 2000 : 8)) + text.slice(at),
      ];
    }
    case 3:
      return ["truncate", text.slice(0, at)];
    case 4: {
      const other = r.pick(configCorpus()).text;
      return ["splice", text.slice(0, at) + other.slice(r.int(other.length + 1))];
    }
    case 5:
      return ["crlf", text.replaceAll("\n", "\r\n")];
    case 6:
      return ["cr", text.replaceAll("\n", "\r")];
    default: {
      // a character replaced by a random one (any plane)
      const c = String.fromCodePoint(r.chance(0.7) ? r.int(128) : r.int(0x110000));
      return ["replace", text.slice(0, at) + c + text.slice(at + 1)];
    }
  }
}

function lines(n, make) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(make(i));
  return out;
}

function built(r) {
  switch (r.int(7)) {
    case 0: {
      const n = 200 + r.int(1500);
      return [`dictionary x${n}`, `[s]\n\nd={\n${lines(n, (i) => `"k${i}": "v\n${i}"`).join(",\n")}\n}\n`];
    }
    case 1: {
      const n = 200 + r.int(3000);
      return [`array x${n}`, `a=[\n${lines(n, (i) => (i % 5 ? String(i) : "{\n}")).join(",\n")}\n]\n`];
    }
    case 2: {
      const d = r.pick([1023, 1024, 1025, 2000, 5000]);
      return [`deep x${d}`, `k=${"[".repeat(d)}${"]".repeat(r.chance(0.5) ? d : d >> 1)}\n`];
    }
    case 3: {
      const n = 300 + r.int(2500);
      return [`sections x${n}`, lines(n, (i) => `[s${i % 997}]\nk${i}=${i}\n`).join("")];
    }
    case 4: {
      const n = 1000 + r.int(60000);
      const c = r.pick(["a", "]", "\\", " ", '"', "\n"]);
      return [`long names x${n}`, `[${c.repeat(n)}]\n"${c.repeat(n)}"=1\n${"k".repeat(n)}=2\n`];
    }
    case 5: {
      const n = 300 + r.int(4000);
      return [`erased x${n}`, lines(n, (i) => `[${i % 3 ? "a" : ""}]\nk=${i % 2 ? "null" : i}\n`).join("")];
    }
    default: {
      const n = 1000 + r.int(20000);
      return [
        `string lines x${n}`,
        `s="${lines(n, (i) => `line ${i}`).join(r.pick(["\n", "\r\n", "\r"]))}"\n`,
      ];
    }
  }
}

/** One ConfigFile input: a mutated engine file most of the time, else a built one. UTF-8 bytes. */
export function configInput(r) {
  let how;
  let text;
  if (r.chance(0.25)) [how, text] = built(r);
  else {
    const seed = r.pick(configCorpus());
    text = seed.text;
    const hows = [];
    for (let k = r.chance(0.6) ? 1 : 1 + r.int(4); k > 0; k--) {
      const [m, out] = mutate(text, r);
      hows.push(m);
      text = out;
    }
    how = `${seed.label} +${hows.join("+")}`;
  }
  return { how: `config ${how}`, bytes: new TextEncoder().encode(text) };
}

const DIALECTS = [
  ["godot-4", toText4],
  ["godot-3", toText3],
];

const own = (f) => {
  try {
    return { value: f() };
  } catch (e) {
    if (GdVariantError.is(e)) return { error: e };
    throw e;
  }
};

// 3.x prints an RID as nothing, as the engine: a value holding one does not read back.
function holdsRid(v) {
  if (v.kind === "rid") return true;
  if (v.kind === "array") return v.items.some(holdsRid);
  if (v.kind === "dictionary") return v.entries.some(([k, x]) => holdsRid(k) || holdsRid(x));
  return false;
}

/** The campaign's ConfigFile target: [name, fn(bytes) => produced a value]. */
export function configTargets() {
  const decoder = new TextDecoder();
  return [
    [
      "files.configFile",
      (bytes) => {
        const text = decoder.decode(bytes);
        let produced = false;
        for (const [dialect, toText] of DIALECTS) {
          const read = own(() => parseConfigFile(text, { dialect }));
          if (read.error) continue;
          produced = true;
          const written = own(() => writeConfigFile(read.value, toText, { dialect }));
          if (written.error) continue;
          const back = own(() => parseConfigFile(written.value, { dialect }));
          if (back.error) {
            const rid = [...read.value.values()].some((keys) => [...keys.values()].some(holdsRid));
            if (rid && dialect === "godot-3") continue;
            throw new Error(
              `${dialect}: writeConfigFile wrote text parseConfigFile refuses: ${back.error.message}`,
            );
          }
          const names = (c) => [...c].map(([s, keys]) => JSON.stringify([s, [...keys.keys()]])).join();
          if (names(back.value) !== names(read.value))
            throw new Error(`${dialect}: sections or keys differ after writing and reading back`);
          for (const [s, keys] of read.value)
            for (const [k, v] of keys) {
              const want = own(() => parseVariantText(toText(v), { dialect }));
              if (want.error) continue;
              if (!equals(back.value.get(s).get(k), want.value))
                throw new Error(
                  `${dialect}: ${JSON.stringify([s, k])} reads back differently from its text form`,
                );
            }
        }
        return produced;
      },
    ],
  ];
}

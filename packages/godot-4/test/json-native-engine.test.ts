// The JSON forms against Godot 4.6.3's own output (fixtures from tools/godot-4/generate-json.mjs):
// every value the engine wrote with JSON.stringify(JSON.from_native(v, full), indent, sort_keys,
// full_precision) is written identically here from the value decoded from the engine's bytes,
// and every text the engine read with JSON.to_native(JSON.parse_string(text)) reads here to the
// value the engine held (its var_to_bytes), refusals included.
import { readFileSync } from "node:fs";
import { DecodeError, EncodeError, equals, GdVariantError, type Value } from "@gdvariant/core";
import { decode } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { readJsonNative, writeJsonNative, writeJsonStringify } from "../src/json-native/index.js";
import { cUnescape, fromHex } from "./support/fixtures.js";

function rows(name: string): string[][] {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"))
    .map((l) => l.split("\t"));
}

function combo(c: string) {
  return {
    indent: c[0] === "t" ? "\t" : "",
    sortKeys: c[1] === "s",
    fullPrecision: c[2] === "p",
    fullObjects: c.endsWith("o"),
  };
}

describe("writeJsonNative against Godot 4.6.3", () => {
  const lines = rows("json-native-write.tsv");
  it("has the engine's literal cases, special floats and random values in every argument combination", () => {
    expect(lines.length).toBeGreaterThan(2000);
    expect(new Set(lines.map((l) => l[2]!.slice(0, 3))).size).toBe(8);
  });

  it("writes every text character for character", () => {
    let refused = 0;
    for (const [label, hex, c, escaped] of lines) {
      const value = decode(fromHex(hex!), { allowObjects: true });
      const opts = combo(c!);
      const engine = cUnescape(escaped!);
      expect(writeJsonNative(value, { ...opts, onRefusal: "null" }), `${label} ${c}`).toBe(engine);
      let ours: string | undefined;
      try {
        ours = writeJsonNative(value, opts);
      } catch (e) {
        expect(EncodeError.is(e), `${label}: ${String(e)}`).toBe(true);
        refused++;
      }
      if (ours !== undefined) expect(ours).toBe(engine);
      if (label!.endsWith("_refused")) expect(ours, label).toBeUndefined();
    }
    expect(refused).toBeGreaterThan(0);
  });
});

// An object read from text has the properties the text lists; the engine's instance also has
// the class's other stored properties at their defaults, which no text carries.
function sameAsEngine(ours: Value, engine: Value): boolean {
  if (ours.kind === "object" && ours.form === "full" && engine.kind === "object" && engine.form === "full") {
    return (
      ours.className === engine.className &&
      ours.properties.every(([n, v]) => engine.properties.some(([m, w]) => m === n && equals(v, w)))
    );
  }
  return equals(ours, engine);
}

describe("readJsonNative against Godot 4.6.3", () => {
  const lines = rows("json-native-read.tsv");

  it("reads every text to the value the engine held, and refuses where the engine refused", () => {
    let refusals = 0;
    let reads = 0;
    for (const [label, allow, escaped, hex, message = ""] of lines) {
      // String::to_int prints an error on overflow but still gives INT64_MAX/MIN: not a refusal.
      const refused = message !== "" && !message.startsWith("Cannot represent") ? "1" : "0";
      const text = cUnescape(escaped!);
      const options = { allowObjects: allow === "a", integers: "engine" as const };
      const engine: Value = decode(fromHex(hex!), { allowObjects: true });
      let lenient: Value;
      try {
        lenient = readJsonNative(text, { ...options, onRefusal: "null" });
      } catch (e) {
        // Text the engine's JSON parser refused: parse_string gave null, to_native null.
        expect(GdVariantError.is(e), `${label}: ${String(e)}`).toBe(true);
        expect(refused, label).toBe("1");
        expect(engine.kind, label).toBe("nil");
        refusals++;
        continue;
      }
      expect(sameAsEngine(lenient, engine), `${label}: ${text}`).toBe(true);
      let strict: Value | undefined;
      try {
        strict = readJsonNative(text, options);
      } catch (e) {
        expect(DecodeError.is(e), `${label}: ${String(e)}`).toBe(true);
      }
      // A refusal is exactly where the engine printed an error.
      expect(strict === undefined, `${label}: ${text}`).toBe(refused === "1");
      if (strict === undefined) refusals++;
      else reads++;
    }
    expect(refusals).toBeGreaterThan(20);
    expect(reads).toBeGreaterThan(150);
  });
});

describe("writeJsonStringify against Godot 4.6.3", () => {
  const lines = rows("json-stringify.tsv");
  it("writes the plain JSON.stringify(v) of every value character for character", () => {
    expect(lines.length).toBeGreaterThan(1000);
    for (const [label, hex, c, escaped] of lines) {
      const value = decode(fromHex(hex!));
      expect(writeJsonStringify(value, combo(c!)), `${label} ${c}`).toBe(cUnescape(escaped!));
    }
  });
});

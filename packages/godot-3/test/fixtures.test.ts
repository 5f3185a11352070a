// Engine fixtures, both ways: bytes written by Godot 3.2.3 and by Godot 3.6 decode to the value
// whose var2str text that engine printed (exactly, with that release's `version`), and encoding
// that value gives the engine's bytes back (NodePath padding masked: the engine never writes it).
import type { Span } from "@gdvariant/core";
import { decode, encode, encodeInto, toText } from "@gdvariant/godot-3";
import { cEscape } from "@gdvariant/godot-3/text";
import { describe, expect, it } from "vitest";
import { ENGINES, type EngineCase, engineCases, loadCases, loadVersions } from "./helpers/fixtures.js";
import { hexToBytes, maskedHex, nodePathPadding } from "./helpers/mask.js";

// Non-exported script variables are not stored, so they are not in the bytes; the engine's
// decoded instance runs the script and var2str lists them too (with their defaults). The
// bytes cannot tell us about them: our text is the engine's up to where those variables start.
const SCRIPT_VARIABLES_NOT_STORED = new Set(["full_object_scripted"]);

describe.each(ENGINES)("Godot $release fixtures (version $version)", ({ release, version }) => {
  const cases = [...engineCases(release), ...loadVersions(release).values];
  it("has the fixtures", () => {
    expect(cases.length).toBeGreaterThan(release === "3.2.3" ? 1500 : 400);
    expect(cases.filter((c) => c.decodeOnly).length).toBeGreaterThan(15);
  });

  it.each(cases.map((c) => [`${c.file}:${c.label}`, c] as const))("%s", (_name, c) => {
    checkCase(c, version);
  });
});

function checkCase(c: EngineCase, version: "3.2" | "3.6"): void {
  {
    const spans: Span[] = [];
    const value = decode(c.bytes, {
      allowObjects: c.full,
      exact: !c.decodeOnly,
      onSpan: (s) => spans.push(s),
    });
    const text = cEscape(toText(value, { version }));
    if (SCRIPT_VARIABLES_NOT_STORED.has(c.label)) {
      expect(text.endsWith(")\\n")).toBe(true);
      expect(c.text.startsWith(text.slice(0, -3))).toBe(true);
      expect(c.text.length).toBeGreaterThan(text.length);
    } else {
      expect(text).toBe(c.text);
    }

    // Encode: the engine's bytes, or, where the engine's decoder changes the value (a dropped
    // BOM, the 2.x shared bit, a 64-bit int that fits 32 bits, hand-made input), the bytes the
    // engine writes for what it decoded. Hand-made input may also come back as it was: the
    // value model keeps the spelling (the three null objects, an absolute empty NodePath).
    const mask = nodePathPadding(c.bytes, spans);
    const ours = encode(value);
    // encodeInto writes the same bytes into an exact-size buffer and refuses one byte less.
    const into = new Uint8Array(ours.length);
    expect(encodeInto(value, into)).toBe(ours.length);
    expect(into).toEqual(ours);
    expect(() => encodeInto(value, into, 1)).toThrow(/target-too-small/);
    const targets = [maskedHex(c.bytes, mask)];
    if (c.rehex !== undefined) {
      const engineAgain = hexToBytes(c.rehex);
      const reSpans: Span[] = [];
      decode(engineAgain, { allowObjects: c.full, onSpan: (s) => reSpans.push(s) });
      const reMask = nodePathPadding(engineAgain, reSpans);
      if (maskedHex(ours, reMask) === maskedHex(engineAgain, reMask)) return;
    }
    expect(maskedHex(ours, mask)).toBe(targets[0]);
  }
}

describe.each(ENGINES)("store_var save written by Godot $release", ({ release, version }) => {
  it("decodes every record to the engine's text and encodes it back", async () => {
    const { readFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { FIXTURES } = await import("./helpers/fixtures.js");
    const file = new Uint8Array(readFileSync(join(FIXTURES, `save-${release}.bin`)));
    const expected = loadCases(`save-${release}.tsv`);
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    let at = 0;
    let i = 0;
    while (at < file.length) {
      const length = view.getUint32(at, true);
      const record = file.subarray(at + 4, at + 4 + length);
      const value = decode(record, { exact: true });
      expect(cEscape(toText(value, { version }))).toBe(expected[i]!.text);
      const spans: Span[] = [];
      decode(record, { onSpan: (s) => spans.push(s) });
      const mask = nodePathPadding(record, spans);
      expect(maskedHex(encode(value), mask)).toBe(maskedHex(record, mask));
      expect(maskedHex(record, mask)).toBe(maskedHex(hexToBytes(expected[i]!.hex), mask));
      at += 4 + length;
      i++;
    }
    expect(i).toBe(expected.length);
  });
});

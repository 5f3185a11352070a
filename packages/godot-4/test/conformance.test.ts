// Conformance against real engine output (Godot 4.6.3): every fixture line decodes, re-encodes
// to the engine's bytes (NodePath padding masked), and prints the engine's var_to_str text.
import { decode, decodeWithLength, encode, encodeInto, toText } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { type Fixture, readFixtures, toHex, tsvFixtures, vectorFixtures } from "./support/fixtures.js";
import { maskedHex, nodePathPadding } from "./support/node-path-padding.js";

// Script objects: var_to_str lists script variables the engine never stores (and so never
// sends), e.g. my_res.gd's `var not_exported = 99`. The bytes carry everything else; these are
// the exact parts of the engine's text that cannot come from the bytes.
const NOT_ON_THE_WIRE: Readonly<Record<string, string>> = {
  full_script_resource: ',"not_exported":99',
  full_array_typed_script: ',"not_exported":99',
  full_dict_typed_script_key: ',"not_exported":99',
  full_script_refcounted: ',"a":1,"b":"x"',
};

function checkBytes(f: Fixture): void {
  const value = decode(f.bytes, { allowObjects: f.full, exact: true });
  const out = encode(value);
  const mask = nodePathPadding(f.bytes, f.full);
  expect(maskedHex(out, mask)).toBe(maskedHex(f.bytes, mask));
  // encodeInto: the same bytes into an exact-size buffer at an offset; one byte less is refused.
  const target = new Uint8Array(out.length + 3);
  expect(encodeInto(value, target, 3)).toBe(out.length);
  expect(toHex(target.subarray(3))).toBe(toHex(out));
  expect(() => encodeInto(value, target, 4)).toThrow(/\(target-too-small\)/);
}

function checkText(f: Fixture): void {
  const value = decode(f.bytes, { allowObjects: f.full });
  let expected = f.text!;
  const missing = NOT_ON_THE_WIRE[f.label];
  if (missing !== undefined) {
    expect(expected).toContain(missing);
    expected = expected.split(missing).join("");
  }
  expect(toText(value)).toBe(expected);
}

describe("vectors.txt (shared 4.6.3 ground truth)", () => {
  const all = vectorFixtures();
  const values = all.filter((f) => !f.label.startsWith("filestore") && !f.label.startsWith("streampeer"));
  it("has every line", () => expect(values.length).toBeGreaterThan(150));
  it.each(values.map((f) => [f.label, f] as const))("%s: decode, encode back", (_l, f) => checkBytes(f));

  // store_var / StreamPeer.put_var: u32 length then the Variant, back to back.
  it.each(all.filter((f) => !values.includes(f)).map((f) => [f.label, f] as const))(
    "%s: framed values decode one after another",
    (_l, f) => {
      const view = new DataView(f.bytes.buffer, f.bytes.byteOffset);
      let at = 0;
      const rebuilt: Uint8Array[] = [];
      while (at < f.bytes.length) {
        const len = view.getUint32(at, true);
        const { value, length } = decodeWithLength(f.bytes, { offset: at + 4, allowObjects: true });
        expect(length).toBe(len);
        const frame = new Uint8Array(4 + len);
        new DataView(frame.buffer).setUint32(0, len, true);
        frame.set(encode(value), 4);
        rebuilt.push(frame);
        at += 4 + len;
      }
      expect(at).toBe(f.bytes.length);
      expect(rebuilt.map(toHex).join("")).toBe(f.hex);
    },
  );
});

describe.each(["random-cases.tsv", "engine-cases.tsv", "engine-random.tsv"] as const)("%s", (file) => {
  const fixtures = tsvFixtures(file);
  it("has cases", () => expect(fixtures.length).toBeGreaterThanOrEqual(400));
  it("every case re-encodes to the engine's bytes", () => {
    for (const f of fixtures) {
      try {
        checkBytes(f);
      } catch (e) {
        throw new Error(`${f.label}: ${(e as Error).message}`);
      }
    }
  });
  it("every case prints the engine's var_to_str text", () => {
    for (const f of fixtures) {
      try {
        checkText(f);
      } catch (e) {
        throw new Error(`${f.label}: ${(e as Error).message}`);
      }
    }
  });
});

// Bytes the engine accepts but never writes (duplicate keys, String/StringName key collisions,
// NaN and -0.0 keys, id 0, bool 2, junk in header byte 1, a leading BOM, a NUL inside a string,
// a PackedStringArray element without its NUL, the 2.x NodePath property flag, the shared bit).
describe("engine-reads.tsv: what the engine makes of unusual bytes", () => {
  const fixtures = readFixtures();
  it("has cases", () => expect(fixtures.length).toBeGreaterThanOrEqual(16));
  it.each(fixtures.map((f) => [f.label, f] as const))("%s", (_l, f) => {
    // The engine's text from the odd bytes, and from its own re-encoding of the value.
    const v = decode(f.bytes);
    expect(toText(v)).toBe(f.text);
    const again = decode(f.again, { exact: true });
    expect(toText(again)).toBe(f.text);
    expect(toHex(encode(again))).toBe(toHex(f.again));
  });
});

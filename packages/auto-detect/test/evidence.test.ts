// What the evidence says about engine dumps: version ranges, precision, ambiguity, and the API
// around them (narrowing the dialects, custom dialect objects, decodeAny).

import { createDetector, decodeAny, defaultDialects, detect } from "@gdvariant/auto-detect";
import { createDetector as coreDetector } from "@gdvariant/auto-detect/detector";
import {
  arrayCodec,
  boolCodec,
  createDialect,
  DecodeError,
  decodeWith,
  dictionaryCodec,
  equals,
  floatCodec,
  GdVariantError,
  intCodec,
  nilCodec,
  stringCodec,
  vectorCodec,
} from "@gdvariant/core";
import { encode as encode4 } from "@gdvariant/godot-4";
import { describe, expect, it } from "vitest";
import { bytesOf, lines, unhex } from "./support/fixtures.js";

const V4 = "godot-4.6.3/vectors.txt";
const V2 = "godot-2.1.4/vectors.txt";

function texts(label: string, file = V4, options = {}): string[] {
  return detect(bytesOf(file, label, 0x3c), options).best!.evidence.map((e) => e.text);
}

describe("version ranges from 4.6.3 output", () => {
  it.each([
    ["dict_typed_string_int", "4.4+"],
    ["array_typed_int", "4.3+"],
    ["pv4", "4.3+"],
    ["stringname", "4.0+"],
  ])("%s implies %s", (label, range) => {
    const r = detect(bytesOf(V4, label));
    expect(r.best?.dialect).toBe("godot-4");
    expect(r.best?.versions.text).toBe(range);
  });

  it("a full object's script property as a res:// path implies 4.3+", () => {
    const r = detect(bytesOf(V4, "full_script_resource"), { allowObjects: true });
    expect(r.best?.versions.text).toBe("4.3+");
    expect(r.best?.evidence.some((e) => /script.*res:\/\//.test(e.text))).toBe(true);
  });
});

describe("3.0.x, observed in godot#15383 and godot#17257", () => {
  const obs = lines("engine-dumps/godot-3-observed.txt");

  it("every int 64-bit: the 3.0.x encoder bug", () => {
    const r = detect(unhex(obs.get("streampeer_observed_2")!));
    expect(r.best?.dialect).toBe("godot-3");
    expect(r.best?.versions.text).toBe("3.0.x");
    expect(r.best?.evidence.some((e) => /3\.0\.x encoder bug/.test(e.text))).toBe(true);
  });

  it("string padding garbage: 2.x or 3.0.0-3.0.2, never 4.x", () => {
    const r = detect(unhex(obs.get("streampeer_observed_5")!));
    expect(r.ambiguity).toBe("same-value");
    const leading = r.candidates.slice(0, r.leading);
    expect(leading.map((c) => c.dialect).sort()).toEqual(["godot-3", "legacy-2"]);
    expect(leading.find((c) => c.dialect === "godot-3")?.versions.text).toBe("3.0-3.0.2");
    const four = r.candidates.find((c) => c.dialect === "godot-4");
    expect(four?.evidence.some((e) => /4\.x zeroes it/.test(e.text) && e.weight < 0)).toBe(true);
  });
});

describe("2.1.4 fingerprints", () => {
  it("the shared bit on containers", () => {
    expect(texts("array_mixed", V2)).toContain("container counts carry the 2.x shared bit");
  });

  it("InputEvent length fields", () => {
    const r = detect(bytesOf(V2, "inputevent_key_a_shift_ctrl"));
    expect(r.best?.dialect).toBe("legacy-2");
    expect(r.best?.evidence.some((e) => /InputEvent length field matches/.test(e.text))).toBe(true);
  });

  it("Image data length", () => {
    expect(texts("image_rgba_2x2", V2)).toContain("Image data length matches its size and format");
  });

  it("NUL-terminated string-array elements", () => {
    expect(texts("string_array", V2)).toContain(
      "NUL-terminated string-array elements, as every engine writes them (4 times)",
    );
  });
});

describe("precision", () => {
  it("single for 4.x math types without FLAG_64, either for dumps without math types", () => {
    expect(detect(bytesOf(V4, "vec2i")).best?.precision).toBe("either");
    expect(detect(bytesOf(V4, "transform3d")).best?.precision).toBe("single");
  });

  it("double for what a precision=double target writes (godot-4 encoder)", () => {
    const bytes = encode4(
      {
        kind: "array",
        items: [
          { kind: "vector3", x: 1, y: 2, z: 3 },
          { kind: "aabb", x: 0, y: 0, z: 0, width: 1, height: 2, depth: 3 },
        ],
      },
      { precision: "double" },
    );
    const r = detect(bytes);
    expect(r.best?.dialect).toBe("godot-4");
    expect(r.best?.precision).toBe("double");
  });
});

describe("ambiguity", () => {
  it("an int reads the same in every dialect: same-value", () => {
    const r = detect(bytesOf(V4, "int_1"));
    expect(r.ambiguous).toBe(true);
    expect(r.ambiguity).toBe("same-value");
    expect(r.leading).toBe(3);
    expect(r.best!.confidence).toBeLessThanOrEqual(0.9);
    expect(decodeAny(bytesOf(V4, "int_1"))).toEqual({ kind: "int", value: 1 });
  });

  it("an empty 4.x Array is also an empty 2.x ColorArray: different-values, and decodeAny refuses to guess", () => {
    const bytes = bytesOf(V4, "array_empty");
    const r = detect(bytes);
    expect(r.ambiguity).toBe("different-values");
    expect(
      r.candidates
        .slice(0, r.leading)
        .map((c) => c.values?.[0]?.kind)
        .sort(),
    ).toEqual(["array", "packedColorArray"]);
    expect(() => decodeAny(bytes)).toThrow(DecodeError);
    expect(decodeAny(bytes, { ambiguous: "best" }).kind).toBe("array");
  });

  it("narrowing the dialects removes the ambiguity", () => {
    const r = detect(bytesOf(V4, "array_empty"), { dialects: ["godot-4", "godot-3"] });
    expect(r.ambiguous).toBe(false);
    expect(r.best?.dialect).toBe("godot-4");
    expect(detect(bytesOf(V4, "int_1"), { dialects: ["legacy-2"] }).best?.dialect).toBe("legacy-2");
  });

  it("candidates outside the leading group still decode, on first access", () => {
    const r = detect(bytesOf("engine-dumps/godot-3-observed.txt", "streampeer_observed_5"));
    const four = r.candidates.find((c) => c.dialect === "godot-4")!;
    expect(four.value).toEqual({ kind: "string", value: "asd" });
  });
});

describe("dialect objects", () => {
  it("accepts dialect objects next to ids", () => {
    const d = defaultDialects();
    const r = detect(bytesOf(V4, "array_typed_int"), { dialects: [d["godot-4"], "godot-3"] });
    expect(r.best?.dialectObject).toBe(d["godot-4"]);
  });

  it("works with any Dialect: a custom table's generation comes from its kinds", () => {
    // A cut-down 3.x-like table from core's codec factories (ids as in 3.x).
    const mini = createDialect({
      id: "mini-3",
      name: "Mini 3.x",
      engineVersions: "3.x",
      typeCount: 27,
      codecs: [
        nilCodec(0),
        boolCodec(1),
        intCodec(2),
        floatCodec(3),
        stringCodec(4),
        vectorCodec(5, "vector2", "VECTOR2"),
        dictionaryCodec(18),
        arrayCodec(19),
      ],
    });
    const det = coreDetector({ dialects: [mini] });
    const bytes = bytesOf("framing/godot-3.2.3.txt", "value_3");
    const r = det.detect(bytes);
    expect(r.best?.dialect).toBe("mini-3");
    expect(r.best?.versions.text).toBe("3.1-3.6");
    expect(equals(det.decodeAny(bytes), decodeWith(mini, bytes))).toBe(true);
    expect(createDetector).toBe(coreDetector);
  });

  it("refuses an empty dialect list and unknown ids", () => {
    expect(() => createDetector({ dialects: [] })).toThrow(GdVariantError);
    expect(() => detect(new Uint8Array(8), { dialects: [] })).toThrow(GdVariantError);
    expect(() => detect(new Uint8Array(8), { dialects: ["godot-5" as "godot-4"] })).toThrow(GdVariantError);
  });
});

describe("results are plain data", () => {
  it("survive structuredClone (values, evidence, lazy candidates; the dialect object stays behind)", () => {
    const r = detect(bytesOf("engine-dumps/godot-3-observed.txt", "streampeer_observed_5"));
    const copy = structuredClone(r);
    expect(copy.candidates.map((c) => c.dialect)).toEqual(r.candidates.map((c) => c.dialect));
    expect(copy.candidates.map((c) => c.value)).toEqual(r.candidates.map((c) => c.value));
    expect(copy.best?.evidence).toEqual(r.best?.evidence);
    expect(r.best?.dialectObject.id).toBe(r.best?.dialect);
    expect("dialectObject" in copy.best!).toBe(false);
  });
});

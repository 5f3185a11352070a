// parseVariantText (core) against the dialects' own text writers: what toText prints, the parser
// reads back as the same value, up to what each text form documents it cannot carry. Lives here
// because core's tests cannot depend on the dialect packages.
import { equals, float, parseVariantText, type TextDialectId, toJSON, type Value } from "@gdvariant/core";
import { toText as text3 } from "@gdvariant/godot-3";
import { toText as text4 } from "@gdvariant/godot-4";
import { toText as text2 } from "@gdvariant/legacy-2";
import {
  GODOT3_TEXT_LEAVES as GODOT3_LEAVES,
  textImage2 as image2,
  textInputEvent2 as inputEvent2,
  LEGACY_LEAVES,
  leafOf,
  MODERN_LEAVES,
  textValueArb as valueArb,
} from "@gdvariant/test-support/arbitraries";
import { xorshift32 } from "@gdvariant/test-support/random";
import { STRTOD_RELATIVE, sameUpToStrtod } from "@gdvariant/test-support/strtod";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

type Mode = {
  dialect: TextDialectId;
  toText: (v: Value) => string;
  /** Relative error of the text form, or "strtod": doubles in full, read by the engine's strtod. */
  tolerance: number | "strtod";
};

// 4.x prints the shortest digits that read back exactly (Grisu2), so only float32-exact floats
// (printed with float32 digits, read back as doubles) differ. 2.x and 3.x print reals with
// six significant digits (%g): a relative error up to 5e-6 is the text form's precision, plus
// the float32 rounding of what is read back into a float32 field.
const MODES: Record<string, Mode> = {
  // 4.x prints doubles in full; the engine reads them back with built_in_strtod, which is not
  // correctly rounded (18 digits, leading zeros included; far below 1e-290 gives 0), and so do we.
  "godot-4": { dialect: "godot-4", toText: text4, tolerance: "strtod" },
  "godot-3": { dialect: "godot-3", toText: (v) => text3(v), tolerance: 6e-6 },
  "legacy-2": { dialect: "legacy-2", toText: text2, tolerance: 6e-6 },
};

function sameNumber(expected: number, got: number, tol: Mode["tolerance"]): boolean {
  if (Object.is(expected, got) || expected === got) return true; // -0 prints as 0
  if (Number.isNaN(expected)) return Number.isNaN(got);
  // 4.x: doubles in full, read back by the engine's strtod (see MODES).
  if (tol === "strtod") return sameUpToStrtod(expected, got);
  // 2.x and 3.x print every real as the engine's real_t, a float32 (1e300 prints inf).
  if (tol > 0 && Math.fround(expected) === got) return true;
  if (!Number.isFinite(expected) || !Number.isFinite(got)) return false;
  if (Math.fround(expected) === expected && Math.fround(got) === expected) return true;
  // %g keeps 6 digits; denormal float32s keep fewer.
  const scale = Math.max(Math.abs(expected), Math.abs(got));
  return tol > 0 && (Math.abs(expected - got) <= tol * scale || scale < 1e-37);
}

// What the text form cannot carry, applied to the expected value: a Signal's and Callable's
// content, a null object (prints `null`), the dictionary order (engines print keys sorted),
// and keys the engine's Dictionary merges.
function expectedAfterText(v: Value, dialect: TextDialectId): Value {
  const e = (x: Value) => expectedAfterText(x, dialect);
  switch (v.kind) {
    case "signal":
      return { kind: "signal", name: "", objectId: 0 };
    case "nodePath":
      // A 2.x NodePath without names is the empty path in the engine (see legacy-2's toText),
      // and 2.x/3.x print no "/" for an absolute path without names.
      if (dialect === "legacy-2" && v.names.length === 0)
        return { kind: "nodePath", names: [], subnames: [], absolute: false };
      if (dialect === "godot-3" && v.names.length === 0 && v.subnames.length === 0)
        return { ...v, absolute: false };
      return v;
    case "object":
      if (
        v.form === "null" ||
        (v.form === "id" && (v.id === 0 || v.id === 0n)) ||
        (v.form === "full" && v.className === "")
      ) {
        return { kind: "nil" };
      }
      return v.form === "full" ? { ...v, properties: v.properties.map(([n, p]) => [n, e(p)] as const) } : v;
    case "array": {
      const out = { ...v, items: v.items.map(e) };
      return dialect === "legacy-2" ? { ...out, shared: true } : out;
    }
    case "dictionary": {
      const seen = new Map<string, number>();
      const entries: Array<readonly [Value, Value]> = [];
      for (const [k0, x] of v.entries) {
        const k = e(k0);
        const fp = keyFingerprint(k);
        const at = seen.get(fp);
        if (at === undefined) {
          seen.set(fp, entries.length);
          entries.push([k, e(x)]);
        } else entries[at] = [entries[at]![0], e(x)];
      }
      const out: Value = { ...v, entries };
      // Godot 4.6.3 cannot rebuild a script-typed dictionary, so it holds and prints it untyped
      // (see @gdvariant/godot-4's toText).
      if (dialect === "godot-4" && (v.keyType?.kind === "script" || v.valueType?.kind === "script")) {
        return { kind: "dictionary", entries };
      }
      return dialect === "legacy-2" ? { ...out, shared: true } : out;
    }
    default:
      return v;
  }
}

function keyFingerprint(k: Value): string {
  switch (k.kind) {
    case "string":
    case "stringName":
      return `s${k.value}`;
    case "float":
      return Number.isNaN(k.value) ? "fNaN" : `f${k.value === 0 ? 0 : k.value}`;
    case "int":
      return `i${String(k.value)}`;
    default:
      return JSON.stringify(toJSON(k));
  }
}

/** Compares with numbers up to the text form's precision and dictionaries as sets. */
function close(a: Value, b: Value, tol: Mode["tolerance"]): boolean {
  if (a.kind !== b.kind) return false;
  const ja = toJSON(a) as Record<string, unknown>;
  const jb = toJSON(b) as Record<string, unknown>;
  switch (a.kind) {
    case "float":
      return sameNumber(a.value, (b as typeof a).value, tol);
    case "array": {
      const o = b as typeof a;
      return (
        a.items.length === o.items.length &&
        a.items.every((x, i) => close(x, o.items[i]!, tol)) &&
        JSON.stringify(a.elementType) === JSON.stringify(o.elementType) &&
        !!a.shared === !!o.shared
      );
    }
    case "dictionary": {
      const o = b as typeof a;
      if (a.entries.length !== o.entries.length || !!a.shared !== !!o.shared) return false;
      if (JSON.stringify([a.keyType, a.valueType]) !== JSON.stringify([o.keyType, o.valueType])) return false;
      const used = new Set<number>();
      return a.entries.every(([k, x]) => {
        const i = o.entries.findIndex(
          ([k2, x2], j) => !used.has(j) && close(k, k2, tol) && close(x, x2, tol),
        );
        if (i < 0) return false;
        used.add(i);
        return true;
      });
    }
    case "object": {
      const o = b as typeof a;
      if (a.form !== "full" || o.form !== "full") return equals(a, b);
      return (
        a.className === o.className &&
        a.properties.length === o.properties.length &&
        a.properties.every(([n, x], i) => n === o.properties[i]![0] && close(x, o.properties[i]![1], tol))
      );
    }
    default: {
      if (equals(a, b)) return true;
      // Numbers inside math types and packed arrays.
      const na = numbersOf(ja);
      const nb = numbersOf(jb);
      const sa = JSON.stringify(ja, (_k, x) => (typeof x === "number" || isNumText(x) ? 0 : x));
      const sb = JSON.stringify(jb, (_k, x) => (typeof x === "number" || isNumText(x) ? 0 : x));
      return sa === sb && na.length === nb.length && na.every((x, i) => sameNumber(x, nb[i]!, tol));
    }
  }
}

function isNumText(x: unknown): boolean {
  return x === "NaN" || x === "Infinity" || x === "-Infinity" || x === "-0";
}

function numbersOf(j: unknown, out: number[] = []): number[] {
  if (typeof j === "number") out.push(j);
  else if (isNumText(j)) out.push(Number(j === "-0" ? -0 : j));
  else if (Array.isArray(j)) for (const x of j) numbersOf(x, out);
  else if (j && typeof j === "object") for (const x of Object.values(j)) numbersOf(x, out);
  return out;
}

// Two different keys whose texts are the same (3.x prints 5e-324 and 0 both as 0.0) become one
// key when read back, and which value stays depends on the printed order: such values are not
// a question the text can answer, so the property skips them.
function textCollision(v: Value, toText: (v: Value) => string): boolean {
  const kids: Value[] =
    v.kind === "array"
      ? [...v.items]
      : v.kind === "dictionary"
        ? v.entries.flat()
        : v.kind === "object" && v.form === "full"
          ? v.properties.map((p) => p[1])
          : [];
  if (v.kind === "dictionary") {
    const seen = new Map<string, string>();
    for (const [k] of v.entries) {
      const t = toText(k);
      const fp = keyFingerprint(k);
      const other = seen.get(t);
      if (other !== undefined && other !== fp) return true;
      seen.set(t, fp);
    }
  }
  return kids.some((k) => textCollision(k, toText));
}

function check(mode: Mode, v: Value): void {
  fc.pre(!textCollision(v, mode.toText));
  const text = mode.toText(v);
  let parsed: Value;
  try {
    parsed = parseVariantText(text, { dialect: mode.dialect });
  } catch (e) {
    throw new Error(`cannot parse ${JSON.stringify(text)}: ${(e as Error).message}`);
  }
  const expected = expectedAfterText(v, mode.dialect);
  if (!close(expected, parsed, mode.tolerance)) {
    throw new Error(
      `text ${JSON.stringify(text)}\nexpected ${JSON.stringify(toJSON(expected))}\nparsed   ${JSON.stringify(toJSON(parsed))}`,
    );
  }
  // And the text of what was read is the text that was read (up to dictionary order, which
  // the engines' sort makes depend on insertion order).
  const again = mode.toText(parsed);
  // (4.x: a real the engine's strtod reads a little away prints a little differently, as in the
  // engine; then the text printed must read back as what was read.)
  const rereads = () =>
    mode.tolerance === "strtod" &&
    close(parsed, parseVariantText(again, { dialect: mode.dialect }), mode.tolerance);
  if (!/[{]/.test(text) && again !== text && !rereads())
    throw new Error(`text changed: ${JSON.stringify(text)} -> ${JSON.stringify(again)}`);
}

describe("parseVariantText reads what the dialects' toText print", () => {
  it("Godot 4.x var_to_str, every kind, typed containers and full objects", () => {
    fc.assert(
      fc.property(valueArb(MODERN_LEAVES, { typed: true, objects: true }), (v) =>
        check(MODES["godot-4"]!, v),
      ),
      { numRuns: 1500 },
    );
  });

  it("Godot 3.x var2str (reals to six digits)", () => {
    fc.assert(
      fc.property(valueArb(GODOT3_LEAVES, { objects: true }), (v) => check(MODES["godot-3"]!, v)),
      { numRuns: 1000 },
    );
  });

  it("Godot 2.x var2str: Matrix32, IntArray, Image, InputEvent, NodePath properties", () => {
    // The 2.1 writer prints nothing at all for a RID, so RIDs are left out; and a null object
    // prints `null` like nil without being the same dictionary key, so which of two `null` keys
    // the text keeps is up to the key order: null objects are left out too.
    const leaves = fc.oneof(
      valueArb(LEGACY_LEAVES.filter((l) => l !== "rid0" && l !== "objectNull")),
      inputEvent2,
      image2,
    );
    fc.assert(
      fc.property(
        fc.oneof(
          leaves,
          fc.array(leaves, { maxLength: 3 }).map<Value>((items) => ({ kind: "array", items })),
        ),
        (v) => check(MODES["legacy-2"]!, v),
      ),
      {
        numRuns: 1000,
      },
    );
  });

  it("can fail: a value the text does not say is caught", () => {
    expect(() => check(MODES["godot-4"]!, { kind: "signal", name: "x", objectId: 1 })).not.toThrow();
    const bad: Mode = { ...MODES["godot-4"]!, toText: () => "Vector2(1, 3)" };
    expect(() => check(bad, { kind: "vector2", x: 1, y: 2 })).toThrow(/expected/);
  });

  it("uses every leaf kind", () => {
    expect(MODERN_LEAVES.length + GODOT3_LEAVES.length + LEGACY_LEAVES.length).toBeGreaterThan(60);
    expect(Object.keys(leafOf)).toContain("image");
  });
});

// The tolerance of the 4.x mode (test-support's sameUpToStrtod) covers what the engine's strtod
// moves the text 4.x prints for a double, and is not loose by more than a few bits.
describe("sameUpToStrtod against the engine's strtod (core's port)", () => {
  it("holds for the 4.x text of random doubles, and some of them move by over 2^-44", () => {
    const next = xorshift32(36);
    const bits = new DataView(new ArrayBuffer(8));
    let moved = 0;
    let widest = 0;
    for (let i = 0; i < 50_000; i++) {
      bits.setUint32(0, next() >>> 0);
      bits.setUint32(4, next() >>> 0);
      // Half the doubles near 1 (exponent bits 0x3f...), where most values are.
      if (i % 2 === 0) bits.setUint16(0, 0x3f00 | (bits.getUint16(0) & 0x80ff));
      const x = bits.getFloat64(0);
      if (!Number.isFinite(x)) continue;
      const text = text4(float(x));
      const read = (parseVariantText(text) as { value: number }).value;
      if (!sameUpToStrtod(x, read)) throw new Error(`${x} prints as ${text}, reads as ${read}`);
      if (read !== x && Math.abs(x) > 1e-290) {
        moved++;
        widest = Math.max(widest, Math.abs(read - x) / Math.abs(x));
      }
    }
    expect(moved).toBeGreaterThan(0);
    expect(widest).toBeGreaterThan(STRTOD_RELATIVE / 16);
  });
});

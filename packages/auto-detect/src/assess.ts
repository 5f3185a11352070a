import type { Facts as Stats } from "@gdvariant/core";
import type { Generation } from "./generation.js";
import type { Evidence, Precision, VersionRange } from "./types.js";
import { RangeBuilder } from "./version-range.js";

// Turns what the verifying pass counted into evidence: each fact gets a weight in log-odds
// (positive: engines of this generation write bytes like these; negative: none of them does,
// which usually means the bytes are being read the wrong way). Weights are deliberately coarse;
// scripts/evaluate.mjs measures them against real engine output.

/** What one hypothesis's bytes say about its dialect. */
export interface Assessment {
  readonly evidence: Evidence[];
  readonly versions: VersionRange;
  readonly precision: Precision;
  readonly score: number;
  /** The weight of facts that only make values unusual (odd floats, shapes): engines can write them. */
  readonly soft: number;
}

const UNKNOWN_FLAGS: Readonly<Record<Generation, string>> = {
  4: "header flag bits Godot 4 defines for no such type",
  3: "header flag bits Godot 3 defines for no such type",
  2: "header flag bits Godot 2 defines for no such type",
};

/** Small prior for newer engines, only to order otherwise equal readings (4.x is the most used). */
export const PRIOR: Readonly<Record<Generation, number>> = { 4: 0.3, 2: 0, 3: 0.15 };

class Collector {
  readonly list: Evidence[] = [];
  score = 0;
  soft = 0;
  /** `texts` false: only the score and the soft weight, no evidence objects (decodeAny). */
  constructor(
    private readonly stats: Stats,
    private readonly texts: boolean,
  ) {}

  /** Adds `weight` per occurrence up to `cap` (absolute), once per fact. */
  add(count: number, each: number, cap: number, text: string, key?: string, soft = false): void {
    if (count > 0) this.weigh(count, each, cap, text, key, soft);
  }

  private weigh(
    count: number,
    each: number,
    cap: number,
    text: string,
    key: string | undefined,
    soft: boolean,
  ): void {
    const raw = count * each;
    const weight = Math.sign(raw) * Math.min(Math.abs(raw), cap);
    if (soft) this.soft += weight;
    this.score += weight;
    if (!this.texts) return;
    const offset = key === undefined ? undefined : this.stats.at[key];
    const times = count === 1 ? "" : ` (${count} times)`;
    const e: Evidence =
      offset === undefined ? { text: text + times, weight } : { text: text + times, weight, offset };
    this.list.push(e);
  }

  /** A fact with no weight: it only narrows the version range or explains it. */
  note(text: string, key?: string): void {
    this.add(1, 0, 0, text, key);
  }
}

/** Evidence, versions and precision of one walked hypothesis. */
export function assess(gen: Generation, s: Stats): Assessment {
  const c = new Collector(s, true);
  const r = new RangeBuilder(gen);
  const precision = collect(gen, s, c, r);
  return { evidence: c.list, versions: r.build(), precision, score: c.score, soft: c.soft };
}

/**
 * Only the score and the soft weight of {@link assess}, from the same facts and weights in the
 * same order (so the same numbers), without evidence texts or versions: what decodeAny needs.
 */
export function assessScore(gen: Generation, s: Stats): { readonly score: number; readonly soft: number } {
  const c = new Collector(s, false);
  collect(gen, s, c, undefined);
  return c;
}

// The facts of one hypothesis, into `c` (and the version range into `r`, when given). Most facts
// are absent: each is tested before the call, so a hypothesis with few facts costs few calls.
function collect(gen: Generation, s: Stats, c: Collector, r: RangeBuilder | undefined): Precision {
  // Facts no engine writes: the usual sign of reading bytes with the wrong type table.
  if (s.byte1 > 0) c.add(s.byte1, -3, 9, "header byte 1 is set (every engine writes it zero)", "byte1");
  if (s.unknownFlags > 0) c.add(s.unknownFlags, -3, 9, UNKNOWN_FLAGS[gen], "unknownFlags");
  if (s.boolOdd > 0) c.add(s.boolOdd, -2.5, 7.5, "a bool word other than 0 or 1", "boolOdd");
  if (s.float64Exact > 0)
    c.add(
      s.float64Exact,
      -3,
      9,
      "a 64-bit float that 32 bits hold exactly (engines write those as 32-bit)",
      "float64Exact",
    );
  if (s.floatDenormal > 0)
    c.add(
      s.floatDenormal,
      -1.5,
      6,
      "denormal float (typical of an int or a length read as a float)",
      "floatDenormal",
      true,
    );
  if (s.floatNaNOdd > 0)
    c.add(
      s.floatNaNOdd,
      -1.5,
      6,
      "NaN with a payload (typical of other data read as a float)",
      "floatNaNOdd",
      true,
    );
  if (s.floatExtreme > 0)
    c.add(s.floatExtreme, -0.4, 3, "float with an extreme exponent", "floatExtreme", true);
  if (s.stringNul > 0)
    c.add(s.stringNul, -2, 6, "a NUL byte inside a string (engine strings end at NUL)", "stringNul");
  if (s.stringControl > 0)
    c.add(s.stringControl, -0.75, 3, "control characters in a string", "stringControl", true);
  if (s.pstrNulInside > 0)
    c.add(s.pstrNulInside, -2, 6, "a NUL inside a string-array element", "pstrNulInside");
  if (s.pstrNoNul > 0)
    c.add(
      s.pstrNoNul,
      -1.5,
      4.5,
      "string-array element without its NUL terminator (engines always write it)",
      "pstrNoNul",
    );
  if (s.pstrNul > 0)
    c.add(s.pstrNul, 0.5, 3, "NUL-terminated string-array elements, as every engine writes them");
  if (s.nodePathBadFlags > 0)
    c.add(s.nodePathBadFlags, -3, 9, "NodePath flags beyond absolute/property", "nodePathBadFlags");
  if (s.objectClassOdd > 0)
    c.add(s.objectClassOdd, -2, 6, "object class name that is not an identifier", "objectClassOdd");
  if (s.typedBuiltinNil > 0)
    c.add(
      s.typedBuiltinNil,
      -1,
      3,
      "typed container of NIL (engines write Variant-typed containers untyped)",
      "typedBuiltinNil",
    );
  if (s.typedScriptOdd > 0)
    c.add(s.typedScriptOdd, -2, 6, 'typed container script path without "res://"', "typedScriptOdd");
  if (s.bytePadMissing > 0)
    c.add(s.bytePadMissing, -2, 2, "byte array padding missing at the end", "bytePadMissing");
  if (s.imageSizeOk > 0) c.add(s.imageSizeOk, 2, 4, "Image data length matches its size and format");
  if (s.imageSizeOdd > 0)
    c.add(s.imageSizeOdd, -1.5, 4.5, "Image data length does not match its size", "imageSizeOdd", true);
  if (s.inputEventLengthOk > 0)
    c.add(
      s.inputEventLengthOk,
      2,
      6,
      "InputEvent length field matches its type, as the 2.x encoder writes it",
    );
  if (s.inputEventLengthOdd > 0)
    c.add(
      s.inputEventLengthOdd,
      -2,
      6,
      "InputEvent length field does not match its type",
      "inputEventLengthOdd",
    );
  if (s.inputEventTypeOdd > 0)
    c.add(s.inputEventTypeOdd, -3, 6, "InputEvent type beyond ACTION", "inputEventTypeOdd");

  // Shapes: how real-world values of the type look (engine constructors normalise plane
  // normals; colors live in 0..1; AABB sizes are not negative; 2D transforms are rotations,
  // scales or shears, rarely singular).
  if (s.colorInRange > 0) c.add(s.colorInRange, 0.7, 1.4, "color components within 0..1");
  if (s.colorOdd > 0)
    c.add(
      s.colorOdd,
      -1.5,
      3,
      "color with a negative component, alpha beyond 1 or an extreme value",
      "colorOdd",
      true,
    );
  if (s.planeUnit > 0)
    c.add(s.planeUnit, 1.5, 3, "plane normal of unit length, as the engine's constructors make it");
  if (s.planeZero > 0) c.add(s.planeZero, -1, 2, "plane with a zero normal", "planeZero", true);
  if (s.aabbSized > 0) c.add(s.aabbSized, 0.5, 1, "AABB with a non-negative size");
  if (s.aabbNegative > 0)
    c.add(s.aabbNegative, -1.5, 3, "AABB with a negative or non-finite size", "aabbNegative", true);
  if (s.xformRotation > 0)
    c.add(s.xformRotation, 3, 3, "2D transform basis is a rotation (orthonormal axes)");
  if (s.xformOrthogonal > 0) c.add(s.xformOrthogonal, 1.5, 1.5, "2D transform axes are orthogonal");
  if (s.xformDegenerate > 0)
    c.add(s.xformDegenerate, -2, 4, "2D transform with a singular basis", "xformDegenerate", true);

  let precision: Precision = "single";
  if (gen === 4) {
    if (s.stringPadDirty + s.namePadDirty > 0)
      c.add(
        s.stringPadDirty + s.namePadDirty,
        -3,
        9,
        "string padding is not zero (4.x zeroes it)",
        s.stringPadDirty ? "stringPadDirty" : "namePadDirty",
      );
    if (s.bytePadDirty > 0)
      c.add(s.bytePadDirty, -3, 6, "PackedByteArray padding is not zero (4.x zeroes it)", "bytePadDirty");
    if (s.pstrPadDirty > 0)
      c.add(s.pstrPadDirty, -3, 6, "PackedStringArray padding is not zero (4.x zeroes it)", "pstrPadDirty");
    if (s.sharedSet > 0)
      c.add(s.sharedSet, -3, 9, "container count with the 2.x shared bit (4.x never sets it)", "sharedSet");
    if (s.int64Fits32 > 0)
      c.add(s.int64Fits32, -3, 9, "64-bit int that fits 32 bits (4.x writes those as 32-bit)", "int64Fits32");
    if (s.nodePathProperty > 0)
      c.add(s.nodePathProperty, -2, 4, "NodePath property flag (2.x data)", "nodePathProperty");
    if (s.objectIdZero > 0)
      c.add(s.objectIdZero, -1.5, 3, "object id 0 (4.x writes a null object as NIL)", "objectIdZero");
    if (s.objectEmptyClass > 0)
      c.add(
        s.objectEmptyClass,
        -1.5,
        3,
        "full object with an empty class name (4.x writes null as NIL)",
        "objectEmptyClass",
      );
    if (s.mathDouble > 0 && s.mathSingle > 0) {
      c.add(1, -3, 3, "math types both with and without FLAG_64 (a build is single or double precision)");
    }
    precision = s.mathDouble > 0 ? "double" : s.mathSingle > 0 ? "single" : "either";
    if (s.mathDouble > 0) c.note("math types carry FLAG_64: a precision=double build");
    if (s.typedArrays > 0) {
      r?.atLeast([4, 3, 0]);
      if (s.typedArrays > 0)
        c.add(s.typedArrays, 1, 2, "typed Array header bits and element type (4.3+)", "typedArrays");
    }
    if (s.typedDictionaries > 0) {
      r?.atLeast([4, 4, 0]);
      if (s.typedDictionaries > 0)
        c.add(
          s.typedDictionaries,
          1,
          2,
          "typed Dictionary header bits and key/value types (4.4+)",
          "typedDictionaries",
        );
    }
    if (s.packedVector4 > 0) {
      r?.atLeast([4, 3, 0]);
      c.note("PackedVector4Array (4.3+)", "packedVector4");
    }
    if (s.scriptPath > 0) {
      r?.atLeast([4, 3, 0]);
      c.note('full object "script" property as a res:// path (4.3+)', "scriptPath");
    }
    if (s.scriptObject > 0) {
      r?.atMost([4, 2, 99]);
      c.note('full object "script" property as a nested object (4.0-4.2)', "scriptObject");
    }
    if (s.vector4Double > 0) {
      r?.atLeast([4, 2, 0]);
      c.note("Vector4/Projection with FLAG_64 (double builds flag them since 4.2)");
    }
  } else if (gen === 3) {
    if (s.stringPadDirty + s.namePadDirty > 0) {
      r?.atMost([3, 0, 2]);
      c.add(
        1,
        -0.5,
        0.5,
        "string padding is not zero (zeroed since 3.0.3)",
        s.stringPadDirty ? "stringPadDirty" : "namePadDirty",
      );
    }
    if (s.bytePadDirty > 0) {
      r?.atMost([3, 1, 1]);
      c.add(1, -0.3, 0.3, "PoolByteArray padding is not zero (zeroed since 3.1.2)", "bytePadDirty");
    }
    if (s.pstrPadDirty > 0) {
      r?.atMost([3, 0, 99]);
      c.add(
        1,
        -1,
        1,
        "PoolStringArray padding is not zero (3.2+ zeroes it; 3.0.x unconfirmed)",
        "pstrPadDirty",
      );
    }
    if (s.sharedSet > 0)
      c.add(s.sharedSet, -3, 9, "container count with the 2.x shared bit (3.x never sets it)", "sharedSet");
    if (s.nodePathProperty > 0)
      c.add(s.nodePathProperty, -2, 4, "NodePath property flag (2.x data)", "nodePathProperty");
    if (s.int64Fits32 > 0 && s.int32 === 0) {
      r?.atMost([3, 0, 99]);
      c.add(1, 1, 1, "every int is 64-bit, even small ones: the 3.0.x encoder bug", "int64Fits32");
    } else if (s.int64Fits32 > 0) {
      if (s.int64Fits32 > 0)
        c.add(
          s.int64Fits32,
          -3,
          9,
          "64-bit ints that fit 32 bits next to 32-bit ints (no 3.x release mixes them)",
          "int64Fits32",
        );
    } else if (s.int32 > 0) {
      r?.atLeast([3, 1, 0]);
      c.note("32-bit ints (3.0.x wrote every int as 64-bit)");
    }
    if (s.objectIdZero + s.objectEmptyClass > 0) {
      r?.atMost([3, 2, 99]);
      c.note(
        "null object written as OBJECT, not NIL (3.2-era and older)",
        s.objectIdZero ? "objectIdZero" : "objectEmptyClass",
      );
    }
    if (s.objectsFull > 0)
      c.note("full objects (full_objects = true, or the 3.0-3.1.0 default)", "objectsFull");
  } else {
    if (s.stringPadDirty + s.namePadDirty > 0)
      c.add(
        s.stringPadDirty + s.namePadDirty,
        0.5,
        2,
        "string padding left uninitialised, as 2.x does",
        s.stringPadDirty ? "stringPadDirty" : "namePadDirty",
      );
    if (s.bytePadDirty > 0)
      c.add(s.bytePadDirty, 0.5, 1, "byte array padding left uninitialised, as 2.x does", "bytePadDirty");
    if (s.sharedSet > 0)
      c.add(s.sharedSet, 1.5, 4.5, "container counts carry the 2.x shared bit", "sharedSet");
    if (Math.min(s.sharedClear, 4) > 0)
      c.add(
        Math.min(s.sharedClear, 4),
        -0.5,
        2,
        "container count without the shared bit (2.x script containers are shared)",
      );
    if (s.int64 + s.int64Fits32 + s.float64 > 0)
      c.add(
        s.int64 + s.int64Fits32 + s.float64,
        -1.5,
        4.5,
        "64-bit numbers (official 2.x writes 32-bit only; a back-ported 2.1 fork writes them)",
        "int64Fits32",
      );
    if (s.nodePathProperty > 0)
      c.add(s.nodePathProperty, 0.5, 1, "NodePath with a separate property (2.x)", "nodePathProperty");
    if (s.inputEventJoy20 > 0) {
      r?.atMost([2, 0, 99]);
      c.note("joystick-motion InputEvent without its axis value (2.0 layout)", "inputEventJoy20");
    }
  }
  return precision;
}

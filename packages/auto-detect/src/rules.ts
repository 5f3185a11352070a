import type { FactName } from "@gdvariant/core";
import type { Generation } from "./generation.js";
import type { Version } from "./version-range.js";

/**
 * One rule: how a fact the readers counted (`@gdvariant/core`'s `Facts`) weighs for a reading.
 * Weights are log-odds per occurrence (positive: engines of the generation write bytes like
 * these; negative: none does, which usually means the bytes are read the wrong way), up to
 * `cap` in absolute value. Coarse on purpose: `scripts/evaluate.mjs` measures them against real
 * engine output, and `scripts/calibrate.mjs` turns the scores into calibrated confidences.
 */
export interface Rule {
  /** A stable name, for reviews and tests. */
  readonly name: string;
  /** The generations it applies to. Default: all. */
  readonly gens?: readonly Generation[];
  /** The counter(s) whose sum is the number of occurrences. */
  readonly count: FactName | readonly FactName[];
  /** Applies only when every one of these counters is non-zero. */
  readonly when?: readonly FactName[];
  /** Applies only when every one of these counters is zero. */
  readonly unless?: readonly FactName[];
  /** Occurrences counted at most (`1`: the fact weighs once). */
  readonly max?: number;
  readonly weight: number;
  readonly cap: number;
  /** Only makes values unusual (odd floats, shapes): never rejects a reading alone. */
  readonly soft?: boolean;
  /** Engine versions the fact implies. */
  readonly atLeast?: Version;
  readonly atMost?: Version;
  /** Where the evidence points: the first offset of the first of these counters that has one. */
  readonly at?: readonly FactName[];
  /** The fact in words, as the evidence says it. */
  readonly words: string;
}

const G4: readonly Generation[] = [4];
const G3: readonly Generation[] = [3];
const G2: readonly Generation[] = [2];
const PAD: readonly FactName[] = ["stringPadDirty", "namePadDirty"];

/** The rules, in the order their evidence is listed (before sorting by weight). */
// biome-ignore format: a table, one rule per line, reviewed like a fixture
export const RULES: readonly Rule[] = [
  // Facts no engine writes: the usual sign of reading bytes with the wrong type table.
  { name: "byte1", count: "byte1", weight: -3, cap: 9, at: ["byte1"], words: "header byte 1 is set (every engine writes it zero)" },
  { name: "unknown-flags-4", gens: G4, count: "unknownFlags", weight: -3, cap: 9, at: ["unknownFlags"], words: "header flag bits Godot 4 defines for no such type" },
  { name: "unknown-flags-3", gens: G3, count: "unknownFlags", weight: -3, cap: 9, at: ["unknownFlags"], words: "header flag bits Godot 3 defines for no such type" },
  { name: "unknown-flags-2", gens: G2, count: "unknownFlags", weight: -3, cap: 9, at: ["unknownFlags"], words: "header flag bits Godot 2 defines for no such type" },
  { name: "bool-odd", count: "boolOdd", weight: -2.5, cap: 7.5, at: ["boolOdd"], words: "a bool word other than 0 or 1" },
  { name: "float64-exact", count: "float64Exact", weight: -3, cap: 9, at: ["float64Exact"], words: "a 64-bit float that 32 bits hold exactly (engines write those as 32-bit)" },
  { name: "float-denormal", count: "floatDenormal", weight: -1.5, cap: 6, soft: true, at: ["floatDenormal"], words: "denormal float (typical of an int or a length read as a float)" },
  { name: "float-nan-payload", count: "floatNaNOdd", weight: -1.5, cap: 6, soft: true, at: ["floatNaNOdd"], words: "NaN with a payload (typical of other data read as a float)" },
  { name: "float-extreme", count: "floatExtreme", weight: -0.4, cap: 3, soft: true, at: ["floatExtreme"], words: "float with an extreme exponent" },
  { name: "string-nul", count: "stringNul", weight: -2, cap: 6, at: ["stringNul"], words: "a NUL byte inside a string (engine strings end at NUL)" },
  { name: "string-control", count: "stringControl", weight: -0.75, cap: 3, soft: true, at: ["stringControl"], words: "control characters in a string" },
  { name: "pstr-nul-inside", count: "pstrNulInside", weight: -2, cap: 6, at: ["pstrNulInside"], words: "a NUL inside a string-array element" },
  { name: "pstr-no-nul", count: "pstrNoNul", weight: -1.5, cap: 4.5, at: ["pstrNoNul"], words: "string-array element without its NUL terminator (engines always write it)" },
  { name: "pstr-nul", count: "pstrNul", weight: 0.5, cap: 3, words: "NUL-terminated string-array elements, as every engine writes them" },
  { name: "node-path-flags", count: "nodePathBadFlags", weight: -3, cap: 9, at: ["nodePathBadFlags"], words: "NodePath flags beyond absolute/property" },
  { name: "object-class-odd", count: "objectClassOdd", weight: -2, cap: 6, at: ["objectClassOdd"], words: "object class name that is not an identifier" },
  { name: "typed-nil", count: "typedBuiltinNil", weight: -1, cap: 3, at: ["typedBuiltinNil"], words: "typed container of NIL (engines write Variant-typed containers untyped)" },
  { name: "typed-script-odd", count: "typedScriptOdd", weight: -2, cap: 6, at: ["typedScriptOdd"], words: 'typed container script path without "res://"' },
  { name: "byte-pad-missing", count: "bytePadMissing", weight: -2, cap: 2, at: ["bytePadMissing"], words: "byte array padding missing at the end" },
  { name: "image-size", count: "imageSizeOk", weight: 2, cap: 4, words: "Image data length matches its size and format" },
  { name: "image-size-odd", count: "imageSizeOdd", weight: -1.5, cap: 4.5, soft: true, at: ["imageSizeOdd"], words: "Image data length does not match its size" },
  { name: "input-event-length", count: "inputEventLengthOk", weight: 2, cap: 6, words: "InputEvent length field matches its type, as the 2.x encoder writes it" },
  { name: "input-event-length-odd", count: "inputEventLengthOdd", weight: -2, cap: 6, at: ["inputEventLengthOdd"], words: "InputEvent length field does not match its type" },
  { name: "input-event-type-odd", count: "inputEventTypeOdd", weight: -3, cap: 6, at: ["inputEventTypeOdd"], words: "InputEvent type beyond ACTION" },
  // Shapes: how real-world values of the type look (engine constructors normalise plane
  // normals; colors live in 0..1; AABB sizes are not negative; 2D transforms are rotations,
  // scales or shears, rarely singular).
  { name: "color-in-range", count: "colorInRange", weight: 0.7, cap: 1.4, words: "color components within 0..1" },
  { name: "color-odd", count: "colorOdd", weight: -1.5, cap: 3, soft: true, at: ["colorOdd"], words: "color with a negative component, alpha beyond 1 or an extreme value" },
  { name: "plane-unit", count: "planeUnit", weight: 1.5, cap: 3, words: "plane normal of unit length, as the engine's constructors make it" },
  { name: "plane-zero", count: "planeZero", weight: -1, cap: 2, soft: true, at: ["planeZero"], words: "plane with a zero normal" },
  { name: "aabb-sized", count: "aabbSized", weight: 0.5, cap: 1, words: "AABB with a non-negative size" },
  { name: "aabb-negative", count: "aabbNegative", weight: -1.5, cap: 3, soft: true, at: ["aabbNegative"], words: "AABB with a negative or non-finite size" },
  { name: "xform-rotation", count: "xformRotation", weight: 3, cap: 3, words: "2D transform basis is a rotation (orthonormal axes)" },
  { name: "xform-orthogonal", count: "xformOrthogonal", weight: 1.5, cap: 1.5, words: "2D transform axes are orthogonal" },
  { name: "xform-singular", count: "xformDegenerate", weight: -2, cap: 4, soft: true, at: ["xformDegenerate"], words: "2D transform with a singular basis" },

  // Godot 4.
  { name: "string-pad-4", gens: G4, count: PAD, weight: -3, cap: 9, at: PAD, words: "string padding is not zero (4.x zeroes it)" },
  { name: "byte-pad-4", gens: G4, count: "bytePadDirty", weight: -3, cap: 6, at: ["bytePadDirty"], words: "PackedByteArray padding is not zero (4.x zeroes it)" },
  { name: "pstr-pad-4", gens: G4, count: "pstrPadDirty", weight: -3, cap: 6, at: ["pstrPadDirty"], words: "PackedStringArray padding is not zero (4.x zeroes it)" },
  { name: "shared-bit-4", gens: G4, count: "sharedSet", weight: -3, cap: 9, at: ["sharedSet"], words: "container count with the 2.x shared bit (4.x never sets it)" },
  { name: "int64-small-4", gens: G4, count: "int64Fits32", weight: -3, cap: 9, at: ["int64Fits32"], words: "64-bit int that fits 32 bits (4.x writes those as 32-bit)" },
  { name: "node-path-property-4", gens: G4, count: "nodePathProperty", weight: -2, cap: 4, at: ["nodePathProperty"], words: "NodePath property flag (2.x data)" },
  { name: "object-id-zero-4", gens: G4, count: "objectIdZero", weight: -1.5, cap: 3, at: ["objectIdZero"], words: "object id 0 (4.x writes a null object as NIL)" },
  { name: "object-empty-class-4", gens: G4, count: "objectEmptyClass", weight: -1.5, cap: 3, at: ["objectEmptyClass"], words: "full object with an empty class name (4.x writes null as NIL)" },
  { name: "precision-mixed", gens: G4, count: "mathDouble", when: ["mathSingle"], max: 1, weight: -3, cap: 3, words: "math types both with and without FLAG_64 (a build is single or double precision)" },
  { name: "precision-double", gens: G4, count: "mathDouble", max: 1, weight: 0, cap: 0, words: "math types carry FLAG_64: a precision=double build" },
  { name: "typed-array", gens: G4, count: "typedArrays", weight: 1, cap: 2, atLeast: [4, 3, 0], at: ["typedArrays"], words: "typed Array header bits and element type (4.3+)" },
  { name: "typed-dictionary", gens: G4, count: "typedDictionaries", weight: 1, cap: 2, atLeast: [4, 4, 0], at: ["typedDictionaries"], words: "typed Dictionary header bits and key/value types (4.4+)" },
  { name: "packed-vector4", gens: G4, count: "packedVector4", max: 1, weight: 0, cap: 0, atLeast: [4, 3, 0], at: ["packedVector4"], words: "PackedVector4Array (4.3+)" },
  { name: "script-path", gens: G4, count: "scriptPath", max: 1, weight: 0, cap: 0, atLeast: [4, 3, 0], at: ["scriptPath"], words: 'full object "script" property as a res:// path (4.3+)' },
  { name: "script-object", gens: G4, count: "scriptObject", max: 1, weight: 0, cap: 0, atMost: [4, 2, 99], at: ["scriptObject"], words: 'full object "script" property as a nested object (4.0-4.2)' },
  { name: "vector4-double", gens: G4, count: "vector4Double", max: 1, weight: 0, cap: 0, atLeast: [4, 2, 0], words: "Vector4/Projection with FLAG_64 (double builds flag them since 4.2)" },

  // Godot 3.
  { name: "string-pad-3", gens: G3, count: PAD, max: 1, weight: -0.5, cap: 0.5, atMost: [3, 0, 2], at: PAD, words: "string padding is not zero (zeroed since 3.0.3)" },
  { name: "byte-pad-3", gens: G3, count: "bytePadDirty", max: 1, weight: -0.3, cap: 0.3, atMost: [3, 1, 1], at: ["bytePadDirty"], words: "PoolByteArray padding is not zero (zeroed since 3.1.2)" },
  { name: "pstr-pad-3", gens: G3, count: "pstrPadDirty", max: 1, weight: -1, cap: 1, atMost: [3, 0, 99], at: ["pstrPadDirty"], words: "PoolStringArray padding is not zero (3.2+ zeroes it; 3.0.x unconfirmed)" },
  { name: "shared-bit-3", gens: G3, count: "sharedSet", weight: -3, cap: 9, at: ["sharedSet"], words: "container count with the 2.x shared bit (3.x never sets it)" },
  { name: "node-path-property-3", gens: G3, count: "nodePathProperty", weight: -2, cap: 4, at: ["nodePathProperty"], words: "NodePath property flag (2.x data)" },
  { name: "int64-all-3.0", gens: G3, count: "int64Fits32", unless: ["int32"], max: 1, weight: 1, cap: 1, atMost: [3, 0, 99], at: ["int64Fits32"], words: "every int is 64-bit, even small ones: the 3.0.x encoder bug" },
  { name: "int64-mixed-3", gens: G3, count: "int64Fits32", when: ["int32"], weight: -3, cap: 9, at: ["int64Fits32"], words: "64-bit ints that fit 32 bits next to 32-bit ints (no 3.x release mixes them)" },
  { name: "int32-3.1", gens: G3, count: "int32", unless: ["int64Fits32"], max: 1, weight: 0, cap: 0, atLeast: [3, 1, 0], words: "32-bit ints (3.0.x wrote every int as 64-bit)" },
  { name: "null-object-3", gens: G3, count: ["objectIdZero", "objectEmptyClass"], max: 1, weight: 0, cap: 0, atMost: [3, 2, 99], at: ["objectIdZero", "objectEmptyClass"], words: "null object written as OBJECT, not NIL (3.2-era and older)" },
  { name: "full-objects-3", gens: G3, count: "objectsFull", max: 1, weight: 0, cap: 0, at: ["objectsFull"], words: "full objects (full_objects = true, or the 3.0-3.1.0 default)" },

  // Godot 2.
  { name: "string-pad-2", gens: G2, count: PAD, weight: 0.5, cap: 2, at: PAD, words: "string padding left uninitialised, as 2.x does" },
  { name: "byte-pad-2", gens: G2, count: "bytePadDirty", weight: 0.5, cap: 1, at: ["bytePadDirty"], words: "byte array padding left uninitialised, as 2.x does" },
  { name: "shared-bit-2", gens: G2, count: "sharedSet", weight: 1.5, cap: 4.5, at: ["sharedSet"], words: "container counts carry the 2.x shared bit" },
  { name: "unshared-2", gens: G2, count: "sharedClear", max: 4, weight: -0.5, cap: 2, words: "container count without the shared bit (2.x script containers are shared)" },
  { name: "wide-numbers-2", gens: G2, count: ["int64", "int64Fits32", "float64"], weight: -1.5, cap: 4.5, at: ["int64Fits32"], words: "64-bit numbers (official 2.x writes 32-bit only; a back-ported 2.1 fork writes them)" },
  { name: "node-path-property-2", gens: G2, count: "nodePathProperty", weight: 0.5, cap: 1, at: ["nodePathProperty"], words: "NodePath with a separate property (2.x)" },
  { name: "joy-motion-2.0", gens: G2, count: "inputEventJoy20", max: 1, weight: 0, cap: 0, atMost: [2, 0, 99], at: ["inputEventJoy20"], words: "joystick-motion InputEvent without its axis value (2.0 layout)" },
];

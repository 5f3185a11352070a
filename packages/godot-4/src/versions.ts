/**
 * Godot 4.x minor versions this package can write for. The wire format changed at 4.2 (double
 * builds flag Vector4/Projection), 4.3 (typed arrays, PackedVector4Array, `script` as a path)
 * and 4.4 (typed dictionaries); 4.5 and 4.6 write what 4.4 writes.
 */
export const GODOT4_VERSIONS = ["4.0", "4.1", "4.2", "4.3", "4.4", "4.5", "4.6"] as const;

/** A Godot 4.x minor version, `"4.0"` to `"4.6"`. */
export type Godot4Version = (typeof GODOT4_VERSIONS)[number];

/** Math precision of the engine build: `"double"` for `precision=double` builds. */
export type Godot4Precision = "single" | "double";

/**
 * What a target version can read, derived from its minor number.
 * Sources: the engine's `core/io/marshalls.cpp` and the PRs that changed it (#83202, #78219,
 * #98120).
 */
export interface VersionFeatures {
  /** Header bits 16-17 + type info on ARRAY (PR #78219, 4.3). */
  readonly typedArrays: boolean;
  /** Header bits 16-19 + type info on DICTIONARY (PR #98120, 4.4). */
  readonly typedDictionaries: boolean;
  /** Wire id 38 exists (4.3). */
  readonly packedVector4Array: boolean;
  /** Double builds set FLAG_64 on VECTOR4 and PROJECTION (PR #83202, 4.2); before, they wrote
   * doubles without the flag, which no decoder can read. */
  readonly vector4Flag64: boolean;
  /** A full object's `script` property travels as a `res://` path string (PR #78219, 4.3);
   * before, it was a nested full object of the Script class. */
  readonly scriptAsPath: boolean;
}

/** The features of `version`. */
export function featuresOf(version: Godot4Version): VersionFeatures {
  const minor = Number(version.slice(2));
  return {
    typedArrays: minor >= 3,
    typedDictionaries: minor >= 4,
    packedVector4Array: minor >= 3,
    vector4Flag64: minor >= 2,
    scriptAsPath: minor >= 3,
  };
}

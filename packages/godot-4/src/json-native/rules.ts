import { GdVariantError } from "@gdvariant/core";
import { GODOT4_VERSIONS, type Godot4Version } from "../versions.js";

/**
 * What one Godot 4.x release does in its JSON forms (`JSON.stringify`, `JSON.from_native`,
 * `JSON.to_native`). Taken from core/io/json.cpp and core/string/ustring.cpp of each release;
 * only 4.6 (Godot 4.6.3) is checked against a running engine by this package's tests.
 */
export interface Godot4JsonRules {
  /** The release these rules are for. */
  readonly version: Godot4Version;
  /** `JSON.from_native` / `JSON.to_native` exist (4.4+, godotengine/godot#99765). */
  readonly native: boolean;
  /**
   * How `JSON.stringify` writes a float:
   * - `"4.0"` (4.0-4.3): `String::num(x, (full ? 17 : 14) - (int)floor(log10(x)))`, so zero and
   *   negative values (log10 is -inf or NaN) fall back to `String::num`'s own 14 digits;
   *   `full_precision` only reaches a float given at the top (the recursion drops it).
   * - `"4.4"`: exact zero is `0.0`; `MAX(1, (full ? 17 : 14) - floor(log10(|x|)))` decimals;
   *   `full_precision` still dropped by the recursion; NaN and infinities print `nan`/`inf`.
   * - `"4.5"`: as 4.4 with `full_precision` passed down (godotengine/godot#108831).
   * - `"4.6"`: `full_precision` writes the shortest round-trip digits (`String::num_scientific`,
   *   Grisu2, godotengine/godot#108836); NaN is written `null` and infinities `1e99999` /
   *   `-1e99999` (godotengine/godot#111498).
   */
  readonly floatFormat: "4.0" | "4.4" | "4.5" | "4.6";
  /** `JSON.to_native` reads `"f:inf"`, `"f:-inf"`, `"f:nan"` (4.6, godotengine/godot#111522); before,
   * they read as 0 through `String::to_float`. */
  readonly nonFiniteFloats: boolean;
  /** Dictionary key order of `sort_keys`: `Variant::operator<` (4.0-4.3) or
   * `StringLikeVariantOrder`, Strings and StringNames by content (4.4+). */
  readonly keyOrder: "variant" | "string-like";
}

const cache = new Map<Godot4Version, Godot4JsonRules>();

/**
 * The JSON rules of a Godot 4.x release (default `"4.6"`).
 * @throws {GdVariantError} for a `version` not in `GODOT4_VERSIONS`.
 */
export function godot4JsonRules(version: Godot4Version = "4.6"): Godot4JsonRules {
  let rules = cache.get(version);
  if (rules === undefined) {
    if (!(GODOT4_VERSIONS as readonly string[]).includes(version))
      throw new GdVariantError(`unknown Godot 4 version ${JSON.stringify(version)}`, { dialect: "godot-4" });
    const minor = Number(version.slice(2));
    rules = Object.freeze({
      version,
      native: minor >= 4,
      floatFormat: minor >= 6 ? "4.6" : minor === 5 ? "4.5" : minor === 4 ? "4.4" : "4.0",
      nonFiniteFloats: minor >= 6,
      keyOrder: minor >= 4 ? "string-like" : "variant",
    } as const);
    cache.set(version, rules);
  }
  return rules;
}

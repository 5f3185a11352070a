import { GdVariantError } from "@gdvariant/core";
import { GODOT4_VERSIONS, type Godot4Version } from "../versions.js";

/** Options that pick the Godot 4.x release of the text form. */
export interface Godot4TextOptions {
  /** Engine release to write and read like. Default `"4.6"`. */
  version?: Godot4Version;
}

/**
 * What one Godot 4.x release does in its text form (`var_to_str`, `str_to_var`): taken from
 * core/variant/variant_parser.cpp and core/string/ustring.cpp of each release. Only 4.6
 * (Godot 4.6.3) is checked against a running engine by this package's tests; the other
 * releases follow the engine source and its history.
 */
export interface Godot4TextRules {
  /** The release these rules are for. */
  readonly version: Godot4Version;
  /**
   * How reals print (`rtos_fix` over `String::num_scientific`):
   * - `"printf-g"` (4.0-4.4): `%lg`, six significant digits as glibc prints them (`0.333333`,
   *   `1e+06`), so most values do not read back exactly.
   * - `"shortest-float"` (4.5): shortest round-trip digits (Grisu2, godotengine/godot#98750); a
   *   standalone float, a math-type component and a PackedFloat32Array element whose value a
   *   32-bit float holds exactly print a float's digits (`0.1`, not `0.10000000149011612`), a
   *   PackedFloat64Array element always a double's.
   * - `"shortest"` (4.6): as 4.5, with the 32-bit rule applied to PackedFloat64Array elements
   *   too (godotengine/godot#110616).
   *
   * (On `precision=double` builds 4.5 printed math-type components with a double's digits;
   * this package writes the single-precision builds' text.)
   */
  readonly reals: "printf-g" | "shortest-float" | "shortest";
  /**
   * Dictionary key order: `Variant::operator<` (`"variant"`, 4.0-4.3: all Strings before all
   * StringNames) or `StringLikeVariantOrder` (`"string-like"`, 4.4+: Strings and StringNames
   * by content together, godotengine/godot#97542).
   */
  readonly keyOrder: "variant" | "string-like";
  /** `Dictionary[K, V]({...})` exists (typed dictionaries, 4.4+). */
  readonly typedDictionaries: boolean;
  /** `PackedVector4Array(...)` exists (4.3+). */
  readonly packedVector4Array: boolean;
  /**
   * Constructor names this release's `str_to_var` does not know (`PackedVector4Array` before
   * 4.3, `Dictionary` before 4.4): core's `parseVariantText` option of the same name.
   */
  readonly unknownNames: readonly string[];
}

function rulesOf(version: Godot4Version): Godot4TextRules {
  const minor = Number(version.slice(2));
  return Object.freeze({
    version,
    reals: minor >= 6 ? "shortest" : minor === 5 ? "shortest-float" : "printf-g",
    keyOrder: minor >= 4 ? "string-like" : "variant",
    typedDictionaries: minor >= 4,
    packedVector4Array: minor >= 3,
    unknownNames: Object.freeze([
      ...(minor < 3 ? ["PackedVector4Array"] : []),
      ...(minor < 4 ? ["Dictionary"] : []),
    ]),
  });
}

// One frozen object per release, made once (no state changes after load).
const RULES: ReadonlyMap<string, Godot4TextRules> = new Map(GODOT4_VERSIONS.map((v) => [v, rulesOf(v)]));

/**
 * The text rules of a Godot 4.x release (default `"4.6"`).
 * @param options `version` (default `"4.6"`).
 * @throws {GdVariantError} for a `version` not in `GODOT4_VERSIONS`.
 */
export function godot4TextRules(options?: Godot4TextOptions): Godot4TextRules {
  const version = options?.version ?? "4.6";
  const rules = RULES.get(version);
  if (rules === undefined) {
    throw new GdVariantError(
      `unknown Godot 4 version ${JSON.stringify(version)}; expected one of ${GODOT4_VERSIONS.join(", ")}`,
      { dialect: "godot-4" },
    );
  }
  return rules;
}

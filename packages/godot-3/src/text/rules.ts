import { type Godot3DialectOptions, type Godot3Version, resolveVersion, versionAtLeast } from "../options.js";

/**
 * What one Godot 3.x release does in its text form (`var2str`, `str2var`, ConfigFile). The bytes
 * do not change from 3.1.1 to 3.6; these do. Checked against Godot 3.2.3 and 3.6 (both engines'
 * output is in this package's fixtures); the release of each change is the engine's own history.
 */
export interface Godot3TextRules {
  /** The release these rules are for. */
  readonly version: Godot3Version;
  /**
   * An empty Dictionary: `"{\n\n}"` up to 3.2, `"{\n}"` from 3.3 (godot#42300, cherry-picked
   * for 3.2.4, which was released as 3.3). Nested ones too.
   */
  readonly emptyDictionary: "{\n\n}" | "{\n}";
  /**
   * Negative infinity: `"minus"` up to 3.3 (`-inf.0` alone, `-inf` inside Vector2, Color,
   * PoolRealArray...), `"inf_neg"` from 3.4 (godot#47500, merged into 3.x in October 2021).
   */
  readonly negativeInfinity: "minus" | "inf_neg";
  /**
   * How Vector2 and Vector3 dictionary keys order: `"approx"` up to 3.2 (x, then y for
   * Vector3, compared within CMP_EPSILON), `"exact"` from 3.3 (godot#41894, cherry-picked for
   * 3.2.4).
   */
  readonly vectorOrder: "approx" | "exact";
  /**
   * What `str2var` reads as infinity and NaN: `"bare"` up to 3.3 (`inf` and `nan` alone),
   * `"named"` from 3.4 (`inf`, `nan`, `inf_neg`, alone and inside constructors; godot#47500).
   * This is the `nonFinite` option of core's `parseVariantText`.
   */
  readonly nonFinite: "bare" | "named";
  /**
   * ConfigFile keys: `"raw"` up to 3.3 (written as they are: a key with `=` or `"` does not load
   * back, spaces and tabs are dropped on load and non-ASCII is read as Latin-1), `"quoted"` from
   * 3.4 (`String::property_name_encode`, godot#52180, see `configKeyText`). Measured: 3.2.3 raw,
   * 3.6 quoted; the PR reached master in August 2021 and its 3.x release is not confirmed.
   */
  readonly configKeys: "raw" | "quoted";
  /**
   * ConfigFile section names with non-ASCII text: 3.2.3 writes them as UTF-8 but reads them back
   * as Latin-1 (`[é]` loads as `[Ã©]`); 3.6 reads UTF-8. Only those two engines were measured:
   * the change is placed at 3.4 with the key quoting, which fixed the same decoding for keys.
   */
  readonly configSectionsUtf8: boolean;
}

const cache = new Map<Godot3Version, Godot3TextRules>();

/**
 * The text rules of a Godot 3.x release (default 3.6).
 * @throws {GdVariantError} for a `version` not in `GODOT3_VERSIONS`.
 */
export function godot3TextRules(options?: Godot3DialectOptions): Godot3TextRules {
  const version = resolveVersion(options);
  let rules = cache.get(version);
  if (rules === undefined) {
    const v33 = versionAtLeast(version, "3.3");
    const v34 = versionAtLeast(version, "3.4");
    rules = Object.freeze({
      version,
      emptyDictionary: v33 ? "{\n}" : "{\n\n}",
      negativeInfinity: v34 ? "inf_neg" : "minus",
      vectorOrder: v33 ? "exact" : "approx",
      nonFinite: v34 ? "named" : "bare",
      configKeys: v34 ? "quoted" : "raw",
      configSectionsUtf8: v34,
    } as const);
    cache.set(version, rules);
  }
  return rules;
}

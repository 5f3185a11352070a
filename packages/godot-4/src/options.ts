import { choiceOption } from "@gdvariant/core";
import { GODOT4_VERSIONS, type Godot4Precision, type Godot4Version } from "./versions.js";

/** Options that select what the Godot 4.x dialect writes. */
export interface Godot4Options {
  /**
   * Engine version written for. Older targets lack typed containers (4.0-4.2 arrays, 4.0-4.3
   * dictionaries), PackedVector4Array (4.0-4.2) and the `script`-as-path object property
   * (4.0-4.2); encoding such values for them fails with `unsupported-kind` unless `downgrade`
   * allows the lossy form. Decoding reads every 4.x form whatever the target.
   * Default `"4.6"`.
   */
  version?: Godot4Version;
  /**
   * Math precision of the target build. `"double"` writes Vector2/3/4, Rect2, Transform2D,
   * Plane, Quaternion, AABB, Basis, Transform3D, Projection and PackedVector2/3/4Array as
   * 64-bit floats with header FLAG_64, as `precision=double` builds do. Decoding honours the
   * flag either way. Default `"single"`.
   */
  precision?: Godot4Precision;
  /**
   * Write typed arrays and dictionaries untyped for targets that cannot read their type
   * (what 4.0-4.2 engines themselves did), instead of refusing them. Default `false`.
   */
  downgrade?: boolean;
}

/** {@link Godot4Options} with every default filled in. */
export interface ResolvedGodot4Options {
  readonly version: Godot4Version;
  readonly precision: Godot4Precision;
  readonly downgrade: boolean;
}

const PRECISIONS: readonly Godot4Precision[] = ["single", "double"];

/**
 * Fills in defaults and checks the values.
 * @throws {EncodeError} `invalid-value` for an unknown version or precision.
 */
export function resolveGodot4Options(o: Godot4Options = {}): ResolvedGodot4Options {
  return {
    version: choiceOption("godot-4", "Godot 4 version", o.version, GODOT4_VERSIONS, "4.6"),
    precision: choiceOption("godot-4", "precision", o.precision, PRECISIONS, "single"),
    downgrade: o.downgrade === true,
  };
}
